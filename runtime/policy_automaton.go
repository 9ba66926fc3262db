package runtime

import (
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"
	"unsafe"
)

// PolicyAutomaton is a deterministic automaton that decides general
// policies (those only a regexp engine could match before), as generated
// code carries it: data, which NewPolicyIndex expands and Find runs with
// one small loop, whether the plan was compiled into a package or loaded
// by a running broker.
//
// The automaton reads the name one rune at a time, as Go's regexp does: a
// byte below 0x80 is its own rune, anything else is decoded with
// utf8.DecodeRuneInString, so an invalid byte is U+FFFD of width one,
// exactly as regexp reads it. Runes are first mapped to classes (runes no
// pattern tells apart share one), then state s goes to Next[s*Classes+c]
// on class c. State 0 is dead: no name reaching it matches, so the loop
// stops there. A name that ends in state s matches, for operation op, the
// policy Accept[s*numOps+op] (the lowest-numbered of Policies enabled for
// op whose pattern matches it: Broker-J's first match), or none when that
// is ^0.
type PolicyAutomaton struct {
	Policies []uint32 // the policies it decides, ascending
	// ASCII is the class of each rune below 0x80, one byte each.
	ASCII string
	// RuneStarts and RuneClasses give the class of a rune r >= 0x80:
	// RuneClasses[i] for the last i with RuneStarts[i] <= r. RuneStarts
	// ascends from 0x80.
	RuneStarts  []uint32
	RuneClasses string
	Classes     uint32
	Start       uint32
	Next        []uint16
	Accept      []uint32
	// Steps, PairSymbols and QuadSymbols are the composed step tables
	// NewPolicyIndex would build (policy_steps.go), carried by a plan so
	// that it adopts them instead; nil Steps: it builds them.
	Steps                    []uint16
	PairSymbols, QuadSymbols uint32
}

// MaxAutomatonStates bounds an automaton's states, so that a state fits
// Next's 16 bits. The generator keeps its automata far smaller (see
// gen/plan's maxPolicyStates).
const MaxAutomatonStates = 1 << 16

// maxPairEntries bounds an automaton's pair and quad tables (1 MB
// each), and maxPairWork the work of finding their columns (states ×
// symbols², about 50 ms), done once at initialisation. A list automaton
// of 100 general policies (503 states, 59 classes, 302 pair symbols with
// runWords' padding symbol) needs a table that size: with it, AutoCreate
// on its hits went from 90 to 52 ns (thread CPU time, 3 interleaved
// passes, 2026-12-01, against 256 KB); past it the loop reads one rune a
// load. A name touches a few entries of it, not the megabyte.
const (
	maxPairEntries = 1 << 19
	maxPairWork    = 1 << 24
)

// numOps is NumOps as an int, for indexing Accept.
const numOps = int(NumOps)

// maxAutomatonClasses bounds an automaton's rune classes: a class is a
// byte of ASCII and RuneClasses.
const maxAutomatonClasses = 256

// Validate reports whether a is well formed: a loader of plans from
// outside should reject one that is not. NewPolicyIndex never reads out
// of bounds even on an automaton that fails it, but answers for it are
// then meaningless.
func (a *PolicyAutomaton) Validate() error {
	if a.Classes == 0 || a.Classes > maxAutomatonClasses {
		return fmt.Errorf("automaton: %d classes, want 1 to %d", a.Classes, maxAutomatonClasses)
	}
	states := uint32(len(a.Next)) / a.Classes
	switch {
	case len(a.ASCII) != utf8.RuneSelf:
		return fmt.Errorf("automaton: ASCII has %d classes, want %d", len(a.ASCII), utf8.RuneSelf)
	case len(a.RuneStarts) != len(a.RuneClasses) || len(a.RuneStarts) == 0 || a.RuneStarts[0] != utf8.RuneSelf:
		return errors.New("automaton: RuneStarts must start at 0x80 and match RuneClasses")
	case uint32(len(a.Next))%a.Classes != 0 || states == 0 || states > MaxAutomatonStates:
		return fmt.Errorf("automaton: %d transitions for %d classes", len(a.Next), a.Classes)
	case a.Start >= states:
		return fmt.Errorf("automaton: start state %d of %d", a.Start, states)
	case len(a.Accept) != int(states)*numOps:
		return fmt.Errorf("automaton: %d accept entries for %d states", len(a.Accept), states)
	}
	for i := 1; i < len(a.RuneStarts); i++ {
		if a.RuneStarts[i] <= a.RuneStarts[i-1] {
			return errors.New("automaton: RuneStarts do not ascend")
		}
	}
	for _, c := range []byte(a.ASCII + a.RuneClasses) { // bytes: a class of 128 or more is not UTF-8
		if uint32(c) >= a.Classes {
			return fmt.Errorf("automaton: class %d of %d", c, a.Classes)
		}
	}
	for _, s := range a.Next {
		if uint32(s) >= states {
			return fmt.Errorf("automaton: transition to state %d of %d", s, states)
		}
	}
	for _, p := range a.Accept {
		if p != noPolicy && !containsPolicy(a.Policies, p) {
			return fmt.Errorf("automaton: accepts policy %d, not one of its own", p)
		}
	}
	return nil
}

