package runtime

import (
	"cmp"
	"math/bits"
	"slices"
	"sort"
)

// tableSpec names one keyTable of an index.
type tableSpec struct {
	klen       int
	back, fold bool
}

// NewPolicyIndex builds the index, once, at package initialisation. It
// trusts c to be what the generator wrote (see CompactPolicies); an inner
// literal too short to index goes to the always bucket, which is slower,
// never wrong.
func NewPolicyIndex(c *CompactPolicies) *PolicyIndex {
	specs, byTable, always, infix := sortEntries(c)
	// entries[0] is a sentinel no bucket holds, so that every bucket,
	// even a split one left empty, starts past 0 and its slot's end is
	// not 0, which marks an empty slot. Room for every entry once and an
	// eighth more for the deep tables' copies (deepEntries.split: 48 at
	// make scale's 1,000 policies, 1,100 literals), where appending
	// bucket by bucket from one entry made 2.8 times the final 73 KB, all
	// of it fresh pages in a fresh process; more copies grow it once.
	n := 1 + len(c.LiteralEnds)
	x := &PolicyIndex{front8: emptyTable, back8: emptyTable, entries: make([]policyEntry, 1, n+n/8)}
	x.entries[0] = policyEntry{policy: noPolicy}
	// The automata first: room holds their tables (listTables), then
	// what fits of the key tables'.
	room := c.room.take()
	x.addAutomata(c, room)
	for _, spec := range specs {
		t := x.addTable(spec, byTable[spec], room)
		switch {
		case spec == tableSpec{klen: 8}:
			x.front8 = t
			for _, e := range byTable[spec] {
				x.front8Fold = x.front8Fold || e.anchor == AnchorFold
			}
		case spec == tableSpec{klen: 8, back: true}:
			x.back8 = t
		default:
			x.small = append(x.small, t)
		}
	}
	// Tables whose entries start low first: an early answer lets Find
	// skip the tables whose policies all come after it.
	sort.SliceStable(x.small, func(i, j int) bool { return x.small[i].minPolicy < x.small[j].minPolicy })
	x.always = x.addBucket(always)
	x.only8 = len(x.small) == 0 && len(always) == 0 && len(infix) == 0 && !x.front8Fold
	if len(specs) == 0 && len(always) == 0 && len(infix) == 0 && len(x.autos) == 1 && x.byPolicy == nil {
		x.whole = x.autos[0]
	} else if len(x.autos) == 1 && len(c.Automata[0].Policies)*minLeadShare >= len(c.Flags) {
		if f := floors(x.autos[0], c, maxFloorWork); f != nil {
			x.lead, x.autos = x.autos[0], nil
			x.lead.floor = f
		}
	}
	if len(infix) > 0 {
		b := x.addBucket(infix)
		which := make([]uint32, 0, len(infix))
		for i := b.start; i < b.end; i++ {
			which = append(which, i)
		}
		x.infix = newInfixIndex(x.entries, which, room)
	}
	return x
}

// sortEntries decodes c's entries, but those an automaton decides alone,
// and sorts them: by table (specs in first-seen order), inner literals
// to index, and the rest into the always bucket.
func sortEntries(c *CompactPolicies) (specs []tableSpec, byTable map[tableSpec][]policyEntry, always, infix []policyEntry) {
	byTable = map[tableSpec][]policyEntry{}
	start := uint32(0)
	for e, end := range c.LiteralEnds {
		ent := newEntry(c, e, c.Literals[start:end])
		start = end
		if ent.check == CheckAutomaton {
			continue // decided by its automaton alone
		}
		spec := tableSpec{klen: keyClass(len(ent.lit)), fold: ent.anchor == AnchorFold, back: ent.suffix}
		if spec.klen == 8 { // front8 holds fold entries too (see PolicyIndex)
			spec.fold = false
		}
		switch {
		case ent.anchor == AnchorInfix && len(ent.lit) >= gramBytes:
			infix = append(infix, ent)
		case ent.anchor == AnchorInfix || spec.klen == 0:
			always = append(always, ent)
		default:
			if byTable[spec] == nil {
				specs = append(specs, spec)
			}
			byTable[spec] = append(byTable[spec], ent)
		}
	}
	return specs, byTable, always, infix
}

