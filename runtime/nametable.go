package runtime

import (
	"iter"
	"math/bits"
	"slices"
	"unsafe"
)

// NameTable maps whole destination names to up to three values: the
// exact-match table, the one every lookup of a configured name goes
// through. It is an index of 32-bit entries over records packed one after
// another:
//
//	index entry: tag (hash bits, top bit set) | entryMore | record offset (low offBits)
//	record word 0: key length | value 0 << 32
//	record word 1: value 1 | value 2 << 32
//	words 2...: the key's bytes, zero-padded to a whole word
//
// A hit costs the hash, one index entry, the record's line(s) and a
// comparison; a name that is not a key is rejected by the entries' tags,
// almost always within the one index line. The layout is sized for the
// caches and the TLB: 4 bytes of index per slot, half of them empty, and
// records as long as their keys, so 100k names of 33 bytes take 1 MB of
// index and 5.6 MB of records. The 64-byte slots with the key inline that
// this replaced took 16 MB and lost to the Go map at 10k and 100k names
// (map/table 0.45-0.99x there, then 0.72-1.89x).
type NameTable struct {
	index   []uint32 // power-of-two length, at most half full; 0 is empty
	recs    []uint64 // the records, 64-byte aligned
	mask    uint64   // len(index) - 1
	offMask uint32   // the low bits of an entry that are its record's offset
	tagMask uint32   // the bits of an entry that are its tag: ^(offMask | entryMore)
	keys    []string // in the order given, for All
	// blob and ends hold the keys instead, cut as Compact.ExactKeys, in
	// a table adopted from a plan (nameTableOf).
	blob string
	ends []uint32
	// sampled: keys are hashed by sampleHash, which few of them share.
	sampled bool
	// wide: keys over wideFrom bytes are hashed by wideHash instead
	// (never with sampled), the rest whole.
	wide bool
}

// sampleHash hashes a name of at least 8 bytes by its first, middle and
// last 8 bytes and its length: two multiplies, whatever the length.
// Names that differ only elsewhere collide, so a table uses it only when
// its keys rarely do (see chooseSample); the comparison of the whole name
// keeps lookups exact either way. Of the benchmarks' configs, the
// classic and market families' sample so up to 10k names (market to
// 100k); the events, long and telemetry families' at 100 names, and the
// long family's at 10k, sample wide (wideHash).
func sampleHash(s string) uint64 { return sampleWith(s, NameSeed) }

// sampleWith is sampleHash with second multiplying its middle word.
func sampleWith(s string, second uint64) uint64 {
	n := len(s)
	return mix(loadAt(s, 0)^hashK1, loadAt(s, n-8)^NameSeed^uint64(n)*hashK2) ^
		mix(loadAt(s, n/2-4)^hashK3, second) | 1
}

// wideHash hashes a name of over wideFrom bytes as sampleHash does, with
// its last 16 bytes where sampleHash multiplies its middle word by a
// constant: 32 bytes, at the same two multiplies. The wildcard-only names
// the front caches (frontindex.go) share a first look when they share
// its hash, and then all but one take a second look, and the names of
// hierarchies mostly differ near their end: of the benchmarks' 4,096
// wildcard-only names at N = 100, 2,054 events names shared one under
// sampleHash, 1,139 under wideHash (long 680 and 364, telemetry 535 and
// 234), and such names cost 0.80-0.93x (bench/README, session 36). More
// keys rarely share it too: the long family's 10k names do (0.84-0.93x
// on every kind of name), which hash whole under sampleHash.
func wideHash(s string) uint64 { return sampleWith(s, loadAt(s, len(s)-16)^NameSeed) }

// wideFrom is the length over which a wide table samples: up to it,
// names are hashed whole, in at most two multiplies too (hash17to32),
// and above it the last-16-bytes word needs no bound.
const wideFrom = 32

// maxSampleShare bounds how many keys may share a sampled hash before a
// table hashes whole names instead: a probe then meets at most this many
// entries with its tag for such a key.
const maxSampleShare = 2

// wideTenths is the share of keys, in tenths, that must be over wideFrom
// bytes for a table to sample wide: then Resolve's branch on the length
// goes one way for nine names in ten. Shorter keys keep sampleHash, one
// test of a flag: on the classic family's 8-40-byte names, a branch on
// the length cost hits 4-20% (A/B, session 36).
const wideTenths = 9

// chooseSample returns how a table hashes keys: wide where nearly all are
// long (wideTenths) and they rarely share a wideHash, else sampled where
// they rarely share a sampleHash, else neither (whole names).
func chooseSample(keys []string) (sampled, wide bool) {
	long := 0
	for _, k := range keys {
		if len(k) > wideFrom {
			long++
		}
	}
	if long*10 >= len(keys)*wideTenths && rarelyShared(keys, wideFrom+1, wideHash) {
		return false, true
	}
	return rarelyShared(keys, 8, sampleHash), false
}

