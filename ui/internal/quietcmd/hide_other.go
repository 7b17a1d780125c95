//go:build !windows

package quietcmd

import "os/exec"

// hide does nothing: outside Windows a program started in the background
// opens no window.
func hide(*exec.Cmd) {}
