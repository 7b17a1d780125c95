package quietcmd

import (
	"slices"
	"testing"
)

// TestCommand checks the command runs the program asked for with its
// arguments, as exec.CommandContext would.
func TestCommand(t *testing.T) {
	cmd := Command(t.Context(), "powershell", "-NoProfile", "-Command", "x")
	if want := []string{"powershell", "-NoProfile", "-Command", "x"}; !slices.Equal(cmd.Args, want) {
		t.Fatalf("args %q, want %q", cmd.Args, want)
	}
}
