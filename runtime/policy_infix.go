package runtime

// gramBytes is the length of the grams inner literals are found by: one
// 32-bit load per sampled position of the name.
const gramBytes = 4

// infixIndex finds AnchorInfix literals inside a name. Every gram (4-byte
// window) of every literal is indexed; when the shortest literal has L
// bytes, any occurrence of any literal covers L-3 consecutive gram
// positions, so Find samples only every (L-3)th position of the name, and
// a bloom filter over the grams rejects nearly every sample with one bit
// test before the gram table is probed.
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

// bloomBitsPerGram sizes the bloom filter: with 16 bits per gram about one
// sample in sixteen that holds no gram reaches the table.
const bloomBitsPerGram = 16

// minBloomBits keeps a small filter at one cache line.
const minBloomBits = 512

// scanInfix decides the inner-literal entries found in f.name.
func (f *finder) scanInfix(x *PolicyIndex) {
	ix := x.infix
	name := f.name
	for i := 0; i+gramBytes <= len(name); i += ix.step {
		g := uint64(word32(name[i:]))
		h := (g * hashMul) >> ix.bloomShift
		if ix.bloom[h>>6]&(1<<(h&63)) == 0 {
			continue
		}
		b := ix.grams.lookup(g)
		for _, r := range ix.refs[b.start:b.end] {
			e := &x.entries[r.entry]
			s := i - int(r.offset)
			if e.policy >= f.best || e.ops&f.opBit == 0 || s < 0 || s+len(e.lit) > len(name) ||
				!e.sitsAt(name, s, false) {
				continue
			}
			if f.checked(e, s) {
				f.best = e.policy
			}
		}
	}
}

// newInfixIndex indexes the grams of entries[i] for each i in which; each
// literal has at least gramBytes bytes.
func newInfixIndex(entries []policyEntry, which []uint32) *infixIndex {
	ix := &infixIndex{minPolicy: noPolicy}
	shortest := 0
	byGram := map[uint64][]gramRef{}
	var order []uint64
	for _, ei := range which {
		e := &entries[ei]
		ix.minPolicy = min(ix.minPolicy, e.policy)
		if shortest == 0 || len(e.lit) < shortest {
			shortest = len(e.lit)
		}
		for j := 0; j+gramBytes <= len(e.lit); j++ {
			g := uint64(word32(e.lit[j:]))
			if byGram[g] == nil {
				order = append(order, g)
			}
			byGram[g] = append(byGram[g], gramRef{ei, uint32(j)})
		}
	}
	ix.step = shortest - gramBytes + 1
	buckets := make([]bucket, len(order))
	for i, g := range order {
		start := uint32(len(ix.refs))
		ix.refs = append(ix.refs, byGram[g]...)
		buckets[i] = bucket{start, uint32(len(ix.refs))}
	}
	ix.grams = newKeyTable(order, buckets)
	bits := pow2AtLeast(max(minBloomBits, bloomBitsPerGram*len(order)))
	ix.bloom = make([]uint64, bits/64)
	ix.bloomShift = uint8(64 - log2(bits))
	for _, g := range order {
		h := (g * hashMul) >> ix.bloomShift
		ix.bloom[h>>6] |= 1 << (h & 63)
	}
	return ix
}