func containsPolicy(ps []uint32, p uint32) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// automaton is a PolicyAutomaton expanded for Find: states renumbered so
// that the dead state is 0 and the skip states (below) come next, rows
// padded to a power of two of classes so that a transition is a shift,
// an or and a load.
type automaton struct {
	ascii       [utf8.RuneSelf]uint8
	runeStarts  []uint32
	runeClasses []uint8
	next        []uint16
	// pair, when small enough, is next for two ASCII runes at once: a
	// name's transitions are a chain of dependent loads, and taking two
	// bytes a load halves it. Its columns are the distinct pairs of
	// classes (pairClass, by first class << shift | second class): most
	// pairs act alike, so a list automaton of 34 classes has a few
	// hundred, not 34². Nil for a large automaton.
	pair      []uint16
	pairClass []uint16
	pairShift uint8
	// quad is pair's own pair table: four ASCII runes a load.
	quad      []uint16
	quadClass []uint16
	quadShift uint8
	// pairClass is indexed by first class << classShift | second class:
	// pair and quad read one symbol more than the classes, padByte's
	// (padClass), which leaves every state as it is, so that runWords
	// can run a name's last 1 to 7 bytes as one padded word.
	classShift uint8
	padClass   uint8
	// chunk, for a list automaton with pair tables (words), is the pair
	// symbol of the two bytes of a little-endian 16-bit chunk (ASCII or
	// padByte): one load where pairClass takes three, and no bounds
	// check. Its 128 KB are not spent on a policy's own automaton, of
	// which a config may have thousands.
	chunk *[1 << 16]uint16
	// quadRows, with chunk, is quad with each state given as the start
	// of its row (state << quadShift), so that runQuads' chain of
	// dependent loads has no shift between them.
	quadRows []uint32
	// cols, with chunk and without quad tables, replaces pair: pair
	// symbol x's column, the successor of every state, starts at
	// colOff[x], so that runWords' step is colAt(cols, colOff[x], s),
	// one load indexed by the state, its column found from the name's
	// bytes alone beside the chain. pair's rows took a load, a shift and
	// an or a step: on the hits of 100 general policies (about 11 steps
	// a name) the walk went from 17.1 to 14.0 ns (thread CPU time,
	// minima of 25 interleaved passes, load 8-16, 2026-12-02).
	cols   []uint16
	colOff []uint32
	accept []uint32
	shift  uint8
	start  uint16
	// States 1 to lastSkip go to themselves on every byte from 0x0E to
	// 0x7F: a `.*` that only a line terminator or a non-ASCII rune
	// leaves. The loop passes such a state's run of those bytes eight at
	// a time (suspect), as NoLineTerminator does.
	lastSkip  uint16
	minPolicy [NumOps]uint32 // the lowest policy accepted for each op
	// floor, for PolicyIndex.lead, is per state the lowest policy of the
	// index that a name ending there could match (policy_floor.go).
	floor []uint32
}

// automatonDims are the states and classes newAutomaton expands c to,
// clamped, and the shift of its transition table's rows.
func automatonDims(c *PolicyAutomaton) (states int, classes uint32, shift uint8) {
	classes = min(max(c.Classes, 1), maxAutomatonClasses)
	states = min(len(c.Next)/int(classes), MaxAutomatonStates)
	if states == 0 {
		states, classes = 1, 1
	}
	return states, classes, uint8(log2(pow2AtLeast(int(classes))))
}

