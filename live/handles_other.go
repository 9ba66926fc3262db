//go:build !linux

package live

// adviseHuge does nothing where there is no madvise (handles_linux.go).
func adviseHuge(b []byte) {}
