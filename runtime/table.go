package runtime

// Slot is one entry of a Table. Hash 0 marks an empty slot.
type Slot struct {
	Hash  uint64
	Key   string
	Node  uint32 // for keys that are pairs (trie node, element); else 0
	Value uint32
}

// Table is an open-addressing hash table built by the generator: its length
// is a power of two, at most half full, so every probe sequence reaches an
// empty slot. Linear probing keeps a miss to a couple of adjacent 32-byte
// slots, and the full 64-bit hash is compared before the string.
type Table []Slot

// Lookup returns the value stored for (node, key), whose hash is h.
func (t Table) Lookup(key string, node uint32, h uint64) (uint32, bool) {
	if len(t) == 0 {
		return 0, false
	}
	mask := uint64(len(t) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t[i]
		if s.Hash == h && s.Node == node && s.Key == key {
			return s.Value, true
		}
		if s.Hash == 0 {
			return 0, false
		}
	}
}

// Seeds for the tables' hashes; part of Version like Hash itself.
const (
	NameSeed      = 0x2d358dccaa6c78a5
	ElemSeed      = 0x8bb84b93962eacc9
	PrincipalSeed = 0x4b33a62ed433d4a3
)