// minLeadShare: a list automaton leads (runs before the index, see
// PolicyIndex.lead) when it decides at least 1/minLeadShare of the
// list's policies. Leading pays off on the names it decides, and costs
// an automaton run before the probes on the others (those the index
// decides and misses): at 1000 policies of the mixed workload, 8%
// general, leading took AutoCreate on mixed names from 33 to 44 ns
// (thread CPU time, minima of 15 interleaved runs, load 20), while at
// 100 of the general mix, half general, it took general hits from 77 to
// 58. A quarter is between them.
const minLeadShare = 4

// addAutomata expands c's automata, their tables from room: those
// listing a CheckAutomaton policy run on every name, the others stand
// for their policies' match function.
func (x *PolicyIndex) addAutomata(c *CompactPolicies, room *tableRoom) {
	for i := range c.Automata {
		ca := &c.Automata[i]
		a := newAutomaton(ca, room)
		if listAutomaton(c, ca) {
			a.words(room)
			x.autos = append(x.autos, a)
			continue
		}
		if x.byPolicy == nil {
			x.byPolicy = make([]*automaton, len(c.Flags))
		}
		for _, p := range ca.Policies {
			if int(p) < len(c.Flags) && c.Flags[p]&checkMask == CheckMatch {
				x.byPolicy[p] = a
			}
		}
	}
}

// listAutomaton reports whether ca decides its policies alone: every
// one a CheckAutomaton policy of c.
func listAutomaton(c *CompactPolicies, ca *PolicyAutomaton) bool {
	for _, p := range ca.Policies {
		if int(p) >= len(c.Flags) || c.Flags[p]&checkMask != CheckAutomaton {
			return false
		}
	}
	return true
}

// listTables is the most bytes of the tables NewPolicyIndex places in
// c's room ahead of any other: every automaton's transition table of
// roomTableMin bytes or more (newAutomaton), and, for the list automata
// that carry their step tables, what words builds: chunk, and cols (2
// bytes per pair table entry at most) or quadRows (4 per quad table
// entry). An automaton that carries none gets its tables made. The key
// tables' slots take what is left (newKeyTable).
func listTables(c *CompactPolicies) int {
	n := 0
	for i := range c.Automata {
		ca := &c.Automata[i]
		states, _, shift := automatonDims(ca)
		n += roomedBytes(2 * states << shift)
		if ca.PairSymbols == 0 || ca.PairSymbols == NoPairTables || !listAutomaton(c, ca) {
			continue
		}
		per := 2
		if ca.QuadSymbols > 0 {
			per = 4
		}
		n += 2<<16 + per*len(ca.Steps)
	}
	return n
}

// emptyTable is a table without entries, which Find never probes.
var emptyTable = keyTable{minPolicy: noPolicy}

// newEntry decodes entry e of c, whose literal is lit.
func newEntry(c *CompactPolicies, e int, lit string) policyEntry {
	p := c.EntryPolicy[e]
	flags := c.Flags[p]
	ent := policyEntry{
		lit: lit, policy: p, ops: flags & (1<<NumOps - 1),
		anchor: flags & anchorMask, check: flags & checkMask,
		suffix: e < len(c.AtEnd) && c.AtEnd[e] && flags&anchorMask == AnchorAffix,
	}
	if ent.anchor == AnchorFold {
		ent.lit = lowerString(lit)
	}
	ent.setWords(ent.suffix)
	return ent
}

