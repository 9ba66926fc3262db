package javaregex

import (
	"errors"
	"strings"
	"testing"
)

// TestCanonLongestTables: in Java 17's tables one code point of lookahead
// decides the longest sequence (canon_longest.go): below a sequence, every
// code point that leads to a longer one ends one itself.
func TestCanonLongestTables(t *testing.T) {
	var walk func(tr *seqTrie, prefix []rune)
	walk = func(tr *seqTrie, prefix []rune) {
		for _, c := range tr.sortedRunes() {
			n := tr.next[c]
			if tr.end && !n.end && n.hasEnd() {
				t.Errorf("%X then U+%04X: a longer sequence follows, but this one is none", prefix, c)
			}
			walk(n, append(prefix[:len(prefix):len(prefix)], c))
		}
	}
	walk(canonSequences(allRunes), nil)
}

// TestCanonLongestDeep: a sequence that only a longer lookahead could tell
// from a longer one is rejected, not mistranslated.
func TestCanonLongestDeep(t *testing.T) {
	tr := &seqTrie{}
	tr.add('a', 'b')
	tr.add('a', 'b', 'c', 'd')
	defer func() {
		e, ok := recover().(*Error)
		if !ok || e.Construct != ConstructFlagCanonEq || e.Offset != 3 {
			t.Fatalf("got %v, want a %q error at offset 3", e, ConstructFlagCanonEq)
		}
	}()
	tr.next['a'].next['b'].extOne(3)
}

// TestCanonLongestConditions: in [\x{1EA1}\x{1EAD}]* before \x{302}, only
// a\x{323} (U+1EA1 as a sequence, which U+0302 extends to U+1EAD) gets the
// condition, cut to what can follow; with U+1EB7 (a\x{323}\x{306}) in the
// class too, U+0306 extends it as well; with neither mark in what follows
// there is none.
func TestCanonLongestConditions(t *testing.T) {
	for _, c := range []struct {
		class  string
		follow runeSet
		want   []runeSet
	}{
		{`[\x{1EA1}\x{1EAD}]`, single(0x302), []runeSet{single(0x302)}},
		{`[\x{1EA1}\x{1EAD}]`, runeSetOf([]rune{0x302, 0x306, 'x'}), []runeSet{single(0x302)}},
		{`[\x{1EA1}\x{1EAD}\x{1EB7}]`, runeSetOf([]rune{0x302, 0x306, 'x'}), []runeSet{runeSetOf([]rune{0x302, 0x306})}},
		{`[\x{1EA1}\x{1EAD}\x{1EB7}]`, single(0x306), []runeSet{single(0x306)}},
		{`[\x{1EA1}\x{1EAD}]`, single('x'), nil},
	} {
		e := &canonElim{joins: []runeSet{nil}, small: []bool{false}}
		var got []runeSet
		var find func(n *node)
		find = func(n *node) {
			if n.kind == kNotNext {
				got = append(got, n.set)
				if !e.small[n.min] {
					t.Errorf("%s, follow %v: condition %v is not marked small", c.class, c.follow, n.set)
				}
			}
			for _, s := range n.subs {
				find(s)
			}
		}
		find(e.longestSeqs(parse("(?c)"+c.class), c.follow))
		if len(got) != len(c.want) || len(got) == 1 && !got[0].equal(c.want[0]) {
			t.Errorf("%s, follow %v: conditions %v, want %v", c.class, c.follow, got, c.want)
		}
	}
}

// TestCanonLongestBound: a chain of loops directly on a class whose
// sequences the next item may extend grows the rewrite; past the bound it
// is rejected as a (?c) gap at the first class (not as a plain size
// limit: the same class in a group is a different construct), and the
// chain one shorter is translated.
func TestCanonLongestBound(t *testing.T) {
	unit := `[a\x{E1}\x{1EA1}\x{1EAD}]*[\x{301}\x{302}]?`
	for n := 1; n <= 16; n++ {
		_, err := Translate("(?c)" + strings.Repeat(unit, n))
		if err == nil {
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Construct != ConstructFlagCanonEq || e.Offset != 4 ||
			!strings.Contains(e.Msg, "more than 40000 nodes") && !strings.Contains(e.Msg, "longer than 1048576 bytes") {
			t.Fatalf("%d units: %v, want a %q rejection at offset 4", n, err, ConstructFlagCanonEq)
		}
		if n < 2 {
			t.Fatalf("%d units rejected, none translated", n)
		}
		return
	}
	t.Fatal("no chain of up to 16 units reached the bound")
}

// TestCanonLongestLarge: the corpus's quantifiers directly on \pL and [^b]
// translate, the same every time (the shared conditions and the order of
// elimination are chosen from sizes, ties by state number).
func TestCanonLongestLarge(t *testing.T) {
	for _, p := range []string{`(?c)\pL+`, `(?c)[^b]*`} {
		first, err := Translate(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if again, _ := Translate(p); again != first {
			t.Fatalf("%s: two translations differ", p)
		}
	}
}
