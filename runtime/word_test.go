package runtime

import "testing"

// TestWordShort checks the short loads against byte-by-byte assembly.
func TestWordShort(t *testing.T) {
	s := "0123456"
	for n := 0; n <= len(s); n++ {
		var want uint64
		for j := n - 1; j >= 0; j-- {
			want = want<<8 | uint64(s[j])
		}
		if got := wordShort(s[:n]); got != want {
			t.Errorf("wordShort(%q) = %#x, want %#x", s[:n], got, want)
		}
	}
}

func TestLowerASCII(t *testing.T) {
	for c := range 256 {
		for pos := range 8 {
			w := uint64(0x4142434445464748) &^ (0xff << (8 * pos)) // neighbours A..H
			w |= uint64(c) << (8 * pos)
			got := lowerASCII(w)
			for k := range 8 {
				b := byte(w >> (8 * k))
				if 'A' <= b && b <= 'Z' {
					b += 'a' - 'A'
				}
				if byte(got>>(8*k)) != b {
					t.Fatalf("lowerASCII(%#x) = %#x: byte %d", w, got, k)
				}
			}
		}
	}
}
