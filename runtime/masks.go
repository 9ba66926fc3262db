package runtime

import "math/bits"

// Mask tables are tuple-space search (Srinivasan, Suri and Varghese,
// SIGCOMM 1999; Open vSwitch's classifier): for the names of d elements
// the plan may keep one hash table per wildcard mask instead of walking
// the automata. A mask is which of a pattern's elements are literal; a
// table holds the patterns of one mask and one length, keyed by their
// literal elements. A name's elements are hashed once, each with a seed
// of its position, and a table's key hash is the XOR of the hashes of its
// literal positions, read four positions at a time from XORs computed
// once per name (maskName.xor), so a key costs a load per four elements
// and no branch.
//
// Before a table is probed, one Bloom filter over all tables' keys
// (Matcher.maskFilter, small enough to stay in cache) says whether it can
// hold the name's key: most probes of a length with tens to hundreds of
// tables are then a hash and a test of a cached word, not a cache miss,
// and a lookup reads the tables only where a pattern likely matches.
//
// The tables a name of d elements probes (Matcher.maskProbe[d]) are the
// '*' tables of length d, then the '>' tables of fewer elements (before
// the '>'), in precedence order (subject.Compare): the '*' class first,
// masks ordered by their first position where one has a '*' and the
// other a literal, the literal first; then '>' patterns, more elements
// first, in the same order within a length. Two patterns of one table
// that match one name are the same pattern, so the first hit is the
// best match and Resolve stops there.
//
// Whether a length uses the tables or the automata is the plan's choice
// (gen/plan's cost model), per config and per length: a length with few
// masks probes few tables, one with many (EMQX's objection: up to 2^d)
// walks the automata.

// maskTable is the table of one mask.
// Its patterns' length and '>' are the plan's business: which lengths
// probe it (Matcher.maskProbe) says all a lookup needs.
type maskTable struct {
	lits  uint64     // bit i: element i is literal
	slots []maskSlot // linear probing, a power of two, at most half full
}

// maskSlot is one pattern of a table. It holds no pointer, so that a
// plan carries the tables built and NewMatcher adopts them in place
// (planmaskslots.go).
type maskSlot struct {
	hash uint64 // 0: empty
	key  uint32 // its literal elements, joined by '.': Matcher.maskKeys[key : key+n]
	n    uint32
	dest int32
	_    uint32
}

// maskKey is the key of slot s.
func (m *Matcher) maskKey(s *maskSlot) string { return m.maskKeys[s.key : s.key+s.n] }

// maskName is a name's elements as the tables read them: each element's
// bounds and, from its hash seeded with its position, per group of four
// of the first maskNear positions the XOR of every subset of their
// hashes, and the hashes of the positions after them.
//
// A lookup zeroes it (Go zeroes every variable): XORs for all
// MaxElements positions took 2.7 KB, whose zeroing cost as much as the
// rest of a lookup on a small config; names of more than maskNear
// elements are rare, and read the positions past it one at a time.
type maskName struct {
	name       string
	start, end [MaxElements]uint8
	xor        [maskNear / 4][16]uint64       // xor[g][b]: the hashes of 4g+i for each bit i of b, XORed
	far        [MaxElements - maskNear]uint64 // the hash of position maskNear+i
}

// maskNear is how many leading positions maskName.xor covers (keyOf
// reads its four groups): the deepest names of the benchmark families
// have 16 elements.
const maskNear = 16

// maskSeed seeds the element hashes of position i (see elemHash).
const maskSeed = 0x6d61736b7461626c // "masktabl"

// elemHash is the hash of element e at position i.
func elemHash(e string, i int) uint64 {
	return Hash(e, maskSeed^uint64(i+1)*hashK2)
}

// slotOf is where a hash's probe sequence starts in a table of mask+1
// slots: bit 0 is always set (keyOf), so the index skips it.
func slotOf(h, mask uint64) uint64 { return h >> 1 & mask }

// keyOf is the key hash of the name's elements at t's literal positions
// (the XOR of their hashes, never 0, the mark of an empty slot): a load
// per group of four of the first maskNear positions, with no branch (a
// group past the name's elements is zero, and so are t's bits there),
// then the few positions past them one at a time.
func (x *maskName) keyOf(t *maskTable) uint64 {
	l := t.lits
	h := x.xor[0][l&15] ^ x.xor[1][l>>4&15] ^ x.xor[2][l>>8&15] ^ x.xor[3][l>>12&15]
	for l >>= maskNear; l != 0; l &= l - 1 {
		h ^= x.far[bits.TrailingZeros64(l)] // l < 1<<48: in range
	}
	return h | 1
}

