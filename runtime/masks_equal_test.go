package runtime

import (
	"strings"
	"testing"
)

// TestMaskEqualRuns: maskName.equal compares each run of consecutive
// literal positions as one substring; a key must match the name's
// elements at lits, joined by dots, and nothing else. The cases put runs
// first, in the middle, last, of one element, and over all MaxElements
// positions (the run that ends at bit 64).
func TestMaskEqualRuns(t *testing.T) {
	var all []string
	for i := range MaxElements {
		all = append(all, string(rune('a'+i%26)))
	}
	long := strings.Join(all, ".")
	changed := strings.Join(all[:MaxElements-1], ".") + ".z"
	full := ^uint64(0)
	for _, tc := range []struct {
		name, key string
		lits      uint64
		want      bool
	}{
		{"a.b.c.d", "a.b.c", 0b0111, true},
		{"a.b.c.d", "a.b.x", 0b0111, false},
		{"a.b.c.d", "x.b.c", 0b0111, false},
		{"a.b.c.d", "a.b", 0b0111, false},
		{"a.b.c.d", "a.b.c.d", 0b0111, false},
		{"a.b.c.d", "a.bc", 0b0111, false},
		{"a.b.c.d", "a.c.d", 0b1101, true},
		{"a.b.c.d", "a.c.x", 0b1101, false},
		{"a.b.c.d", "a.c", 0b1101, false},
		{"a.b.c.d", "a.b.d", 0b1101, false},
		{"a.b.c.d", "ac.d", 0b1101, false},
		{"a.b.c.d", "b.d", 0b1010, true},
		{"a.b.c.d", "b.c", 0b1010, false},
		{"a.b.c.d", "b", 0b0010, true},
		{"a.b.c.d", "b.c", 0b0110, true},
		{"ab.cd.ef", "cd.ef", 0b110, true},
		{"ab.cd.ef", "cd.e", 0b110, false},
		{"ab.cd.ef", "cd.efg", 0b110, false},
		{long, long, full, true},
		{long, changed, full, false},
		{changed, long, full, false},
		{long, "l", 1 << (MaxElements - 1), true},
		{long, "k", 1 << (MaxElements - 1), false},
	} {
		var p path
		if !p.split(tc.name) {
			t.Fatalf("%q: invalid", tc.name)
		}
		var x maskName
		x.load(&p, p.n)
		if got := x.equal(tc.key, tc.lits); got != tc.want {
			t.Errorf("name %q, key %q, lits %b: equal %v, want %v", tc.name, tc.key, tc.lits, got, tc.want)
		}
	}
}
