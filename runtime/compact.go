package runtime

import "unsafe"

// Compact is a Matcher in the form generated code carries: strings
// concatenated into one blob per table and everything else flat integer
// slices. The Go compiler builds a package of such literals in time linear
// in their size, where a composite literal of structs per entry, or a
// switch per name, grows superlinearly. NewMatcher expands it once, at
// package initialisation.
type Compact struct {
	Permissions bool
	// Exact names: name i is ExactKeys[ExactEnds[i-1]:ExactEnds[i]]
	// (ExactEnds[-1] reads as 0), in the order of their destinations.
	// DestInfos holds InfoStride values per destination, Info's layout:
	// for an exact name's destination what its lookup answers, for any
	// other zero (see plandestinfos.go).
	ExactKeys string
	ExactEnds []uint32
	DestInfos []uint32
	Lists     []uint32
	// DestSig2 is, when the plan carries it, per destination the second
	// signatures of its Info's sets (acl.go's destSig2), which NewMatcher
	// then adopts; gen/plan's Encode fills it.
	DestSig2 []uint64
	// The wildcard automata: AutomatonStride values each (start node,
	// AutomatonDFA, then Automaton.Elements);
	// NodeStride values per node of all of them, then their literal
	// edges, edge i leaving EdgeFrom[i] for EdgeTo[i]. States holds
	// StateStride values per node, read for the states of deterministic
	// automata (see State): the tails' list (start and length in Lists),
	// the terms' list, then the ACL unions of the tails and of the terms,
	// NumOps sets each.
	Automata []uint32
	States   []uint32
	Nodes    []int32
	EdgeKeys string
	EdgeEnds []uint32
	EdgeFrom []uint32
	EdgeTo   []uint32
	// EdgeSlots is, when the plan carries it, the table of the edges of
	// at most shortElem bytes as NewEdgeTable lays it out (see
	// planedgeslots.go), which NewMatcher then adopts rather than builds;
	// EncodePlan fills it.
	EdgeSlots []uint64
	// Sigs are, when the plan carries them, the automata's ACL
	// signatures as NewMatcher computes them (see plansigs.go), which it
	// then adopts; gen/plan's Encode fills them.
	Sigs []uint32
	// NameIndex and NameRecs are, when the plan carries them, the exact
	// names' table as NewMatcher builds it from ExactKeys (see
	// plannames.go), which it then adopts; gen/plan's Encode fills them.
	NameIndex []uint32
	NameRecs  []uint64
	// ACLSigs are, when the plan carries them, the ACL signatures as
	// NewMatcher computes them from Sets (see planaclsigs.go), which it
	// then adopts; gen/plan's Encode fills them.
	ACLSigs []uint32
	// Per destination: rank, and NumOps ACL set numbers.
	Rank    []uint32
	DestACL []uint32
	// ACL bit sets, SetWords words each, over the principals, which are
	// numbered in PrincipalKeys order.
	Sets          []uint64
	SetWords      int
	PrincipalKeys string
	PrincipalEnds []uint32
	// Mask tables (masks.go): MaskStride values per table (its literal
	// positions' low and high 32 bits, its patterns' elements before any
	// '>', 1 if they end in '>'); MaskEnds cuts MaskDests per table, a
	// destination per pattern, whose literal elements, joined by '.',
	// are MaskKeys cut by MaskKeyEnds. MaskDepths holds, per name length
	// 0 to MaxElements, 1 if names of that length probe the tables (0:
	// they walk the automata), then the end of its table numbers in
	// MaskProbes, in probe order. All empty when no length uses them.
	Masks       []uint32
	MaskEnds    []uint32
	MaskDests   []uint32
	MaskKeys    string
	MaskKeyEnds []uint32
	MaskDepths  []uint32
	MaskProbes  []uint32
	// MaskIndex is, when the plan carries it, the mask index's words as
	// NewMatcher builds them (see planmaskindex.go), which it then
	// adopts; gen/plan's Encode fills it.
	MaskIndex []uint64
	// MaskSlots and MaskFilter are, when the plan carries them, the mask
	// tables' slots and their filter as NewMatcher builds them (see
	// planmaskslots.go), which it then adopts; gen/plan's Encode fills
	// them.
	MaskSlots  []uint64
	MaskFilter []uint64

	// room, which LoadPlanFile sets, is memory on huge pages for the
	// nodes NewMatcher builds (tableroom.go); the first matcher built
	// takes it, any other makes its own.
	room *tableRoom
}

