package runtime

import (
	"testing"
	"unicode/utf8"
)

// maskKeyFitsByByte is maskKeyFits as a loop over the bytes: the
// reference the vector form is checked against.
func maskKeyFitsByByte(key string, n int) bool {
	if n == 0 {
		return key == ""
	}
	elems, prev := 1, -1
	for i := 0; i < len(key); i++ {
		if key[i] == '.' {
			if i == prev+1 {
				return false
			}
			elems, prev = elems+1, i
		}
	}
	return elems == n && len(key) > prev+1
}

// TestMaskKeyFits: every key of up to 8 bytes over 'a' and '.' (empty
// elements first, last, between; 0 to 8 elements) and every element
// count 0 to 9 gets the byte loop's answer.
func TestMaskKeyFits(t *testing.T) {
	fits := 0
	for l := range 9 {
		for bitsOf := range 1 << l {
			b := make([]byte, l)
			for i := range b {
				b[i] = "a."[bitsOf>>i&1]
			}
			key := string(b)
			for n := range 10 {
				want := maskKeyFitsByByte(key, n)
				if got := maskKeyFits(key, n); got != want {
					t.Fatalf("maskKeyFits(%q, %d) = %v, want %v", key, n, got, want)
				}
				if want {
					fits++
				}
			}
		}
	}
	if fits < 50 { // 55 of the 5,110 pairs
		t.Errorf("only %d keys fit: the table does not exercise both answers", fits)
	}
}

// TestNotUTF8: every text of up to 6 bytes over 'a', the two bytes of
// "é" and 0xFF, cut at every set of positions (so pieces valid as a
// whole but cut inside a rune, and empty pieces), gets the first piece
// that is not UTF-8, as checking each piece finds it.
func TestNotUTF8(t *testing.T) {
	alphabet := []byte{'a', 0xc3, 0xa9, 0xff}
	cutInside := 0
	for l := range 7 {
		total := 1
		for range l {
			total *= len(alphabet)
		}
		for x := range total {
			b := make([]byte, l)
			for i, y := 0, x; i < l; i, y = i+1, y/len(alphabet) {
				b[i] = alphabet[y%len(alphabet)]
			}
			blob := string(b)
			for cuts := range 1 << l {
				var ends []uint32
				for i := range l {
					if cuts>>i&1 != 0 {
						ends = append(ends, uint32(i))
					}
				}
				ends = append(ends, uint32(l))
				want, start := -1, uint32(0)
				for j, e := range ends {
					if !utf8.ValidString(blob[start:e]) {
						want = j
						break
					}
					start = e
				}
				if got := notUTF8(blob, ends); got != want {
					t.Fatalf("notUTF8(%q, %v) = %d, want %d", blob, ends, got, want)
				}
				if want >= 0 && utf8.ValidString(blob) {
					cutInside++
				}
			}
		}
	}
	if cutInside == 0 {
		t.Error("no valid text cut inside a rune")
	}
}
