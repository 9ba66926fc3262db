package runtime

// PairWalks makes m walk every two automata a name length admits in
// lockstep (resolvePair), whatever their size, and returns how many
// such pairs it has. NewMatcher pairs only automata of minPairNodes
// states or more, which the small configs of tests never have: this is
// how gen/plan's tests reach the paired walk, and it is for tests only.
// It must be called before m's first lookup.
func PairWalks(m *Matcher) int {
	m.setVisits(0)
	pairs := 0
	for _, vs := range m.visits {
		for _, v := range vs {
			if v.b != nil {
				pairs++
			}
		}
	}
	return pairs
}
