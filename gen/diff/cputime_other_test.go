//go:build !unix

package diff

import "time"

// processCPU is not available here; TestScale falls back to wall time.
func processCPU() time.Duration { return 0 }

const cpuMeasured = false