// nodeTableBytes is the bytes of the nodes NewMatcher builds for c, or 0
// when it would not place them in a room (roomSlice): their first touch
// in 4 KB pages was 125 of a fresh Load's 640 page faults at 100,000
// exact destinations.
func nodeTableBytes(c *Compact) int {
	return roomedBytes(len(c.Nodes) / NodeStride * int(unsafe.Sizeof(Node{})))
}

// Strides of the flat slices in Compact.
const (
	InfoStride      = 2 + int(NumOps) // list start, list length, ACL sets: an Info
	NodeStride      = 3               // star, term, tail
	StateStride     = 4 + 2*int(NumOps)
	AutomatonStride = 3
	MaskStride      = 4
	MaskDepthStride = 2
)

// AutomatonDFA is the second value of every automaton in
// Compact.Automata: deterministic. Plans of Version 11 and before wrote 0
// there for a trie, walked depth first with backtracking, which the
// generator no longer writes (plan.writeMerged splits such a group) and
// this runtime no longer walks; plan checking rejects any other value.
const AutomatonDFA = 1

// NewMatcher expands a Compact plan. It trusts its input, which the
// generator built and the generated code carries unchanged.
func NewMatcher(c *Compact) *Matcher {
	m := &Matcher{
		id:          matcherIDs.Add(1),
		Permissions: c.Permissions,
		Lists:       c.Lists,
		Rank:        c.Rank,
		Sets:        c.Sets,
		SetWords:    c.SetWords,
	}
	if m.SetWords < 1 {
		// The zero Compact (no destinations, as a test may write it)
		// has no set rows; every loop over rows steps by SetWords, so
		// it gets the empty set 0, one word, as the generator writes it.
		m.Sets, m.SetWords = make([]uint64, 1), 1
	}
	// The record of a name holds its destination and its sets'
	// signatures, so that Resolve reads nothing else and Allowed reads
	// the sets' rows only when the signatures cannot decide (acl.go);
	// Infos is indexed by destination.
	m.principals = keys(c.PrincipalKeys, c.PrincipalEnds)
	setSig2 := m.adoptACLSigs(c.ACLSigs)
	if setSig2 == nil {
		setSig2 = m.computeACLSigs()
	}
	m.Infos = infosOf(c.DestInfos)
	m.setDestSig2(c.DestSig2, setSig2)
	// Every slice is made at its final size, here and in the tables'
	// constructors: a package's initialisation then makes the same number
	// of allocations whatever its config's size (TestInitAllocs).
	var carried bool
	if m.Exact, carried = nameTableOf(c.NameIndex, c.NameRecs, c.ExactKeys, c.ExactEnds); !carried {
		dests := exactDests(c.DestInfos, len(c.ExactEnds))
		m.Exact = newNameTable(keys(c.ExactKeys, c.ExactEnds), func(i int) (v [maxNameValues]uint32) {
			acl := &m.Infos[dests[i]].ACL
			return [maxNameValues]uint32{dests[i], m.setSig[acl[0]], m.setSig[acl[1]]}
		})
	}
	m.Nodes = roomSlice[Node](c.room.take(), len(c.Nodes)/NodeStride)
	for i := range m.Nodes {
		f := c.Nodes[i*NodeStride:]
		n := Node{Star: f[0], Term: f[1], Tail: f[2], TailRank: ^uint32(0)}
		if n.Tail >= 0 {
			n.TailRank = c.Rank[n.Tail]
		}
		m.Nodes[i] = n
	}
	m.Automata = make([]Automaton, len(c.Automata)/AutomatonStride)
	for i := range m.Automata {
		f := c.Automata[i*AutomatonStride:]
		m.Automata[i] = Automaton{Start: int32(f[0]), Elements: uint8(f[2])}
	}
	m.setVisits(minPairNodes)
	m.setMasks(c)
	m.States = statesOf(c.States)
	sigs := m.adoptSigs(c.Sigs)
	if !sigs {
		m.setStateSigs(c.EdgeFrom, c.EdgeTo)
	}
	// The edges' elements are read in place: a []string of them would be
	// 16 bytes of fresh, scanned memory per edge (15 MB at 100,000
	// wildcard-heavy destinations) for one pass.
	elem := keysOf(c.EdgeKeys, c.EdgeEnds)
	for i := range c.EdgeEnds {
		e := elem(i)
		w := firstWord(e, 0, len(e))
		m.Nodes[c.EdgeFrom[i]].Filter |= filterBit(w, len(e))
		if a := m.automatonAt(c.EdgeFrom[i]); a != nil {
			b := firstBit(w, len(e))
			a.first[b>>6] |= 1 << (b & 63)
		}
	}
	// After the filters: edges copy their children's (hotNode).
	if len(c.EdgeSlots) > 0 {
		m.Edges = edgeTableOf(c.EdgeSlots, elem, len(c.EdgeEnds), c.EdgeFrom, c.EdgeTo)
	} else {
		m.Edges = NewEdgeTable(keys(c.EdgeKeys, c.EdgeEnds), c.EdgeFrom, c.EdgeTo, m.Nodes)
	}
	m.DestACL = destACLOf(c.DestACL)
	m.Principals = NewTable(m.principals, nil, nil, PrincipalSeed)
	m.cache = newResultCache(m)
	m.front = newFrontIndex(&m.Exact, m.cache != nil)
	m.setACLCaches()
	return m
}

