//go:build linux

package bench

import (
	goruntime "runtime"
	"syscall"
	"testing"
	"unsafe"
)

// cpuPerOp locks the benchmark to its thread and returns what reports
// the thread's CPU time per iteration as cpu-ns/op.
func cpuPerOp(b *testing.B) func() {
	goruntime.LockOSThread()
	start := threadCPU()
	return func() {
		b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
		goruntime.UnlockOSThread()
	}
}

// threadCPU is the calling thread's CPU time in nanoseconds
// (CLOCK_THREAD_CPUTIME_ID), or 0 where the call fails.
func threadCPU() int64 {
	const clockThreadCPUTime = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
