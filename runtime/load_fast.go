//go:build (amd64 || arm64 || 386 || ppc64le || loong64) && !purego

package runtime

import "unsafe"

// On these little-endian architectures an unaligned 8-byte load is one
// instruction and cheap, so the hot paths read names a word at a time
// through unsafe.Pointer, without the bounds checks that dominated the
// byte-combining loads (see load_safe.go for the other architectures).

// loadAt returns the 8 bytes s[i:i+8] as a little-endian word. The caller
// guarantees 0 <= i and i+8 <= len(s); every call site derives i from
// len(s) under a length test that proves it.
func loadAt(s string, i int) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}

// load32At is loadAt for 4 bytes: i+4 <= len(s).
func load32At(s string, i int) uint32 {
	return *(*uint32)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
}

// copyWords fills dst, 2, 4 or 8 bytes per element, from the little-endian
// bytes src (exactly as many): on these architectures the bytes are the
// words, so a plan's tables are copied in bulk rather than word by word.
func copyWords[W uint16 | uint32 | int32 | uint64](dst []W, src string) {
	if len(dst) > 0 {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(src)), src)
	}
}

// wordsInPlace: aliasWords shares aligned bytes on these architectures.
const wordsInPlace = true

// aliasWords returns the little-endian bytes src as count words in place,
// sharing src's memory, when src starts at an address aligned for W (a
// plan's sections are padded so that its columns do, when the plan
// itself is aligned); ok is false otherwise, and the caller copies. The
// words are read only, as src is.
func aliasWords[W uint16 | uint32 | int32 | uint64](src string, count int) (words []W, ok bool) {
	if count == 0 || uintptr(unsafe.Pointer(unsafe.StringData(src)))%unsafe.Alignof(W(0)) != 0 {
		return nil, false
	}
	return unsafe.Slice((*W)(unsafe.Pointer(unsafe.StringData(src))), count), true
}
