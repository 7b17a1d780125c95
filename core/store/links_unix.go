//go:build unix

package store

import (
	"os"
	"syscall"
)

// linkCount is the number of names (hard links) the file has on its disk.
func linkCount(_ string, info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink) //nolint:unconvert // uint16 on darwin, uint64 on linux
	}
	return 1
}

// identify is the identity of the file at path on this computer, whatever
// its name: its device and inode.
func identify(path string) (fileID, bool, error) {
	info, err := os.Stat(path)
	if err != nil {
		return fileID{}, false, err
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false, nil
	}
	return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, true, nil //nolint:unconvert // int32 on darwin
}
