package runtime

import "math"

// policyEntry is one index entry: policy's names hold lit as anchor says,
// and then need check. The rest is lit laid out for the 8-byte tables,
// whose key already compared 8 of its bytes: w2 is its 8 bytes at off2
// (its last 8 in front8, its first 8 in back8), w3 its bytes 8 to 16, so
// that a literal of up to 24 bytes is compared with one or two loads.
type policyEntry struct {
	w2, w3 uint64
	policy uint32
	n      uint32 // len(lit)
	// lenSpan bounds len(name)-n: 0 for AnchorExact, else no bound.
	lenSpan       uint32
	off2          uint32
	ops           uint8 // the operations policy is enabled for, bit op
	anchor, check uint8 // CompactPolicies.Flags' bits
	suffix        bool  // AnchorAffix: at the end of the name
	lit           string
}

// wordBytes is what one word compares. Past 24 bytes, the middle of a
// literal is compared as a string.
const wordBytes = 8

// setWords fills e's derived fields from e.lit, for a table keyed at the
// front or (back) at the end of the literal.
func (e *policyEntry) setWords(back bool) {
	n := len(e.lit)
	e.n, e.lenSpan = uint32(n), math.MaxUint32
	if e.anchor == AnchorExact {
		e.lenSpan = 0
	}
	if n < wordBytes {
		return
	}
	if !back {
		e.off2 = uint32(n - wordBytes)
	}
	e.w2 = word64(e.lit[e.off2:])
	if n > 2*wordBytes {
		e.w3 = word64(e.lit[wordBytes:])
	}
}

// sitsLong reports whether name holds e's literal (more than 16 bytes)
// at s, given that the key and w2 compared equal; fold as in literalAt.
func (e *policyEntry) sitsLong(name string, s int, fold bool) bool {
	n := int(e.n)
	w := word64(name[s+wordBytes:])
	if fold {
		w = lowerASCII(w)
	}
	return w == e.w3 && (n <= 3*wordBytes || literalAt(name, s+2*wordBytes, e.lit[2*wordBytes:n-wordBytes], fold))
}

// literalAt reports whether name holds lit at s, ASCII-lower-cased first
// when fold (lit is then lower-case): the general form of the compare,
// for the small tables, inner literals and long literals' middles.
func literalAt(name string, s int, lit string, fold bool) bool {
	held := name[s : s+len(lit)]
	if fold {
		return equalLowerASCII(held, lit)
	}
	return held == lit
}

// place is where e's literal must sit in name for its anchor (not
// AnchorInfix), if name is long enough, and of the right length.
func (e *policyEntry) place(name string) (int, bool) {
	if uint(len(name)-int(e.n)) > uint(e.lenSpan) {
		return 0, false
	}
	if e.suffix {
		return len(name) - int(e.n), true
	}
	return 0, true
}

// bucket is a range of PolicyIndex.entries.
type bucket struct{ start, end uint32 }

// keyTable maps a key, the first (or last) klen bytes of a literal as a
// little-endian word, to the bucket of entries with that key, by open
// addressing with linear probing, at most maxLoad full. The hash is one
// multiplication by an odd constant, keeping the top bits (Fibonacci
// hashing): every key byte reaches them, and a probe costs a few cycles.
type keyTable struct {
	slots []keySlot // a power of two; nil for an empty table
	// filter has a bit per value of the hash's top bits, set for each
	// key: a table most names miss rejects them from one word that stays
	// in cache, without a probe.
	filter      []uint64
	filterShift uint8 // 64 - log2(bits of filter)
	// deep holds, for the buckets of front8 or back8 that had more than
	// splitAbove entries, their literals of 16 bytes or more (not
	// folded), keyed by deepKey of the key and the 8 bytes past it: a
	// tenant with dozens of policies would otherwise have every name of
	// it scan them all.
	deep      *keyTable
	mask      uint64 // the key's bytes of the name's first word
	minPolicy uint32 // the lowest policy of its entries; noPolicy if none
	shift     uint8  // 64 - log2(len(slots))
	klen      uint8  // 1, 2, 4 or 8 (keyClasses)
	backShift uint8  // 64 - 8*klen: cuts the key from the name's last word
	back      bool   // keys are literals' last bytes (AnchorAffix suffixes)
	fold      bool   // keys and literals are ASCII-lower-cased (AnchorFold)
}

