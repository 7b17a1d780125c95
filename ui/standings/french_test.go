package standings

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"tablekeeper/ui/internal/tr"
)

// Chosen French (in a process of its own: Fyne's lang keeps the language
// it loaded), the Standings tab writes percentages with a decimal comma
// and marks a player who dropped in French.
func TestTheStandingsSpeakFrench(t *testing.T) {
	const name = "TestTheStandingsSpeakFrench"
	if os.Getenv("TABLEKEEPER_TEST_FRENCH") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), "TABLEKEEPER_TEST_FRENCH=1")
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS: "+name) {
			t.Errorf("in French: %v\n%s", err, out)
		}
		return
	}
	tr.Setup("fr")
	if got := Percent(2.0 / 3); got != "66,67" {
		t.Errorf("Percent = %q, want 66,67", got)
	}
	if got := tr.L("(dropped)"); got != "(a abandonné)" {
		t.Errorf("a drop reads %q", got)
	}
}
