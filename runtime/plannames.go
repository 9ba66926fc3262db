package runtime

import (
	"math/bits"
	"strconv"
	"unsafe"
)

// A plan carries its exact-name table as newNameTable lays it out
// (Compact.NameIndex, NameRecs), so that generated code's initialisation
// adopts it in place instead of building it: at 100,000 exact names the
// build was a fifth of init (hashing every name, and sorting the hashes
// to choose the hash, chooseSample) and 8 MB of fresh memory (the index,
// the records and the keys' strings).
//
// NameIndex is the table's hash kind (nameHashWhole, nameHashSampled or
// nameHashWide), then its index entries (a power of two of them, at
// least twice the names, then the first again, as Find reads it);
// NameRecs its records, each recordWords of its name, in ExactKeys'
// order. A validated plan (DecodePlan) keeps them
// after checking (names) every record against its name (length, bytes,
// zero padding, destination, and the signatures of its ACL sets in
// ACLSigs) and every index entry against the records (an occupied entry
// names the start of a record no other entry names, and every record is
// named): a hit then answers what the plan's Infos say, no lookup reads
// past a record, and at most half the entries are occupied, so that a
// probe stops at an empty one. The entries' tags and entryMore bits are
// not checked against the names' hashes: that would cost what building
// the table does, and a wrong tag or bit only makes the table miss a
// name it holds, whose lookup then goes on to the wildcard structures,
// as a plan that lists the name wrongly does. A plan without ACLSigs has
// its table dropped, as its signatures are then computed by NewMatcher,
// not carried. The records
// hold the names' bytes in memory order, which is the plan's byte order
// only where wordsInPlace holds; elsewhere NewMatcher builds the table
// (the check reads the plan's order, so that the same plans pass).

// The kinds of hash a carried table was built with, NameIndex[0]: whole
// names (Hash), sampleHash, or wideHash over wideFrom bytes.
const (
	nameHashWhole = iota
	nameHashSampled
	nameHashWide
)

