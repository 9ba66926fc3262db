package runtime

// gramBytes is the length of the grams inner literals are found by: one
// 32-bit load per sampled position of the name.
const gramBytes = 4

// infixIndex finds AnchorInfix literals inside a name by their grams
// (4-byte windows). When the shortest literal has L bytes, Find samples
// only every step = L-3rd position of the name, and each literal has
// step consecutive grams indexed: whatever position an occurrence starts
// at, exactly one of those grams then sits at a sampled position. A bloom
// filter over the indexed grams rejects most samples with one bit test
// before the gram table is probed. Of a literal's possible runs of grams,
// the one whose grams occur least in all the index's literals is indexed:
// literals are the config's vocabulary, and names share it, so a gram
// such as ".app" or "rob." would send many names to the table for
// nothing.
type infixIndex struct {
	step       int
	bloom      []uint64 // a power of two of bits, one per gram hash value
	bloomShift uint8    // 64 - log2(bits)
	grams      keyTable // gram -> bucket of refs
	refs       []gramRef
	minPolicy  uint32
}

// gramRef says that entry's literal has the gram at offset.
type gramRef struct{ entry, offset uint32 }

// bloomBitsPerGram sizes the bloom filter: with 256 bits per gram, one
// sample in 256 that holds no indexed gram reaches the table, for a
// filter of 32 bytes per gram, which stays in cache for the few dozen
// grams of a real config.
const bloomBitsPerGram = 256

// minBloomBits and maxBloomBits bound the filter: one cache line, and
// 8 KB past a thousand grams, where the rate of false hits may rise.
const (
	minBloomBits = 512
	maxBloomBits = 1 << 16
)

// maxInfixStep bounds the sampling step, and so the grams indexed per
// literal: past 8, fewer samples save little and a long literal would
// put many grams in the filter.
const maxInfixStep = 8

// scanInfix decides the inner-literal entries found in f.name. The loop
// is a load, a multiply and a bit test per sampled position; a gram that
// passes the filter is looked up out of line.
func (f *finder) scanInfix(x *PolicyIndex) {
	ix := x.infix
	name, step, shift, bloom := f.name, ix.step, ix.bloomShift&63, ix.bloom
	for i := 0; i <= len(name)-gramBytes; i += step {
		g := uint64(word32(name[i:]))
		h := (g * hashMul) >> shift
		if bloom[h>>6]&(1<<(h&63)) != 0 {
			f.infixAt(x, i, g)
		}
	}
}

// infixAt decides the entries whose indexed gram g f.name holds at i.
func (f *finder) infixAt(x *PolicyIndex, i int, g uint64) {
	name := f.name
	b := x.infix.grams.lookup(g)
	for _, r := range x.infix.refs[b.start:b.end] {
		e := &x.entries[r.entry]
		s := i - int(r.offset)
		if e.policy >= f.best || e.ops&f.opBit == 0 || s < 0 || s+int(e.n) > len(name) ||
			!literalAt(name, s, e.lit, false) {
			continue
		}
		if f.checked(e, s) {
			f.best = e.policy
		}
	}
}

// newInfixIndex indexes the literals of entries[i] for each i in which,
// each of at least gramBytes bytes; its grams' slots from room.
func newInfixIndex(entries []policyEntry, which []uint32, room *tableRoom) *infixIndex {
	ix := &infixIndex{minPolicy: noPolicy, step: maxInfixStep}
	for _, ei := range which {
		ix.minPolicy = min(ix.minPolicy, entries[ei].policy)
		ix.step = min(ix.step, len(entries[ei].lit)-gramBytes+1)
	}
	freq := map[uint64]int{} // how many windows of all literals each gram is
	for i := range entries {
		lit := entries[i].lit
		for j := 0; j+gramBytes <= len(lit); j++ {
			freq[uint64(word32(lit[j:]))]++
		}
	}
	byGram := map[uint64][]gramRef{}
	var order []uint64
	for _, ei := range which {
		lit := entries[ei].lit
		best, bestCost := 0, -1
		for j := 0; j+ix.step+gramBytes-1 <= len(lit); j++ {
			cost := 0
			for k := j; k < j+ix.step; k++ {
				cost += freq[uint64(word32(lit[k:]))]
			}
			if bestCost < 0 || cost < bestCost {
				best, bestCost = j, cost
			}
		}
		for k := best; k < best+ix.step; k++ {
			g := uint64(word32(lit[k:]))
			if byGram[g] == nil {
				order = append(order, g)
			}
			byGram[g] = append(byGram[g], gramRef{ei, uint32(k)})
		}
	}
	buckets := make([]bucket, len(order))
	for i, g := range order {
		start := uint32(len(ix.refs))
		ix.refs = append(ix.refs, byGram[g]...)
		buckets[i] = bucket{start, uint32(len(ix.refs))}
	}
	ix.grams = newKeyTable(order, buckets, room)
	bits := pow2AtLeast(min(maxBloomBits, max(minBloomBits, bloomBitsPerGram*len(order))))
	ix.bloom = make([]uint64, bits/64)
	ix.bloomShift = uint8(64 - log2(bits))
	for _, g := range order {
		h := (g * hashMul) >> ix.bloomShift
		ix.bloom[h>>6] |= 1 << (h & 63)
	}
	return ix
}