// newAutomaton expands c, clamping anything out of range to the dead
// state so that a malformed automaton cannot make run read out of bounds.
// Its transition table comes from room (roomSlice).
func newAutomaton(c *PolicyAutomaton, room *tableRoom) *automaton {
	states, classes, shift := automatonDims(c)
	a := &automaton{shift: shift}
	class := func(s string, i int) uint8 {
		if i < len(s) && uint32(s[i]) < classes {
			return s[i]
		}
		return 0
	}
	for i := range a.ascii {
		a.ascii[i] = class(c.ASCII, i)
	}
	for i := 0; i < len(c.RuneStarts) && i < len(c.RuneClasses); i++ {
		a.runeStarts = append(a.runeStarts, c.RuneStarts[i])
		a.runeClasses = append(a.runeClasses, class(c.RuneClasses, i))
	}
	old := func(s, k int) int { // state s's successor on class k, in c's numbering
		if i := s*int(classes) + k; i < len(c.Next) && int(c.Next[i]) < states {
			return int(c.Next[i])
		}
		return 0
	}
	order := a.renumber(states, old)
	a.next = roomSlice[uint16](room, states<<a.shift)
	a.accept = make([]uint32, states*numOps)
	for s, n := range order {
		for k := 0; k < int(classes); k++ {
			a.next[int(n)<<a.shift|k] = order[old(s, k)]
		}
		for op := range numOps {
			p := noPolicy
			if i := s*numOps + op; i < len(c.Accept) && s != 0 {
				p = c.Accept[i]
			}
			a.accept[int(n)*numOps+op] = p
		}
	}
	for i, p := range a.accept {
		a.minPolicy[i%numOps] = min(a.minPolicy[i%numOps], p)
	}
	if !a.adoptSteps(c, states) {
		a.pairs(states, int(classes))
	}
	if int(c.Start) < states {
		a.start = order[c.Start]
	}
	return a
}

// pairs builds the pair and quad tables, if they fit, over the classes
// and padClass, and bytePair.
func (a *automaton) pairs(states, classes int) {
	if classes+1 > maxAutomatonClasses {
		return
	}
	a.padClass = uint8(classes)
	a.classShift = uint8(log2(pow2AtLeast(classes + 1)))
	one := stepTable{next: make([]uint16, states<<a.classShift), shift: a.classShift, symbols: classes + 1}
	for s := range states {
		copy(one.next[s<<a.classShift:], a.next[s<<a.shift:s<<a.shift+classes])
		one.next[s<<a.classShift|classes] = uint16(s)
	}
	two, ok := compose(one, states)
	if !ok {
		return
	}
	a.pair, a.pairClass, a.pairShift = two.next, two.class, two.shift
	if four, ok := compose(two, states); ok {
		a.quad, a.quadClass, a.quadShift = four.next, four.class, four.shift
	}
}

// padByte stands for a byte past the name's end in runWords' last word.
const padByte = utf8.RuneSelf

// words builds chunk, if a has pair tables, its tables from room.
func (a *automaton) words(room *tableRoom) {
	if a.pair == nil {
		return
	}
	class := func(b uint16) int {
		if b == padByte {
			return int(a.padClass)
		}
		return int(a.ascii[b&0x7F])
	}
	if a.quad != nil {
		a.quadRows = roomSlice[uint32](room, len(a.quad))
		for i, t := range a.quad {
			a.quadRows[i] = uint32(t) << (a.quadShift & 15)
		}
	}
	a.chunk = (*[1 << 16]uint16)(roomSlice[uint16](room, 1<<16))
	for b0 := range uint16(padByte + 1) {
		for b1 := range uint16(padByte + 1) {
			a.chunk[b1<<8|b0] = a.pairClass[class(b0)<<a.classShift|class(b1)]
		}
	}
	if a.quad == nil {
		a.columns(room)
	}
}

// columns moves pair into cols, by column (see cols), cols from room.
func (a *automaton) columns(room *tableRoom) {
	states, syms := len(a.pair)>>(a.pairShift&15), int(slices.Max(a.pairClass))+1
	a.cols = roomSlice[uint16](room, states*syms)
	a.colOff = make([]uint32, syms)
	for x := range syms {
		a.colOff[x] = uint32(x * states)
		for s := range states {
			a.cols[x*states+s] = a.pair[s<<(a.pairShift&15)|x]
		}
	}
	a.pair = nil
}

// stepTable is a transition table over some alphabet of symbols:
// next[s<<shift|x] for symbol x of state s. A composed table's symbols
// are the distinct pairs of its parts' symbols: pair (x, y) is symbol
// class[x<<part.shift|y].
type stepTable struct {
	next    []uint16
	class   []uint16
	shift   uint8
	symbols int
}

