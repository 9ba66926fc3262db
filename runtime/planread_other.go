//go:build !linux

package runtime

// planBuffer is an empty buffer for a file of size bytes, one more byte
// of room than that, as os.ReadFile's (see planread_linux.go).
func planBuffer(size int) []byte { return make([]byte, 0, size+1) }
