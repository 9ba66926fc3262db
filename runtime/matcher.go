package runtime

import "math/bits"

// Matcher is the lookup plan of one config as data: the generator builds it
// (package plan), the emitter writes it as composite literals, and these
// methods walk it. Keeping the plan as tables rather than code keeps the
// generated package's build time linear in the config's size.
//
// Destinations are numbered in config order. Literal patterns live in
// Exact, keyed by the whole name, with everything a lookup of that name
// needs precomputed in its Info. Wildcard patterns live in a trie of
// elements (Nodes, Edges), walked only when the name is not in Exact.
type Matcher struct {
	Permissions bool
	Exact       NameTable // name -> its destination
	Infos       []Info    // per destination; set for literal ones only
	Lists       []uint32  // Info.List slices, destination numbers in config order
	// Automata match the wildcard patterns, each a part of them, and
	// share Nodes, States and Edges.
	Automata   []Automaton
	Nodes      []Node
	States     []State   // per node of a deterministic automaton
	Edges      EdgeTable // (node, element) -> child node, literal edges only
	Rank       []uint32  // per destination: its position in precedence order
	DestACL    [][NumOps]uint32
	Sets       []uint64 // principal bit sets, SetWords words each; set 0 is empty
	SetWords   int
	Principals Table // principal -> bit number

	principals []string   // by bit number
	small      [][]uint32 // per set: its members when at most smallSet, else nil
}

// smallSet is the largest ACL set granted compares member by member: up to
// here a few string comparisons (most fail on the length) beat hashing
// every principal the caller holds.
const smallSet = 8

// Info is what a lookup of one exactly configured name returns, beyond the
// destination itself.
type Info struct {
	List, Len uint32         // every matching destination: Lists[List:List+Len]
	ACL       [NumOps]uint32 // union of the matching destinations' sets
}

// Automaton is one of the automata matching wildcard patterns: a
// deterministic one (package plan builds it from the patterns' trie by the
// subset construction) whose Nodes are states and whose States say what
// each contributes, or, where that would be too large, the trie itself,
// walked with backtracking. Splitting the patterns among a few automata
// keeps each deterministic one small (see plan.buildWildcards).
type Automaton struct {
	Start         int32
	Deterministic bool
}

// Node is a trie node, whose path from the root spells a pattern prefix,
// or a state of the deterministic automaton, a set of such nodes.
type Node struct {
	Star int32 // next node for a '*' element (any other element, in a state), or -1
	Term int32 // destination whose pattern ends here (the best ranked, in a state), or -1
	Tail int32 // destination whose pattern is this prefix then '>' (best ranked), or -1
}

// State is what the trie nodes of a deterministic state contribute to a
// name that reaches it: the '>' patterns that match if more elements
// follow (Tails), those that match if the name ends here (Terms), and the
// unions of their ACLs.
type State struct {
	Tails, Terms     ListRef
	TailACL, TermACL [NumOps]uint32
}

// ListRef is a slice of Matcher.Lists.
type ListRef struct{ Start, Len uint32 }

// path is a validated name split into elements, kept as end offsets so
// that the walk's frame stays small: Go zeroes it on every call, and a
// [MaxElements]string would cost a kilobyte of zeroing per lookup.
type path struct {
	name string
	n    int
	end  [MaxElements]uint8 // names are at most 249 bytes
}

// Byte-parallel ("SWAR") constants: split reads a name 8 bytes at a time.
const (
	lo7   = 0x7f7f7f7f7f7f7f7f
	ones  = 0x0101010101010101
	dots  = '.' * ones
	stars = '*' * ones
	tails = '>' * ones
)

// zeroBytes has the high bit set in exactly the bytes of x that are zero
// (exact, unlike the shorter haszero trick, which can flag a byte above a
// zero one).
func zeroBytes(x uint64) uint64 {
	return ^((x&lo7 + lo7) | x | lo7)
}

// split validates name and records its element ends. It reads 8 bytes at
// a time: a word with no '.', '*' or '>' costs a few instructions, and
// names are mostly such words.
func (p *path) split(name string) bool {
	n := len(name)
	if n == 0 || n > MaxNameBytes {
		return false
	}
	p.name, p.n = name, 0
	start, i := 0, 0
	for ; i+8 <= n; i += 8 {
		if !p.word(loadAt(name, i), i, &start) {
			return false
		}
	}
	if i < n {
		var w uint64
		if n >= 8 { // the last 8 bytes, shifted so that byte i comes first
			w = loadAt(name, n-8) >> (8 * (8 - (n - i)))
		} else {
			w = loadShort(name, 0, n)
		}
		// The zero bytes shifted in are none of '.', '*', '>'.
		if !p.word(w, i, &start) {
			return false
		}
	}
	return p.endElem(start, n)
}

// word handles the 8 bytes of the name at offset i (fewer at the end,
// zero-filled): it fails on a wildcard character and ends an element at
// each dot.
func (p *path) word(w uint64, i int, start *int) bool {
	if zeroBytes(w^stars)|zeroBytes(w^tails) != 0 {
		return false
	}
	for d := zeroBytes(w ^ dots); d != 0; d &= d - 1 {
		j := i + bits.TrailingZeros64(d)/8
		if !p.endElem(*start, j) {
			return false
		}
		*start = j + 1
	}
	return true
}

// endElem records an element ending at end: it fails if the element is
// empty or too long, or is one too many.
func (p *path) endElem(start, end int) bool {
	if end == start || end-start > MaxElementBytes || p.n == MaxElements {
		return false
	}
	p.end[p.n] = uint8(end)
	p.n++
	return true
}

// bounds returns the start and end of element i.
func (p *path) bounds(i int) (start, end int) {
	if i > 0 {
		start = int(p.end[i-1]) + 1
	}
	return start, int(p.end[i])
}

// elem returns element i.
func (p *path) elem(i int) string {
	start, end := p.bounds(i)
	return p.name[start:end]
}

// walk is the state of a depth-first walk of the trie along a path,
// literal child before '*' child, as precedence orders them. At each
// depth at most one alternative is pending, the '*' child of the node
// visited there, so the pending set is a bit mask of depths plus a node
// per depth, and the next to resume is the deepest.
type walk struct {
	node    int32
	depth   int
	pending uint64             // bit d: resume at stars[d], depth d+1
	stars   [MaxElements]int32 // read only where pending is set
}

// next moves to the next node in walk order after the current node's
// subtree is done; false when the walk is over.
func (w *walk) next() bool {
	if w.pending == 0 {
		return false
	}
	d := 63 - bits.LeadingZeros64(w.pending)
	w.pending &^= 1 << d
	w.node, w.depth = w.stars[d], d+1
	return true
}

// descend moves w below node n, which is not at the path's end: it notes
// n's '*' child as pending and moves to n's literal child for the next
// element; false when there is none, and the caller calls next.
func (m *Matcher) descend(w *walk, p *path, n *Node) bool {
	if n.Star >= 0 {
		w.stars[w.depth] = n.Star
		w.pending |= 1 << w.depth
	}
	start, end := p.bounds(w.depth)
	c, ok := m.Edges.Child(uint32(w.node), p.name, start, end)
	if ok {
		w.node, w.depth = int32(c), w.depth+1
	}
	return ok
}
