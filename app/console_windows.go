//go:build windows

package main

import (
	"os"
	"syscall"
)

// attachConsole gives a command typed in a console window (tablekeeper
// export …, tablekeeper --version) that console for its output: the
// program is built as a Windows GUI program, so that a double-click opens
// no console, and such a program starts without one. Started from
// Explorer there is no parent console and nothing changes.
func attachConsole() {
	attach := syscall.NewLazyDLL("kernel32.dll").NewProc("AttachConsole")
	if attach.Find() != nil {
		return
	}
	const parentProcess = ^uintptr(0) // ATTACH_PARENT_PROCESS, (DWORD)-1
	if ok, _, _ := attach.Call(parentProcess); ok == 0 {
		return
	}
	if out, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
		os.Stdout, os.Stderr = out, out
	}
}
