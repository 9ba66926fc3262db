package runtime

import (
	"slices"
	"strconv"
)

// A plan carries each policy automaton's composed step tables (the pair
// and quad tables, see automaton) as PolicyAutomaton.Steps, so that
// NewPolicyIndex adopts them where it composed them: composing was
// nearly all of NewPolicyIndex's work (its columns' map of states ×
// symbols² keys), 64% of a generated package's init at 10,000 exact
// names with the scale configs' 1,000 policies.
//
// Steps holds, one after another, in the expanded automaton's state
// numbering (newAutomaton's renumbering, which depends on the automaton
// alone): pairClass ((Classes+1) << classShift entries, each a pair
// symbol), pair (states << pairShift, each a state), quadClass
// (PairSymbols << pairShift, each a quad symbol) and quad (states <<
// quadShift, each a state), each shift the log2 of its symbols rounded
// up to a power of two; without a quad table (QuadSymbols 0) the last
// two are absent. PairSymbols 0 carries nothing (NewPolicyIndex composes
// the tables), NoPairTables says the automaton has none (too large to
// compose: NewPolicyIndex does not try).
//
// checkSteps bounds every entry by what it indexes, so that adopted
// tables keep run's loads, colAt's unchecked one included, in range on
// any plan; whether they agree with Next it does not check (that would
// cost about what composing does): a hostile plan's answers are then
// meaningless, as they are with a hostile Next, never out of bounds.

// NoPairTables is PolicyAutomaton.PairSymbols for an automaton whose
// plan says it has no pair tables.
const NoPairTables = ^uint32(0)

// maxStepSymbols bounds a composed table's symbols: compose numbers them
// in 16 bits.
const maxStepSymbols = 1 << 16

// stepLayout is where each part of a carried Steps ends, and the shifts
// that index them.
type stepLayout struct {
	classShift, pairShift, quadShift          uint8
	pairClassEnd, pairEnd, quadClassEnd, size uint64
}

// layout returns c's step layout for states states, and "" or what is
// wrong with c's symbol counts. Sizes are computed in 64 bits, so that a
// hostile count cannot wrap them.
func (c *PolicyAutomaton) layout(states uint64) (stepLayout, string) {
	var l stepLayout
	pair, quad := uint64(c.PairSymbols), uint64(c.QuadSymbols)
	switch {
	case c.Classes == 0 || c.Classes+1 > maxAutomatonClasses:
		return l, "pair tables for " + itoa(int(c.Classes)) + " classes, want 1 to " + itoa(maxAutomatonClasses-1)
	case pair == 0 || pair > maxStepSymbols || pair*states > maxPairEntries:
		return l, "pair symbols " + utoa(pair) + " for " + utoa(states) + " states, want 1 to " + itoa(maxStepSymbols) + " and at most " + itoa(maxPairEntries) + " entries"
	case quad > maxStepSymbols || quad*states > maxPairEntries:
		return l, "quad symbols " + utoa(quad) + " for " + utoa(states) + " states, want at most " + itoa(maxStepSymbols) + " and " + itoa(maxPairEntries) + " entries"
	}
	l.classShift = uint8(log2(pow2AtLeast(int(c.Classes) + 1)))
	l.pairShift = uint8(log2(pow2AtLeast(int(pair))))
	l.pairClassEnd = uint64(c.Classes+1) << l.classShift
	l.pairEnd = l.pairClassEnd + states<<l.pairShift
	l.quadClassEnd, l.size = l.pairEnd, l.pairEnd
	if quad > 0 {
		l.quadShift = uint8(log2(pow2AtLeast(int(quad))))
		l.quadClassEnd = l.pairEnd + pair<<l.pairShift
		l.size = l.quadClassEnd + states<<l.quadShift
	}
	return l, ""
}

func utoa(x uint64) string { return strconv.FormatUint(x, 10) }

// checkSteps reports whether c's carried step tables can be adopted for
// its states (len(Next)/Classes): -1 and "" when they can or c carries
// none; else the index in Steps of the first bad entry, or -1 when the
// counts are wrong, and what is wrong.
func (c *PolicyAutomaton) checkSteps() (int, string) {
	switch {
	case c.PairSymbols == 0 || c.PairSymbols == NoPairTables:
		if len(c.Steps) != 0 || c.QuadSymbols != 0 {
			return -1, "no pair tables, but " + itoa(len(c.Steps)) + " step entries and " + utoa(uint64(c.QuadSymbols)) + " quad symbols"
		}
		return -1, ""
	case c.Classes == 0 || len(c.Next)%int(c.Classes) != 0 || len(c.Next) == 0 || len(c.Next)/int(c.Classes) > MaxAutomatonStates:
		return -1, "pair tables for a malformed automaton"
	}
	states := uint64(len(c.Next) / int(c.Classes))
	l, msg := c.layout(states)
	if msg != "" {
		return -1, msg
	}
	if uint64(len(c.Steps)) != l.size {
		return -1, itoa(len(c.Steps)) + " step entries, want " + utoa(l.size) + " (pair classes, pair, quad classes, quad)"
	}
	for _, part := range [4]struct {
		start, end, n uint64
	}{{0, l.pairClassEnd, uint64(c.PairSymbols)}, {l.pairClassEnd, l.pairEnd, states}, {l.pairEnd, l.quadClassEnd, uint64(c.QuadSymbols)}, {l.quadClassEnd, l.size, states}} {
		if j := firstAtLeast(c.Steps[part.start:part.end], part.n); j >= 0 {
			return int(part.start) + j, "step entry " + itoa(int(c.Steps[int(part.start)+j])) + " out of range (" + utoa(part.n) + ")"
		}
	}
	return -1, ""
}

