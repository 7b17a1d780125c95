package main

import (
	"os"
	"regexp"
	"testing"
)

// The app ID in code must be the one the packaging tool reads.
func TestAppIDMatchesFyneAppToml(t *testing.T) {
	data, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*ID\s*=\s*"([^"]+)"`).FindSubmatch(data)
	if m == nil {
		t.Fatal("FyneApp.toml has no Details.ID")
	}
	if string(m[1]) != AppID {
		t.Errorf("FyneApp.toml ID %q, app/main.go AppID %q", m[1], AppID)
	}
}