// keySlot is one slot; end == 0 marks an empty slot, as a bucket is never
// empty. In front8 and back8 it also carries the bucket's first entry in
// brief (quick), so that a name whose key finds a bucket led by a simple
// entry (a literal of 8 to 24 bytes, case-sensitive, decided without
// policyMatch) is decided from the slot alone: no entry read, no call.
//
// What a hit on a literal of up to 16 bytes reads comes first, 24 bytes
// that straddle two cache lines for a quarter of the slots (all 40 do
// for half).
type keySlot struct {
	key    uint64
	w2     uint64 // the first entry's w2
	policy uint32 // the first entry's policy
	quick  uint32 // the first entry's length and quick* flags
	w3     uint64 // the first entry's w3
	bucket
}

// Bits of keySlot.quick above the literal's length (its low 16 bits).
const (
	quickLenMask  = 1<<16 - 1
	quickOpsShift = 16      // the entry's ops, 2 bits
	quickExact    = 1 << 18 // AnchorExact: the name is the literal
	quickNoLT     = 1 << 19 // CheckNoLineTerminator (else CheckNone)
	quickOnly     = 1 << 20 // the bucket's only entry: its failure ends the bucket
	quickBrief    = 1 << 21 // the brief is valid (the first entry is simple)
	quickSplit    = 1 << 22 // the bucket is split (see keyTable.deep); no brief
)

// setQuick fills sl's brief of its bucket's first entry e, when simple.
func (sl *keySlot) setQuick(e *policyEntry, only bool) {
	sl.w2, sl.w3, sl.policy = e.w2, e.w3, e.policy
	if e.n > 3*wordBytes || e.anchor == AnchorFold || e.check == CheckMatch {
		return
	}
	sl.quick = e.n | uint32(e.ops)<<quickOpsShift | quickBrief
	if e.anchor == AnchorExact {
		sl.quick |= quickExact
	}
	if e.check == CheckNoLineTerminator {
		sl.quick |= quickNoLT
	}
	if only {
		sl.quick |= quickOnly
	}
}

// hashMul is 2^64 divided by the golden ratio, made odd: Fibonacci
// hashing's multiplier.
const hashMul = 0x9E3779B97F4A7C15

// keyClasses are the key lengths of the tables: a literal is keyed by its
// first (last) keyClass(len) bytes. Powers of two, so that a config whose
// literals have many lengths still has at most four tables per anchor,
// each key one load.
var keyClasses = [...]int{8, 4, 2, 1}

// keyClass is the longest key length class a literal of n bytes fills.
func keyClass(n int) int {
	for _, k := range keyClasses {
		if n >= k {
			return k
		}
	}
	return 0
}

// mayHold reports whether t's filter lets key k through to a probe.
func (t *keyTable) mayHold(k uint64) bool {
	h := (k * hashMul) >> (t.filterShift & 63)
	return t.filter[h>>6]&(1<<(h&63)) != 0
}

// lookup returns key k's bucket, empty when there is none.
func (t *keyTable) lookup(k uint64) bucket { return t.slot(k).bucket }

// slot returns key k's slot, or the empty slot that ends its probe.
func (t *keyTable) slot(k uint64) *keySlot {
	mask := uint64(len(t.slots) - 1)
	for i := (k * hashMul) >> (t.shift & 63); ; i++ {
		s := &t.slots[i&mask]
		if s.key == k || s.end == 0 {
			return s
		}
	}
}

// probe8 looks up in front8 or (back) back8 the key the name's first
// word kf or its last kb makes, and decides the bucket it finds, from the
// slot's brief when that settles it, else by scan8, and returns the new
// best. The name has at least 8 bytes (see nameWords).
func (f *finder) probe8(x *PolicyIndex, t *keyTable, kf, kb uint64, clean, back bool, best uint32) uint32 {
	k := kf
	if back {
		k = kb
	}
	sl := t.slot(k)
	if sl.end == 0 || sl.policy >= best {
		return best
	}
	if p, ok := sl.brief(f.name, kf, kb, clean, f.opBit, back); ok {
		return min(p, best)
	}
	return f.scanSlot(x, t, sl, k, back, best)
}

// scanSlot decides the bucket of slot sl of t (front8 or back8), whose
// key k the name holds, by scan8, or the deep bucket that stands for it
// (deepOf). brief has seen the slot first: it decided it, or rejected its
// entry.
func (f *finder) scanSlot(x *PolicyIndex, t *keyTable, sl *keySlot, k uint64, back bool, best uint32) uint32 {
	if d := t.deepOf(sl, f.name, k, back); d != nil {
		return f.scanDeep(x, d, back, best)
	}
	return f.scan8(x.entries[sl.afterBrief():sl.end], back, false, best)
}

