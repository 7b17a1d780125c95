package main

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The version in code must be the one the packaging tool stamps into the
// installers.
func TestVersionMatchesFyneAppToml(t *testing.T) {
	data, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	v := regexp.MustCompile(`(?m)^\s*Version\s*=\s*"([^"]+)"`).FindSubmatch(data)
	b := regexp.MustCompile(`(?m)^\s*Build\s*=\s*(\d+)`).FindSubmatch(data)
	if v == nil || b == nil {
		t.Fatal("FyneApp.toml has no Details.Version or Details.Build")
	}
	if string(v[1]) != Version {
		t.Errorf("FyneApp.toml Version %q, app/commands.go Version %q", v[1], Version)
	}
	if n, _ := strconv.Atoi(string(b[1])); n != Build {
		t.Errorf("FyneApp.toml Build %s, app/commands.go Build %d", b[1], Build)
	}
}

// --version and the version command print the version, the build date
// and the commit; version takes no arguments.
func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 3 || lines[0] != "Tablekeeper "+Version+" (build "+strconv.Itoa(Build)+")" ||
			!strings.HasPrefix(lines[1], "built: ") || !strings.HasPrefix(lines[2], "commit: ") {
			t.Errorf("%v printed %q", args, out.String())
		}
	}
	var out, errs bytes.Buffer
	if code := run([]string{"version", "x"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "version takes no arguments") {
		t.Errorf("version x: exit %d, %q", code, errs.String())
	}
}
