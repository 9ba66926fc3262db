package runtime

import (
	"testing"
	"unsafe"
)

// TestAliasWords: where aliasWords may share the bytes (load_fast.go),
// it does exactly when they are aligned for the word, so that a decoded
// plan's columns are its bytes; under load_safe.go it never does.
func TestAliasWords(t *testing.T) {
	words := make([]uint64, 4)
	b := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 32)
	for i := range b {
		b[i] = byte(i)
	}
	for off := range 8 {
		src := unsafe.String(&b[off], 16)
		got, ok := aliasWords[uint32](src, 4)
		want := wordsInPlace && off%4 == 0
		if ok != want {
			t.Fatalf("aliasWords at offset %d: ok %v, want %v", off, ok, want)
		}
		if ok && (unsafe.Pointer(&got[0]) != unsafe.Pointer(&b[off]) || got[1] != uint32(off+4)|uint32(off+5)<<8|uint32(off+6)<<16|uint32(off+7)<<24) {
			t.Errorf("aliasWords at offset %d: not the bytes in place", off)
		}
		if v := wordsOf[uint32](src, 4); v[3] != uint32(off+12)|uint32(off+13)<<8|uint32(off+14)<<16|uint32(off+15)<<24 {
			t.Errorf("wordsOf at offset %d: word 3 is %#x", off, v[3])
		}
	}
	if _, ok := aliasWords[uint32](unsafe.String(&b[0], 0), 0); ok {
		t.Error("aliasWords of no words shares the bytes")
	}
}