// rarelyShared reports whether no more than maxSampleShare keys of at
// least from bytes share a hash. The hashes are sorted rather than
// counted in a map, whose allocations would grow with the keys.
func rarelyShared(keys []string, from int, hash func(string) uint64) bool {
	hs := make([]uint64, 0, len(keys))
	for _, k := range keys {
		if len(k) >= from {
			hs = append(hs, hash(k))
		}
	}
	slices.Sort(hs)
	for i := maxSampleShare; i < len(hs); i++ {
		if hs[i] == hs[i-maxSampleShare] {
			return false
		}
	}
	return true
}

// readsWhole reports whether t's hash of a name of n bytes reads every
// byte of it: not over sampledWhole bytes where it samples (sampleHash),
// nor over wideFrom where it samples wide (wideHash; it hashes shorter
// names whole).
func (t *NameTable) readsWhole(n int) bool {
	return !(t.sampled && n > sampledWhole || t.wide && n > wideFrom)
}

// hash is the hash t is built and probed with.
func (t *NameTable) hash(k string) uint64 {
	switch {
	case t.sampled && len(k) >= 8:
		return sampleHash(k)
	case t.wide && len(k) > wideFrom:
		return wideHash(k)
	}
	return Hash(k, NameSeed)
}

const (
	// maxNameValues is how many values a record holds: an exact name's
	// destination and its ACL sets' signatures per operation.
	maxNameValues = 3
	// maxNameKey is the longest key: the length's byte in a record.
	maxNameKey = 255
	// recordHeader is the words of a record before its key.
	recordHeader = 2
	// maxRecordWords bounds a table's record words: an index entry holds
	// its record's offset below entryMore and its tag (top bit set).
	maxRecordWords = 1 << 30
	// entryMore marks slot i's entry when a key homed at i lies past i+1
	// or the entries at i and i+1 share a tag; unmarked, a miss reads no
	// third entry (14-50% of wildcard-only names did; bench/README, s27).
	entryMore = 1 << 30
)

// recordWords is the length in words of a record whose key has n bytes.
func recordWords(n int) int { return recordHeader + (n+7)/8 }

// NewNameTable builds the table of keys[i] -> values[i]. Keys must be
// distinct, 1 to 255 bytes (destination names are at most 249), and each
// have at most three values; the generator guarantees all three, and a
// violation panics at package initialisation, never later.
func NewNameTable(keys []string, values [][]uint32) NameTable {
	return newNameTable(keys, func(i int) (v [maxNameValues]uint32) {
		if len(values[i]) > maxNameValues {
			panic("runtime: NewNameTable: bad key or values")
		}
		copy(v[:], values[i])
		return v
	})
}

// newNameTable is NewNameTable with key i's values from value(i), so that
// a caller with its values in other tables builds none per key: the
// table's allocations do not grow with its keys.
func newNameTable(keys []string, value func(i int) [maxNameValues]uint32) NameTable {
	if len(keys) == 0 {
		return NameTable{}
	}
	words := 0
	for _, k := range keys {
		if len(k) == 0 || len(k) > maxNameKey {
			panic("runtime: NewNameTable: bad key or values")
		}
		words += recordWords(len(k))
	}
	size := pow2AtLeast(2 * len(keys))
	t := NameTable{
		index: make([]uint32, size+1), // index[size] repeats index[0] (exacthit.go)
		recs:  alignedWords(words),
		mask:  uint64(size - 1),
		keys:  keys,
	}
	t.sampled, t.wide = chooseSample(keys)
	t.offMask, t.tagMask = entryMasks(words)
	if words > maxRecordWords {
		panic("runtime: NewNameTable: too many keys")
	}
	off := 0
	for i, k := range keys {
		v := value(i)
		h := t.hash(k)
		placeEntry(t.index, t.mask, h, t.tag(h)|uint32(off))
		r := t.recs[off : off+recordWords(len(k))]
		r[0] = uint64(len(k)) | uint64(v[0])<<32
		r[1] = uint64(v[1]) | uint64(v[2])<<32
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&r[recordHeader])), len(k)), k)
		off += len(r)
	}
	finishIndex(t.index, t.mask, t.tagMask)
	return t
}

// placeEntry puts entry, of hash h, in the first empty slot of index
// (mask+2 slots) from h's home, and marks the home's entryMore when that
// slot lies past the home's next.
func placeEntry(index []uint32, mask, h uint64, entry uint32) {
	j := h & mask
	for index[j] != 0 {
		j = (j + 1) & mask
	}
	index[j] = entry
	if (j-h)&mask > 1 {
		index[h&mask] |= entryMore
	}
}

