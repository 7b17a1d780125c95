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
