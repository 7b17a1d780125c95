// Package quietcmd starts the helper programs the desktop app runs in the
// background (the clock's chime, Print) without a console window: on
// Windows the app is a GUI-subsystem program, so every console program it
// starts (powershell) would otherwise open a console over the app, at
// every time warning and print, and could steal the keyboard focus from
// result entry.
package quietcmd

import (
	"context"
	"os/exec"
)

// Command is exec.CommandContext with the console window hidden where the
// system would show one (Windows); elsewhere it is exec.CommandContext.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...) // #nosec G204 -- the callers run fixed programs (the print and open commands of the system); this only hides their window
	hide(cmd)
	return cmd
}
