//go:build !linux

package runtime

// planBuffer is an empty buffer for a file of size bytes, one more byte
// of room than that, as os.ReadFile's, and no room after it (see
// planread_linux.go). It keeps nothing for m: only the huge page buffers
// of planread_linux.go are kept.
func planBuffer(size int, m *PlanMemory) (buf, rest []byte) { return make([]byte, 0, size+1), nil }

// hugeWords is make([]uint64, n) rounded up to whole huge pages, as on
// Linux (planread_linux.go), without the advice.
func hugeWords(n int) []uint64 {
	return make([]uint64, (n*8+hugePage-1)&^(hugePage-1)/8)
}
