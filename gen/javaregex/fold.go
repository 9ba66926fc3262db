package javaregex

// Case-insensitive matching, resolved into explicit sets.
//
// Java's (?i) alone folds ASCII letters only (ASCII.toLower/toUpper), while
// Go's (?i) folds Unicode simple-fold orbits, so Go's (?i)k would also match
// the Kelvin sign U+212A and (?i)s the long s U+017F. With (?iu) Java
// compares Character.toLowerCase(Character.toUpperCase(c)), which differs
// from Go's orbits (Java's (?iu)i matches U+0130 and U+0131, Go's (?i)i does
// not) and follows Unicode 13 where Go follows a newer version. So neither
// mode is left to Go: ASCII letters become explicit sets, and under (?iu)
// non-ASCII characters are rejected rather than guessed.

// unicodeCaseExtras lists every non-ASCII code point whose Java 17
// Character.toUpperCase, or toLowerCase of that, is ASCII; these are the only
// non-ASCII characters (?iu) can match for an ASCII pattern character. The
// list was produced by enumerating all code points in Java 17 and checking
// Pattern.compile("(?iu)"+c) against each; the Java-checked cases in
// testdata cover every entry.
var unicodeCaseExtras = []struct{ r, upper, fold rune }{
	{0x0130, 0x0130, 'i'}, // LATIN CAPITAL LETTER I WITH DOT ABOVE
	{0x0131, 'I', 'i'},    // LATIN SMALL LETTER DOTLESS I
	{0x017F, 'S', 's'},    // LATIN SMALL LETTER LONG S
	{0x212A, 0x212A, 'k'}, // KELVIN SIGN
}

func isASCIILetter(c rune) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

func asciiLower(c rune) rune {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func asciiUpper(c rune) rune {
	if c >= 'a' && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// charSet is the set one pattern character matches under the current flags,
// inside or outside a class (Java's Single/SingleI/SingleU, SliceI/SliceU
// and BitClass agree on it for every character this package accepts). pos
// is the character's source index, for errors.
func (p *parser) charSet(c rune, pos int) runeSet {
	if !p.flags.has(flagCaseInsensitive) {
		return single(c)
	}
	if c > 0x7f {
		if p.flags.has(flagUnicodeCase) {
			p.fail(pos, ConstructUnicodeCase, "case-insensitive Unicode matching (?iu) of a non-ASCII character is not supported: Java 17 and Go fold case differently")
		}
		return single(c) // Java's ASCII-only folding leaves it alone
	}
	set := runeSet{{c, c}, {asciiLower(c), asciiLower(c)}, {asciiUpper(c), asciiUpper(c)}}
	if p.flags.has(flagUnicodeCase) {
		for _, x := range unicodeCaseExtras {
			if x.fold == asciiLower(c) {
				set = append(set, runeRange{x.r, x.r})
			}
		}
	}
	return set.normalize()
}

// rangeSet is the set a class range lo-hi matches under the current flags:
// Java's Range, CIRange (ASCII characters whose other case is in range) or
// CIRangeU (also characters whose toUpperCase, or its toLowerCase, is in
// range).
func (p *parser) rangeSet(lo, hi rune, pos int) runeSet {
	set := runeSet{{lo, hi}}
	if !p.flags.has(flagCaseInsensitive) {
		return set
	}
	unicode := p.flags.has(flagUnicodeCase)
	if unicode && hi > 0x7f {
		p.fail(pos, ConstructUnicodeCase, "case-insensitive Unicode matching (?iu) of a range with non-ASCII characters is not supported: Java 17 and Go fold case differently")
	}
	in := func(c rune) bool { return c >= lo && c <= hi }
	for c := rune('A'); c <= 'z'; c++ {
		if isASCIILetter(c) && (in(asciiUpper(c)) || in(asciiLower(c))) {
			set = append(set, runeRange{c, c})
		}
	}
	if unicode {
		for _, x := range unicodeCaseExtras {
			if in(x.upper) || in(x.fold) {
				set = append(set, runeRange{x.r, x.r})
			}
		}
	}
	return set.normalize()
}
