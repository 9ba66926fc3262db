package runtime

import (
	"fmt"
	"testing"
)

// TestVisits checks which automata a name of each length walks, and how
// they pair: only automata for any length or for the name's own, two in
// a row of those walked together, an odd one last alone.
func TestVisits(t *testing.T) {
	m := &Matcher{Automata: []Automaton{
		{Start: 0},
		{Start: 1, Elements: 3},
		{Start: 2},
		{Start: 3, Elements: 4},
		{Start: 4, Elements: 4},
	}}
	m.Nodes = make([]Node, 5)
	m.setVisits(0) // every two admitted automata paired
	for _, tc := range []struct {
		n    int
		want string // automata (here their starts too); a pair as a+b
	}{
		{1, "0+2"},
		{3, "0+1 2"},
		{4, "0+2 3+4"},
	} {
		if got := visitsString(m, tc.n); got != tc.want {
			t.Errorf("visitsOf(%d) = %s; want %s", tc.n, got, tc.want)
		}
	}
}

// TestVisitsPairLarge: only automata of at least minPairNodes states
// each are paired (at, below and above it), and one too small to pair is
// visited after the large one before it: the visits keep the automata's
// order, which is precedence's (resolveSlow stops at the first pattern
// an automaton ends on).
func TestVisitsPairLarge(t *testing.T) {
	const p = minPairNodes
	sizes := []int{p, p - 1, p + 1, p, p}
	m := &Matcher{Automata: make([]Automaton, len(sizes))}
	start := 0
	for i, n := range sizes {
		m.Automata[i].Start = int32(start)
		start += n
	}
	m.Automata[4].Elements = 3
	m.Nodes = make([]Node, start)
	m.setVisits(minPairNodes)
	for _, tc := range []struct {
		n    int
		want string // automata by index; a pair as a+b
	}{
		{1, "0 1 2+3"},
		{3, "0 1 2+3 4"},
	} {
		if got := visitsString(m, tc.n); got != tc.want {
			t.Errorf("visits of %d elements = %s; want %s", tc.n, got, tc.want)
		}
	}
}

// visitsString writes the visits of a name of n elements as the indexes
// of their automata, a pair as a+b.
func visitsString(m *Matcher, n int) string {
	index := func(a *Automaton) int {
		for i := range m.Automata {
			if &m.Automata[i] == a {
				return i
			}
		}
		return -1
	}
	got := ""
	for i, v := range m.visits[n] {
		if i > 0 {
			got += " "
		}
		got += fmt.Sprint(index(v.a))
		if v.b != nil {
			got += fmt.Sprintf("+%d", index(v.b))
		}
	}
	return got
}
