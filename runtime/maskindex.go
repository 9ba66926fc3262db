package runtime

import (
	"math/bits"
	"slices"
)

// The mask index narrows the tables a name probes before any is read.
// A length of many masks (wild-long 10k: 166 tables per name on
// average) costs a filter test per table, most of a wildcard-only
// name's time. The index keeps, per probe list (the tables one name
// length probes, in order) and per literal position, a bit set of the
// list's tables per element there, and the set of tables with no
// literal there. A table can hold a name's key only if, at each of its
// literal positions, the name's element is one its patterns have there:
// the AND over the name's positions of (tables with e_i at i) | (tables
// with no literal at i) leaves the candidates, in probe order (8 of 166
// on wild-long 10k), and only they are tested against the filter and
// probed. This is the bit-vector scheme of packet classification
// (Lakshman and Stiliadis, SIGCOMM 1998) over a name's elements.
//
// The sets are direct-mapped by the element's hash (elemHash, which
// maskName.load computes anyway, seeded with the position): a slot holds
// the union of the sets of every element hashing to it, so a name may
// get a candidate too many, never one too few, and a lookup is one load
// with no key to compare. A position where every table of the list with
// a literal has the same element (a shared prefix) is compared with that
// element's hash instead. Measured against the filter tests alone
// (bench/README.md, "Narrowing the tables"): one set per (position,
// element) in a hash table of keys, or 512 slots a position, missed the
// cache and lost on the families with 20-50 tables a length; 64 slots
// win where a length has many tables, and lose below about 64.
//
// The index is built by NewMatcher from the tables in two allocations
// whatever the config, or, when the plan carries its words
// (Compact.MaskIndex; planmaskindex.go), laid out and adopted.

const (
	// maskIndexMin is the fewest tables a list needs for an index. At 23
	// and 24 tables a name (wild-market and wild-events 10k) the index
	// cost 20-24% more than the filter tests on wildcard-only names; at
	// 166 (wild-long 10k) 19-36% less (CPU time, 2026-12-02).
	maskIndexMin = 64
	// maskIndexWords bounds a list's bit sets: 512 tables. The longest
	// probe list of the benchmark families has 255 (wild-long 10k);
	// a list past it keeps the filter tests.
	maskIndexWords = 8
	// maskIndexSlots bounds a list's slots per position: 64 slots of 3
	// words (wild-long's lists) are 1.5 KB a position, so that the sets
	// a name reads stay in cache; 512 did not (see above). A list with
	// fewer keys (literal elements of its patterns, with repeats) gets
	// the power of two at or above them.
	maskIndexSlots = 64
)

// maskIndex is the index of every list that has one.
type maskIndex struct {
	list  [MaxElements + 1]uint8 // per name length: 1 + its list, or 0 for none
	lists []maskList
	words []uint64
}

// maskList is one indexed probe list.
type maskList struct {
	d     uint8  // a name length that probes the list (Matcher.maskProbe[d])
	n     int    // words per bit set
	lits  uint64 // the positions some table of the list reads
	slots uint32 // slots per position, a power of two
	star  uint32 // offset in words of the no-literal sets, one per position < bits.Len64(lits)
	// one is the offset in words of, per position < bits.Len64(lits), the
	// element hash every pattern of the list with a literal there has, or
	// an even word where they differ (element hashes are odd).
	one  uint32
	sets uint32 // offset in words of the sets, per position slots of n words
}

// setAt returns the offset in words of the set of the element of hash e
// at position i of list li.
func (li *maskList) setAt(i int, e uint64) int {
	return int(li.sets) + (i*int(li.slots)+int(e>>1&uint64(li.slots-1)))*li.n
}

// candidates writes to c the tables of list l that can hold x's key,
// one bit per table in probe order, and reports whether there is any.
func (ix *maskIndex) candidates(x *maskName, l int, c *[maskIndexWords]uint64) bool {
	li := &ix.lists[l]
	n := li.n
	for w := range n {
		c[w] = ^uint64(0)
	}
	for p := li.lits; p != 0; p &= p - 1 {
		i := bits.TrailingZeros64(p)
		e := x.hashAt(i)
		if ix.words[int(li.one)+i] == e {
			// The one element there (a shared prefix): the set is every
			// table with a literal there, and the AND changes nothing.
			continue
		}
		star := ix.words[int(li.star)+i*n:][:n]
		set := ix.words[li.setAt(i, e):][:n]
		any := uint64(0)
		for w := range n {
			c[w] &= star[w] | set[w]
			any |= c[w]
		}
		if any == 0 {
			return false
		}
	}
	return true
}

// hashAt is the hash of the name's element at position i (elemHash), one
// of the XORs load keeps (a subset of one position) or past them.
func (x *maskName) hashAt(i int) uint64 {
	if i < maskNear {
		return x.xor[i>>2][1<<(i&3)]
	}
	return x.far[i-maskNear]
}

