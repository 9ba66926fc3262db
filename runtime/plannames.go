package runtime

import "math/bits"

// A plan carries its exact-name table as newNameTable lays it out
// (Compact.NameIndex, NameRecs), so that generated code's initialisation
// adopts it in place instead of building it: at 100,000 exact names the
// build was a fifth of init (hashing every name, and sorting the hashes
// to choose the hash, sampleable) and 8 MB of fresh memory (the index,
// the records and the keys' strings).
//
// NameIndex is the table's sampled flag (0 or 1), then its index entries
// (a power of two of them, at least twice the names, then the first
// again, as Find reads it); NameRecs its records, each recordWords of its
// name. A validated plan (DecodePlan) checks only their lengths against
// ExactKeys and drops them, as it does the signatures (plansigs.go):
// checking every entry against its name would cost what building the
// table does. The records hold the names' bytes in memory order, which
// is the plan's byte order only where wordsInPlace holds; elsewhere
// NewMatcher builds the table.

// NameWords returns the table as Compact.NameIndex and NameRecs hold it,
// or nils for an empty table: what gen/plan writes into a plan from the
// Matcher it built.
func (t *NameTable) NameWords() (index []uint32, recs []uint64) {
	if len(t.index) == 0 {
		return nil, nil
	}
	index = make([]uint32, 1+len(t.index))
	if t.sampled {
		index[0] = 1
	}
	copy(index[1:], t.index)
	return index, append([]uint64(nil), t.recs...)
}

// nameTableOf adopts the carried table for the names blob cut by ends,
// and reports whether it did: not when the plan carries none, its
// lengths do not fit the names (nameWordCounts), or the records' bytes
// are not in memory order here.
func nameTableOf(index []uint32, recs []uint64, blob string, ends []uint32) (NameTable, bool) {
	n, words := nameWordCounts(blob, ends)
	if !wordsInPlace || n == 0 || len(index) != 2+n || len(recs) != words || index[0] > 1 {
		return NameTable{}, false
	}
	return NameTable{
		index:   index[1:],
		recs:    recs,
		mask:    uint64(n - 1),
		offMask: 1<<bits.Len(uint(words-1)) - 1,
		blob:    blob,
		ends:    ends,
		sampled: index[0] == 1,
	}, true
}

// nameWordCounts is the index entries (before the repeated first) and
// the record words of the table of the names blob cut by ends, or 0, 0
// for no names.
func nameWordCounts(blob string, ends []uint32) (entries, words int) {
	if len(ends) == 0 {
		return 0, 0
	}
	start := uint32(0)
	for _, e := range ends {
		words += recordWords(int(e - start))
		start = e
	}
	return pow2AtLeast(2 * len(ends)), words
}

// names checks the carried name table's lengths against ExactKeys
// (checked by blobs) and drops it: NewMatcher builds the table.
func (v *planCheck) names() error {
	c := &v.c.Matcher
	if len(c.NameIndex) == 0 && len(c.NameRecs) == 0 {
		return nil
	}
	n, words := nameWordCounts(c.ExactKeys, c.ExactEnds)
	if err := v.count("NameIndex", len(c.NameIndex), min(n, 1)+n+min(n, 1), "the sampled flag, then twice the exact names rounded up to a power of two, then the first again"); err != nil {
		return err
	}
	if err := v.count("NameRecs", len(c.NameRecs), words, "per exact name, 2 plus its bytes' words"); err != nil {
		return err
	}
	if n > 0 && c.NameIndex[0] > 1 {
		return v.fail("NameIndex", 0, "sampled flag "+itoa(int(c.NameIndex[0]))+" is not 0 or 1")
	}
	c.NameIndex, c.NameRecs = nil, nil
	return nil
}