// lowerString ASCII-lower-cases s.
func lowerString(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// addTable appends the buckets of one table's entries to x.entries and
// returns the table, its slots from room.
func (x *PolicyIndex) addTable(spec tableSpec, es []policyEntry, room *tableRoom) keyTable {
	t := keyTable{klen: uint8(spec.klen), back: spec.back, fold: spec.fold, minPolicy: noPolicy,
		mask: keyMask(spec.klen), backShift: uint8(64 - 8*spec.klen)}
	for _, e := range es {
		t.minPolicy = min(t.minPolicy, e.policy)
	}
	keys, byKey := groupByKey(spec, es)
	buckets := make([]bucket, len(keys))
	var deep deepEntries
	var group []policyEntry // one key's entries, in es' order; reused
	for i, k := range keys {
		group = group[:0]
		for j := byKey.head[i]; j >= 0; j = byKey.next[j] {
			group = append(group, es[j])
		}
		bucketEntries := group
		if spec.klen == 8 && len(group) > splitAbove {
			bucketEntries = deep.split(k, group, spec.back)
		}
		buckets[i] = x.addBucket(bucketEntries)
	}
	slots := newKeyTable(keys, buckets, room)
	t.slots, t.shift = slots.slots, slots.shift
	if spec.klen == 8 && !spec.fold {
		for i := range t.slots {
			sl := &t.slots[i]
			switch {
			case sl.end != 0 && deep.splitKeys[sl.key]:
				sl.quick = quickSplit
			case sl.end != 0:
				sl.setQuick(&x.entries[sl.start], sl.end-sl.start == 1)
			}
		}
	}
	if len(deep.keys) > 0 {
		d := x.addDeep(&deep, room)
		t.deep = &d
	}
	t.filter, t.filterShift = newFilter(keys)
	return t
}

// keyGroups links the entries of each key of a table: head[i] is the
// first entry of key i, next[j] the entry after j of its key, -1 after
// the last.
type keyGroups struct{ head, next []int32 }

// groupByKey returns the keys of es' entries for a table of spec, in
// first-seen order, and links each key's entries in es' order. Links,
// not a slice of entries per key: those copies, grown by appending, were
// 180 KB of fresh memory a Load at 1,000 policies.
func groupByKey(spec tableSpec, es []policyEntry) ([]uint64, keyGroups) {
	g := keyGroups{next: make([]int32, len(es))}
	var keys []uint64
	var tail []int32
	index := make(map[uint64]int32)
	for j, e := range es {
		s := e.lit[:spec.klen]
		if spec.back {
			s = e.lit[len(e.lit)-spec.klen:]
		}
		k := wordShort(s)
		if spec.klen == 8 {
			k = word64(s)
		}
		g.next[j] = -1
		i, seen := index[k]
		if !seen {
			index[k] = int32(len(keys))
			keys, g.head, tail = append(keys, k), append(g.head, int32(j)), append(tail, int32(j))
			continue
		}
		g.next[tail[i]], tail[i] = int32(j), int32(j)
	}
	return keys, g
}

// splitAbove is the most entries a bucket of front8 or back8 keeps
// before its long literals move to the table's deep one: scan8 rejects an
// entry in a few compares, and a deep probe costs about as much as four.
const splitAbove = 4

// deepEntries collects the entries moved to a deep table.
type deepEntries struct {
	splitKeys map[uint64]bool // the keys of the buckets split
	keys      []uint64        // deep keys, in first-seen order
	byKey     map[uint64][]policyEntry
}

// split moves the entries of es (the bucket of key k) whose literals have
// 16 bytes or more and are not folded to d, and returns the rest. Each
// deep bucket also gets a copy of every entry of the rest that a name
// with the bucket's 16 bytes could match, so that a name that finds its
// deep bucket need not look at the rest (scanSlot).
func (d *deepEntries) split(k uint64, es []policyEntry, back bool) []policyEntry {
	if d.byKey == nil {
		d.splitKeys, d.byKey = map[uint64]bool{}, map[uint64][]policyEntry{}
	}
	var rest []policyEntry
	made := map[uint64]uint64{} // deep keys made for k, to the word past k
	for _, e := range es {
		n := len(e.lit)
		if n < 2*wordBytes || e.anchor == AnchorFold {
			rest = append(rest, e)
			continue
		}
		k2 := word64(e.lit[wordBytes:])
		if back {
			k2 = word64(e.lit[n-2*wordBytes:])
		}
		dk := deepKey(k, k2)
		if d.byKey[dk] == nil {
			d.keys = append(d.keys, dk)
		}
		d.byKey[dk] = append(d.byKey[dk], e)
		d.splitKeys[k], made[dk] = true, k2
	}
	for dk, k2 := range made {
		known := wordString(k) + wordString(k2) // a name's 16 bytes at its start
		if back {
			known = wordString(k2) + wordString(k) // at its end
		}
		for _, e := range rest {
			if mayMatch(e, known, back) {
				d.byKey[dk] = append(d.byKey[dk], e)
			}
		}
	}
	return rest
}

// mayMatch reports whether entry e, of a front8 bucket or (back) a back8
// one, can match a name of 16 bytes or more that starts (ends) with
// known, 16 bytes: whether its literal agrees with known where they
// overlap, ASCII-case-insensitively if folded, and an exact literal is
// as long as such a name can be.
func mayMatch(e policyEntry, known string, back bool) bool {
	lit := e.lit
	if e.anchor == AnchorExact && len(lit) < len(known) {
		return false
	}
	m := min(len(lit), len(known))
	a, b := lit[:m], known[:m]
	if back {
		a, b = lit[len(lit)-m:], known[len(known)-m:]
	}
	if e.anchor == AnchorFold {
		return equalLowerASCII(b, a)
	}
	return a == b
}

// wordString is the 8 bytes of a little-endian word, as a string.
func wordString(w uint64) string {
	var b [wordBytes]byte
	for i := range b {
		b[i] = byte(w >> (8 * i))
	}
	return string(b[:])
}

// addDeep appends d's buckets to x.entries and returns their table, its
// slots with briefs, from room.
func (x *PolicyIndex) addDeep(d *deepEntries, room *tableRoom) keyTable {
	buckets := make([]bucket, len(d.keys))
	for i, k := range d.keys {
		buckets[i] = x.addBucket(d.byKey[k])
	}
	t := newKeyTable(d.keys, buckets, room)
	x.setBriefs(&t)
	return t
}

// setBriefs gives every slot of t its bucket's brief (see keySlot).
func (x *PolicyIndex) setBriefs(t *keyTable) {
	for i := range t.slots {
		if sl := &t.slots[i]; sl.end != 0 {
			sl.setQuick(&x.entries[sl.start], sl.end-sl.start == 1)
		}
	}
}

// filterBitsPerKey sizes a table's filter: 16 bits per key let about one
// name in sixteen that has none of the keys through to the probe.
const filterBitsPerKey = 16

// newFilter returns a filter of keys (see keyTable.filter): at least one
// word, at most maxBloomBits.
func newFilter(keys []uint64) ([]uint64, uint8) {
	bits := pow2AtLeast(min(maxBloomBits, max(64, filterBitsPerKey*len(keys))))
	filter := make([]uint64, bits/64)
	shift := uint8(64 - log2(bits))
	for _, k := range keys {
		h := (k * hashMul) >> shift
		filter[h>>6] |= 1 << (h & 63)
	}
	return filter, shift
}

// addBucket appends es to x.entries in ascending policy order (entries of
// one policy in their given order) and returns their range.
func (x *PolicyIndex) addBucket(es []policyEntry) bucket {
	// slices' stable sort, not sort.SliceStable, whose reflect swapper
	// and closure were 40 KB of fresh memory a Load at 1,000 policies.
	slices.SortStableFunc(es, func(a, b policyEntry) int { return cmp.Compare(a.policy, b.policy) })
	b := bucket{start: uint32(len(x.entries))}
	x.entries = append(x.entries, es...)
	b.end = uint32(len(x.entries))
	return b
}

// maxLoad is the fullest a key table gets, as a fraction. Linear
// probing finds a present key in (1+1/(1-a))/2 slots on average and an
// absent one in (1+1/(1-a)^2)/2, at load a; sizes are powers of two, so a
// table ends up between a quarter and a half full: 1.2 to 1.5 slots a
// hit, 1.4 to 2.5 a miss, within a cache line or two. At 3/4, a thousand
// policies' front8 (696 keys) was 68% full, 2 slots a hit and 5.4 a miss
// (three or four cache lines); halving it doubled its memory, to 80 KB,
// and still made AutoCreate at P=1000 faster on every sample (hits 16.1
// to 15.4 ns, misses 15.0 to 12.3). The tables that most names miss also
// sit behind a filter (keyTable.filter).
const maxLoadNum, maxLoadDen = 1, 2

// newKeyTable places each keys[i], with buckets[i], by linear probing in
// a table at most maxLoad full, its slots from room; buckets are not
// empty.
func newKeyTable(keys []uint64, buckets []bucket, room *tableRoom) keyTable {
	n := pow2AtLeast(max(2, (len(keys)*maxLoadDen+maxLoadNum-1)/maxLoadNum))
	t := keyTable{slots: roomSlice[keySlot](room, n), shift: uint8(64 - log2(n))}
	mask := uint64(n - 1)
	for i, k := range keys {
		j := (k * hashMul) >> t.shift
		for t.slots[j&mask].end != 0 {
			j++
		}
		t.slots[j&mask] = keySlot{key: k, bucket: buckets[i]}
	}
	return t
}

// pow2AtLeast is the least power of two >= n, for n >= 1.
func pow2AtLeast(n int) int { return 1 << bits.Len(uint(n-1)) }

// log2 is the base-2 logarithm of a power of two.
func log2(n int) int { return bits.TrailingZeros(uint(n)) }
