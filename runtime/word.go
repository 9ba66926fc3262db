package runtime

// Word helpers for the policy index and NoLineTerminator: up to eight bytes
// of a string as one little-endian uint64 (byte i of the string is bits
// 8i..8i+7), so that comparing, masking and classifying eight bytes costs
// one instruction each. The byte-by-byte forms below are what the Go
// compiler merges into single 8- and 4-byte loads (MOVQ, MOVL on amd64),
// with a bounds check; loadAt (load_fast.go) is the unchecked form the
// name tables use, and on other architectures is built on these.

// word64 returns s[0:8]; s must hold at least 8 bytes.
func word64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// word32 returns s[0:4]; s must hold at least 4 bytes.
func word32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// wordShort returns the len(s) < 8 bytes of s in the low bytes of a word,
// the high bytes zero, with at most two overlapping loads.
func wordShort(s string) uint64 {
	switch n := len(s); {
	case n >= 4:
		return uint64(word32(s)) | uint64(word32(s[n-4:]))<<(8*(n-4))
	case n >= 2:
		lo := uint64(s[0]) | uint64(s[1])<<8
		return lo | (uint64(s[n-2])|uint64(s[n-1])<<8)<<(8*(n-2))
	case n == 1:
		return uint64(s[0])
	}
	return 0
}

// keyMask is the mask of the low n bytes of a word, 0 <= n <= 8.
func keyMask(n int) uint64 {
	if n >= 8 {
		return ^uint64(0)
	}
	return 1<<(8*n) - 1
}

const (
	lowBits  = 0x0101010101010101 // 1 in every byte
	highBits = 0x8080808080808080 // the top bit of every byte
)

// lowerASCII maps the bytes 'A'..'Z' of w to 'a'..'z' and leaves every
// other byte alone, all eight at once: a byte is an upper-case letter when
// its low seven bits are at least 'A' and at most 'Z' and its top bit is
// clear (adding to the seven-bit values cannot carry between bytes).
func lowerASCII(w uint64) uint64 {
	low7 := w &^ highBits
	geA := low7 + (0x80-'A')*lowBits
	gtZ := low7 + (0x80-'Z'-1)*lowBits
	upper := geA &^ gtZ &^ w & highBits
	return w | upper>>2 // 0x80 >> 2 = 0x20, the case bit
}
