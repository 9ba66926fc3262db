package runtime

import (
	"slices"
	"strings"
	"sync/atomic"
	"unsafe"
)

// The front index: the one lookup Resolve makes for a name it has seen
// before, whether the exact table holds it or only wildcards match it.
// It is the exact table's index laid out again, in words Resolve may
// write, with room in its first looks for entries that point at the
// answers of names outside the table: a wildcard-only name asked twice
// then costs a hit's hash, first look and comparison, rather than an
// exact table's miss and then a result cache's lookup (2.0-4.1x a hit at
// N <= 1k, bench/README, session 28).
//
// A name is entered only after the result cache has answered it once
// (its second sighting: one-off names never are), only into an empty
// slot of its first look (no entry is ever evicted, so two names cannot
// take a slot from each other in turn), or of its second look (second)
// where the exact table samples names, and its record is written before
// its entry is and never again: a record is read only through an entry,
// after its word 0, stored last, says it holds the name. When the
// arena's records run out, a new arena replaces it and the entries into
// the old one are cleared.
//
// Configs over frontMaxSlots entries keep the plan's index as it is (the
// front aliases it and caches nothing, as for a Matcher without
// wildcards): their wildcard-only names cost 0.84-1.35x a hit already,
// and laying out 2^17 entries again would cost a fresh Load milliseconds.
type frontIndex struct {
	slots   []atomic.Uint32 // mask+2 entries, as NameTable.index's
	mask    uint64
	offMask uint32 // offsets from len(recs) up are arena records
	tagMask uint32
	recs    int                         // len of the exact table's records
	arena   *atomic.Pointer[frontArena] // nil where slots are the plan's
}

const (
	// frontMinSlots sizes a small config's front: the gate's streams at
	// N = 100 ask 632-2,226 distinct wildcard-only names, which then find
	// most first looks free. A hit pays for the width: market N = 100
	// 7.0 -> 8.4 ns at 2^14, 7.3 at 2^8, its index lines on more pages.
	frontMinSlots = 1 << 14
	// frontMaxSlots is the largest index laid out again or copied.
	frontMaxSlots = 1 << 16
	// An arena is frontUnits units of 64 bytes (1 MiB, pages touched as
	// they fill), a record taking as many whole units as its name needs:
	// 16,384 names of up to 48 bytes, 4,096 of up to 240. A longer name
	// stays in the result cache. Records of a fixed 256 bytes held 4,096
	// names of any length and put every record's first line in a quarter
	// of the cache's sets: packed, wildcard-only and mixed names cost
	// 0.82-1.04x (bench/README, session 31).
	frontUnits     = 1 << 14
	frontUnitWords = 8
	frontMaxName   = 240
	// frontPadUnits follow the last unit, never allocated: a lookup that
	// meets a stale entry reads a record at any unit, up to the longest
	// length word 0 can claim (maxNameKey), and stays in the arena.
	frontPadUnits = (recordHeader*8 + maxNameKey) / (frontUnitWords * 8)
)

// frontUnitsOf is how many units the record of a name of n bytes takes.
func frontUnitsOf(n int) uint32 {
	return uint32(recordHeader*8+n+frontUnitWords*8-1) / (frontUnitWords * 8)
}

// frontArena holds cached names' records, laid out as the exact table's
// (word 0: length | answer << 32, as cacheAnswer; word 1: the union's
// signature per op, as enter; words 2...: the name).
type frontArena struct {
	units [frontUnits + frontPadUnits][frontUnitWords]uint64
	used  atomic.Uint32 // units allocated
}

// newFrontIndex returns t's front, or none (no slots) for an empty
// table. Only a Matcher with a result cache (cached) gets a front of its
// own.
func newFrontIndex(t *NameTable, cached bool) frontIndex {
	if len(t.index) == 0 {
		return frontIndex{}
	}
	size := len(t.index) - 1
	f := frontIndex{
		slots: atomicWords(t.index),
		mask:  t.mask, offMask: t.offMask, tagMask: t.tagMask, recs: len(t.recs),
	}
	switch {
	case !cached || size > frontMaxSlots:
		return f // the plan's index, read only
	case size >= frontMinSlots && len(t.recs)+frontUnits <= int(t.offMask)+1:
		// Room in the plan's layout: its entries copied, probed as its.
		f.slots = atomicWords(slices.Clone(t.index))
		f.arena = new(atomic.Pointer[frontArena])
		return f
	}
	return rehome(t, max(size, frontMinSlots))
}