// finishIndex marks the entries of index whose next has their tag, then
// repeats the first slot after the last, for a first look there.
func finishIndex(index []uint32, mask uint64, tagMask uint32) {
	size := int(mask) + 1
	for i, e := range index[:size] {
		if f := index[(i+1)&int(mask)]; e != 0 && f != 0 && (e^f)&tagMask == 0 {
			index[i] |= entryMore
		}
	}
	index[size] = index[0]
}

// entryMasks returns the entries' offset and tag masks for words record words.
func entryMasks(words int) (off, tag uint32) {
	off = 1<<bits.Len(uint(words-1)) - 1
	return off, ^off &^ entryMore
}

// tag is the part of an index entry that hash h determines: never 0, so
// that no entry is.
func (t *NameTable) tag(h uint64) uint32 {
	return (uint32(h>>32) | 1<<31) & t.tagMask
}

// alignedWords returns n zeroed words starting on a 64-byte boundary, so
// that a record of at most 64 bytes spans as few cache lines as it can.
func alignedWords(n int) []uint64 {
	w := make([]uint64, n+7)
	skip := (64 - uintptr(unsafe.Pointer(&w[0]))%64) % 64 / 8
	return w[skip : skip+uintptr(n) : skip+uintptr(n)]
}

// Find returns the record of key, for Value.
func (t *NameTable) Find(key string) (rec int, ok bool) {
	rec, _, _, ok = t.find(key)
	return rec, ok
}

// find is Find, also returning the hash it probed with (t.hash(key): the
// sampled hash or the whole name's), or 0 when it did not hash, and the
// record's value 0. Resolve and Allowed, the lookups on every call, hold
// its hash and first look written out (exacthit.go), and must agree with
// it; here they are calls, for the rest: Matches, Lookup, the tests.
func (t *NameTable) find(key string) (rec int, h uint64, v0 uint32, ok bool) {
	n := len(key)
	if len(t.index) == 0 || n == 0 || n > maxNameKey {
		return 0, 0, 0, false
	}
	h = t.hash(key)
	rec, v0, ok = t.probe(key, h&t.mask, t.tag(h))
	return rec, h, v0, ok
}

// probe is find's linear probe from slot i, and Resolve's and Allowed's
// for the keys their first look does not find.
func (t *NameTable) probe(key string, i uint64, want uint32) (rec int, v0 uint32, ok bool) {
	n := len(key)
	for ; ; i = (i + 1) & t.mask {
		e := t.index[i]
		if e&t.tagMask == want {
			r := int(e & t.offMask)
			if w0 := t.recs[r]; uint8(w0) == uint8(n) && sameBytes(t.keyOf(r, n), key) {
				return r, uint32(w0 >> 32), true
			}
		}
		if e == 0 {
			return 0, 0, false
		}
	}
}

// keyOf returns the key of record r, whose length is n.
func (t *NameTable) keyOf(r, n int) string {
	// NewNameTable copied the key's bytes into the record's words from
	// recordHeader on, which the bounds check here proves to exist.
	return unsafe.String((*byte)(unsafe.Pointer(&t.recs[r+recordHeader])), n)
}

// Value returns value i (0, 1 or 2) of a record Find returned: value 0
// is word 0's high half, values 1 and 2 word 1's halves.
func (t *NameTable) Value(rec, i int) uint32 {
	return uint32(t.recs[rec+(i+1)/2] >> (32 * ((i + 1) & 1)))
}

// Lookup returns value 0 of key.
func (t *NameTable) Lookup(key string) (uint32, bool) {
	_, _, v0, ok := t.find(key)
	return v0, ok
}

// sameBytes compares two strings of equal length inline, with a fixed
// number of overlapping 8-byte loads per size class up to 32 bytes, so
// that names of varying length cost no mispredicted loop exits; longer
// ones go to the runtime's vector comparison.
func sameBytes(a, b string) bool {
	n := len(b)
	if len(a) != n {
		return false
	}
	switch {
	case n > 32:
		return a == b
	case n > 16:
		return (loadAt(a, 0)^loadAt(b, 0))|(loadAt(a, 8)^loadAt(b, 8))|
			(loadAt(a, n-16)^loadAt(b, n-16))|(loadAt(a, n-8)^loadAt(b, n-8)) == 0
	case n >= 8:
		return (loadAt(a, 0)^loadAt(b, 0))|(loadAt(a, n-8)^loadAt(b, n-8)) == 0
	case n >= 4:
		return (load32At(a, 0)^load32At(b, 0))|(load32At(a, n-4)^load32At(b, n-4)) == 0
	}
	return a == b
}

// All yields every key and its value 0, in the order they were given.
func (t *NameTable) All() iter.Seq2[string, uint32] {
	return func(yield func(string, uint32) bool) {
		for _, k := range t.keys {
			v, _ := t.Lookup(k)
			if !yield(k, v) {
				return
			}
		}
		key := keysOf(t.blob, t.ends)
		for i := range t.ends {
			v, _ := t.Lookup(key(i))
			if !yield(key(i), v) {
				return
			}
		}
	}
}