// load reads p's first need elements.
func (x *maskName) load(p *path, need int) {
	x.name = p.name
	var h [4]uint64 // the hashes of a group
	start := 0
	for i := range need {
		end := p.endFrom(start)
		x.start[i], x.end[i] = uint8(start), uint8(end)
		e := elemHash(p.name[start:end], i)
		start = end + 1
		if i >= maskNear {
			x.far[i-maskNear] = e
			continue
		}
		h[i&3] = e
		if i&3 == 3 || i == need-1 {
			xs := &x.xor[i>>2]
			for b := 1; b < 16; b++ {
				xs[b] = xs[b&(b-1)] ^ h[bits.TrailingZeros(uint(b))&3]
			}
			h = [4]uint64{}
		}
	}
}

// equal reports whether the name's elements at lits are key's. A run of
// consecutive literal positions is one substring of the name, dots
// included, as it is of the key, so it is compared at once (wild-long
// 10k's patterns: 1 to 4 runs, 2.0 on average, of 3 to 13 literals).
func (x *maskName) equal(key string, lits uint64) bool {
	off := 0
	for l := lits; l != 0; {
		i := bits.TrailingZeros64(l)
		j := i + bits.TrailingZeros64(^(l >> i)) // one past the run
		l &^= 1<<j - 1                           // 1<<64 is 0: every bit
		e := x.name[x.start[i]:x.end[j-1]]
		if off > 0 {
			if off >= len(key) || key[off] != '.' {
				return false
			}
			off++
		}
		if len(key)-off < len(e) || key[off:off+len(e)] != e {
			return false
		}
		off += len(e)
	}
	return off == len(key)
}

// probe returns the destination of table t whose key, hashing to h, is
// x's, or -1. The lookups call it only for a table the filter passes:
// its loop keeps it from inlining, and a call per table cost more than
// the filter's test.
func (m *Matcher) probe(x *maskName, t uint32, h uint64) int32 {
	tab := &m.masks[t]
	if len(tab.slots) == 0 {
		return -1
	}
	mask := uint64(len(tab.slots) - 1)
	for j := slotOf(h, mask); ; j = (j + 1) & mask {
		s := &tab.slots[j]
		if s.hash == h && x.equal(m.maskKey(s), tab.lits) {
			return s.dest
		}
		if s.hash == 0 {
			return -1
		}
	}
}

// maskFilterBits is the mask filter's size per pattern. The filter is a
// blocked Bloom filter: a key sets three bits of one 64-bit word, so a
// test reads one word. 32 bits per pattern make a false positive about
// 1 in 600 (TestMaskFilterRate), so a name probing the 160 to 200 tables
// of one wild-long 10k length reads about a third of a table it need
// not; 16 would make that 2 or 3 tables, and 64 doubles a filter that
// must stay in cache (10k patterns: 40 KB at 32).
const maskFilterBits = 32

// filterWord returns the word of key h and its bits in it. h is already
// mixed (elemHash), so its bits are used as they are, but bit 0, which
// keyOf sets. The filter is not keyed by table: the keys of two
// tables are equal only if they read the same elements, as a '*' table
// and a '>' table whose literals are the same positions, which then
// share bits (a false positive at most).
func (m *Matcher) filterWord(h uint64) (word int, bitsOf uint64) {
	return int(h>>40) & (len(m.maskFilter) - 1), 1<<(h>>1&63) | 1<<(h>>7&63) | 1<<(h>>13&63)
}

// mayHold reports whether a table can hold key h: false means none can.
func (m *Matcher) mayHold(h uint64) bool {
	w, b := m.filterWord(h)
	return m.maskFilter[w]&b == b
}

// resolveMasks is resolveSlow for a name whose length uses the tables:
// the first table in probe order with a pattern matching the name has
// the best match (see the file comment).
func (m *Matcher) resolveMasks(p *path) int32 {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	if l := m.maskIdx.list[p.n]; l > 0 {
		d := int32(-1)
		m.eachCandidate(&x, int(l-1), m.maskProbe[p.n], func(t uint32, h uint64) bool {
			d = m.probe(&x, t, h)
			return d >= 0
		})
		return d
	}
	for _, t := range m.maskProbe[p.n] {
		// The filter's test, inlined; the probe is not (see probe).
		if h := x.keyOf(&m.masks[t]); m.mayHold(h) {
			if d := m.probe(&x, t, h); d >= 0 {
				return d
			}
		}
	}
	return -1
}

// matchesMasks is matchesSlow's part for a name whose length uses the
// tables: every table's hit, unsorted.
func (m *Matcher) matchesMasks(p *path, buf []int) []int {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	if l := m.maskIdx.list[p.n]; l > 0 {
		m.eachCandidate(&x, int(l-1), m.maskProbe[p.n], func(t uint32, h uint64) bool {
			if d := m.probe(&x, t, h); d >= 0 {
				buf = append(buf, int(d))
			}
			return false
		})
		return buf
	}
	for _, t := range m.maskProbe[p.n] {
		if h := x.keyOf(&m.masks[t]); m.mayHold(h) {
			if d := m.probe(&x, t, h); d >= 0 {
				buf = append(buf, int(d))
			}
		}
	}
	return buf
}

