package javaregex

import (
	"slices"
	"unicode/utf8"
)

// runeSet is a set of code points kept as sorted, non-overlapping,
// non-adjacent closed ranges. Every Java construct that matches one
// character (literal, class, ., \d, \p{Alpha}, a case-insensitive letter) is
// resolved into an explicit set while parsing, under the flags in force at
// that point, so the printed RE2 needs no flags and cannot be reinterpreted
// by Go's own (Unicode) notions of case, dot or \s.
type runeSet []runeRange

type runeRange struct{ lo, hi rune }

// The Java line terminators excluded by "." without DOTALL.
var lineTerminators = runeSet{{'\n', '\n'}, {'\r', '\r'}, {0x85, 0x85}, {0x2028, 0x2029}}

var (
	allRunes     = runeSet{{0, utf8.MaxRune}}
	javaDotSet   = lineTerminators.complement()
	unixDotSet   = runeSet{{'\n', '\n'}}.complement()
	asciiDigit   = runeSet{{'0', '9'}}
	asciiWord    = runeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	asciiSpace   = runeSet{{'\t', '\r'}, {' ', ' '}} // Java's \s: includes \x0B, unlike Go's
	asciiAlpha   = runeSet{{'A', 'Z'}, {'a', 'z'}}
	asciiAlnum   = runeSet{{'0', '9'}, {'A', 'Z'}, {'a', 'z'}}
	asciiPunct   = runeSet{{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}}
	asciiXDigit  = runeSet{{'0', '9'}, {'A', 'F'}, {'a', 'f'}}
	asciiControl = runeSet{{0, 0x1f}, {0x7f, 0x7f}}
)

func single(r rune) runeSet { return runeSet{{r, r}} }

// normalize sorts and merges ranges in place.
func (s runeSet) normalize() runeSet {
	if len(s) < 2 {
		return s
	}
	slices.SortFunc(s, func(a, b runeRange) int { return int(a.lo) - int(b.lo) })
	out := s[:1]
	for _, r := range s[1:] {
		last := &out[len(out)-1]
		if r.lo <= last.hi+1 {
			last.hi = max(last.hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

func (s runeSet) union(t runeSet) runeSet {
	out := make(runeSet, 0, len(s)+len(t))
	return append(append(out, s...), t...).normalize()
}

// complement is taken over all code points, as Java negates a class.
func (s runeSet) complement() runeSet {
	var out runeSet
	next := rune(0)
	for _, r := range s {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= utf8.MaxRune {
		out = append(out, runeRange{next, utf8.MaxRune})
	}
	return out
}

func (s runeSet) contains(c rune) bool {
	for _, r := range s {
		if c >= r.lo && c <= r.hi {
			return true
		}
	}
	return false
}

// only returns the member of a one-element set.
func (s runeSet) only() (rune, bool) {
	if len(s) == 1 && s[0].lo == s[0].hi {
		return s[0].lo, true
	}
	return 0, false
}

func (s runeSet) equal(t runeSet) bool { return slices.Equal(s, t) }

func (s runeSet) intersect(t runeSet) runeSet {
	return s.complement().union(t.complement()).complement()
}

// runeSetOf is the set of the given code points.
func runeSetOf(rs []rune) runeSet {
	s := make(runeSet, len(rs))
	for i, r := range rs {
		s[i] = runeRange{r, r}
	}
	return s.normalize()
}

// runes lists the members of a small set.
func (s runeSet) runes() []rune {
	var out []rune
	for _, r := range s {
		for c := r.lo; c <= r.hi; c++ {
			out = append(out, c)
		}
	}
	return out
}
