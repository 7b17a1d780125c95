//go:build windows

package store

import (
	"os"
	"syscall"
)

// linkCount is the number of names (hard links) the file has on its disk;
// Windows keeps it in the file's record, read through a handle.
func linkCount(path string, _ os.FileInfo) uint64 {
	f, err := os.Open(path)
	if err != nil {
		return 1
	}
	defer f.Close()
	var d syscall.ByHandleFileInformation
	if err := syscall.GetFileInformationByHandle(syscall.Handle(f.Fd()), &d); err != nil {
		return 1
	}
	return uint64(d.NumberOfLinks)
}

// identify is the identity of the file at path on this computer, whatever
// its name: its volume's serial number and its file index.
func identify(path string) (fileID, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return fileID{}, false, err
	}
	defer f.Close()
	var d syscall.ByHandleFileInformation
	if err := syscall.GetFileInformationByHandle(syscall.Handle(f.Fd()), &d); err != nil {
		return fileID{}, false, err
	}
	return fileID{dev: uint64(d.VolumeSerialNumber), ino: uint64(d.FileIndexHigh)<<32 | uint64(d.FileIndexLow)}, true, nil
}
