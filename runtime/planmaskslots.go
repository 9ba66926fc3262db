package runtime

import "unsafe"

// A plan carries the mask tables as NewMatcher builds them (masks.go):
// every table's slots, in table order, each a power of two of
// maskSlotWords words, and the mask filter's words (Compact.MaskSlots,
// MaskFilter), so that NewMatcher adopts them in place instead of
// hashing every pattern's literal elements and placing it: at 100,000
// wildcard-heavy destinations, 70,000 patterns in 262,144 slots, most of
// NewMatcher's time. A slot's words are its hash, its key's offset in
// MaskKeys and length (low and high 32 bits), and its destination.
//
// A validated plan (DecodePlan) keeps them after checking each slot's
// key within MaskKeys and destination in range, and an empty slot in
// every table, so that a probe stops; a slot whose hash is not its key's
// only makes a lookup miss or hit wrongly, as a plan whose tables hold
// the wrong patterns does, and checking every hash would cost what
// building does. The slots are read in place where wordsInPlace holds;
// elsewhere NewMatcher builds them.
const maskSlotWords = 3

// The layout adoptMaskSlots reads in place.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(maskSlot{})-maskSlotWords*8]
	_ = [1]struct{}{}[unsafe.Offsetof(maskSlot{}.key)-8]
	_ = [1]struct{}{}[unsafe.Offsetof(maskSlot{}.n)-12]
	_ = [1]struct{}{}[unsafe.Offsetof(maskSlot{}.dest)-16]
)

// MaskSlotWords returns the tables' slots and filter as Compact.MaskSlots
// and MaskFilter hold them, or nils without tables: what gen/plan writes
// into a plan from the Matcher it built.
func (m *Matcher) MaskSlotWords() (slots, filter []uint64) {
	if len(m.masks) == 0 {
		return nil, nil
	}
	for i := range m.masks {
		for _, s := range m.masks[i].slots {
			slots = append(slots, s.hash, uint64(s.key)|uint64(s.n)<<32, uint64(uint32(s.dest)))
		}
	}
	return slots, append([]uint64(nil), m.maskFilter...)
}

// adoptMaskSlots returns c's carried slots, total of them, and sets the
// filter from c's, and reports whether it did: not when c carries none,
// their counts do not fit total slots and entries patterns, or the words
// cannot be read in place here.
func (m *Matcher) adoptMaskSlots(c *Compact, total, entries int) ([]maskSlot, bool) {
	if !wordsInPlace || total == 0 || len(c.MaskSlots) != total*maskSlotWords || len(c.MaskFilter) != filterWords(entries) {
		return nil, false
	}
	m.maskFilter = c.MaskFilter
	return unsafe.Slice((*maskSlot)(unsafe.Pointer(unsafe.SliceData(c.MaskSlots))), total), true
}

// maskSlots checks MaskSlots and MaskFilter: none, or as many slots as
// the tables take (maskSlots of each table's patterns, after masks
// checked their ends) and the filter's words for the patterns; each
// filled slot's key within MaskKeys and destination in range; an empty
// slot in each table.
func (v *planCheck) maskSlots() error {
	c := &v.c.Matcher
	if len(c.MaskSlots) == 0 && len(c.MaskFilter) == 0 {
		return nil
	}
	size := func(i int) int { // table i's slots; masks checked the ends ascend
		if i == 0 {
			return maskSlots(int(c.MaskEnds[0]))
		}
		return maskSlots(int(c.MaskEnds[i] - c.MaskEnds[i-1]))
	}
	total := 0
	for i := range c.MaskEnds {
		total += size(i)
	}
	if err := v.count("MaskSlots", len(c.MaskSlots), total*maskSlotWords, itoa(maskSlotWords)+" per slot of the mask tables"); err != nil {
		return err
	}
	if words := filterWords(len(c.MaskDests)); len(c.MaskFilter) != words { // the message only then: no allocation
		return v.count("MaskFilter", len(c.MaskFilter), words, "the filter of "+itoa(len(c.MaskDests))+" patterns")
	}
	j := 0
	for i := range c.MaskEnds {
		size, empty := size(i), false
		for end := j + size*maskSlotWords; j < end; j += maskSlotWords {
			w := c.MaskSlots[j : j+maskSlotWords]
			switch {
			case w[0] == 0:
				empty = true
			case uint64(uint32(w[1]))+w[1]>>32 > uint64(len(c.MaskKeys)):
				return v.fail("MaskSlots", j+1, "key past MaskKeys ("+itoa(len(c.MaskKeys))+" bytes)")
			case w[2] >= uint64(v.dests):
				return v.inRange("MaskSlots", j+2, w[2], v.dests, "destinations")
			}
		}
		if size > 0 && !empty {
			return v.fail("MaskSlots", j-size*maskSlotWords, "table "+itoa(i)+" has no empty slot")
		}
	}
	return nil
}