// NameWords returns the table as Compact.NameIndex and NameRecs hold it,
// or nils for an empty table: what gen/plan writes into a plan from the
// Matcher it built.
func (t *NameTable) NameWords() (index []uint32, recs []uint64) {
	if len(t.index) == 0 {
		return nil, nil
	}
	index = make([]uint32, 1+len(t.index))
	switch {
	case t.sampled:
		index[0] = nameHashSampled
	case t.wide:
		index[0] = nameHashWide
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
	if !wordsInPlace || n == 0 || len(index) != 2+n || len(recs) != words || index[0] > nameHashWide {
		return NameTable{}, false
	}
	offMask, tagMask := entryMasks(words)
	return NameTable{
		index:   index[1:],
		recs:    recs,
		mask:    uint64(n - 1),
		offMask: offMask,
		tagMask: tagMask,
		blob:    blob,
		ends:    ends,
		sampled: index[0] == nameHashSampled,
		wide:    index[0] == nameHashWide,
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

// names checks the carried name table (see above), or drops it when
// NewMatcher would build it anyway.
func (v *planCheck) names() error {
	c := &v.c.Matcher
	if len(c.NameIndex) == 0 && len(c.NameRecs) == 0 {
		return nil
	}
	n, words := nameWordCounts(c.ExactKeys, c.ExactEnds)
	if err := v.count("NameIndex", len(c.NameIndex), min(n, 1)+n+min(n, 1), "the hash's kind, then twice the exact names rounded up to a power of two, then the first again"); err != nil {
		return err
	}
	if err := v.count("NameRecs", len(c.NameRecs), words, "per exact name, 2 plus its bytes' words"); err != nil {
		return err
	}
	if n > 0 && c.NameIndex[0] > nameHashWide {
		return v.fail("NameIndex", 0, "hash kind "+itoa(int(c.NameIndex[0]))+" is not 0, 1 or 2")
	}
	if n == 0 || !aclSigsFit(len(c.ACLSigs), v.principals, v.sets) {
		c.NameIndex, c.NameRecs = nil, nil
		return nil
	}
	if !v.recordsChecked { // exact checks them where namesKept, which holds here
		if err := v.nameRecords(); err != nil {
			return err
		}
	}
	return v.nameEntries(n, words)
}

// namesKept reports whether names will keep the carried table: its
// lengths and flag as names checks them, and ACL signatures to check
// its records against. exact asks it, before names runs, to check the
// records in its pass over the names.
func (v *planCheck) namesKept() bool {
	c := &v.c.Matcher
	n, words := nameWordCounts(c.ExactKeys, c.ExactEnds)
	return n > 0 && len(c.NameIndex) == n+2 && len(c.NameRecs) == words && c.NameIndex[0] <= nameHashWide &&
		aclSigsFit(len(c.ACLSigs), v.principals, v.sets)
}

// nameRecords checks that each exact name is a valid name and that
// NameRecs holds, in order, each one's record as newNameTable writes it,
// with its destination and its ACL sets' signatures from ACLSigs (whose
// length namesKept checked). The records' destinations ascend and each
// has a list in DestInfos, which destInfos checked has as many as there
// are names: record j's is the j-th such, exact name j's destination
// (plandestinfos.go).
func (v *planCheck) nameRecords() error {
	c := &v.c.Matcher
	setSig := c.ACLSigs[1+2*v.principals:][:v.sets]
	r, start, next := 0, uint32(0), uint64(0) // next: the least destination the next record may have
	for j, end := range c.ExactEnds {
		k := c.ExactKeys[start:end] // blobs checked the ends
		if !Valid(k) {
			return v.invalidName(j, k)
		}
		rec := c.NameRecs[r : r+recordWords(len(k))]
		d := rec[0] >> 32
		if d < next || d >= uint64(v.dests) || c.DestInfos[int(d)*InfoStride+1] == 0 {
			return v.fail("NameRecs", r, "record of exact name "+strconv.Quote(k)+" does not hold the next destination with a list in DestInfos")
		}
		f := c.DestInfos[int(d)*InfoStride : int(d+1)*InfoStride] // destInfos checked its sets
		if rec[0] != uint64(len(k))|d<<32 || rec[1] != uint64(setSig[f[2]])|uint64(setSig[f[3]])<<32 {
			return v.fail("NameRecs", r, "record of exact name "+strconv.Quote(k)+" does not hold its length, destination and signatures")
		}
		if !recordHolds(rec[recordHeader:], k) {
			return v.recordBytes(r, rec, k)
		}
		r, start, next = r+len(rec), end, d+1
	}
	return nil
}

// recordHolds reports whether words hold k's bytes, zero-padded, as the
// records hold them (keyWord): where wordsInPlace holds, the words'
// memory is those bytes, compared at once (a third of the check's time
// at 100,000 exact names went on comparing word by word).
func recordHolds(words []uint64, k string) bool {
	if !wordsInPlace {
		for i := 0; i < len(k); i += 8 {
			if words[i/8] != keyWord(k, i) {
				return false
			}
		}
		return true
	}
	if unsafe.String((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(k)) != k {
		return false
	}
	// The last word's bytes past k, its high ones (little endian).
	tail := len(k) % 8
	return tail == 0 || words[len(k)/8]>>(8*tail) == 0
}

// recordBytes is the error for the record at r of exact name k, whose
// words do not hold its bytes: at the first word that differs.
func (v *planCheck) recordBytes(r int, rec []uint64, k string) error {
	i := 0
	for i+8 < len(k) && rec[recordHeader+i/8] == keyWord(k, i) {
		i += 8
	}
	return v.fail("NameRecs", r+recordHeader+i/8, "record of exact name "+strconv.Quote(k)+" does not hold its bytes, zero-padded")
}

// keyWord is the record word of key k's bytes from i on, as the records
// hold them: little-endian, zero past k's end, whatever the build (load_safe.go).
func keyWord(k string, i int) uint64 {
	if i+8 <= len(k) {
		return loadAt(k, i)
	}
	var w uint64
	for j := len(k) - 1; j >= i; j-- {
		w = w<<8 | uint64(k[j])
	}
	return w
}

// nameEntries checks that NameIndex's n entries (after the flag) name
// each record once, every occupied one with a tag, and that the entry
// after them repeats the first. Its pass has no branch per entry (a
// third of the entries are occupied, at random: the branches of
// nameEntryError's loop mispredicted, which was half the rule's time at
// 100,000 exact names); only a plan that fails it takes that loop, to
// say where.
func (v *planCheck) nameEntries(n, words int) error {
	c := &v.c.Matcher
	if words > maxRecordWords {
		return v.count("NameRecs", words, maxRecordWords, "at most what an index entry's offset can address")
	}
	offMask, _ := entryMasks(words)
	// starts has a bit per record's first word, cleared when an entry
	// names it, and one bit past them, never set, that an offset past
	// the records reads.
	starts := v.recordStarts(words + 1)
	var untagged uint32
	tagged, named := 0, 0
	for _, e := range c.NameIndex[1 : 1+n] {
		r, tag := min(e&offMask, uint32(words)), e>>31
		untagged |= e & (tag - 1) // an occupied entry without its tag
		w := &starts[r/64]
		bit := *w >> (r % 64) & uint64(tag)
		*w &^= bit << (r % 64)
		tagged, named = tagged+int(tag), named+int(bit)
	}
	if untagged != 0 || named != tagged || named != len(c.ExactEnds) {
		return v.nameEntryError(n, words, offMask)
	}
	if c.NameIndex[1+n] != c.NameIndex[1] {
		return v.fail("NameIndex", 1+n, "last entry does not repeat the first")
	}
	return nil
}

// recordStarts is a bitmap of size bits with a bit set per record's
// first word in NameRecs.
func (v *planCheck) recordStarts(size int) []uint64 {
	starts := make([]uint64, max((size+63)/64, minScratchWords))
	r, start := 0, uint32(0)
	for _, end := range v.c.Matcher.ExactEnds {
		starts[r/64] |= 1 << (r % 64)
		r, start = r+recordWords(int(end-start)), end
	}
	return starts
}

// nameEntryError is the error for index entries nameEntries found do
// not name each record once: the first entry at fault, or the first
// record no entry names.
func (v *planCheck) nameEntryError(n, words int, offMask uint32) error {
	starts := v.recordStarts(words)
	for i, e := range v.c.Matcher.NameIndex[1 : 1+n] {
		r := e & offMask
		switch {
		case e == 0:
			continue
		case e>>31 == 0:
			return v.fail("NameIndex", 1+i, "occupied entry without a tag")
		case int(r) >= words || starts[r/64]&(1<<(r%64)) == 0:
			return v.fail("NameIndex", 1+i, "record offset "+itoa(int(r))+" is not the start of a record no other entry names")
		}
		starts[r/64] &^= 1 << (r % 64)
	}
	for i, w := range starts {
		if w != 0 {
			r := 64*i + bits.TrailingZeros64(w)
			return v.fail("NameRecs", r, "record is not in NameIndex")
		}
	}
	return &PlanError{Offset: v.at("NameIndex", 1), Msg: "NameIndex: entries do not name each record once"} // not reached: the loops above find what nameEntries did
}
