package runtime

import (
	"math/bits"
	"strconv"
	"unsafe"
)

// A plan carries its short edges' table as NewEdgeTable lays it out
// (Compact.EdgeSlots), so that loading adopts it in place instead of
// building it: at 100,000 wildcard-heavy destinations the table is 64 MB,
// the largest of a Matcher's, and building it touched that much fresh
// memory on every load (about a quarter of a second of CPU on the 2-core
// machines here, where a page's first touch is what a load costs).
//
// A slot is edgeSlotWords words: w0, from | to<<32, u0, u1 (shortEdge's
// fields in memory order, as the assertion below keeps them).
const edgeSlotWords = 4

// The layout edgeSlotsOf reads in place: four words, from and to sharing
// the second, low half first (the architectures load_fast.go names are
// little-endian).
var _ = [1]struct{}{}[unsafe.Sizeof(shortEdge{})-edgeSlotWords*8]
var _ = [1]struct{}{}[unsafe.Offsetof(shortEdge{}.from)-8]
var _ = [1]struct{}{}[unsafe.Offsetof(shortEdge{}.to)-12]

// SlotWords returns the short edges' table as Compact.EdgeSlots holds it.
func (t *EdgeTable) SlotWords() []uint64 {
	w := make([]uint64, 0, edgeSlotWords*len(t.short))
	for _, s := range t.short {
		w = append(w, s.w0, uint64(s.from)|uint64(s.to)<<32, s.u0, s.u1)
	}
	return w
}

// edgeTableOf is NewEdgeTable of a table carried in words (EdgeSlots,
// whose slots are a power of two, at least 2) for edges edges, edge i's
// element elem(i): the short table is words itself where the platform
// allows (aliasWords), else a copy; the long edges, few, are inserted as
// NewEdgeTable inserts them.
func edgeTableOf(words []uint64, elem func(int) string, edges int, from, to []uint32) EdgeTable {
	n := len(words) / edgeSlotWords
	t := EdgeTable{shift: uint(64 - bits.TrailingZeros(uint(n)))}
	// n > 0: a shorter words (a Compact not yet checked: EncodePlan's
	// NewMatcher) is smaller than one slot, and checkptr rejects even an
	// empty slice of slots made from it.
	if wordsInPlace && n > 0 {
		t.short = unsafe.Slice((*shortEdge)(unsafe.Pointer(unsafe.SliceData(words))), n)
	} else {
		t.short = make([]shortEdge, n)
		for i := range t.short {
			w := words[i*edgeSlotWords:]
			t.short[i] = shortEdge{w0: w[0], from: uint32(w[1]), to: uint32(w[1] >> 32), u0: w[2], u1: w[3]}
		}
	}
	long := 0
	for i := range edges {
		if len(elem(i)) > shortElem {
			long++
		}
	}
	t.long = newTable(long)
	for i := range edges {
		if e := elem(i); len(e) > shortElem {
			t.long.insert(Slot{Key: e, Node: from[i], Value: to[i], Hash: EdgeHash(e, from[i])})
		}
	}
	return t
}

// edgeSlots checks a carried short-edge table's ranges and structure,
// not its hashes: whole slots, a power of two of them, at most half
// occupied (as NewEdgeTable sizes it), so a probe, which wraps, meets an
// empty slot (to 0) within the table and stops; every empty slot all
// zero but its from (emptyFrom); every occupied slot's parent and child
// nodes in range, and one of at most 8 bytes (by its own length, which
// is what a walk that matches it reads) carrying its child's Star, Tail
// and TailRank, which a walk then follows and returns as the node's own,
// checked by checkNodes; as many occupied slots as short edges. So every
// lookup through a slot reads in bounds and every probe stops. It does
// not hash each edge to find it by a probe (3.9 ms at exact 100k): a
// slot away from its probe sequence, a wrong key or a copied Filter
// other than the child's (a hint whether to probe) only makes a walk
// miss an edge or probe in vain, so it answers differently, which a
// hostile plan can do anyway by changing its destinations. A plan
// without the table (no EdgeSlots) has NewMatcher build it.
func (v *planCheck) edgeSlots() error {
	c := &v.c.Matcher
	w := c.EdgeSlots
	n := len(w) / edgeSlotWords
	if len(w) == 0 {
		return nil
	}
	if len(w)%edgeSlotWords != 0 || n < 2 || n&(n-1) != 0 {
		return v.count("EdgeSlots", len(w), max(2, 1<<bits.Len(uint(n)))*edgeSlotWords, strconv.Itoa(edgeSlotWords)+" per slot, a power of two of at least 2 slots")
	}
	used := 0
	for j := range n {
		s := w[j*edgeSlotWords : (j+1)*edgeSlotWords : (j+1)*edgeSlotWords]
		if s[1]>>32 == 0 {
			if s[0] != 0 || s[1] != uint64(emptyFrom) || s[2] != 0 || s[3] != 0 {
				return v.fail("EdgeSlots", j*edgeSlotWords, "empty slot "+itoa(j)+" is not all zero but its from")
			}
			continue
		}
		used++
		if err := v.edgeSlot(j, s); err != nil {
			return err
		}
	}
	if 2*used > n {
		return v.fail("EdgeSlots", 0, itoa(used)+" of "+itoa(n)+" slots occupied, over half")
	}
	short := 0
	start := uint32(0)
	for _, e := range c.EdgeEnds {
		if e-start <= shortElem {
			short++
		}
		start = e
	}
	if used != short {
		return v.fail("EdgeSlots", 0, itoa(used)+" occupied slots for "+itoa(short)+" short edges")
	}
	return nil
}

// edgeSlot checks occupied slot j's words s: its nodes in range and, for
// an element of at most 8 bytes, its copy of the child's hotNode but the
// Filter.
func (v *planCheck) edgeSlot(j int, s []uint64) error {
	from, to := uint32(s[1])>>4, s[1]>>32
	if int(from) >= v.nodes || int(to) >= v.nodes {
		return v.fail("EdgeSlots", j*edgeSlotWords+1, "slot "+itoa(j)+"'s edge from node "+strconv.FormatUint(uint64(from), 10)+" to "+strconv.FormatUint(to, 10)+" is past the "+itoa(v.nodes)+" nodes")
	}
	if s[1]&15 >= 8 {
		return nil
	}
	c := &v.c.Matcher
	f := c.Nodes[int(to)*NodeStride:]
	rank := ^uint32(0)
	if f[2] >= 0 {
		rank = c.Rank[f[2]]
	}
	if s[2] != uint64(uint32(f[0]))|uint64(uint32(f[2]))<<32 || uint32(s[3]>>32) != rank {
		return v.fail("EdgeSlots", j*edgeSlotWords+2, "slot "+itoa(j)+" does not carry its child's node")
	}
	return nil
}
