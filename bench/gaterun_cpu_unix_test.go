//go:build unix

package bench

import (
	"syscall"
	"time"
)

// processCPU is the process's user and system CPU time so far, or 0
// where getrusage fails.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
