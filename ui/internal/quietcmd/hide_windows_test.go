//go:build windows

package quietcmd

import (
	"testing"
)

// TestCommandHidesConsole checks a command started on Windows opens no
// console window: both HideWindow and CREATE_NO_WINDOW are set.
func TestCommandHidesConsole(t *testing.T) {
	cmd := Command(t.Context(), "powershell", "-NoProfile")
	a := cmd.SysProcAttr
	if a == nil || !a.HideWindow || a.CreationFlags&0x08000000 == 0 {
		t.Fatalf("SysProcAttr %+v: want HideWindow and CREATE_NO_WINDOW (0x08000000)", a)
	}
}