// afterBrief is where scan8 starts in sl's bucket: past the entry of its
// brief, if any, which brief has rejected by then.
func (sl *keySlot) afterBrief() uint32 {
	if sl.quick&quickBrief != 0 {
		return sl.start + 1
	}
	return sl.start
}

// deepOf is the deep slot of t that stands for slot sl, or nil: when sl's
// bucket is split and a name (of 16 bytes or more, with key k) finds its
// deep bucket, that is all it needs, as the deep bucket holds the entries
// of the rest the name could match too (deepEntries.split).
func (t *keyTable) deepOf(sl *keySlot, name string, k uint64, back bool) *keySlot {
	if sl.quick&quickSplit == 0 || len(name) < 2*wordBytes {
		return nil
	}
	k2 := word64(name[wordBytes:]) // the name's second word, past the key
	if back {
		k2 = word64(name[len(name)-2*wordBytes:])
	}
	if d := t.deep.slot(deepKey(k, k2)); d.end != 0 {
		return d
	}
	return nil
}

// scanDeep decides the bucket of deep slot d, by its brief or scan8.
func (f *finder) scanDeep(x *PolicyIndex, d *keySlot, back bool, best uint32) uint32 {
	if d.policy >= best {
		return best
	}
	name := f.name
	kf, kb := word64(name), word64(name[len(name)-wordBytes:])
	if p, ok := d.brief(name, kf, kb, f.clean, f.opBit, back); ok {
		return min(best, p)
	}
	return f.scan8(x.entries[d.afterBrief():d.end], back, false, best)
}

// deepKey is the key of a deep table: a literal's key and the word past
// it, mixed into one word. Two pairs may mix alike, and their entries
// share a deep bucket, harmlessly: brief and scan8 compare a deep
// literal's second word (through w2 or w3), and with the same mix and
// another key (the only key the name can have here) it is another word.
func deepKey(k, k2 uint64) uint64 { return k2 ^ k*deepMul }

// deepMul is an odd constant (the fractional part of sqrt(3)), to mix the
// key before the xor.
const deepMul = 0xBB67AE8584CAA73B

// brief decides sl's bucket for name (of 8 bytes or more, whose first and
// last words are kf and kb; clean if the caller knows it has no line
// terminator) from the slot's brief of its first entry, when that settles
// it: the policy of that entry if it matches, noPolicy if it fails and is
// the only one; decided is false when scan8 must read the bucket.
func (sl *keySlot) brief(name string, kf, kb uint64, clean bool, opBit uint8, back bool) (p uint32, decided bool) {
	q := sl.quick
	if q&quickBrief == 0 {
		return 0, false
	}
	// The key compared 8 of the literal's bytes, w2 compares 8 more at
	// its other end and w3 the 8 after the first: all of them,
	// overlapping, up to 24. Find writes the front case out.
	n := int(q & quickLenMask)
	s, o2 := 0, n-wordBytes // where the literal sits, and w2 in it
	if back {
		s, o2 = len(name)-n, 0
	}
	if q>>quickOpsShift&uint32(opBit) != 0 && len(name) >= n && (q&quickExact == 0 || len(name) == n) &&
		word64(name[s+o2:]) == sl.w2 && (n <= 2*wordBytes || word64(name[s+wordBytes:]) == sl.w3) &&
		(q&quickNoLT == 0 || clean || restClean(name, n, kf, kb, back)) {
		return sl.policy, true
	}
	return noPolicy, q&quickOnly != 0
}

// restClean is NoLineTerminator of the name outside its n-byte literal
// at the start (the rest is the end) or, back, at the end, for a name of
// 8 bytes or more whose first and last words are kf and kb. Up to 16
// bytes it takes one word more at most, and no call: a rest of up to 8
// bytes lies in one of those words, the other bytes masked off (they
// could only add false suspicions, which the exact check clears).
func restClean(name string, n int, kf, kb uint64, back bool) bool {
	rest := name[n:]
	if back {
		rest = name[:len(name)-n]
	}
	var sus uint64
	switch r := len(rest); {
	case r <= wordBytes && back:
		sus = suspect(kf) & keyMask(r)
	case r <= wordBytes:
		sus = suspect(kb) >> (8 * (wordBytes - r) & 63)
	case r <= 2*wordBytes && back:
		sus = suspect(kf) | suspect(word64(rest[r-wordBytes:]))
	case r <= 2*wordBytes:
		sus = suspect(word64(rest)) | suspect(kb)
	default:
		return NoLineTerminator(rest)
	}
	return sus == 0 || noLineTerminatorBytes(rest)
}

