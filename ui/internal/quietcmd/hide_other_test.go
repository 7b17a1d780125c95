//go:build !windows

package quietcmd

import (
	"context"
	"testing"
)

// TestCommandPlainElsewhere checks nothing Windows-only is asked of the
// command elsewhere.
func TestCommandPlainElsewhere(t *testing.T) {
	if a := Command(context.Background(), "lp").SysProcAttr; a != nil {
		t.Fatalf("SysProcAttr %+v outside Windows, want none", a)
	}
}
