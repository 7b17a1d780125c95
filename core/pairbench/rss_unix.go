//go:build linux || darwin

package pairbench

import (
	"runtime"
	"syscall"
)

// peakRSSMB returns the peak resident set size of the process in MB, from
// getrusage(RUSAGE_SELF): ru_maxrss is in kilobytes on Linux and in bytes
// on macOS. It returns 0 if the call fails.
func peakRSSMB() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return float64(ru.Maxrss) / (1 << 20)
	}
	return float64(ru.Maxrss) / (1 << 10)
}