// nameWords returns the first and last words of name (of 8 bytes or
// more) and whether it has no line terminator, and so no part of it:
// checked up front for the whole name, as work the processor overlaps
// with the slot loads, it settles nearly every such check of a hit
// without a call.
func nameWords(name string) (kf, kb uint64, clean bool) {
	kf, kb = word64(name), word64(name[len(name)-wordBytes:])
	sus := suspect(kf) | suspect(kb)
	for i := wordBytes; i < len(name)-wordBytes; i += wordBytes {
		sus |= suspect(word64(name[i:]))
	}
	return kf, kb, sus == 0
}

// scanBucket is scanSlot for Find's path without a finder: the new best,
// and the lowest CheckMatch candidate below it, or noPolicy. A deep slot
// that stands for sl is tried by its brief before a finder is made.
func (x *PolicyIndex) scanBucket(name string, opBit uint8, clean bool, sl *keySlot, back bool, best uint32) (uint32, uint32) {
	t, kf, kb := &x.front8, word64(name), word64(name[len(name)-wordBytes:])
	k := kf
	if back {
		t, k = &x.back8, kb
	}
	if d := t.deepOf(sl, name, k, back); d != nil {
		if d.policy >= best {
			return best, noPolicy
		}
		if p, ok := d.brief(name, kf, kb, clean, opBit, back); ok {
			return min(best, p), noPolicy
		}
		sl = d // scan the deep bucket alone
	}
	var f finder
	f.name, f.opBit, f.cand, f.clean = name, opBit, noPolicy, clean
	best = f.scan8(x.entries[sl.afterBrief():sl.end], back, false, best)
	return best, f.cand
}

// scan8 decides a bucket of front8 or (back) back8, which ascends by
// policy, until an entry is found to match or they pass best (no later
// one can improve on it), and returns the new best. With foldOnly the
// name's key was lower-cased to find the bucket, so only AnchorFold
// entries can apply.
func (f *finder) scan8(es []policyEntry, back, foldOnly bool, best uint32) uint32 {
	name := f.name
	for i := range es {
		e := &es[i]
		if e.policy >= best {
			break
		}
		n := int(e.n)
		fold := e.anchor == AnchorFold
		if e.ops&f.opBit == 0 || uint(len(name)-n) > uint(e.lenSpan) || foldOnly && !fold {
			continue
		}
		s := 0 // where the literal sits in name
		if back {
			s = len(name) - n
		}
		// The key compared 8 bytes, w2 compares 8 more: all of them up
		// to 16 bytes.
		w := word64(name[s+int(e.off2):])
		if fold {
			w = lowerASCII(w)
		}
		if w != e.w2 || n > 2*wordBytes && !e.sitsLong(name, s, fold) {
			continue
		}
		switch e.check {
		case CheckNone:
			return e.policy
		case CheckNoLineTerminator:
			rest := name[n:] // the name outside the literal
			if back {
				rest = name[:s]
			}
			if f.clean || NoLineTerminator(rest) {
				return e.policy
			}
		default:
			f.note(e.policy)
		}
	}
	return best
}

// gatherSmall probes the small tables, as gather does the 8-byte ones.
func (f *finder) gatherSmall(x *PolicyIndex) {
	name := f.name
	var front, back uint64 // the name's first and last (top-aligned) 8 bytes
	if len(name) >= 8 {
		front, back = word64(name), word64(name[len(name)-8:])
	} else {
		front = wordShort(name)
		back = front << (8 * (8 - len(name)) & 63)
	}
	for ti := range x.small {
		t := &x.small[ti]
		if t.minPolicy >= f.best || len(name) < int(t.klen) {
			continue
		}
		k := front & t.mask
		if t.back {
			k = back >> (t.backShift & 63)
		}
		if t.fold {
			k = lowerASCII(k)
		}
		if !t.mayHold(k) {
			continue
		}
		b := t.lookup(k)
		for i := b.start; i < b.end && x.entries[i].policy < f.best; i++ {
			e := &x.entries[i]
			if s, ok := e.place(name); ok && e.ops&f.opBit != 0 && literalAt(name, s, e.lit, t.fold) && f.checked(e, s) {
				f.best = e.policy
			}
		}
	}
}
