package runtime

// A plan carries the mask index's words (maskindex.go) as NewMatcher
// builds them (Compact.MaskIndex), so that NewMatcher lays the index out
// from the tables' columns and adopts the words in place instead of
// hashing every literal element of every pattern again: at 100,000
// wildcard-heavy destinations, a quarter of NewMatcher's time.
//
// A validated plan (DecodePlan) keeps them after checking their count
// against the layout its mask columns give: no word is an offset, and a
// wrong bit makes a lookup probe a table more or fewer, each in bounds
// (eachCandidate), as a plan whose tables hold the wrong patterns
// answers wrongly; checking each bit would cost what building them does.

// MaskIndexWords returns the index's words as Compact.MaskIndex holds
// them, or nil when no probe list has an index: what gen/plan writes
// into a plan from the Matcher it built.
func (m *Matcher) MaskIndexWords() []uint64 {
	if len(m.maskIdx.lists) == 0 {
		return nil
	}
	return append([]uint64(nil), m.maskIdx.words...)
}

// maskIndex checks Compact.MaskIndex: none, or as many words as the
// index of the plan's mask tables takes (laid out as NewMatcher lays it,
// from the columns masks checked).
func (v *planCheck) maskIndex() error {
	c := &v.c.Matcher
	if len(c.MaskIndex) == 0 {
		return nil
	}
	var m Matcher
	m.masks = make([]maskTable, len(c.Masks)/MaskStride)
	for i := range m.masks {
		m.masks[i].lits = uint64(c.Masks[i*MaskStride]) | uint64(c.Masks[i*MaskStride+1])<<32
	}
	m.setMaskDepths(c)
	words := m.layMaskIndex(func(t uint32) int { return tablePatterns(c.MaskEnds, int(t), len(c.MaskDests)) })
	if len(c.MaskIndex) != words {
		return v.count("MaskIndex", len(c.MaskIndex), words, "the index of the mask tables' probe lists")
	}
	return nil
}
