package runtime

import (
	"slices"
	"strings"
	"testing"
)

// floorIndex is tinyAutomaton's "ab" as policy 3 of a list, after an
// exact "a" (0), a prefix "ab" without line terminators (1) and a suffix
// "b" (2), which the index decides.
func floorIndex() *CompactPolicies {
	a := tinyAutomaton()
	a.Policies = []uint32{3}
	a.Accept = slices.Clone(a.Accept)
	for i, p := range a.Accept {
		if p == 0 {
			a.Accept[i] = 3
		}
	}
	c := compact([]testPolicy{
		{lits: []string{"a"}, anchor: AnchorExact},
		{lits: []string{"ab"}, check: CheckNoLineTerminator},
		{lits: []string{"b"}, suffix: true},
	})
	c.Flags = append(c.Flags, 1<<NumOps-1|CheckAutomaton)
	c.Automata = []PolicyAutomaton{a}
	return c
}

// TestFloors checks each state's floor on floorIndex: the dead state
// (0) is where "ab" then anything goes (1) and "b" from the start (2);
// "a" (state 2) is the exact literal (0); nothing of the index ends at
// the start (1); "ab" (3) is both the prefix and the suffix. Find runs
// the index where the floor is below the automaton's answer.
func TestFloors(t *testing.T) {
	c := floorIndex()
	x := NewPolicyIndex(c)
	if x.lead == nil {
		t.Fatal("no lead automaton")
	}
	if want := []uint32{1, noPolicy, 0, 1}; !slices.Equal(x.lead.floor, want) {
		t.Errorf("floors %v, want %v", x.lead.floor, want)
	}
	for name, want := range map[string]int{"a": 0, "ab": 1, "ab\n": -1, "b": 2, "xb": 2, "": -1, "abc": 1} {
		got, ok := x.Find(name, Publish, nil)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("Find(%q) = %d, want %d", name, got, want)
		}
	}
}

// TestFloorWork: floorIndex costs 25 steps (3 runes walked for the exact
// literal and the prefix, 2 states of 3 classes for the prefix's closure,
// 4 states of 3 classes reachable from the start and their 4 steps on
// "b"); floors gives up past its bound, not at it, and the index then
// runs the automaton after its probes, with the same answers.
func TestFloorWork(t *testing.T) {
	c := floorIndex()
	a := newAutomaton(&c.Automata[0], nil)
	for _, tc := range []struct {
		max int
		ok  bool
	}{{24, false}, {25, true}, {26, true}} {
		if got := floors(a, c, tc.max); (got != nil) != tc.ok {
			t.Errorf("floors within %d steps: %v, want floors %v", tc.max, got, tc.ok)
		}
	}
}

// TestFloorMalformed: an entry past the literals or the flags floors
// every state at 0, so Find always probes the index.
func TestFloorMalformed(t *testing.T) {
	c := floorIndex()
	c.LiteralEnds = append(slices.Clone(c.LiteralEnds), uint32(len(c.Literals)+1))
	c.EntryPolicy = append(slices.Clone(c.EntryPolicy), 0)
	a := newAutomaton(&c.Automata[0], nil)
	if got := floors(a, c, maxFloorWork); !slices.Equal(got, []uint32{0, 0, 0, 0}) {
		t.Errorf("floors of a malformed index %v, want all 0", got)
	}
}

// TestFloorMatch: a policy only its match function decides can match
// any name, so it floors every state, and Find calls it before
// answering with the automaton's later policy.
func TestFloorMatch(t *testing.T) {
	c := floorIndex()
	c.Flags[0] = c.Flags[0]&^(anchorMask|checkMask) | AnchorInfix | CheckMatch
	x := NewPolicyIndex(c)
	if x.lead == nil || !slices.Equal(x.lead.floor, []uint32{0, 0, 0, 0}) {
		t.Fatalf("floors %v, want all 0", x.lead.floor)
	}
	match := func(p int, name string) bool { return p == 0 && name == "ab" }
	if got, ok := x.Find("ab", Publish, match); !ok || got != 0 {
		t.Errorf("Find(ab) = %d, %v; want 0, true", got, ok)
	}
}

