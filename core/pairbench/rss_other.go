//go:build !linux && !darwin

package pairbench

import "runtime/metrics"

// peakRSSMB approximates the peak memory of the process in MB where
// getrusage is not used (Windows and the rest): the memory the Go runtime
// has mapped from the system (/memory/classes/total:bytes), read at the end
// of the run. The runtime rarely gives memory back, so this is close to its
// peak, but it is not the operating system's resident set size.
func peakRSSMB() float64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return float64(s[0].Value.Uint64()) / (1 << 20)
}