// firstAtLeast is the index of the first entry of s that is n or more,
// or -1. It takes the maximum first, without a branch an entry could
// mispredict, and looks for the entry only when that is too large.
func firstAtLeast(s []uint16, n uint64) int {
	if uint64(max16(s)) < n {
		return -1
	}
	for j, x := range s {
		if uint64(x) >= n {
			return j
		}
	}
	return -1
}

// max16 is the largest entry of s, 0 for none. Four running maxima, not
// slices.Max's one: each step of one waits for the last, and checking
// exact 100k's 0.9 MB of carried steps took 6% of DecodePlan's time.
func max16(s []uint16) uint16 {
	var m0, m1, m2, m3 uint16
	i := 0
	for ; i+4 <= len(s); i += 4 {
		q := s[i : i+4 : i+4]
		m0, m1, m2, m3 = max(m0, q[0]), max(m1, q[1]), max(m2, q[2]), max(m3, q[3])
	}
	for ; i < len(s); i++ {
		m0 = max(m0, s[i])
	}
	return max(m0, m1, m2, m3)
}

// adoptSteps gives a c's carried step tables and reports whether it
// did: false when c carries none or they fail checkSteps (the caller
// then composes them). states is a's.
func (a *automaton) adoptSteps(c *PolicyAutomaton, states int) bool {
	if c.PairSymbols == 0 {
		return false
	}
	if _, msg := c.checkSteps(); msg != "" || len(c.Next) != states*int(c.Classes) {
		return false
	}
	if c.PairSymbols == NoPairTables {
		if c.Classes+1 <= maxAutomatonClasses { // as pairs leaves them
			a.padClass, a.classShift = uint8(c.Classes), uint8(log2(pow2AtLeast(int(c.Classes)+1)))
		}
		return true
	}
	l, _ := c.layout(uint64(states))
	a.padClass, a.classShift = uint8(c.Classes), l.classShift
	a.pairClass, a.pair, a.pairShift = c.Steps[:l.pairClassEnd:l.pairClassEnd], c.Steps[l.pairClassEnd:l.pairEnd:l.pairEnd], l.pairShift
	if c.QuadSymbols > 0 {
		a.quadClass, a.quad, a.quadShift = c.Steps[l.pairEnd:l.quadClassEnd:l.quadClassEnd], c.Steps[l.quadClassEnd:l.size:l.size], l.quadShift
	}
	return true
}

// CarrySteps returns a copy of c with its step tables (Steps,
// PairSymbols, QuadSymbols) as NewPolicyIndex builds them: what a plan
// carries. A c that carries them already is returned as it is.
func (c PolicyAutomaton) CarrySteps() PolicyAutomaton {
	if c.PairSymbols != 0 {
		return c
	}
	a := newAutomaton(&c, nil)
	if a.pairClass == nil {
		c.PairSymbols = NoPairTables
		return c
	}
	c.PairSymbols = uint32(slices.Max(a.pairClass)) + 1 // compose numbers the symbols densely
	c.Steps = append(append([]uint16(nil), a.pairClass...), a.pair...)
	if a.quad != nil {
		c.QuadSymbols = uint32(slices.Max(a.quadClass)) + 1
		c.Steps = append(append(c.Steps, a.quadClass...), a.quad...)
	}
	return c
}

// autoStepStride is AutoStepMeta's words per automaton: PairSymbols,
// QuadSymbols, and the end of its Steps in AutoSteps.
const autoStepStride = 3

// stepColumns appends a's step tables, built here if a does not carry
// them, to the AutoStep* columns.
func (c *planColumns) stepColumns(a *PolicyAutomaton) {
	s := a.CarrySteps()
	c.AutoSteps = append(c.AutoSteps, s.Steps...)
	c.AutoStepMeta = append(c.AutoStepMeta, s.PairSymbols, s.QuadSymbols, uint32(len(c.AutoSteps)))
}

// steps gives automaton i, a, its step tables from the AutoStep*
// columns: a capped sub-slice of AutoSteps, its ends clamped as
// automata's are; none when AutoStepMeta has no record for it.
func (c *planColumns) steps(i int, a *PolicyAutomaton) {
	if (i+1)*autoStepStride > len(c.AutoStepMeta) {
		return
	}
	m := c.AutoStepMeta[i*autoStepStride : (i+1)*autoStepStride]
	start := uint32(0)
	if i > 0 {
		start = c.AutoStepMeta[i*autoStepStride-1]
	}
	start = min(start, uint32(len(c.AutoSteps)))
	end := min(max(m[2], start), uint32(len(c.AutoSteps)))
	a.PairSymbols, a.QuadSymbols, a.Steps = m[0], m[1], c.AutoSteps[start:end:end]
}
