package runtime

import "testing"

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
	m.setVisits()
	for _, tc := range []struct {
		n    int
		want string // starts; a pair as a+b
	}{
		{1, "0+2"},
		{3, "0+1 2"},
		{4, "0+2 3+4"},
	} {
		got := ""
		for i, v := range m.visits[tc.n] {
			if i > 0 {
				got += " "
			}
			got += string(rune('0' + v.a.Start))
			if v.b != nil {
				got += "+" + string(rune('0'+v.b.Start))
			}
		}
		if got != tc.want {
			t.Errorf("visitsOf(%d) = %s; want %s", tc.n, got, tc.want)
		}
	}
}
