package runtime

import (
	"cmp"
	"slices"
	"unicode/utf8"
)

// A list automaton beside the index (a list whose literal, prefix and
// suffix policies did not fit the fold) runs first, and the index only
// when a policy of the index could come before its answer. floor says
// when: for each state, the lowest index policy that some name ending in
// that state can match. A name whose state accepts a policy below its
// floor is answered without a probe (at 100 policies of the general mix,
// the probes cost about as much as the automaton); so is a name whose
// state accepts nothing and has no floor.
//
// Each index policy contributes the states its names can end in: an
// exact literal the one it leads to; a prefix every state reachable from
// there (by any rune, or by any but a Java line terminator); a suffix the
// states its literal leads to from every state reachable from the start.
// A suffix of 8 bytes or more has no floor: the state does not say how
// the name ends, and its suffix would floor every state that a `.*` stays
// in. Find tests those suffixes by back8's filter instead (backBelow).
// A policy the index decides by a match function (a regexp, an automaton
// of its own), or with an anchor of another kind, is taken to reach every
// state. A floor may be lower than the lowest policy that really matches
// (a rune class is read whole, a policy's operations ignored): that costs
// a probe, never an answer.

// maxFloorWork bounds the work of floors (a state's transitions visited,
// a literal's rune stepped): about a hundredth of a second at
// initialisation. A list past it keeps probing the index on every name.
const maxFloorWork = 1 << 22

// floorKind is how an index entry's names end in the automaton.
type floorKind uint8

const (
	floorExact     floorKind = iota // the literal itself
	floorPrefix                     // the literal, then any runes
	floorPrefixLT                   // the literal, then any runes but line terminators
	floorSuffix                     // any runes, then the literal
	floorSuffixLT                   // any runes but line terminators, then the literal
	floorUniversal                  // any name
	floorBack                       // a suffix in back8, which Find tests itself
)

// floorEntry is one index entry as floors reads it.
type floorEntry struct {
	policy uint32
	kind   floorKind
	lit    string
}

// floorEntries lists c's entries outside the automata, ascending by
// policy.
func floorEntries(c *CompactPolicies) []floorEntry {
	var es []floorEntry
	start := uint32(0)
	for e, end := range c.LiteralEnds {
		if start > end || int(end) > len(c.Literals) || e >= len(c.EntryPolicy) || int(c.EntryPolicy[e]) >= len(c.Flags) {
			return []floorEntry{{kind: floorUniversal}} // malformed: assume the worst
		}
		lit, p := c.Literals[start:end], c.EntryPolicy[e]
		start = end
		flags := c.Flags[p]
		kind := floorUniversal
		switch check, anchor := flags&checkMask, flags&anchorMask; {
		case check == CheckAutomaton:
			continue
		case check == CheckMatch:
		case anchor == AnchorExact:
			kind = floorExact
		case anchor == AnchorAffix:
			kind = floorPrefix
			if e < len(c.AtEnd) && c.AtEnd[e] {
				kind = floorSuffix
			}
			if check == CheckNoLineTerminator {
				kind++ // the LT form follows each
			}
			if kind >= floorSuffix && len(lit) >= wordBytes {
				kind = floorBack
			}
		}
		es = append(es, floorEntry{policy: p, kind: kind, lit: lit})
	}
	slices.SortStableFunc(es, func(a, b floorEntry) int { return cmp.Compare(a.policy, b.policy) })
	return es
}

// floorer computes floors.
type floorer struct {
	a      *automaton
	floor  []uint32
	work   int
	any    []uint8 // the classes of every rune
	noLT   []uint8 // the classes of the runes that are not line terminators
	seen   [2][]bool
	stack  []uint16
	starts [2][]uint16 // the states reachable from the start, by any and noLT
}