// automatonAt returns the automaton whose start is node n, or nil. The
// automata are few (a handful per pattern length) and ordered by start.
// NewMatcher asks once per edge: the search compares in place, where
// slices.BinarySearchFunc copied each 264-byte Automaton it compared
// (6% of initialisation at 100,000 wildcard-heavy destinations).
func (m *Matcher) automatonAt(n uint32) *Automaton {
	lo, hi := 0, len(m.Automata)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if m.Automata[mid].Start < int32(n) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(m.Automata) || m.Automata[lo].Start != int32(n) {
		return nil
	}
	return &m.Automata[lo]
}

// keys splits a blob at its end offsets. The keys share the blob's memory.
func keys(blob string, ends []uint32) []string {
	out := make([]string, len(ends))
	start := uint32(0)
	for i, end := range ends {
		out[i] = blob[start:end]
		start = end
	}
	return out
}

// NewTable lays keys out by linear probing in a power-of-two table at most
// half full. Key i maps to values[i] (i itself when values is nil); with
// nodes, the key is the pair (nodes[i], keys[i]) and is hashed with
// EdgeHash, else with Hash and seed. Insertion follows key order, so the
// layout is deterministic.
func NewTable(keys []string, nodes, values []uint32, seed uint64) Table {
	if len(keys) == 0 {
		return nil
	}
	t := newTable(len(keys))
	for i, k := range keys {
		s := Slot{Key: k, Value: uint32(i)}
		if values != nil {
			s.Value = values[i]
		}
		if nodes != nil {
			s.Node = nodes[i]
			s.Hash = EdgeHash(k, s.Node)
		} else {
			s.Hash = Hash(k, seed)
		}
		t.insert(s)
	}
	return t
}

// newTable returns an empty table for n keys: a power of two of at least
// 2 slots, at most half full once they are in.
func newTable(n int) Table {
	size := 2
	for size < 2*n {
		size *= 2
	}
	return make(Table, size)
}

// insert places s by linear probing; the table has room.
func (t Table) insert(s Slot) {
	mask := uint64(len(t) - 1)
	j := s.Hash & mask
	for t[j].Hash != 0 {
		j = (j + 1) & mask
	}
	t[j] = s
}
