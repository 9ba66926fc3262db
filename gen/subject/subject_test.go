package subject

import (
	"strings"
	"testing"

	"github.com/destgen/destgen/internal/smallscope"
)

var invalidPatterns = []struct {
	in, err string
}{
	{"", "column 1: empty destination"},
	{".foo", "column 1: empty element"},
	{"foo.", "column 5: empty element"},
	{"foo..bar", "column 5: empty element"},
	{"foo*", "column 4: wildcard '*' must be a whole element"},
	{"foo.b>r", "column 6: wildcard '>' must be a whole element"},
	{">.foo", "column 1: '>' may only be the last element"},
	{"a.>.b", "column 3: '>' may only be the last element"},
	{strings.Repeat("a", 250), "column 250: destination is 250 bytes, over the limit of 249"},
	{strings.Repeat("a.", 64) + "a", "column 1: destination has 65 elements, over the limit of 64"},
	{"a." + strings.Repeat("b", 128), "column 3: element is 128 bytes, over the limit of 127"},
}

func TestParseErrors(t *testing.T) {
	for _, tc := range invalidPatterns {
		_, err := Parse(tc.in)
		if err == nil || err.Error() != tc.err {
			t.Errorf("Parse(%.20q) = %v, want %q", tc.in, err, tc.err)
		}
	}
}

func TestParseLimitsInclusive(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("a", 127) + "." + strings.Repeat("b", 121),
		strings.Repeat("a.", 63) + ">",
	} {
		if _, err := Parse(s); err != nil {
			t.Errorf("Parse(%d bytes) = %v, want ok", len(s), err)
		}
	}
}

func TestParseNameRejectsWildcards(t *testing.T) {
	for _, s := range []string{"*", "foo.*", ">", "foo.>", "a*b"} {
		if _, err := ParseName(s); err == nil {
			t.Errorf("ParseName(%q) accepted a wildcard", s)
		}
	}
}

