//go:build windows

package quietcmd

import (
	"os/exec"
	"syscall"
)

// createNoWindow is CREATE_NO_WINDOW: the console program gets no console
// window at all (HideWindow alone only hides the window it shows first).
const createNoWindow = 0x08000000

// hide starts cmd with no console window.
func hide(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{HideWindow: true, CreationFlags: createNoWindow}
}