// floors returns a's floor per state (see above) for the index policies
// of c, or nil past maxWork (maxFloorWork but in tests).
func floors(a *automaton, c *CompactPolicies, maxWork int) []uint32 {
	states := len(a.next) >> (a.shift & 15)
	f := &floorer{a: a, floor: make([]uint32, states)}
	for i := range f.floor {
		f.floor[i] = noPolicy
	}
	f.classes()
	f.seen = [2][]bool{make([]bool, states), make([]bool, states)}
	universal := noPolicy
	for _, e := range floorEntries(c) {
		switch e.kind {
		case floorExact:
			s := f.walk(a.start, e.lit)
			f.floor[s] = min(f.floor[s], e.policy)
		case floorPrefix, floorPrefixLT:
			f.reach(f.walk(a.start, e.lit), e.kind == floorPrefixLT, e.policy, true)
		case floorSuffix, floorSuffixLT:
			f.suffix(e.lit, e.kind == floorSuffixLT, e.policy)
		case floorBack:
		default:
			universal = min(universal, e.policy)
		}
		if f.work > maxWork {
			return nil
		}
	}
	for i := range f.floor {
		f.floor[i] = min(f.floor[i], universal)
	}
	return f.floor
}

// classes lists the classes of every rune and of the runes that are not
// Java line terminators (a class holding both is in both lists).
func (f *floorer) classes() {
	a := f.a
	var inAny, inNoLT [maxAutomatonClasses]bool
	add := func(k uint8, lt bool) {
		if !inAny[k] {
			inAny[k] = true
			f.any = append(f.any, k)
		}
		if !lt && !inNoLT[k] {
			inNoLT[k] = true
			f.noLT = append(f.noLT, k)
		}
	}
	for b, k := range a.ascii {
		add(k, b == '\n' || b == '\r')
	}
	for i, k := range a.runeClasses {
		lo := a.runeStarts[i]
		one := i+1 < len(a.runeStarts) && a.runeStarts[i+1] == lo+1 // a range of one rune
		add(k, one && (lo == 0x85 || lo == 0x2028 || lo == 0x2029))
	}
}

// walk returns the state lit leads to from s, a rune at a time.
func (f *floorer) walk(s uint16, lit string) uint16 {
	a := f.a
	for _, r := range lit { // an invalid byte is U+FFFD, as run reads it
		k := a.ascii[r&0x7F]
		if r >= utf8.RuneSelf {
			k = a.runeClass(r)
		}
		s = a.next[int(s)<<(a.shift&15)|int(k)]
		f.work++
	}
	return s
}

// reach visits the states reachable from s by the classes of any rune
// (or, noLT, of the runes that are not line terminators), giving each
// floor p when label. With label, a state seen by an earlier call (of a
// lower or equal p: callers go in ascending order) is not entered again,
// as what it reaches has its floor already; a noLT visit also skips the
// states an any visit saw. It returns the states visited.
func (f *floorer) reach(s uint16, noLT bool, p uint32, label bool) []uint16 {
	seen, classes := f.seen[0], f.any
	if noLT {
		seen, classes = f.seen[1], f.noLT
	}
	var mine []bool
	if !label {
		mine = make([]bool, len(f.floor))
		seen = mine
	}
	var out []uint16
	f.stack = append(f.stack[:0], s)
	for len(f.stack) > 0 {
		s := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		if seen[s] || label && f.seen[0][s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
		if label {
			f.floor[s] = min(f.floor[s], p)
		}
		row := int(s) << (f.a.shift & 15)
		for _, k := range classes {
			if t := f.a.next[row|int(k)]; !seen[t] {
				f.stack = append(f.stack, t)
			}
		}
		f.work += len(classes)
	}
	return out
}

// suffix gives floor p to the states lit leads to from every state
// reachable from the start (by the runes noLT says).
func (f *floorer) suffix(lit string, noLT bool, p uint32) {
	i := 0
	if noLT {
		i = 1
	}
	if f.starts[i] == nil {
		f.starts[i] = f.reach(f.a.start, noLT, p, false)
	}
	for _, s := range f.starts[i] {
		t := f.walk(s, lit)
		f.floor[t] = min(f.floor[t], p)
	}
}
