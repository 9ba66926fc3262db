package runtime

// EdgeTable holds the wildcard trie's literal edges: (node, element) ->
// child. The walk looks one up per element it visits, so this is the inner
// loop of every lookup that is not an exact hit.
//
// Most elements are at most 16 bytes ("orders", "eu", "us-east-1",
// "notifications"). Those edges are keyed by the element's bytes as two
// words, so a lookup is two loads, masks and one multiply to hash, and
// integer compares: no string hash, no byte comparison. Longer elements go
// to a string-keyed Table.
//
// An edge of an element of at most 8 bytes, nearly every edge (96% on the
// wild 10k benchmark config), has no second word: its entry holds what a
// walk reads of the child node instead (hotNode), so that a walk that
// follows it reads one cache line, not two (resolvePair).
type EdgeTable struct {
	short []shortEdge // open addressing, a power of two at most half full
	shift uint        // 64 - log2(len(short))
	long  Table
}

// shortEdge is one edge for an element of 1 to 16 bytes: 32 bytes, two to
// a cache line.
type shortEdge struct {
	w0   uint64 // the element's bytes, little endian, zero-padded
	from uint32 // parent node << 4 | (length-1): "ab" and "ab\x00" differ
	to   uint32 // child node; 0 marks an empty slot (the root is no child)
	// Over 8 bytes, u0 is the element's second word; up to 8, u0 and u1
	// hold the child's hotNode.
	u0, u1 uint64
}

// hotNode is what a walk reads of a node at each step: its Node but Term,
// which only the last step reads.
type hotNode struct {
	Star, Tail       int32
	Filter, TailRank uint32
}

func hotOf(n *Node) hotNode { return hotNode{n.Star, n.Tail, n.Filter, n.TailRank} }

// hot returns the child's hotNode of an edge of at most 8 bytes.
func (e *shortEdge) hot() hotNode {
	return hotNode{int32(e.u0), int32(e.u0 >> 32), uint32(e.u1), uint32(e.u1 >> 32)}
}

// emptyFrom is shortEdge.from of an empty slot: node 1<<28 - 1, which
// NewEdgeTable's callers never number.
const emptyFrom = ^uint32(0)

// shortElem is the longest element kept in two words.
const shortElem = 16

// NewEdgeTable builds the table of edges from[i] --elems[i]--> to[i] of
// the automata whose nodes are nodes (their filters set). Edges must be
// distinct, every to[i] non-zero and less than len(nodes), and from[i] <
// 1<<28 - 1 (MaxDestinations*MaxElements nodes at most, far below).
func NewEdgeTable(elems []string, from, to []uint32, nodes []Node) EdgeTable {
	var t EdgeTable
	nShort := 0
	for _, e := range elems {
		if len(e) <= shortElem {
			nShort++
		}
	}
	// The long edges' table is built in place, one allocation whether
	// there are any or not: the allocations of a Matcher's construction
	// do not depend on the config (TestInitAllocs).
	t.long = newTable(len(elems) - nShort)
	// Never empty, so that a probe needs no length test: an empty slot
	// ends it.
	size, bits := 2, uint(1)
	for size < 2*nShort {
		size, bits = size*2, bits+1
	}
	t.short, t.shift = make([]shortEdge, size), 64-bits
	// An empty slot's from is no edge's (a node of 1<<28 - 1): left 0,
	// it was node 0's for a one-byte element, and a probe for node 0's
	// element NUL (w0 0) matched the first empty slot it met. Marking
	// slots here keeps the probe's test as it is.
	for j := range t.short {
		t.short[j].from = emptyFrom
	}
	for i, e := range elems {
		if len(e) > shortElem {
			t.long.insert(Slot{Key: e, Node: from[i], Value: to[i], Hash: EdgeHash(e, from[i])})
			continue
		}
		w0, w1 := elemWords(e, 0, len(e))
		s := shortEdge{w0: w0, from: from[i]<<4 | uint32(len(e)-1), to: to[i], u0: w1}
		if len(e) <= 8 {
			h := hotOf(&nodes[to[i]])
			s.u0 = uint64(uint32(h.Star)) | uint64(uint32(h.Tail))<<32
			s.u1 = uint64(h.Filter) | uint64(h.TailRank)<<32
		}
		j := t.slot(edgeHash(w0, w1, len(e)), from[i])
		for t.short[j].to != 0 {
			j = (j + 1) & (len(t.short) - 1)
		}
		t.short[j] = s
	}
	return t
}

// edgeHash is an element's part of an edge's slot: it depends on the
// element alone, so a walk computes it off the chain of dependent loads
// from state to state.
func edgeHash(w0, w1 uint64, l int) uint64 {
	return (w0 ^ w1<<1 ^ uint64(l)) * hashK1
}

