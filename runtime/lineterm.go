package runtime

// NoLineTerminator reports whether s contains none of Java's line
// terminators (\n, \r, U+0085, U+2028, U+2029): what a Java `.*` without
// DOTALL matches. It looks at UTF-8 encodings only; a stray byte that is not
// valid UTF-8 is not a terminator, as Go's regexp reads it as U+FFFD.
//
// It looks at eight bytes at a time: a string whose bytes are all in
// 0x0E..0x7F (printable ASCII, as node names nearly always are) holds no
// terminator and no part of one. Any other string is checked byte by
// byte. PolicyIndex.Find tests the words of a name of 8 bytes or more
// first (nameWords, restClean) and calls it only on the rest of a
// shorter name or of one whose words hold a suspect byte: at most 81
// times in 4,096 names of a policy workload (2026-12-02).
func NoLineTerminator(s string) bool {
	n := len(s)
	var sus uint64
	if n >= 8 {
		// Whole words, then the last eight bytes (overlapping the last
		// word read, which is harmless): no branch per word, as names are
		// short and nearly always clean.
		for i := 0; i+8 <= n; i += 8 {
			sus |= suspect(word64(s[i:]))
		}
		sus |= suspect(word64(s[n-8:]))
	} else {
		sus = suspect(wordShort(s)) & keyMask(n) // wordShort's zero padding is suspect
	}
	return sus == 0 || noLineTerminatorBytes(s)
}

// suspect has the top bit of a byte of w set for each byte that is at
// least 0x80 (part of a multi-byte UTF-8 sequence, such as U+0085, U+2028
// or U+2029) or below 0x0E (\n is 0x0A, \r 0x0D), possibly with more set
// above the lowest such byte (a borrow of the subtraction), never with
// none when there is one.
func suspect(w uint64) uint64 {
	return ((w - 0x0E*lowBits) | w) & highBits
}

// noLineTerminatorBytes is NoLineTerminator one byte at a time.
func noLineTerminatorBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return false
		case 0xC2: // U+0085 is C2 85
			if i+1 < len(s) && s[i+1] == 0x85 {
				return false
			}
		case 0xE2: // U+2028, U+2029 are E2 80 A8, E2 80 A9
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return false
			}
		}
	}
	return true
}
