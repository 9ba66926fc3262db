package runtime

import "math/bits"

// Mask tables are tuple-space search (Srinivasan, Suri and Varghese,
// SIGCOMM 1999; Open vSwitch's classifier): for the names of d elements
// the plan may keep one hash table per wildcard mask instead of walking
// the automata. A mask is which of a pattern's elements are literal; a
// table holds the patterns of one mask and one length, keyed by their
// literal elements. A name's elements are hashed once, each with a seed
// of its position, and a table's key hash is the XOR of the hashes of its
// literal positions, so a probe costs a few XORs, a slot load and, on a
// hit, one compare of the literal elements.
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

// maskSlot is one pattern of a table.
type maskSlot struct {
	hash uint64 // 0: empty
	key  string // its literal elements, joined by '.'
	dest int32
}

// maskName is a name's elements as the tables read them: each element's
// bounds and its hash, seeded with its position.
type maskName struct {
	name       string
	start, end [MaxElements]uint8
	hash       [MaxElements]uint64
}

// maskSeed seeds the element hashes of position i (see elemHash).
const maskSeed = 0x6d61736b7461626c // "masktabl"

// elemHash is the hash of element e at position i.
func elemHash(e string, i int) uint64 {
	return Hash(e, maskSeed^uint64(i+1)*hashK2)
}

// maskHash combines the hashes of the positions in lits: never 0, the
// mark of an empty slot.
func maskHash(h *[MaxElements]uint64, lits uint64) uint64 {
	x := uint64(0)
	for l := lits; l != 0; l &= l - 1 {
		x ^= h[bits.TrailingZeros64(l)]
	}
	return x | 1
}

// slotOf is where a hash's probe sequence starts in a table of mask+1
// slots: bit 0 is always set (maskHash), so the index skips it.
func slotOf(h, mask uint64) uint64 { return h >> 1 & mask }

// load reads p's first need elements.
func (x *maskName) load(p *path, need int) {
	x.name = p.name
	start := 0
	for i := range need {
		end := p.endFrom(start)
		x.start[i], x.end[i] = uint8(start), uint8(end)
		x.hash[i] = elemHash(p.name[start:end], i)
		start = end + 1
	}
}

// equal reports whether the name's elements at lits are key's.
func (x *maskName) equal(key string, lits uint64) bool {
	off := 0
	for l := lits; l != 0; l &= l - 1 {
		i := bits.TrailingZeros64(l)
		e := x.name[x.start[i]:x.end[i]]
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

// find returns the destination of t matching x, or -1.
func (t *maskTable) find(x *maskName) int32 {
	if len(t.slots) == 0 {
		return -1
	}
	h := maskHash(&x.hash, t.lits)
	return t.findFrom(x, h, slotOf(h, uint64(len(t.slots)-1)))
}

// findFrom is find of a key hashing to h from slot j on.
func (t *maskTable) findFrom(x *maskName, h, j uint64) int32 {
	mask := uint64(len(t.slots) - 1)
	for ; ; j = (j + 1) & mask {
		s := &t.slots[j]
		if s.hash == h && x.equal(s.key, t.lits) {
			return s.dest
		}
		if s.hash == 0 {
			return -1
		}
	}
}

// maskBatch is how many tables resolveMasks probes at once: their first
// slots are loaded before any is compared, so that their cache misses
// overlap (Go has no prefetch; independent loads are the next best).
// Eight keeps the batch's state in a few cache lines and wastes at most
// seven probes past a hit.
const maskBatch = 8

// resolveMasks is resolveSlow for a name whose length uses the tables:
// the first table in probe order with a pattern matching the name has
// the best match (see the file comment).
func (m *Matcher) resolveMasks(p *path) int32 {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	probe := m.maskProbe[p.n]
	for len(probe) > 0 {
		k := min(len(probe), maskBatch)
		var hs, first, slot [maskBatch]uint64
		for i, t := range probe[:k] {
			tab := &m.masks[t]
			if len(tab.slots) == 0 {
				continue
			}
			hs[i] = maskHash(&x.hash, tab.lits)
			slot[i] = slotOf(hs[i], uint64(len(tab.slots)-1))
			first[i] = tab.slots[slot[i]].hash
		}
		for i, t := range probe[:k] {
			if first[i] == 0 {
				continue // an empty first slot: the table has no such key
			}
			if d := m.masks[t].findFrom(&x, hs[i], slot[i]); d >= 0 {
				return d
			}
		}
		probe = probe[k:]
	}
	return -1
}

// matchesMasks is matchesSlow's part for a name whose length uses the
// tables: every table's hit, unsorted.
func (m *Matcher) matchesMasks(p *path, buf []int) []int {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	for _, t := range m.maskProbe[p.n] {
		if d := m.masks[t].find(&x); d >= 0 {
			buf = append(buf, int(d))
		}
	}
	return buf
}

// allowedMasks is allowedSlow for a name whose length uses the tables.
func (m *Matcher) allowedMasks(op Op, p *path, principals []Principal, csig uint32) bool {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	for _, t := range m.maskProbe[p.n] {
		if d := m.masks[t].find(&x); d >= 0 && m.grantedSet(m.DestACL[d][op], principals, csig) {
			return true
		}
	}
	return false
}

// setMasks builds the tables of c's mask columns, in three allocations
// whatever their number (see NewMatcher). It trusts c as NewMatcher does,
// but reads no column out of its bounds on any input: a bad one gives
// tables that match wrongly, never a panic.
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
	slots := make([]maskSlot, total)
	keys := keys(c.MaskKeys, c.MaskKeyEnds)
	entries := min(len(c.MaskDests), len(keys))
	prev = 0
	for i := range m.masks {
		f := c.Masks[i*MaskStride : (i+1)*MaskStride]
		t := &m.masks[i]
		t.lits = uint64(f[0]) | uint64(f[1])<<32
		end := max(prev, c.MaskEnds[i])
		size := maskSlots(int(end) - int(prev))
		t.slots, slots = slots[:size:size], slots[size:]
		for j := int(prev); j < int(end) && j < entries; j++ {
			t.insert(keys[j], int32(c.MaskDests[j]))
		}
		prev = end
	}
	m.setMaskDepths(c)
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

// insert adds the pattern of destination d whose literal elements are
// key, joined by '.'.
func (t *maskTable) insert(key string, d int32) {
	var x maskName
	x.name = key
	start := 0
	for l := t.lits; l != 0; l &= l - 1 {
		i := bits.TrailingZeros64(l)
		end := start
		for end < len(key) && key[end] != '.' {
			end++
		}
		x.hash[i] = elemHash(key[start:end], i)
		start = min(end+1, len(key))
	}
	h := maskHash(&x.hash, t.lits)
	mask := uint64(len(t.slots) - 1)
	j := slotOf(h, mask)
	for t.slots[j].hash != 0 {
		j = (j + 1) & mask
	}
	t.slots[j] = maskSlot{hash: h, key: key, dest: d}
}