// rehome lays t's entries out again in size slots, as newNameTable does,
// with offsets that leave room for the arena's records after t's.
func rehome(t *NameTable, size int) frontIndex {
	f := frontIndex{mask: uint64(size - 1), recs: len(t.recs), arena: new(atomic.Pointer[frontArena])}
	f.offMask, f.tagMask = entryMasks(len(t.recs) + frontUnits)
	index := make([]uint32, size+1)
	for _, e := range t.index[:len(t.index)-1] {
		if e != 0 {
			r := int(e & t.offMask)
			h := t.hash(t.keyOf(r, int(uint8(t.recs[r]))))
			placeEntry(index, f.mask, h, f.tag(h)|uint32(r))
		}
	}
	finishIndex(index, f.mask, f.tagMask)
	f.slots = atomicWords(index)
	return f
}

// atomicWords is index as words read and written atomically (the same
// layout), for a front's own index, or the plan's read as it is.
func atomicWords(index []uint32) []atomic.Uint32 {
	return unsafe.Slice((*atomic.Uint32)(unsafe.Pointer(unsafe.SliceData(index))), len(index))
}

// tag is the tag of hash h's entries, as NameTable.tag.
func (f *frontIndex) tag(h uint64) uint32 {
	return (uint32(h>>32) | 1<<31) & f.tagMask
}

// cached returns word 0 of the arena record entry e points at, frontMark
// cleared as an exact record's bits 8 to 31 are (so a lookup compares its
// low 32 bits with the name's length), or frontMark<<8 for none yet, and
// the record. A record is never written
// again once word 0 is. Only a front with an arena has such entries: the
// plan's own index points past its records nowhere (plan checking).
//
// An entry read before a renewal cleared it, or published into the old
// arena after, points into the new one, where its unit may lie inside
// another name's record: its first word is then that name's bytes or
// zeros, never frontMark's (publish), and so no name's length.
func (f *frontIndex) cached(e uint32) (uint64, unsafe.Pointer) {
	a := f.arena.Load()
	if a == nil {
		return 0, nil
	}
	rec := &a.units[(int(e&f.offMask)-f.recs)&(frontUnits-1)]
	// Without frontMark, bits 8 to 31 are left set, and the length
	// compared as an exact record's (low 32 bits) matches no name.
	return atomic.LoadUint64(&rec[0]) ^ frontMark<<8, unsafe.Pointer(rec)
}

// frontMark fills bits 8 to 31 of an arena record's first word, which
// in the exact table's records are zero: bytes of 0xff that no name
// entered holds (publish), so that no unit inside a record reads as one.
const frontMark = 0xffffff

// enter offers name, whose exact-table hash is h and whose answer is a
// (cacheAnswer), to the front on its second sighting: Resolve's (its
// result cache answered it) or Allowed's (an op's cache did). Its record
// holds what both lookups decide on, so either enters it for both: the
// answer, and with permissions on, the union's signature for each op
// (unionOf; an invalid name's is empty, so Allowed denies it), in word 1
// as an exact record's signatures are. A name with no room (place) is
// not entered, and pays for no walk.
func (m *Matcher) enter(name string, h uint64, a uint32) {
	hx, ok := m.place(name, h)
	if !ok {
		return
	}
	var sigs uint64
	var p path
	if m.Permissions && p.split(name) {
		for op := range NumOps {
			sigs |= uint64(m.unionOf(op, &p, nil)) << (32 * op)
		}
	}
	m.front.publish(name, hx, a, sigs)
}

// place returns the hash of the look publish would enter name in: its
// first look's (h) or, where the exact table samples names, its second
// look's (nameHash); false for neither. A name in its second look is not
// entered again: that look's first slot holds its tag, or both are full.
func (m *Matcher) place(name string, h uint64) (uint64, bool) {
	if _, ok := m.front.room(name, h); ok {
		return h, true
	}
	hc := nameHash(&m.Exact, name, h)
	_, ok := m.front.room(name, hc)
	return hc, ok && hc != h
}

