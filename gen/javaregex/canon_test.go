package javaregex

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestCanonTables checks that canonSeqs decodes whole: every entry has two
// or more code points, the entries are sorted by the code point they
// compose to, and nothing is left over.
func TestCanonTables(t *testing.T) {
	entries := canonEntries()
	used := 0
	for i, e := range entries {
		used += 2 + len(e.seq)
		if len(e.seq) < 2 {
			t.Errorf("entry %d (U+%04X): %d code points, want 2 or more", i, e.c, len(e.seq))
		}
		if i > 0 && entries[i-1].c > e.c {
			t.Errorf("entry %d (U+%04X) after U+%04X: not sorted", i, e.c, entries[i-1].c)
		}
		if e.c >= hangulBase && e.c <= hangulLast {
			t.Errorf("entry %d: Hangul syllable U+%04X is listed; canonSequences computes those", i, e.c)
		}
	}
	if used != len(canonSeqs) || len(entries) == 0 {
		t.Errorf("decoded %d entries using %d of %d runes", len(entries), used, len(canonSeqs))
	}
	types, joins := graphemeSets()
	var all runeSet
	for tp, s := range types {
		if len(s.intersect(all)) > 0 {
			t.Errorf("grapheme type %d overlaps the types before it", tp)
		}
		all = all.union(s)
	}
	if !all.equal(allRunes) {
		t.Errorf("grapheme types cover %v, want every code point", all)
	}
	// Java 17: CR joins LF; a regional indicator joins the next one; an
	// Extend mark joins anything but a control.
	for _, c := range []struct {
		a, b rune
		join bool
	}{{'\r', '\n', true}, {'\n', '\r', false}, {0x1F1E6, 0x1F1E8, true}, {'a', 0x301, true},
		{'a', 'b', false}, {'\r', 0x301, false}, {0x1100, 0x1161, true}, {0xAC00, 0x11A8, true}, {0xAC01, 0x1161, false}} {
		if got := joins[typeOf(types, c.a)].contains(c.b); got != c.join {
			t.Errorf("U+%04X then U+%04X: joins %v, want %v", c.a, c.b, got, c.join)
		}
	}
}

func typeOf(types []runeSet, c rune) int {
	for tp, s := range types {
		if s.has(c) {
			return tp
		}
	}
	return -1
}

// TestCanonHangul checks the computed Hangul sequences at the first and
// last syllable, with and without a trailing consonant, and next to the
// syllable range.
func TestCanonHangul(t *testing.T) {
	for _, c := range []struct {
		c    rune
		want [][]rune
	}{
		{0xAC00, [][]rune{{0x1100, 0x1161}}},
		{0xAC01, [][]rune{{0x1100, 0x1161, 0x11A8}, {0xAC00, 0x11A8}}},
		{0xAC1B, [][]rune{{0x1100, 0x1161, 0x11C2}, {0xAC00, 0x11C2}}},
		{0xAC1C, [][]rune{{0x1100, 0x1162}}},
		{0xD7A3, [][]rune{{0x1112, 0x1175, 0x11C2}, {0xD788, 0x11C2}}},
		{0xABFF, nil},
		{0xD7A4, nil},
	} {
		got := canonSequences(single(c.c)).all(nil)
		want := c.want
		slices.SortFunc(got, slices.Compare)
		slices.SortFunc(want, slices.Compare)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("U+%04X: sequences %X, want %X", c.c, got, want)
		}
	}
}

// all lists the trie's sequences.
func (t *seqTrie) all(prefix []rune) [][]rune {
	var out [][]rune
	if t.end {
		out = append(out, slices.Clone(prefix))
	}
	for _, c := range t.sortedRunes() {
		out = append(out, t.next[c].all(append(prefix, c))...)
	}
	return out
}

// TestCanonExtensions: the code points that extend a sequence into a
// longer one, directly or through a code point that ends none.
func TestCanonExtensions(t *testing.T) {
	for _, c := range []struct {
		seqs [][]rune
		want []rune
	}{
		{nil, nil},
		{[][]rune{{'a', 'b'}}, nil},
		{[][]rune{{'a', 'b'}, {'a', 'c'}}, nil},
		{[][]rune{{'a', 'b'}, {'a', 'b', 'c'}}, []rune{'c'}},
		{[][]rune{{'a', 'b', 'c'}, {'a', 'b'}}, []rune{'c'}},
		{[][]rune{{'x', 'y'}, {'a', 'b'}, {'a', 'b', 'c', 'd'}}, []rune{'c'}},
		{[][]rune{{'a', 'b'}, {'a', 'b', 'c'}, {'a', 'b', 'd'}, {'a', 'b', 'c', 'e'}}, []rune{'c', 'd', 'e'}},
	} {
		tr := &seqTrie{}
		for _, s := range c.seqs {
			tr.add(s...)
		}
		if got, want := tr.extensions(), runeSetOf(c.want); !got.equal(want) {
			t.Errorf("%q: extensions %v, want %v", c.seqs, got, want)
		}
	}
	// [ạậ] nests (a U+0323 then U+0302), [é] does not; \pL's extensions
	// include marks and the Hangul trailing jamo (L V, then T), not 'a'.
	if got := canonSequences(runeSetOf([]rune{0x1EA1, 0x1EAD})).extensions(); !got.equal(single(0x302)) {
		t.Errorf("[\\x{1EA1}\\x{1EAD}]: extensions %v, want U+0302", got)
	}
	if got := canonSequences(single(0xE9)).extensions(); len(got) != 0 {
		t.Errorf("[é]: extensions %v, want none", got)
	}
	letters := parse(`\p{L}`).set
	if got := canonSequences(letters).extensions(); !got.has(0x302) || !got.has(0x11A8) || got.has('a') {
		t.Errorf("\\pL: extensions %v, want U+0302 and U+11A8, not a", got)
	}
}

// TestCanonBound: a chain of classes that a joining mark may follow grows
// the rewrite; past maxRewriteNodes it is rejected as too large, at the
// first class, and the chain one shorter is translated.
func TestCanonBound(t *testing.T) {
	unit := `(?:[a]|b)\x{301}?`
	last := 0
	for n := 1; n <= 64; n++ {
		_, err := Translate("(?c)" + strings.Repeat(unit, n))
		if err == nil {
			last = n
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Construct != ConstructTooLarge || e.Offset != 7 ||
			!strings.Contains(e.Msg, "more than 40000 nodes") {
			t.Fatalf("%d units: %v, want a %q rejection at offset 7", n, err, ConstructTooLarge)
		}
		if last != n-1 || last == 0 {
			t.Fatalf("%d units rejected, but only up to %d translated", n, last)
		}
		return
	}
	t.Fatal("no chain of up to 64 units reached maxRewriteNodes")
}

// TestCanonDeterministic: the translation of large classes under (?c),
// built from maps of sequences, is the same every time.
func TestCanonDeterministic(t *testing.T) {
	for _, p := range []string{`(?c)\pL`, `(?c)\P{M}\pM`, `(?c)(?:[^a]|b)\x{301}?`} {
		first, err := Translate(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for range 3 {
			if again, _ := Translate(p); again != first {
				t.Fatalf("%s: two translations differ", p)
			}
		}
	}
}