// slot is the home slot of a short edge: the element's hash plus the
// node's, so that the state-to-state chain holds one multiply (it held
// two, in sequence, when the node was mixed into the element's words).
func (t *EdgeTable) slot(eh uint64, node uint32) int {
	return int((eh + uint64(node)*hashK3) >> (t.shift & 63))
}

// Child returns the child of node along element name[start:end].
func (t *EdgeTable) Child(node uint32, name string, start, end int) (uint32, bool) {
	if n := end - start; n <= shortElem {
		w0, w1 := elemWords(name, start, end)
		if e := t.shortEdge(node, n, edgeHash(w0, w1, n), w0, w1); e != nil {
			return e.to, true
		}
		return 0, false
	}
	return t.longChild(node, name[start:end])
}

// shortEdge probes the short table for (node, element of l bytes, at
// most shortElem, with words w0 and w1 and edgeHash h) and returns its
// entry, or nil; it is small enough to inline into the walk.
func (t *EdgeTable) shortEdge(node uint32, l int, h, w0, w1 uint64) *shortEdge {
	from := node<<4 | uint32(l-1)
	for j := t.slot(h, node); ; j++ {
		s := &t.short[j&(len(t.short)-1)]
		// from holds the length: an entry of at most 8 bytes, whose u0
		// is no word, only matches an element of at most 8.
		if s.w0 == w0 && s.from == from && (l <= 8 || s.u0 == w1) {
			return s
		}
		if s.to == 0 {
			return nil
		}
	}
}

func (t *EdgeTable) longChild(node uint32, elem string) (uint32, bool) {
	return t.long.Lookup(elem, node, EdgeHash(elem, node))
}

// elemWords returns the first 16 bytes of element name[start:end] as two
// words, zero-padded: the whole key of a short element. The first is
// what the node filters (Node.Filter) hash for any element.
func elemWords(name string, start, end int) (w0, w1 uint64) {
	l := end - start
	if l <= 8 {
		return loadShort(name, start, end), 0
	}
	w0 = loadAt(name, start) // l > 8: in bounds
	if l >= 16 {
		return w0, loadAt(name, start+8)
	}
	// The word ending at the element's end, shifted down to its bytes
	// from start+8.
	return w0, loadAt(name, end-8) >> (8 * (16 - l))
}

// firstWord is the first word of element name[start:end], as elemWords
// and step compute it, for any length.
func firstWord(name string, start, end int) uint64 {
	if end-start <= 8 {
		return loadShort(name, start, end)
	}
	return loadAt(name, start)
}

// filterBit is the bit of an element in its parent's Node.Filter: a hash
// of its first bytes w and its length n.
func filterBit(w uint64, n int) uint32 {
	return 1 << (((w + uint64(n)) * hashK2) >> 59)
}

// firstWords is the size of Automaton.first: 2048 bits, 256 bytes per
// automaton, so that a start state with a few hundred edges (the elements
// a config's patterns begin with) passes about one absent element in ten.
const (
	firstWords = 32
	firstLog   = 11 // log2(firstWords*64)
)

// firstBit is the bit of an element in Automaton.first: filterBit's hash,
// more of its bits.
func firstBit(w uint64, n int) uint64 {
	return ((w + uint64(n)) * hashK2) >> (64 - firstLog)
}

// firstFilter returns ^0 when a's start state may have an edge for the
// element whose first word is w and length n, else 0: a mask for the
// start state's Node.Filter.
func (a *Automaton) firstFilter(w uint64, n int) uint32 {
	b := firstBit(w, n)
	return -uint32(a.first[b>>6&(firstWords-1)] >> (b & 63) & 1)
}

// All yields every edge as (from, element, to), short edges first.
func (t *EdgeTable) All(yield func(from uint32, elem string, to uint32) bool) {
	for _, s := range t.short {
		if s.to == 0 {
			continue
		}
		var b [shortElem]byte
		n := int(s.from&15) + 1
		for i := range n {
			w := s.w0
			if i >= 8 {
				w = s.u0
			}
			b[i] = byte(w >> (8 * (i % 8)))
		}
		if !yield(s.from>>4, string(b[:n]), s.to) {
			return
		}
	}
	for _, s := range t.long {
		if s.Hash != 0 && !yield(s.Node, s.Key, s.Value) {
			return
		}
	}
}

// loadShort returns the bytes s[start:end] (at most 8) as a little-endian
// word, zero-padded: one load and a mask when s has 8 bytes from start
// on, or from the 8 bytes ending at len(s) shifted down, else wordShort.
func loadShort(s string, start, end int) uint64 {
	n := end - start
	mask := ^uint64(0) >> (64 - 8*n) // n is 1 to 8
	switch {
	case start+8 <= len(s):
		return loadAt(s, start) & mask
	case len(s) >= 8:
		return loadAt(s, len(s)-8) >> (8 * (start + 8 - len(s))) & mask
	}
	return wordShort(s[start:end]) // the name is under 8 bytes
}