// room returns the empty slot of the look of hash h that publish would
// enter name in, or false where the front caches nothing, the name does
// not fit a record, or the look is full or holds h's tag in its first
// slot (a lookup then compares only that entry).
func (f *frontIndex) room(name string, h uint64) (uint64, bool) {
	if f.arena == nil || len(name) > frontMaxName {
		return 0, false
	}
	p := h & f.mask
	if e := f.slots[p].Load(); e != 0 {
		if e&f.tagMask == f.tag(h) {
			return 0, false
		}
		if p++; f.slots[p].Load() != 0 {
			return 0, false
		}
	}
	return p, true
}

// second returns the record of name in its second look, the slots of
// hc, its cache hash (nameHash), and its word 0 as cached returns it, or
// a nil record. Only a table that samples names gives hc != h (h, the
// exact table's hash, is 0 where it did not hash the name): names that differ only in bytes the sample does not read
// (an id in the middle of a long name) share a first look, and its tag,
// so that one of them is read there (up to 26 of the events family's
// wildcard-only names at N = 100 shared one); the rest are entered where
// their whole hash puts them. A name whose first look (of h) has room is
// not looked for: it would have entered there (room), and its second look
// cost a cache miss at 10k (Allowed on exact-events' mixed names, 1.11x).
func (f *frontIndex) second(name string, h, hc uint64) (uint64, unsafe.Pointer) {
	if hc == h || h == 0 || f.arena == nil {
		return 0, nil // one look, or the plan's index, which has no cached names
	}
	if _, free := f.room(name, h); free {
		return 0, nil
	}
	want, i := f.tag(hc), hc&f.mask
	for _, e := range [2]uint32{f.slots[i].Load(), f.slots[i+1].Load()} {
		if e&f.tagMask == want && int(e&f.offMask) >= f.recs {
			w0, rec := f.cached(e)
			if uint32(w0) == uint32(len(name)) && unsafe.String((*byte)(unsafe.Add(rec, 8*recordHeader)), len(name)) == name {
				return w0, rec
			}
		}
	}
	return 0, nil
}

// publish enters name, whose exact-table hash is h, answer a and
// signatures sigs (enter), into an empty slot of its look, if it has
// one.
func (f *frontIndex) publish(name string, h uint64, a uint32, sigs uint64) {
	p, ok := f.room(name, h)
	if !ok || strings.IndexByte(name, 0xff) >= 0 { // frontMark's byte: such a name is invalid anyway
		return
	}
	ar := f.arena.Load()
	if ar == nil {
		f.arena.CompareAndSwap(nil, new(frontArena))
		ar = f.arena.Load()
	}
	k := frontUnitsOf(len(name))
	s := ar.used.Add(k) - k
	if s+k > frontUnits {
		f.renew(ar)
		return
	}
	// Every word stored whole and atomically: a lookup holding a stale
	// entry may read any unit's first word while it is written (cached).
	words := unsafe.Slice(&ar.units[s][0], k*frontUnitWords)
	for i := 0; i < len(name); i += 8 {
		var w [8]byte
		copy(w[:], name[i:])
		atomic.StoreUint64(&words[recordHeader+i/8], *(*uint64)(unsafe.Pointer(&w)))
	}
	atomic.StoreUint64(&words[1], sigs)
	atomic.StoreUint64(&words[0], uint64(len(name))|frontMark<<8|uint64(a)<<32)
	f.slots[p].CompareAndSwap(0, f.tag(h)|uint32(f.recs+int(s)))
}

// renew replaces the full arena old with an empty one and clears the
// entries into it: a lookup that read an entry before it was cleared
// meets a record that is empty or another name's, and so misses.
//
//go:noinline
func (f *frontIndex) renew(old *frontArena) {
	if !f.arena.CompareAndSwap(old, new(frontArena)) {
		return
	}
	for i := range f.slots {
		if e := f.slots[i].Load(); e != 0 && int(e&f.offMask) >= f.recs {
			f.slots[i].CompareAndSwap(e, 0)
		}
	}
}
