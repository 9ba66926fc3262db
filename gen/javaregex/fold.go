package javaregex

import (
	"encoding/binary"
	"sync"
)

// Case-insensitive matching, resolved into explicit sets.
//
// Java's (?i) alone folds ASCII letters only (ASCII.toLower/toUpper), while
// Go's (?i) folds Unicode simple-fold orbits, so Go's (?i)k would also match
// the Kelvin sign U+212A and (?i)s the long s U+017F. With (?iu) Java
// compares Character.toLowerCase(Character.toUpperCase(c)), which differs
// from Go's orbits (Java's (?iu)i matches U+0130 and U+0131, Go's (?i)i does
// not) and follows Unicode 13 where Go follows a newer version. So neither
// mode is left to Go: every character becomes the explicit set Java's own
// node for it matches (Single, SingleI, SingleU, a Slice's element,
// BitClass, Range, CIRange, CIRangeU), computed from Java 17's
// toUpperCase/toLowerCase tables (unicode_tables.go). Java builds different
// nodes for the same character in different places, and they do not all
// agree (a one-character (?iu)ß matches only ß, the same ß inside a longer
// literal also matches ẞ U+1E9E), so each place has its own function.

// caseMaps are Java 17's Character.toUpperCase and toLowerCase (only the
// code points they change) and the inverse of fold = toLower(toUpper(c)).
type caseMaps struct {
	upper, lower map[rune]rune
	byFold       map[rune][]rune // fold(c) -> every c' != fold(c) with that fold
}

var javaCaseMaps = sync.OnceValue(func() *caseMaps {
	m := &caseMaps{upper: decodeCase(javaToUpper), lower: decodeCase(javaToLower), byFold: map[rune][]rune{}}
	for _, c := range m.changed() {
		if f := m.fold(c); f != c {
			m.byFold[f] = append(m.byFold[f], c)
		}
	}
	return m
})

func decodeCase(table string) map[rune]rune {
	out := map[rune]rune{}
	b := mustBase64(table)
	c := rune(0)
	for len(b) > 0 {
		d, n := binary.Uvarint(b)
		z, m := binary.Uvarint(b[n:])
		b = b[n+m:]
		c += rune(d)
		out[c] = c + rune(int64(z>>1)^-int64(z&1))
	}
	return out
}

func (m *caseMaps) toUpper(c rune) rune {
	if u, ok := m.upper[c]; ok {
		return u
	}
	return c
}

func (m *caseMaps) toLower(c rune) rune {
	if l, ok := m.lower[c]; ok {
		return l
	}
	return c
}

func (m *caseMaps) fold(c rune) rune { return m.toLower(m.toUpper(c)) }

// changed lists, in order, every code point that toUpper or toLower
// changes: the only ones whose fold can differ from themselves.
func (m *caseMaps) changed() []rune {
	var out []rune
	for c := range m.upper {
		out = append(out, c)
	}
	for c := range m.lower {
		if _, ok := m.upper[c]; !ok {
			out = append(out, c)
		}
	}
	return runeSetOf(out).runes()
}

// foldSet is Java's SingleU(lower): lower itself and every c whose fold is
// lower.
func foldSet(lower rune) runeSet {
	return runeSetOf(append([]rune{lower}, javaCaseMaps().byFold[lower]...))
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

// single ports Pattern.single: a one-character atom outside a class, or a
// class character that does not go into BitClass.
func (p *parser) single(c rune) runeSet {
	if p.flags.has(flagCaseInsensitive) {
		if p.flags.has(flagUnicodeCase) {
			m := javaCaseMaps()
			upper := m.toUpper(c)
			if lower := m.toLower(upper); upper != lower {
				return foldSet(lower)
			}
		} else if c < 0x80 && asciiLower(c) != asciiUpper(c) {
			return runeSet{{asciiUpper(c), asciiUpper(c)}, {asciiLower(c), asciiLower(c)}}
		}
	}
	return single(c)
}

// sliceChar is what one character of a literal run of two or more (Java's
// Slice, SliceI, SliceU) matches: under (?iu) the pattern character is
// replaced by its fold, and an input character matches if it or its fold
// equals that.
func (p *parser) sliceChar(c rune) runeSet {
	switch {
	case !p.flags.has(flagCaseInsensitive):
		return single(c)
	case p.flags.has(flagUnicodeCase):
		return foldSet(javaCaseMaps().fold(c))
	}
	return p.single(c) // SliceI: ASCII.toLower both sides, as single's SingleI
}

// bitsOrSingle ports Pattern.bitsOrSingle: a class character below 256
// goes into the class's BitClass (nil returned), except under (?iu) for
// the characters whose case partners lie outside Latin-1 or are not simple.
func (p *parser) bitsOrSingle(bits *runeSet, c rune) *classExpr {
	unicodeFold := p.flags.has(flagCaseInsensitive) && p.flags.has(flagUnicodeCase)
	switch {
	case c >= 256:
	case unicodeFold && (c == 0xff || c == 0xb5 || c == 'I' || c == 'i' || c == 'S' || c == 's' ||
		c == 'K' || c == 'k' || c == 0xc5 || c == 0xe5):
	default:
		*bits = append(*bits, p.bitClassAdd(c)...)
		return nil
	}
	return leaf(p.single(c))
}

// bitClassAdd ports BitClass.add under the current flags.
func (p *parser) bitClassAdd(c rune) runeSet {
	set := single(c)
	if p.flags.has(flagCaseInsensitive) {
		if c < 0x80 {
			set = append(set, runeRange{asciiUpper(c), asciiUpper(c)}, runeRange{asciiLower(c), asciiLower(c)})
		} else if p.flags.has(flagUnicodeCase) {
			m := javaCaseMaps()
			set = append(set, runeRange{m.toLower(c), m.toLower(c)}, runeRange{m.toUpper(c), m.toUpper(c)})
		}
	}
	return set
}

// rangeSet is the set a class range lo-hi matches under the current flags:
// Java's Range, CIRange (ASCII characters whose other case is in range) or
// CIRangeU (characters whose toUpperCase, or its toLowerCase, is in range).
func (p *parser) rangeSet(lo, hi rune) runeSet {
	set := runeSet{{lo, hi}}
	if !p.flags.has(flagCaseInsensitive) {
		return set
	}
	in := func(c rune) bool { return c >= lo && c <= hi }
	if !p.flags.has(flagUnicodeCase) {
		for c := rune('A'); c <= 'z'; c++ {
			if isASCIILetter(c) && (in(asciiUpper(c)) || in(asciiLower(c))) {
				set = append(set, runeRange{c, c})
			}
		}
		return set.normalize()
	}
	m := javaCaseMaps()
	for _, c := range m.changed() {
		if up := m.toUpper(c); in(up) || in(m.toLower(up)) {
			set = append(set, runeRange{c, c})
		}
	}
	return set.normalize()
}