// TestLeadShare: floorIndex's automaton decides 1 policy of 4, a quarter
// (minLeadShare), and leads; beside one more index policy it does not
// (Find then runs it after the probes); deciding 2 of 4 it does. The
// answers are the same either way.
func TestLeadShare(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(c *CompactPolicies)
		lead  bool
		names map[string]int
	}{
		{"at", func(*CompactPolicies) {}, true, map[string]int{"a": 0, "ab": 1, "b": 2, "xab": 2, "ab\n": -1}},
		{"below", func(c *CompactPolicies) { // a 5th policy, exact "zz"
			c.Flags = append(c.Flags, 1<<NumOps-1|AnchorExact)
			c.Literals += "zz"
			c.LiteralEnds = append(c.LiteralEnds, uint32(len(c.Literals)))
			c.EntryPolicy, c.AtEnd = append(c.EntryPolicy, 4), append(c.AtEnd, false)
		}, false, map[string]int{"a": 0, "ab": 1, "b": 2, "zz": 4, "ab\n": -1}},
		{"above", func(c *CompactPolicies) { // policy 2 decided by the automaton, which never accepts it
			c.Flags[2] = 1<<NumOps - 1 | CheckAutomaton
			c.Automata[0].Policies = []uint32{2, 3}
		}, true, map[string]int{"a": 0, "ab": 1, "b": -1, "ab\n": -1}},
	} {
		c := floorIndex()
		c.LiteralEnds, c.EntryPolicy, c.AtEnd, c.Flags = slices.Clone(c.LiteralEnds), slices.Clone(c.EntryPolicy), slices.Clone(c.AtEnd), slices.Clone(c.Flags)
		tc.edit(c)
		x := NewPolicyIndex(c)
		if (x.lead != nil) != tc.lead {
			t.Errorf("%s: lead %v, want %v", tc.name, x.lead != nil, tc.lead)
		}
		checkFinds(t, tc.name, x, tc.names)
	}
}

// bPlus is an automaton of "b+" deciding policy p.
func bPlus(p uint32) PolicyAutomaton {
	ascii := []byte(strings.Repeat("\x00", 128))
	ascii['b'] = 1
	return PolicyAutomaton{
		Policies: []uint32{p}, ASCII: string(ascii), RuneStarts: []uint32{0x80}, RuneClasses: "\x00",
		Classes: 2, Start: 1, Next: []uint16{0, 0, 0, 2, 0, 2},
		Accept: []uint32{noPolicy, noPolicy, noPolicy, noPolicy, p, p},
	}
}

// TestLeadBack: names of 7, 8 and 9 bytes, where Find's test of back8
// starts, with a lead automaton of "b+": beside an exact "zz" (back8
// empty: it has no filter to probe), it answers alone; after a suffix of
// 8 b's (back8), the suffix comes first on names of 8 bytes or more.
func TestLeadBack(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pols  []testPolicy
		auto  uint32
		names map[string]int
	}{
		{"empty", []testPolicy{{}, {lits: []string{"zz"}, anchor: AnchorExact}}, 0, map[string]int{
			"bbbbbbb": 0, "bbbbbbbb": 0, "bbbbbbbbb": 0, "zz": 1, "bbbbbbbbz": -1,
		}},
		{"suffix", []testPolicy{{lits: []string{"bbbbbbbb"}, suffix: true}, {}}, 1, map[string]int{
			"bbbbbbb": 1, "bbbbbbbb": 0, "bbbbbbbbb": 0, "abbbbbbbb": 0, "bbbbbbbba": -1, "abbbbbbb": -1,
		}},
	} {
		c := compact(tc.pols)
		c.Flags[tc.auto] = 1<<NumOps - 1 | CheckAutomaton
		c.Automata = []PolicyAutomaton{bPlus(tc.auto)}
		x := NewPolicyIndex(c)
		if x.lead == nil {
			t.Fatalf("%s: no lead automaton", tc.name)
		}
		if got := x.back8.minPolicy != noPolicy; got != (tc.name == "suffix") {
			t.Errorf("%s: back8 holds entries: %v", tc.name, got)
		}
		checkFinds(t, tc.name, x, tc.names)
	}
}

// checkFinds checks Find's answer for publish on each name (-1: none).
func checkFinds(t *testing.T, label string, x *PolicyIndex, names map[string]int) {
	t.Helper()
	for name, want := range names {
		got, ok := x.Find(name, Publish, nil)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("%s: Find(%q) = %d; want %d", label, name, got, want)
		}
	}
}
