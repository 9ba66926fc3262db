package runtime

import (
	"iter"
	"slices"
	"unsafe"
)

// NameTable maps whole destination names to up to three values: the
// exact-match table, the one every lookup of a configured name goes
// through. It is open addressing over 64-byte slots, one cache line each,
// that hold everything a hit reads:
//
//	word 0: hash tag (24 bits) | key length (8 bits) | value 0 (32 bits)
//	word 1: value 1 | value 2 << 32
//	words 2-7: the key itself, when at most inlineKey bytes; else word 2
//	           is its offset in long
//
// so a hit costs the hash, one slot load and a comparison with bytes in
// the same line. A table of string headers (Go's map among them) loads the
// slot, then the key's bytes from elsewhere: one more dependent load on
// every lookup, which is what made the Go map faster than the previous
// layout here (measured: 8.7 ns against the map's 13.6 ns at 1k names).
type NameTable struct {
	// filter, in a table of over filterSlots slots, is a Bloom filter of
	// its keys' hashes, two bits each in one word: a probe tests it first,
	// so that a name not in the table (most names a broker looks up that
	// a wildcard pattern or nothing matches) costs the hash and one load
	// from a filter small enough to stay in the L1 cache, and touches no
	// slot. A hit's probe loads its filter word and its slot in parallel,
	// with nothing between the hash and the slot. (The filter replaced a
	// table of 16-bit tags per slot, probed in sequence before the slots:
	// measured on the exact-shape 10k benchmark config, Resolve on mixed
	// names went from 49.3 to 43.9 ns, on exact hits from 18.9 to 17.0.)
	// A smaller table stays in cache, where the filter would only add
	// work to a hit.
	filter      []uint64
	filterShift uint     // 64 - log2(len(filter))
	slots       []uint64 // slotWords per slot, 64-byte aligned
	mask        uint64   // slots - 1
	long        string   // keys longer than inlineKey, concatenated
	keys        []string // in the order given, for All
	// sampled: keys are hashed by sampleHash, which few of them share.
	sampled bool
}

// sampleHash hashes a name of at least 8 bytes by its first and last 8
// bytes and its length: one multiply instead of one per 16 bytes. Names
// that differ only in the middle collide, so a table uses it only when its
// keys rarely do (see NewNameTable); the full comparison on every probe
// keeps lookups exact either way.
func sampleHash(s string) uint64 {
	n := len(s)
	return mix(loadAt(s, 0)^hashK1, loadAt(s, n-8)^NameSeed^uint64(n)*hashK2) | 1
}

// maxSampleShare bounds how many keys may share a sampled hash before a
// table hashes whole names instead: a probe then walks at most this many
// extra slots for such a key.
const maxSampleShare = 2

const (
	slotWords = 8
	// inlineKey is the longest key kept in its slot: the six words left
	// after the header. Most destination names are shorter (the
	// benchmark workloads' median is about 30 bytes).
	inlineKey = 8 * (slotWords - 2)
	// maxNameValues is how many values a slot holds: an exact name's
	// destination and its ACL set per operation.
	maxNameValues = 3
	tagShift      = 40
	lenMask       = 0xff << 32
)

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
	size := 2
	for size < 2*len(keys) {
		size *= 2
	}
	t := NameTable{mask: uint64(size - 1), keys: keys, sampled: sampleable(keys)}
	filterWords := 0
	if size > filterSlots {
		filterWords = t.filterWords(len(keys))
	}
	// The filter shares the slots' allocation, so that a table makes as
	// many allocations with one as without.
	w := alignedWords(size*slotWords + filterWords)
	t.slots = w[: size*slotWords : size*slotWords]
	if filterWords > 0 {
		t.filter = w[size*slotWords:]
	}
	longBytes := 0
	for _, k := range keys {
		if len(k) > inlineKey {
			longBytes += len(k)
		}
	}
	long := make([]byte, 0, longBytes)
	for i, k := range keys {
		if len(k) == 0 || len(k) > 255 {
			panic("runtime: NewNameTable: bad key or values")
		}
		v := value(i)
		h := t.hash(k)
		j := h & t.mask
		for t.slots[j*slotWords] != 0 {
			j = (j + 1) & t.mask
		}
		if t.filter != nil {
			t.filter[h>>t.filterShift] |= filterMask(h)
		}
		s := t.slots[j*slotWords : (j+1)*slotWords]
		s[0] = h>>tagShift<<tagShift | uint64(len(k))<<32 | uint64(v[0])
		s[1] = uint64(v[1]) | uint64(v[2])<<32
		if len(k) > inlineKey {
			s[2] = uint64(len(long))
			long = append(long, k...)
			continue
		}
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&s[2])), inlineKey), k)
	}
	t.long = unsafe.String(unsafe.SliceData(long), len(long)) // never written again
	return t
}