// compose returns the table that reads two symbols of t at once, or false
// past maxPairWork or maxPairEntries. Pair (x, y)'s column, the state
// after x then y from every state, is y's step restricted to the states
// x leads to (its image, often a few of hundreds) read through x's step:
// so the pairs of one x are told apart by their restrictions, and only a
// restriction not seen with that x costs a whole column. Symbols are
// numbered by first appearance, x then y ascending, as a map of whole
// columns numbered them: a list automaton of 865 states and 64 symbols
// took 16 ms that way, nearly all of live.Compile's cost over check and
// planning at 1,000 policies.
func compose(t stepTable, states int) (stepTable, bool) {
	if states*t.symbols*t.symbols > maxPairWork {
		return stepTable{}, false
	}
	class := make([]uint16, t.symbols<<t.shift)
	// Room for as many columns as maxPairEntries allows, so that
	// appending them never copies (a copy per growth was most of the
	// time left).
	all := newColumnSet(states, min(t.symbols*t.symbols, maxPairEntries/states+1))
	var img imageOf
	img.init(states)
	col := make([]uint16, states)
	for x := range t.symbols {
		img.of(t, x, states)
		part := newColumnSet(len(img.states), 8) // restrictions seen with x
		ids := make([]uint16, 0, 8)              // their columns' symbols
		r := make([]uint16, len(img.states))
		for y := range t.symbols {
			for k, s := range img.states {
				r[k] = t.next[int(s)<<t.shift|y]
			}
			hr := hashColumn(r)
			if k := part.find(hr, r); k >= 0 {
				class[x<<t.shift|y] = ids[k]
				continue
			}
			for s, k := range img.at {
				col[s] = r[k]
			}
			h := hashColumn(col)
			id := all.find(h, col)
			if id < 0 {
				id = all.add(h, col)
			}
			part.add(hr, r)
			ids = append(ids, uint16(id))
			class[x<<t.shift|y] = uint16(id)
		}
		if all.len()*states > maxPairEntries {
			return stepTable{}, false
		}
	}
	c := stepTable{class: class, shift: uint8(log2(pow2AtLeast(all.len()))), symbols: all.len()}
	c.next = make([]uint16, states<<c.shift)
	for id := range all.len() {
		for s, to := range all.column(id) {
			c.next[s<<c.shift|id] = to
		}
	}
	return c, true
}

// imageOf is the states one symbol x of a table leads to: states lists
// them in order of first appearance, at[s] is the position in states of
// state s's successor.
type imageOf struct {
	states []uint16
	at     []int32
	where  []int32 // where[to] is to's position in states, or -1
}

func (m *imageOf) init(states int) {
	m.at, m.where = make([]int32, states), make([]int32, states)
	for i := range m.where {
		m.where[i] = -1
	}
	m.states = make([]uint16, 0, states)
}

// of fills m with x's image in t (successors below states, as
// newAutomaton and compose make them).
func (m *imageOf) of(t stepTable, x, states int) {
	for _, to := range m.states { // the last image's
		m.where[to] = -1
	}
	m.states = m.states[:0]
	for s := range states {
		to := t.next[s<<t.shift|x]
		if m.where[to] < 0 {
			m.where[to] = int32(len(m.states))
			m.states = append(m.states, to)
		}
		m.at[s] = m.where[to]
	}
}

// columnSet numbers distinct columns of one length in order of addition,
// found by their hashColumn: a hash's columns are chained, so that
// columns whose hashes collide are still told apart.
type columnSet struct {
	width int
	cols  []uint16         // column i is cols[i*width:(i+1)*width]
	head  map[uint64]int32 // the last column added with a hash
	prev  []int32          // per column, the one added before it with its hash, or -1
}

// newColumnSet makes room for n columns of width states.
func newColumnSet(width, n int) columnSet {
	return columnSet{width: width, cols: make([]uint16, 0, width*n), prev: make([]int32, 0, n), head: make(map[uint64]int32, n)}
}

func (c *columnSet) len() int { return len(c.prev) }

func (c *columnSet) column(i int) []uint16 { return c.cols[i*c.width : (i+1)*c.width] }

// find returns col's number, or -1; h is its hashColumn.
func (c *columnSet) find(h uint64, col []uint16) int {
	i, ok := c.head[h]
	for ok && i >= 0 {
		if slices.Equal(c.column(int(i)), col) {
			return int(i)
		}
		i = c.prev[i]
	}
	return -1
}

// add numbers col, which find does not find; h is its hashColumn.
func (c *columnSet) add(h uint64, col []uint16) int {
	i, ok := c.head[h]
	if !ok {
		i = -1
	}
	c.prev = append(c.prev, i)
	c.cols = append(c.cols, col...)
	c.head[h] = int32(len(c.prev) - 1)
	return len(c.prev) - 1
}