// setMaskIndex builds the index of the lists worth one (see maskIndexMin
// and maskIndexWords), in two allocations whatever the config (see
// NewMatcher), or adopts carried, its words as a plan carries them
// (Compact.MaskIndex), when they are as many as the index takes. count
// is how many patterns table t holds. It reads only the tables setMasks
// built, so a bad plan's columns cannot make it read out of bounds; a
// bad plan's carried words can only make a lookup probe a table more or
// fewer, each in bounds (eachCandidate).
func (m *Matcher) setMaskIndex(carried []uint64, count func(t uint32) int) {
	ix := &m.maskIdx
	words := m.layMaskIndex(count)
	if words > 0 && len(carried) == words {
		ix.words = carried
		return
	}
	ix.words = make([]uint64, max(words, 1))
	for l := range ix.lists {
		m.indexList(l)
	}
}

// layMaskIndex sets maskIdx.list and maskIdx.lists, with their offsets,
// and returns the words the index takes.
func (m *Matcher) layMaskIndex(count func(t uint32) int) int {
	ix := &m.maskIdx
	ix.lists = m.indexLists(count)
	words := 0
	for l := range ix.lists {
		li := &ix.lists[l]
		positions := bits.Len64(li.lits)
		li.star = uint32(words)
		li.one = li.star + uint32(positions*li.n)
		li.sets = li.one + uint32(positions)
		words = int(li.sets) + positions*int(li.slots)*li.n
	}
	return words
}

// indexLists sets maskIdx.list and returns the lists worth an index, one
// per run of lengths that probe the same tables (every length past the
// longest '*' table probes the same '>' tables), with their sizes: the
// keys of a list are its tables' patterns (count) times their literal
// positions.
func (m *Matcher) indexLists(count func(t uint32) int) []maskList {
	ix := &m.maskIdx
	lists := make([]maskList, 0, MaxElements+1)
	for d := range ix.list {
		probe := m.maskProbe[d]
		if !m.maskOn[d] || len(probe) < maskIndexMin || len(probe) > maskIndexWords*64 {
			continue
		}
		if last := len(lists) - 1; last >= 0 && slices.Equal(m.maskProbe[lists[last].d], probe) {
			ix.list[d] = uint8(last + 1)
			continue
		}
		li := maskList{d: uint8(d), n: (len(probe) + 63) / 64}
		keys := 0
		for _, t := range probe {
			tab := &m.masks[t]
			li.lits |= tab.lits
			keys += count(t) * bits.OnesCount64(tab.lits)
		}
		li.slots = slotsFor(keys)
		if li.lits != 0 {
			ix.list[d] = uint8(len(lists) + 1)
			lists = append(lists, li)
		}
	}
	return lists
}

// slotsFor is the slots per position of a list of the given keys: the
// power of two at or above them, at most maskIndexSlots.
func slotsFor(keys int) uint32 {
	slots := uint32(1)
	for int(slots) < min(keys, maskIndexSlots) {
		slots *= 2
	}
	return slots
}

// indexList fills the sets of list l.
func (m *Matcher) indexList(l int) {
	ix := &m.maskIdx
	li := &ix.lists[l]
	one := ix.words[li.one:][:bits.Len64(li.lits)]
	for j, t := range m.maskProbe[li.d] {
		tab := &m.masks[t]
		for i := range one {
			if tab.lits>>i&1 == 0 {
				ix.words[int(li.star)+i*li.n+j>>6] |= 1 << (j & 63)
			}
		}
		for k := range tab.slots {
			if tab.slots[k].hash == 0 {
				continue
			}
			key := m.maskKey(&tab.slots[k])
			start := 0
			for b := tab.lits; b != 0; b &= b - 1 {
				end := start
				for end < len(key) && key[end] != '.' {
					end++
				}
				i := bits.TrailingZeros64(b)
				e := elemHash(key[start:end], i)
				start = min(end+1, len(key))
				ix.words[li.setAt(i, e)+j>>6] |= 1 << (j & 63)
				switch one[i] {
				case 0:
					one[i] = e
				case e:
				default:
					one[i] = 2 // two elements: even, never a hash
				}
			}
		}
	}
}

// eachCandidate calls f, in probe order, for each table of list l (the
// list of probe) that the index leaves for x and the filter passes, with
// the name's key hash in it, until f returns true.
func (m *Matcher) eachCandidate(x *maskName, l int, probe []uint32, f func(t uint32, h uint64) bool) {
	var c [maskIndexWords]uint64
	if !m.maskIdx.candidates(x, l, &c) {
		return
	}
	for w, word := range c[:m.maskIdx.lists[l].n] {
		for ; word != 0; word &= word - 1 {
			j := w<<6 + bits.TrailingZeros64(word)
			if j >= len(probe) {
				return // the sets hold only the list's tables; kept for any plan
			}
			t := probe[j]
			if h := x.keyOf(&m.masks[t]); m.mayHold(h) && f(t, h) {
				return
			}
		}
	}
}

// MaskIndexed reports whether names of n elements use the mask tables
// narrowed by the index (for the plan dump and tests).
func (m *Matcher) MaskIndexed(n int) bool {
	return n >= 0 && n <= MaxElements && m.maskIdx.list[n] > 0
}