// sampleable reports whether keys rarely share a sampleHash: no more than
// maxSampleShare of them have one hash. The hashes are sorted rather
// than counted in a map, whose allocations would grow with the keys.
func sampleable(keys []string) bool {
	hs := make([]uint64, 0, len(keys))
	for _, k := range keys {
		if len(k) >= 8 {
			hs = append(hs, sampleHash(k))
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

func (t *NameTable) hash(k string) uint64 {
	if t.sampled && len(k) >= 8 {
		return sampleHash(k)
	}
	return Hash(k, NameSeed)
}

// alignedWords returns n zeroed words starting on a 64-byte boundary, so
// that every slot is one cache line.
func alignedWords(n int) []uint64 {
	w := make([]uint64, n+slotWords-1)
	skip := (64 - uintptr(unsafe.Pointer(&w[0]))%64) % 64 / 8
	return w[skip : skip+uintptr(n)]
}

// Find returns the slot of key, for Value. A table of at most filterSlots
// slots stays in cache, so that a hit's cost is instructions: Find
// compares keys of 8 to 48 bytes, most names, without a call (sameBytes'
// cases for them are written out here), which took Resolve's hit at
// N = 100 from 10.0 to 8.2 ns (interleaved runs, min of 5). A larger
// table tests its filter first.
func (t *NameTable) Find(key string) (slot int, ok bool) {
	n := len(key)
	if len(t.slots) == 0 || n == 0 || n > 255 {
		return 0, false
	}
	var h uint64
	if t.sampled && n >= 8 {
		h = sampleHash(key)
	} else {
		h = Hash(key, NameSeed)
	}
	if t.filter != nil && t.filter[h>>t.filterShift]&filterMask(h) != filterMask(h) {
		return 0, false
	}
	want := h>>tagShift<<tagShift | uint64(n)<<32
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := t.slots[i*slotWords : (i+1)*slotWords : (i+1)*slotWords]
		if s[0]&^0xffffffff == want {
			k := t.keyOf(s, n)
			var same bool
			switch {
			case n > 32 && n <= inlineKey:
				same = (loadAt(k, 0)^loadAt(key, 0))|(loadAt(k, 8)^loadAt(key, 8))|
					(loadAt(k, 16)^loadAt(key, 16))|(loadAt(k, 24)^loadAt(key, 24))|
					(loadAt(k, n-16)^loadAt(key, n-16))|(loadAt(k, n-8)^loadAt(key, n-8)) == 0
			case n > 16 && n <= 32:
				same = (loadAt(k, 0)^loadAt(key, 0))|(loadAt(k, 8)^loadAt(key, 8))|
					(loadAt(k, n-16)^loadAt(key, n-16))|(loadAt(k, n-8)^loadAt(key, n-8)) == 0
			case n >= 8 && n <= 16:
				same = (loadAt(k, 0)^loadAt(key, 0))|(loadAt(k, n-8)^loadAt(key, n-8)) == 0
			default:
				same = sameBytes(k, key)
			}
			if same {
				return int(i), true
			}
		}
		if s[0] == 0 {
			return 0, false
		}
	}
}

// filterSlots is the most slots a table probes without a filter: 4096
// slots of 64 bytes, 256 KB, about what stays in a core's L2 cache.
const filterSlots = 4096

// nameFilterBitsPerKey sizes NameTable.filter: with two bits set per key
// and the size rounded up to a power of two, 1.5 to 3.5% of names not in
// the table pass it (a probe of the slots then rejects them), while 10k
// keys take 16 KB, well inside an L1 data cache. 16 bits a key measured
// 5 to 13% slower at 100k keys, whose filter then leaves L2.
const nameFilterBitsPerKey = 8

// filterWords sets t.filterShift for a filter of keys keys and returns
// its size in words.
func (t *NameTable) filterWords(keys int) int {
	bits := pow2AtLeast(max(64, nameFilterBitsPerKey*keys))
	t.filterShift = uint(64 - log2(bits/64))
	return bits / 64
}

// filterMask is the two bits hash h sets in its filter word: bits the
// word index (the top ones) and the constant low bit leave free.
func filterMask(h uint64) uint64 {
	return 1<<(h>>1&63) | 1<<(h>>7&63)
}

// keyOf returns the key of slot s, whose length is n.
func (t *NameTable) keyOf(s []uint64, n int) string {
	if n > inlineKey {
		off := int(s[2])
		return t.long[off : off+n]
	}
	// NewNameTable copied the key's bytes into words 2 to 7.
	return unsafe.String((*byte)(unsafe.Pointer(&s[2])), n)
}

// Value returns value i (0, 1 or 2) of a slot Find returned.
func (t *NameTable) Value(slot, i int) uint32 {
	s := t.slots[slot*slotWords : slot*slotWords+2]
	switch i {
	case 0:
		return uint32(s[0])
	case 1:
		return uint32(s[1])
	}
	return uint32(s[1] >> 32)
}

// opValue is Value(slot, 1+op) without Value's switch: values 1 and 2
// share a word.
func (t *NameTable) opValue(slot int, op Op) uint32 {
	return uint32(t.slots[slot*slotWords+1] >> (32 * (op & 1)))
}

// spareKey is the longest key whose slot leaves its last word free: the
// table's user may keep a word of its own there (setSpare, spare), which a
// hit has already loaded with the slot.
const spareKey = inlineKey - 8

// setSpare stores w in the last word of slot, whose key is at most
// spareKey bytes long.
func (t *NameTable) setSpare(slot int, w uint64) {
	t.slots[slot*slotWords+slotWords-1] = w
}

// spare returns what setSpare stored in slot.
func (t *NameTable) spare(slot int) uint64 {
	return t.slots[slot*slotWords+slotWords-1]
}

// Lookup returns value 0 of key.
func (t *NameTable) Lookup(key string) (uint32, bool) {
	slot, ok := t.Find(key)
	if !ok {
		return 0, false
	}
	return t.Value(slot, 0), true
}

// sameBytes compares two strings of equal length inline, with a fixed
// number of overlapping 8-byte loads per size class, so that names of
// varying length cost no mispredicted loop exits.
func sameBytes(a, b string) bool {
	n := len(b)
	if len(a) != n {
		return false
	}
	switch {
	case n > 64:
		return a == b
	case n > 32:
		return (loadAt(a, 0)^loadAt(b, 0))|(loadAt(a, 8)^loadAt(b, 8))|
			(loadAt(a, 16)^loadAt(b, 16))|(loadAt(a, 24)^loadAt(b, 24))|
			(loadAt(a, n-32)^loadAt(b, n-32))|(loadAt(a, n-24)^loadAt(b, n-24))|
			(loadAt(a, n-16)^loadAt(b, n-16))|(loadAt(a, n-8)^loadAt(b, n-8)) == 0
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
	}
}
