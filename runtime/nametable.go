package runtime

import "iter"

// NameTable maps whole destination names to values: the exact-match table,
// the one every lookup of a configured name goes through. It keeps each
// key next to its value in one string of records and probes 8-byte slots
// that carry 32 bits of the hash, so a hit touches one slot (the slot
// array of a 100k-name table stays in cache) and one record, where a table
// of string headers touches the slot and then the key bytes elsewhere.
type NameTable struct {
	slots []uint64 // hash's high 32 bits << 32 | record offset+1; 0: empty
	recs  string   // per key: value (4 bytes, little endian), length (1 byte), key
	mask  uint64
}

// recordHeader is the bytes before a record's key: its value and length.
const recordHeader = 5

// NewNameTable builds the table of keys[i] -> values[i]. Keys must be
// distinct and at most 255 bytes (destination names are at most 249).
func NewNameTable(keys []string, values []uint32) NameTable {
	if len(keys) == 0 {
		return NameTable{}
	}
	size := 2
	for size < 2*len(keys) {
		size *= 2
	}
	t := NameTable{slots: make([]uint64, size), mask: uint64(size - 1)}
	recs := make([]byte, 0, len(keys)*(recordHeader+16))
	for i, k := range keys {
		off := len(recs)
		v := values[i]
		recs = append(recs, byte(v), byte(v>>8), byte(v>>16), byte(v>>24), byte(len(k)))
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

// Lookup returns the value of key, whose Hash with NameSeed is h.
func (t *NameTable) Lookup(key string, h uint64) (uint32, bool) {
	slots, recs, mask := t.slots, t.recs, t.mask
	if len(slots) == 0 || len(key) > 255 {
		return 0, false
	}
	tag := h &^ 0xffffffff
	for i := h & mask; ; i = (i + 1) & mask {
		s := slots[i]
		if s&^0xffffffff == tag {
			off := int(uint32(s)) - 1
			end := off + recordHeader + len(key)
			if end <= len(recs) && int(recs[off+4]) == len(key) && sameBytes(recs[off+recordHeader:end], key) {
				return uint32(recs[off]) | uint32(recs[off+1])<<8 | uint32(recs[off+2])<<16 | uint32(recs[off+3])<<24, true
			}
		} else if s == 0 {
			return 0, false
		}
	}
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

// All yields every key and value, in the order they were given.
func (t *NameTable) All() iter.Seq2[string, uint32] {
	return func(yield func(string, uint32) bool) {
		for r := t.recs; len(r) > 0; {
			n := recordHeader + int(r[4])
			v := uint32(r[0]) | uint32(r[1])<<8 | uint32(r[2])<<16 | uint32(r[3])<<24
			if !yield(r[recordHeader:n], v) {
				return
			}
			r = r[n:]
		}
	}
}
