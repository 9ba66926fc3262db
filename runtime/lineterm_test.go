package runtime

import (
	"strings"
	"testing"
)

// TestNoLineTerminatorWords places each terminator, each fragment of one
// and each byte class the word test treats specially at every position of
// strings of every length around the 8-byte word, and compares with the
// byte-by-byte form, which TestNoLineTerminator pins to Java's set.
func TestNoLineTerminatorWords(t *testing.T) {
	pieces := []string{"\n", "\r", "\u0085", "\u2028", "\u2029", "\xc2", "\xe2\x80", "\x85", "\xe2\x80\xa7",
		"\x0d", "\x0e", "\x00", "\x7f", "\x80", "\xff", "é", "\u2027", "\t"}
	for n := range 26 {
		base := strings.Repeat("a.b-c_d9", 4)[:n]
		if got := NoLineTerminator(base); !got {
			t.Errorf("NoLineTerminator(%q) = false", base)
		}
		for i := 0; i <= n; i++ {
			for _, p := range pieces {
				s := base[:i] + p + base[i:]
				if got, want := NoLineTerminator(s), noLineTerminatorBytes(s); got != want {
					t.Errorf("NoLineTerminator(%q) = %v, want %v", s, got, want)
				}
			}
		}
	}
}