// setMasks builds the tables of c's mask columns, in three allocations
// whatever their number (see NewMatcher), or adopts them as the plan
// carries them (Compact.MaskSlots and MaskFilter, planmaskslots.go). It
// trusts c as NewMatcher does, but reads no column out of its bounds on
// any input: a bad one gives tables that match wrongly, never a panic.
func (m *Matcher) setMasks(c *Compact) {
	n := min(len(c.Masks)/MaskStride, len(c.MaskEnds))
	if n == 0 && len(c.MaskDepths) == 0 {
		return
	}
	total, prev := 0, uint32(0)
	for _, end := range c.MaskEnds[:n] {
		total += maskSlots(int(end) - int(prev))
		prev = max(prev, end)
	}
	m.masks = make([]maskTable, n)
	m.maskKeys = c.MaskKeys
	entries := min(len(c.MaskDests), len(c.MaskKeyEnds))
	slots, carried := m.adoptMaskSlots(c, total, entries)
	if !carried {
		slots = make([]maskSlot, total)
		m.maskFilter = make([]uint64, filterWords(entries))
	}
	prev = 0
	for i := range m.masks {
		f := c.Masks[i*MaskStride : (i+1)*MaskStride]
		t := &m.masks[i]
		t.lits = uint64(f[0]) | uint64(f[1])<<32
		end := max(prev, c.MaskEnds[i])
		size := maskSlots(int(end) - int(prev))
		t.slots, slots = slots[:size:size], slots[size:]
		for j := int(prev); j < int(end) && j < entries && !carried; j++ {
			start := uint32(0)
			if j > 0 {
				start = min(c.MaskKeyEnds[j-1], c.MaskKeyEnds[j])
			}
			h := t.insert(c.MaskKeys, start, c.MaskKeyEnds[j], int32(c.MaskDests[j]))
			w, b := m.filterWord(h)
			m.maskFilter[w] |= b
		}
		prev = end
	}
	m.setMaskDepths(c)
	m.setMaskIndex(c.MaskIndex, func(t uint32) int { return tablePatterns(c.MaskEnds, int(t), entries) })
}

// tablePatterns is how many of the first entries patterns table t holds,
// as setMasks inserts them, given ascending ends (a plan whose ends do
// not ascend gets a count that does not fit its index, whose words then
// do not fit either: the index is built, never read past).
func tablePatterns(ends []uint32, t, entries int) int {
	prev := 0
	if t > 0 {
		prev = min(int(ends[t-1]), entries)
	}
	return max(0, min(int(ends[t]), entries)-prev)
}

// setMaskDepths reads MaskDepths: which lengths probe the tables, and
// which tables, as sub-slices of MaskProbes.
func (m *Matcher) setMaskDepths(c *Compact) {
	prev := uint32(0)
	for d := 0; d <= MaxElements && (d+1)*MaskDepthStride <= len(c.MaskDepths); d++ {
		f := c.MaskDepths[d*MaskDepthStride:]
		end := min(max(prev, f[1]), uint32(len(c.MaskProbes)))
		probe := c.MaskProbes[prev:end:end]
		prev = end
		m.maskOn[d] = f[0] == 1
		lits := uint64(0)
		for _, t := range probe {
			if int(t) >= len(m.masks) {
				// A bad plan's table number: the length falls back to
				// the automata, and no lookup indexes past the tables.
				m.maskOn[d], probe = false, nil
				break
			}
			lits |= m.masks[t].lits
		}
		m.maskProbe[d] = probe
		m.maskNeed[d] = uint8(min(bits.Len64(lits), d))
	}
}

// filterWords is the mask filter's size for n patterns: maskFilterBits
// each, a power of two of words, at least one.
func filterWords(n int) int {
	words := 1
	for words*64 < n*maskFilterBits {
		words *= 2
	}
	return words
}

// maskSlots is the size of a table of n patterns: a power of two at
// least twice n, so that a probe meets an empty slot soon; 0 for none.
func maskSlots(n int) int {
	if n <= 0 {
		return 0
	}
	size := 2
	for size < 2*n {
		size *= 2
	}
	return size
}

// insert adds the pattern of destination d whose literal elements,
// joined by '.', are blob[start:end] (end past blob: to its end), and
// returns its hash.
func (t *maskTable) insert(blob string, start, end uint32, d int32) uint64 {
	end = min(end, uint32(len(blob)))
	start = min(start, end)
	key := blob[start:end]
	h := uint64(0) // as keyOf computes it
	from := 0
	for l := t.lits; l != 0; l &= l - 1 {
		i := bits.TrailingZeros64(l)
		to := from
		for to < len(key) && key[to] != '.' {
			to++
		}
		h ^= elemHash(key[from:to], i)
		from = min(to+1, len(key))
	}
	h |= 1
	mask := uint64(len(t.slots) - 1)
	j := slotOf(h, mask)
	for t.slots[j].hash != 0 {
		j = (j + 1) & mask
	}
	t.slots[j] = maskSlot{hash: h, key: start, n: end - start, dest: d}
	return h
}
