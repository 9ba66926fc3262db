package runtime

// Compact is a Matcher in the form generated code carries: strings
// concatenated into one blob per table and everything else flat integer
// slices. The Go compiler builds a package of such literals in time linear
// in their size, where a composite literal of structs per entry, or a
// switch per name, grows superlinearly. NewMatcher expands it once, at
// package initialisation.
type Compact struct {
	Permissions bool
	// Exact names: name i is ExactKeys[ExactEnds[i-1]:ExactEnds[i]]
	// (ExactEnds[-1] reads as 0); Infos holds InfoStride values per name.
	ExactKeys string
	ExactEnds []uint32
	Infos     []int32
	Lists     []uint32
	// The wildcard automata: AutomatonStride values each (start node,
	// 1 if deterministic, 0 for a trie, then Automaton.Elements);
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
	// Per destination: rank, and NumOps ACL set numbers.
	Rank    []uint32
	DestACL []uint32
	// ACL bit sets, SetWords words each, over the principals, which are
	// numbered in PrincipalKeys order.
	Sets          []uint64
	SetWords      int
	PrincipalKeys string
	PrincipalEnds []uint32
}

// Strides of the flat slices in Compact.
const (
	InfoStride      = 3 + int(NumOps) // best, list start, list length, ACL sets
	NodeStride      = 3               // star, term, tail
	StateStride     = 4 + 2*int(NumOps)
	AutomatonStride = 3
)

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
	var heads int
	m.sigBit, heads = signatureBits(m.Sets, m.SetWords, m.principals)
	m.headMask = 1<<heads - 1
	m.setSig = m.setSigs(m.sigBit)
	m.sigBit2 = secondBits(m.sigBit, m.headMask, m.principals)
	exact := keys(c.ExactKeys, c.ExactEnds)
	values := make([][]uint32, len(exact))
	m.Infos = make([]Info, len(c.Rank))
	for i := range exact {
		f := c.Infos[i*InfoStride:]
		info := Info{List: uint32(f[1]), Len: uint32(f[2])}
		values[i] = []uint32{uint32(f[0])}
		for op := range NumOps {
			info.ACL[op] = uint32(f[3+op])
			values[i] = append(values[i], m.setSig[info.ACL[op]])
		}
		m.Infos[f[0]] = info
	}
	m.Exact = NewNameTable(exact, values)
	m.exactSet = m.exactSets(exact, m.setSigs(m.sigBit2))
	for i := 0; i < len(c.Nodes); i += NodeStride {
		n := Node{Star: c.Nodes[i], Term: c.Nodes[i+1], Tail: c.Nodes[i+2], TailRank: ^uint32(0)}
		if n.Tail >= 0 {
			n.TailRank = c.Rank[n.Tail]
		}
		m.Nodes = append(m.Nodes, n)
	}
	for i := 0; i+AutomatonStride <= len(c.Automata); i += AutomatonStride {
		m.Automata = append(m.Automata, Automaton{
			Start:         int32(c.Automata[i]),
			Deterministic: c.Automata[i+1] == 1,
			Elements:      uint8(c.Automata[i+2]),
		})
	}
	for n := range m.visits {
		m.visits[n] = m.visitsOf(n)
	}
	for i := 0; i+StateStride <= len(c.States); i += StateStride {
		f := c.States[i:]
		st := State{Tails: ListRef{f[0], f[1]}, Terms: ListRef{f[2], f[3]}}
		copy(st.TailACL[:], f[4:])
		copy(st.TermACL[:], f[4+NumOps:])
		m.States = append(m.States, st)
	}
	m.setStateSigs(c.EdgeFrom, c.EdgeTo)
	elems := keys(c.EdgeKeys, c.EdgeEnds)
	starts := map[uint32]*Automaton{}
	for i := range m.Automata {
		starts[uint32(m.Automata[i].Start)] = &m.Automata[i]
	}
	for i, e := range elems {
		w := firstWord(e, 0, len(e))
		m.Nodes[c.EdgeFrom[i]].Filter |= filterBit(w, len(e))
		if a := starts[c.EdgeFrom[i]]; a != nil {
			b := firstBit(w, len(e))
			a.first[b>>6] |= 1 << (b & 63)
		}
	}
	// After the filters: edges copy their children's (hotNode).
	m.Edges = NewEdgeTable(elems, c.EdgeFrom, c.EdgeTo, m.Nodes)
	for i := 0; i < len(c.DestACL); i += int(NumOps) {
		m.DestACL = append(m.DestACL, [NumOps]uint32(c.DestACL[i:i+int(NumOps)]))
	}
	m.trieReach = m.trieReachSigs(c.EdgeFrom, c.EdgeTo)
	m.Principals = NewTable(m.principals, nil, nil, PrincipalSeed)
	return m
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
	size := 2
	for size < 2*len(keys) {
		size *= 2
	}
	t := make(Table, size)
	mask := uint64(size - 1)
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
		j := s.Hash & mask
		for t[j].Hash != 0 {
			j = (j + 1) & mask
		}
		t[j] = s
	}
	return t
}
