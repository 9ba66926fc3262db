//go:build !unix

package bench

import "time"

// processCPU reads nothing where getrusage is missing
// (gaterun_cpu_unix_test.go).
func processCPU() time.Duration { return 0 }
