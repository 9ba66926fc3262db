package runtime

import "testing"

// TestVisits checks which automata a name of each length walks, and how
// they pair: only automata for any length or for the name's own, and
// two deterministic ones in a row of those walked together.
func TestVisits(t *testing.T) {
	m := &Matcher{Automata: []Automaton{
		{Start: 0, Deterministic: true},
		{Start: 1, Deterministic: true, Elements: 3},
		{Start: 2, Deterministic: true},
		{Start: 3, Deterministic: false, Elements: 4},
		{Start: 4, Deterministic: true, Elements: 4},
	}}
	m.setVisits()
	for _, tc := range []struct {
		n    int
		want string // starts; a pair as a+b
	}{
		{1, "0+2"},
		{3, "0+1 2"},
		{4, "0+2 3 4"},
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
