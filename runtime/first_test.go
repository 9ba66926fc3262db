package runtime

import (
	"fmt"
	"strings"
	"testing"
)

// TestFirstFilter checks Automaton.first, the start states' wider filter:
// it admits every element a start state has an edge for (a false negative
// would lose a match), only those of its own automaton's start, and few
// others.
func TestFirstFilter(t *testing.T) {
	const perStart = 300 // a wide start state, as at wild 10k
	c := &Compact{Rank: []uint32{0}, DestACL: make([]uint32, NumOps), Sets: []uint64{0}, SetWords: 1, PrincipalKeys: "p", PrincipalEnds: []uint32{1}}
	node := func() uint32 {
		c.Nodes = append(c.Nodes, -1, -1, -1)
		c.States = append(c.States, make([]uint32, StateStride)...)
		return uint32(len(c.Nodes)/NodeStride - 1)
	}
	elem := func(start uint32, i int) string {
		// Lengths up to 20: one word, two words and long keys.
		e := fmt.Sprintf("%d%c%d", start, 'a'+i%26, i) + strings.Repeat("x", i%20)
		return e[:min(len(e), 20)]
	}
	var starts []uint32
	for range 2 {
		s := node()
		starts = append(starts, s)
		c.Automata = append(c.Automata, s, 1, 0)
		seen := map[string]bool{}
		for i := range perStart {
			e := elem(s, i)
			if seen[e] {
				continue
			}
			seen[e] = true
			c.EdgeKeys += e
			c.EdgeEnds = append(c.EdgeEnds, uint32(len(c.EdgeKeys)))
			c.EdgeFrom = append(c.EdgeFrom, s)
			c.EdgeTo = append(c.EdgeTo, node())
		}
	}
	m := NewMatcher(c)
	edges := keys(c.EdgeKeys, c.EdgeEnds)
	for i, e := range edges {
		for k, s := range starts {
			got := m.Automata[k].firstFilter(firstWord(e, 0, len(e)), len(e))
			if s == c.EdgeFrom[i] && got != ^uint32(0) {
				t.Fatalf("automaton %d: first element %q of an edge of its start is filtered out", k, e)
			}
		}
	}
	passed, absent := 0, 0
	for i := range 10000 {
		e := fmt.Sprintf("absent%d", i)
		absent++
		if m.Automata[0].firstFilter(firstWord(e, 0, len(e)), len(e)) != 0 {
			passed++
		}
	}
	// About perStart/2048 of the bits are set.
	if rate := float64(passed) / float64(absent); rate > 0.2 {
		t.Errorf("%.1f%% of absent elements pass the first-element filter", 100*rate)
	}
}