// hashColumn is Hash of a column's bytes.
func hashColumn(col []uint16) uint64 {
	return Hash(unsafe.String((*byte)(unsafe.Pointer(unsafe.SliceData(col))), 2*len(col)), 0)
}

// renumber returns each state's new number: 0 stays the dead state, the
// skip states come next (lastSkip is the last), the rest keep their order.
func (a *automaton) renumber(states int, next func(s, k int) int) []uint16 {
	skip := make([]bool, states)
	for s := 1; s < states; s++ {
		skip[s] = true
		for b := 0x0E; b < utf8.RuneSelf && skip[s]; b++ {
			skip[s] = next(s, int(a.ascii[b])) == s
		}
	}
	order := make([]uint16, states)
	n := uint16(1)
	for pass := range 2 {
		for s := 1; s < states; s++ {
			if skip[s] == (pass == 0) {
				order[s] = n
				n++
			}
		}
		if pass == 0 {
			a.lastSkip = n - 1
		}
	}
	for i := range a.minPolicy {
		a.minPolicy[i] = noPolicy
	}
	return order
}

// run returns the state name ends in: 0 (dead) as soon as it is reached.
// Names of 8 bytes or more go by words (runWords, runQuads) up to their
// first non-ASCII byte, the rest by runFrom.
func (a *automaton) run(name string) uint16 {
	s, i := a.start, 0
	if len(name) >= wordBytes {
		if a.quadRows != nil {
			s, i = a.runQuads(name)
		} else if a.chunk != nil {
			s, i = a.runWords(name)
		}
		if i == len(name) {
			return s
		}
	}
	return a.runFrom(s, name, i)
}

// runFrom runs name from byte i on, in state s: a rune or a few ASCII
// bytes a step.
func (a *automaton) runFrom(s uint16, name string, i int) uint16 {
	next, shift, lastSkip := a.next, a.shift&15, a.lastSkip
	pair, pairClass, pairShift := a.pair, a.pairClass, a.pairShift&15
	cols, colOff := a.cols, a.colOff
	quad, quadClass, quadShift := a.quad, a.quadClass, a.quadShift&15
	classShift := a.classShift & 15
	for i < len(name) {
		if s <= lastSkip {
			if s == 0 {
				return 0
			}
			for i+wordBytes <= len(name) && suspect(word64(name[i:])) == 0 {
				i += wordBytes
			}
			if i == len(name) {
				return s
			}
		}
		if i+3 < len(name) && quad != nil && word32(name[i:])&0x80808080 == 0 {
			p0 := pairClass[int(a.ascii[name[i]&0x7F])<<classShift|int(a.ascii[name[i+1]&0x7F])]
			p1 := pairClass[int(a.ascii[name[i+2]&0x7F])<<classShift|int(a.ascii[name[i+3]&0x7F])]
			s = quad[int(s)<<quadShift|int(quadClass[int(p0)<<pairShift|int(p1)])]
			i += 4
			continue
		}
		if i+1 < len(name) && pairClass != nil {
			if c0, c1 := name[i], name[i+1]; c0|c1 < utf8.RuneSelf {
				x := pairClass[int(a.ascii[c0])<<classShift|int(a.ascii[c1])]
				if cols != nil {
					s = colAt(cols, colOff[x], s)
				} else {
					s = pair[int(s)<<pairShift|int(x)]
				}
				i += 2
				continue
			}
		}
		var k uint8
		if c := name[i]; c < utf8.RuneSelf {
			k = a.ascii[c]
			i++
		} else {
			r, n := utf8.DecodeRuneInString(name[i:])
			k = a.runeClass(r)
			i += n
		}
		s = next[int(s)<<shift|int(k)]
	}
	return s
}

// runeClass is the class of a rune of 0x80 or more, by binary search.
func (a *automaton) runeClass(r rune) uint8 {
	lo, hi := 0, len(a.runeStarts) // the answer is in [lo, hi)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if a.runeStarts[m] <= uint32(r) {
			lo = m
		} else {
			hi = m
		}
	}
	if lo < len(a.runeClasses) {
		return a.runeClasses[lo]
	}
	return 0
}

// find returns the policy the automaton decides for name and op (op <
// NumOps), noPolicy if none.
func (a *automaton) find(name string, op Op) uint32 {
	return a.accept[int(a.run(name))*numOps+int(op)]
}
