//go:build !unix

package web

import "time"

// cpuNow is 0 where getrusage does not exist (Windows): the benchmarks
// that report CPU (BenchmarkPageRead, BenchmarkRegional) are run on Linux
// and macOS; on Windows they build, and their CPU figures read 0.
func cpuNow() time.Duration { return 0 }
