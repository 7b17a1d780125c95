//go:build windows

package running

import (
	"syscall"
	"testing"
	"unsafe"
)

// TestMarkCreatesTheMutex checks the mutex the installer looks for exists
// once Mark ran, as the installer's OpenMutexW sees it.
func TestMarkCreatesTheMutex(t *testing.T) {
	if err := Mark(); err != nil {
		t.Fatal(err)
	}
	name, _ := syscall.UTF16PtrFromString(MutexName)
	const synchronize = 0x00100000
	h, _, err := syscall.NewLazyDLL("kernel32.dll").NewProc("OpenMutexW").Call(synchronize, 0, uintptr(unsafe.Pointer(name)))
	if h == 0 {
		t.Fatalf("OpenMutexW(%s): %v", MutexName, err)
	}
	_ = syscall.CloseHandle(syscall.Handle(h))
}
