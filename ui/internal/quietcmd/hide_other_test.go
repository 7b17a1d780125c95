//go:build !windows

package quietcmd

import (
	"testing"
)

// TestCommandPlainElsewhere checks nothing Windows-only is asked of the
// command elsewhere.
func TestCommandPlainElsewhere(t *testing.T) {
	if a := Command(t.Context(), "lp").SysProcAttr; a != nil {
		t.Fatalf("SysProcAttr %+v outside Windows, want none", a)
	}
}
