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

// edgeSlots checks a carried short-edge table against the edges it must
// hold (checked by edges): whole slots, a power of two of them, at least
// one empty (a probe stops at one), every empty slot all zero but its
// from (emptyFrom); each short edge found by a probe from its home slot,
// with its child; as many occupied slots as short edges, so no other;
// and an edge of at most 8 bytes carrying its child's hotNode, one over
// 8 its second word. A plan without the table (no EdgeSlots) has
// NewMatcher build it.
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
		s := w[j*edgeSlotWords : (j+1)*edgeSlotWords]
		if s[1]>>32 != 0 {
			used++
		} else if s[0] != 0 || s[1] != uint64(emptyFrom) || s[2] != 0 || s[3] != 0 {
			return v.fail("EdgeSlots", j*edgeSlotWords, "empty slot "+itoa(j)+" is not all zero but its from")
		}
	}
	if used == n {
		return v.fail("EdgeSlots", 0, "no empty slot")
	}
	t := edgeTableOf(w, nil, 0, nil, nil)
	filters := v.nodeFilters()
	elem := keysOf(c.EdgeKeys, c.EdgeEnds)
	short := 0
	for i := range c.EdgeEnds {
		e := elem(i)
		if len(e) > shortElem {
			continue
		}
		short++
		w0, w1 := elemWords(e, 0, len(e))
		s := t.shortEdge(c.EdgeFrom[i], len(e), edgeHash(w0, w1, len(e)), w0, w1)
		if s == nil || s.to != c.EdgeTo[i] {
			return v.fail("EdgeEnds", i, "edge "+strconv.Quote(e)+" from node "+strconv.FormatUint(uint64(c.EdgeFrom[i]), 10)+" is not in EdgeSlots with its child")
		}
		want := shortEdge{u0: w1}
		if len(e) <= 8 {
			f := c.Nodes[int(s.to)*NodeStride:]
			rank := ^uint32(0)
			if f[2] >= 0 {
				rank = c.Rank[f[2]]
			}
			want.u0 = uint64(uint32(f[0])) | uint64(uint32(f[2]))<<32
			want.u1 = uint64(filters[s.to]) | uint64(rank)<<32
		}
		if s.u0 != want.u0 || s.u1 != want.u1 {
			slot := (uintptr(unsafe.Pointer(s)) - uintptr(unsafe.Pointer(&t.short[0]))) / unsafe.Sizeof(*s)
			return v.fail("EdgeSlots", int(slot)*edgeSlotWords+2, "edge "+strconv.Quote(e)+" does not carry its child's node")
		}
	}
	if used != short {
		return v.fail("EdgeSlots", 0, itoa(used)+" occupied slots for "+itoa(short)+" short edges")
	}
	return nil
}

// nodeFilters is each node's Node.Filter, as NewMatcher sets it.
func (v *planCheck) nodeFilters() []uint32 {
	c := &v.c.Matcher
	filters := make([]uint32, v.nodes)
	elem := keysOf(c.EdgeKeys, c.EdgeEnds)
	for i := range c.EdgeEnds {
		e := elem(i)
		filters[c.EdgeFrom[i]] |= filterBit(firstWord(e, 0, len(e)), len(e))
	}
	return filters
}