func mustParse(t *testing.T, s string) Pattern {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

var matchTests = []struct {
	pattern, name string
	want          bool
}{
	{"foo.bar", "foo.bar", true},
	{"foo.bar", "foo.baz", false},
	{"foo.bar", "foo.bar.baz", false},
	{"foo.*", "foo.bar", true},
	{"foo.*", "foo", false},
	{"foo.*", "foo.bar.baz", false},
	{"*.bar", "foo.bar", true},
	{"foo.>", "foo.bar", true},
	{"foo.>", "foo.bar.baz", true},
	{"foo.>", "foo", false},
	{">", "foo", true},
	{">", "a.b.c", true},
	{"*.*.>", "a.b", false},
	{"*.*.>", "a.b.c", true},
}

func TestMatch(t *testing.T) {
	for _, tc := range matchTests {
		name, err := ParseName(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := mustParse(t, tc.pattern).Match(name); got != tc.want {
			t.Errorf("%q matches %q = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}

// The FTL page's three examples, then the cases the page leaves open.
var precedenceTests = []struct{ better, worse string }{
	{"foo.bar", "foo.*"},
	{"foo.*", "foo.>"},
	{"foo.>", ">"},
	{"*.bar", "foo.>"},     // a '*' anywhere ranks with the '*' class
	{"a.*.c.>", "a.>"},     // more elements wins among '>' patterns
	{"foo.*", "*.bar"},     // first position with one wildcard: literal wins
	{"a.b.*", "a.*.c"},     // ... decided at position 1
	{"a.b.>", "a.*.>"},     // same for '>' patterns of equal length
	{"*.b.*", "*.*.c"},     // ... decided at position 1
	{"foo.bar", "*.*.*.>"}, // exact beats everything
}

func TestCompare(t *testing.T) {
	for _, tc := range precedenceTests {
		a, b := mustParse(t, tc.better), mustParse(t, tc.worse)
		if Compare(a, b) >= 0 || Compare(b, a) <= 0 {
			t.Errorf("Compare(%q, %q) = %d, Compare(%q, %q) = %d; want %q preferred", tc.better, tc.worse, Compare(a, b), tc.worse, tc.better, Compare(b, a), tc.better)
		}
	}
}

var overlapTests = []struct {
	a, b    string
	witness string // "" for no overlap
}{
	{"foo.*", "*.bar", "foo.bar"},
	{"foo.>", "*.bar.baz", "foo.bar.baz"},
	{"foo.>", "foo", ""},
	{"foo.*", "foo.*.*", ""},
	{"a.>", "*.b.>", "a.b.x"},
	{">", "a.b", "a.b"},
	{"a.*", "b.*", ""},
	{"*.*", "*.*", "x.x"},
	// each fits the byte limit alone, but no common name does
	{strings.Repeat("a", 127) + ".*.>", "*." + strings.Repeat("b", 127) + ".>", ""},
}

func TestOverlap(t *testing.T) {
	for _, tc := range overlapTests {
		a, b := mustParse(t, tc.a), mustParse(t, tc.b)
		for _, pq := range [][2]Pattern{{a, b}, {b, a}} {
			w, ok := Overlap(pq[0], pq[1])
			if ok != (tc.witness != "") || w != tc.witness {
				t.Errorf("Overlap(%.20q, %.20q) = %q, %v; want %q", pq[0].Text, pq[1].Text, w, ok, tc.witness)
			}
		}
	}
}

// TestOverlapExhaustive checks Overlap against brute force over a small
// alphabet: two patterns overlap iff some name matches both, and the
// witness always matches both.
func TestOverlapExhaustive(t *testing.T) {
	pats := allPatterns([]string{"a", "b", "*", ">"}, 3)
	names := allNames([]string{"a", "b", "x"}, 4)
	for _, a := range pats {
		for _, b := range pats {
			brute := false
			for _, n := range names {
				if a.Match(n) && b.Match(n) {
					brute = true
					break
				}
			}
			w, ok := Overlap(a, b)
			if ok != brute {
				t.Fatalf("Overlap(%q, %q) = %v, brute force says %v", a.Text, b.Text, ok, brute)
			}
			if ok {
				n, err := ParseName(w)
				if err != nil || !a.Match(n) || !b.Match(n) {
					t.Fatalf("Overlap(%q, %q) witness %q does not match both", a.Text, b.Text, w)
				}
			}
		}
	}
}

// allPatterns returns every valid pattern of 1..maxLen elements over elems.
func allPatterns(elems []string, maxLen int) []Pattern {
	var out []Pattern
	for _, s := range smallscope.Names(elems, maxLen) {
		if p, err := Parse(s); err == nil {
			out = append(out, p)
		}
	}
	return out
}

func allNames(elems []string, maxLen int) [][]string {
	var out [][]string
	for _, s := range smallscope.Names(elems, maxLen) {
		out = append(out, strings.Split(s, "."))
	}
	return out
}

// TestCompareTotalOnCoMatching checks the claim in Compare's doc: any two
// distinct patterns that both match a name are strictly ordered by the
// class and position rules alone (never by the text tie-break), and the
// order is antisymmetric and transitive.
func TestCompareTotalOnCoMatching(t *testing.T) {
	pats := allPatterns([]string{"a", "b", "*", ">"}, 3)
	for _, a := range pats {
		for _, b := range pats {
			if a.Text == b.Text {
				continue
			}
			if _, ok := Overlap(a, b); !ok {
				continue
			}
			if c, d := Compare(a, b), Compare(b, a); c == 0 || (c < 0) == (d < 0) {
				t.Fatalf("Compare(%q, %q) = %d, reverse %d", a.Text, b.Text, c, d)
			}
			if ruleOrder(a, b) == 0 {
				t.Fatalf("co-matching %q and %q are tied by the rules", a.Text, b.Text)
			}
			for _, c := range pats {
				if Compare(a, b) < 0 && Compare(b, c) < 0 && Compare(a, c) >= 0 {
					t.Fatalf("Compare not transitive on %q < %q < %q", a.Text, b.Text, c.Text)
				}
			}
		}
	}
}

// ruleOrder is Compare without the text tie-break.
func ruleOrder(a, b Pattern) int {
	if a.Class() != b.Class() || a.HasTail() && len(a.Elems) != len(b.Elems) {
		return 1
	}
	for i := 0; i < len(a.Elems) && i < len(b.Elems); i++ {
		if (a.Elems[i].Kind != Literal) != (b.Elems[i].Kind != Literal) {
			return 1
		}
	}
	return 0
}
