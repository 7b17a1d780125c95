//go:build windows

package running

import (
	"syscall"
	"unsafe"
)

// Mark creates the mutex MutexName and keeps it for the life of the
// process. Two Tablekeepers may run at once (the database's own lock
// decides whether both may write), so an existing mutex is no error.
// Failing to create it only weakens the installer's check: it is
// returned for a log line, never fatal.
func Mark() error {
	name, err := syscall.UTF16PtrFromString(MutexName)
	if err != nil {
		return err
	}
	h, _, err := syscall.NewLazyDLL("kernel32.dll").NewProc("CreateMutexW").Call(0, 0, uintptr(unsafe.Pointer(name)))
	if h == 0 {
		return err
	}
	// The handle is never closed: the process holds it until it ends.
	return nil
}
