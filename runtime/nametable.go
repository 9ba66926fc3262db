package runtime

import "iter"

// NameTable maps whole destination names to values: the exact-match table,
// the one every lookup of a configured name goes through. It keeps each
// key next to its value in one string of records and probes 8-byte slots
// that carry 32 bits of the hash, so a hit touches one slot (the slot
// array of a 100k-name table stays in cache) and one record, where a table
// of string headers touches the slot and then the key bytes elsewhere.
type NameTable struct {
	slots  []uint64 // hash's high 32 bits << 32 | record offset+1; 0: empty
	recs   string   // per key: width values (4 bytes each, little endian), length (1 byte), key
	mask   uint64
	header int // bytes before a record's key: 4*width+1
}

// NewNameTable builds the table of keys[i] -> values[i], each holding the
// same number of values (at least one). Keys must be distinct and at most
// 255 bytes (destination names are at most 249).
func NewNameTable(keys []string, values [][]uint32) NameTable {
	if len(keys) == 0 {
		return NameTable{}
	}
	size := 2
	for size < 2*len(keys) {
		size *= 2
	}
	t := NameTable{slots: make([]uint64, size), mask: uint64(size - 1), header: 4*len(values[0]) + 1}
	recs := make([]byte, 0, len(keys)*(t.header+16))
	for i, k := range keys {
		off := len(recs)
		for _, v := range values[i] {
			recs = append(recs, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
		}
		recs = append(recs, byte(len(k)))
		recs = append(recs, k...)
		h := Hash(k, NameSeed)
		j := h & t.mask
		for t.slots[j] != 0 {
			j = (j + 1) & t.mask
		}
		t.slots[j] = h>>32<<32 | uint64(off+1)
	}
	t.recs = string(recs)
	return t
}

// Lookup returns the first value of key, whose Hash with NameSeed is h.
func (t *NameTable) Lookup(key string, h uint64) (uint32, bool) {
	rec, ok := t.Find(key, h)
	if !ok {
		return 0, false
	}
	return t.Value(rec, 0), true
}

// Find returns the record of key, whose Hash with NameSeed is h, for Value.
func (t *NameTable) Find(key string, h uint64) (rec int, ok bool) {
	slots, recs, mask, header := t.slots, t.recs, t.mask, t.header
	if len(slots) == 0 || len(key) > 255 {
		return 0, false
	}
	tag := h &^ 0xffffffff
	for i := h & mask; ; i = (i + 1) & mask {
		s := slots[i]
		if s&^0xffffffff == tag {
			off := int(uint32(s)) - 1
			end := off + header + len(key)
			if end <= len(recs) && int(recs[off+header-1]) == len(key) && sameBytes(recs[off+header:end], key) {
				return off, true
			}
		} else if s == 0 {
			return 0, false
		}
	}
}

// Value returns value i of a record Find returned.
func (t *NameTable) Value(rec, i int) uint32 {
	r := t.recs[rec+4*i : rec+4*i+4]
	return uint32(r[0]) | uint32(r[1])<<8 | uint32(r[2])<<16 | uint32(r[3])<<24
}

// sameBytes compares two strings of equal length inline, with a fixed
// number of overlapping 8-byte loads per size class, so that names of
// varying length cost no mispredicted loop exits.
func sameBytes(a, b string) bool {
	n := len(b)
	switch {
	case n > 32:
		return a == b
	case n > 16:
		return (load64(a)^load64(b))|(load64(a[8:])^load64(b[8:]))|
			(load64(a[n-16:])^load64(b[n-16:]))|(load64(a[n-8:])^load64(b[n-8:])) == 0
	case n >= 8:
		return (load64(a)^load64(b))|(load64(a[n-8:])^load64(b[n-8:])) == 0
	case n >= 4:
		return (load32(a)^load32(b))|(load32(a[n-4:])^load32(b[n-4:])) == 0
	}
	return a == b
}

// All yields every key and its first value, in the order they were given.
func (t *NameTable) All() iter.Seq2[string, uint32] {
	return func(yield func(string, uint32) bool) {
		for off := 0; off < len(t.recs); {
			n := t.header + int(t.recs[off+t.header-1])
			if !yield(t.recs[off+t.header:off+n], t.Value(off, 0)) {
				return
			}
			off += n
		}
	}
}
