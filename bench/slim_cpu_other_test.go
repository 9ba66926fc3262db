//go:build !linux

package bench

import "testing"

// cpuPerOp reports nothing where the thread's CPU time is not read
// (slim_cpu_linux_test.go).
func cpuPerOp(*testing.B) func() { return func() {} }
