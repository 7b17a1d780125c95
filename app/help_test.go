package main

import (
	"strings"
	"testing"
)

// help lists the store network's commands, which ui/web/serve runs.
func TestHelpListsTheNetworkCommand(t *testing.T) {
	if code, out, _ := runCmd("help"); code != 0 || !strings.Contains(out, "tablekeeper network pins|judges|devices|log|alert") {
		t.Errorf("help does not list network: %q", out)
	}
}
