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

// help names the TOM file both ways: export's kinds include tdf and its
// --tdf FILE, import its --tdf FILE.
func TestHelpNamesTheTOMFileBothWays(t *testing.T) {
	code, out, _ := runCmd("help")
	for _, want := range []string{"export --db PATH --event ID --tdf FILE.tdf", "event-json, tdf", "import --db PATH --tdf FILE.tdf [--pods separate|one]", "Pokémon TOM file (.tdf; an event imported from TOM keeps its sanction number"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("help lacks %q:\n%s", want, out)
		}
	}
}

// A TOM file imported with import --tdf and written again with export
// --tdf keeps its sanction number, place, organizer, divisions, mode,
// stage and birth dates; --tdf beside another report is refused.
