package runtime

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMaskFilterSize: filterWords gives maskFilterBits bits per pattern, in
// a power of two of words, at least one: pattern counts at, below and
// above the counts one, two and four words hold.
func TestMaskFilterSize(t *testing.T) {
	per := 64 / maskFilterBits // patterns a word holds
	for _, c := range []struct{ n, words int }{
		{0, 1}, {1, 1}, {per, 1}, {per + 1, 2}, {2 * per, 2}, {2*per + 1, 4}, {4 * per, 4}, {4*per + 1, 8},
	} {
		if got := filterWords(c.n); got != c.words {
			t.Errorf("filterWords(%d) = %d, want %d", c.n, got, c.words)
		}
	}
}

// TestMaskFilterRate: every pattern's key passes the filter (a table
// the filter rejects never holds the name), and few others do: random
// names of 6 elements against 32 tables of 512 patterns pass for about
// 1 probe in 580 (three bits of maskFilterBits per pattern; the names are
// seeded, so the count is the same on every run); the test allows 1 in
// 500: bit positions taken from the key's bit 0, which is always set,
// pass 1 in 430, one bit per key about 1 in 32.
func TestMaskFilterRate(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	c := maskCompact(32, 512, r)
	m := NewMatcher(c)
	keys := keys(c.MaskKeys, c.MaskKeyEnds)
	prev := uint32(0)
	for i, end := range c.MaskEnds { // each pattern as a name: its table passes
		lits := m.masks[i].lits
		for _, key := range keys[prev:end] {
			lit := strings.Split(key, ".")
			el := make([]string, 6)
			for j := range el {
				el[j] = "zz"
				if lits>>j&1 != 0 {
					el[j], lit = lit[0], lit[1:]
				}
			}
			var p path
			p.split(strings.Join(el, "."))
			var x maskName
			x.load(&p, 6)
			if !m.mayHold(x.keyOf(&m.masks[i])) {
				t.Fatalf("table %d rejects its pattern %q", i, key)
			}
		}
		prev = end
	}
	pass, probes := 0, 0
	for range 20000 {
		var el []string
		for range 6 {
			el = append(el, fmt.Sprintf("w%06d", r.IntN(1e6)))
		}
		var p path
		p.split(strings.Join(el, "."))
		var x maskName
		x.load(&p, 6)
		for i := range m.masks {
			probes++
			if m.mayHold(x.keyOf(&m.masks[i])) {
				pass++
			}
		}
	}
	if pass*500 > probes {
		t.Errorf("filter passes %d of %d probes of absent keys, want under 1 in 500", pass, probes)
	}
	t.Logf("filter passes %d of %d probes of absent keys", pass, probes)
}
