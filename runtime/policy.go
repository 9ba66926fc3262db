package runtime

import "strings"

// PolicyIndex finds the auto-creation policy that decides a node name:
// the first, in config order, whose pattern matches the whole name and
// that is enabled for the operation (Broker-J's rule).
//
// The generator describes each policy by index entries. An entry is a
// literal, an anchor saying where any name the policy matches holds it
// (the name starts with it, ends with it, is it, starts with it ignoring
// ASCII case, or contains it) and a check saying what else must hold then
// (nothing; no Java line terminator in the name outside the literal; or
// the policy's full condition, the generated policyMatch). A literal,
// alternation, `rob\.durable\..*` or `.*\.dlq` policy is decided by its
// entries alone, with a few word compares and no regexp. A general regexp
// has one entry, its most selective required literal, checked by
// policyMatch; or, with no usable literal, an entry that every name meets.
//
// Entries are found by hashing: the first (or, for suffixes, the last)
// 1, 2, 4 or 8 bytes of the name, loaded as one word, index a table of
// entries whose literals start (end) with those bytes; required inner
// literals are found by sampling the name's 4-byte grams through a bloom
// filter. A thousand policies therefore cost a few probes, not a thousand
// checks. In the 8-byte tables, which hold nearly every literal of a real
// config, a slot carries its bucket's first entry in brief, so that most
// names are decided by the one slot their key lands on; a bucket crowded
// by one tenant's many policies is split on the next 8 bytes.
//
// Assumptions: literals are valid UTF-8 without U+FFFD (Go's regexp reads
// an invalid byte of a name as U+FFFD, so such a literal could match bytes
// other than its own; the generator gives those policies no literal), and
// a fold literal is lower-case ASCII where it matters (NewPolicyIndex
// lower-cases it). An index is read-only once built, so Find is safe for
// concurrent use.
type PolicyIndex struct {
	entries []policyEntry // grouped by bucket; each bucket ascending by policy
	// front8 and back8 key the literals of 8 bytes or more that start
	// (end) names by their first (last) 8 bytes: nearly every entry of a
	// real config, probed with straight-line code. front8 also holds the
	// AnchorFold literals of 8 bytes or more, keyed lower-case: a name
	// whose first 8 bytes have no upper-case letter (nearly all) finds
	// them in the same probe, any other in a second one.
	front8, back8 keyTable
	front8Fold    bool // front8 holds AnchorFold entries
	// only8: the index is front8 and back8 without folded literals, the
	// common shape (literals, prefixes, suffixes of 8 bytes or more),
	// which Find decides on a path of its own.
	only8 bool
	// small are the other tables, for literals shorter than 8 bytes
	// (keys of 4, 2 or 1 bytes), in ascending order of their first
	// policy.
	small []keyTable
	// always is the bucket of entries no table holds, which every name
	// meets: empty literals, inner literals too short to index.
	always bucket
	infix  *infixIndex // nil without inner-literal entries
	// autos are the automata of CheckAutomaton policies, which Find runs
	// on every name whose answer they could lower; byPolicy[p] is the
	// automaton that stands for CheckMatch policy p's match function, or
	// nil.
	autos    []*automaton
	byPolicy []*automaton
	// whole is autos[0] when it is all the index has (the generator
	// folds a short list's literal, prefix and suffix policies into its
	// general policies' automaton): Find then only runs it.
	whole *automaton
	// lead, with its floors (policy_floor.go), is the list automaton
	// that Find runs before the index, which it then probes only when a
	// policy of the index could come first; autos is then empty.
	lead *automaton
}

// CompactPolicies is a PolicyIndex as generated code carries it. Entry e
// has the literal Literals[LiteralEnds[e-1]:LiteralEnds[e]] (from 0 for
// e = 0) and belongs to policy EntryPolicy[e] (the generator lists them by
// policy; the index does not rely on it).
// Flags[p] describes policy p: its low NumOps bits are the operations it is
// enabled for (bit op), the bits above are its Anchor and Check, shared by
// all its entries. With AnchorAffix, AtEnd[e] says the name must end with
// entry e's literal rather than start with it.
//
// Automata decide general policies (see PolicyAutomaton): a CheckAutomaton
// policy is decided by the automaton listing it alone (its entries, if
// any, are ignored); for a CheckMatch policy an automaton listing it
// replaces the match function.
type CompactPolicies struct {
	Literals    string
	LiteralEnds []uint32
	EntryPolicy []uint32
	AtEnd       []bool
	Flags       []uint8
	Automata    []PolicyAutomaton

	// room, which LoadPlanFile sets, is memory on huge pages for the
	// tables NewPolicyIndex builds (tableroom.go); the first index built
	// from c takes it, any other makes its own tables.
	room *tableRoom
}

// Policy anchors, in CompactPolicies.Flags: where a name that the policy
// matches holds the literal of one of its entries.
const (
	AnchorAffix = iota << anchorShift // starts with it, or ends with it (AtEnd)
	AnchorExact                       // is it
	AnchorFold                        // starts with it ignoring ASCII case; the literal is lower-case
	AnchorInfix                       // contains it

	anchorShift = NumOps
	anchorMask  = 3 << anchorShift
)

// Policy checks, in CompactPolicies.Flags: what must hold besides the
// literal for the policy to match.
const (
	CheckNone             = iota << checkShift // nothing
	CheckNoLineTerminator                      // the name outside the literal has no Java line terminator
	CheckMatch                                 // the match function passed to Find accepts the name
	CheckAutomaton                             // the automaton listing the policy accepts the name

	checkShift = anchorShift + 2
	checkMask  = 3 << checkShift
)

// MinInfixBytes is the shortest AnchorInfix literal the index can find:
// inner literals are found through their 4-byte grams. A shorter one is
// tested on every name, as an entry with an empty literal is.
const MinInfixBytes = gramBytes

// noPolicy is larger than any policy number: Find's "no answer yet".
const noPolicy = ^uint32(0)

// maxCandidates bounds the CheckMatch policies Find collects for one name
// before trying them in order. A name meets the entries of a few general
// regexps in a real config; past the bound Find keeps the lowest-numbered
// ones, tries them, and collects again above them, so the bound costs time
// only, never an answer. Sixteen 32-bit words are one cache line of
// stack.
const maxCandidates = 16

// Find returns the lowest-numbered policy enabled for op whose whole
// condition holds for name: Broker-J's first match in config order. The
// index decides every entry whose check is CheckNone or
// CheckNoLineTerminator; for CheckMatch entries it calls match(policy,
// name), in ascending policy order and only for policies numbered below
// the best answer found so far, so no regexp of a policy numbered above
// the answer ever runs. It never allocates.
func (x *PolicyIndex) Find(name string, op Op, match func(policy int, name string) bool) (int, bool) {
	if x.lead != nil {
		return x.findLead(name, op, match)
	}
	if op >= NumOps {
		return -1, false
	}
	if a := x.whole; a != nil {
		if p := a.find(name, op); p != noPolicy {
			return int(p), true
		}
		return -1, false
	}
	opBit := uint8(1) << op
	var best, cand uint32
	if x.only8 && len(name) >= 8 {
		// An index of front8 and back8 alone (only8): the common case,
		// written out here without a finder (scanBucket makes one when a
		// slot's brief does not settle its bucket) and without a call on
		// a front8 hit: a call cost a nanosecond of 13. nameWords, written
		// out too, lets the processor overlap its check with the slot's
		// load.
		kf, kb := word64(name), word64(name[len(name)-wordBytes:])
		sus := suspect(kf) | suspect(kb)
		for i := wordBytes; i < len(name)-wordBytes; i += wordBytes {
			sus |= suspect(word64(name[i:]))
		}
		clean := sus == 0
		best, cand = noPolicy, noPolicy
		if x.front8.minPolicy != noPolicy { // not empty
			if sl := x.front8.slot(kf); sl.end != 0 {
				ok := false // brief, front case, written out
				if q := sl.quick; q&quickBrief != 0 {
					n := int(q & quickLenMask)
					if q>>quickOpsShift&uint32(opBit) != 0 && len(name) >= n && (q&quickExact == 0 || len(name) == n) &&
						word64(name[n-wordBytes:]) == sl.w2 && (n <= 2*wordBytes || word64(name[wordBytes:]) == sl.w3) &&
						(q&quickNoLT == 0 || clean || restClean(name, n, kf, kb, false)) {
						best, ok = sl.policy, true
					} else {
						ok = q&quickOnly != 0
					}
				}
				if !ok {
					best, cand = x.scanBucket(name, opBit, clean, sl, false, noPolicy)
				}
			}
		}
		if x.back8.minPolicy < best && x.back8.mayHold(kb) {
			if sl := x.back8.slot(kb); sl.end != 0 && sl.policy < best {
				if p, ok := sl.brief(name, kf, kb, clean, opBit, true); ok {
					best = min(best, p)
				} else {
					var c uint32
					best, c = x.scanBucket(name, opBit, clean, sl, true, best)
					cand = min(cand, c)
				}
			}
		}
	} else {
		best, cand = x.first(name, opBit)
	}
	for _, a := range x.autos {
		if a.minPolicy[op] < best {
			best = min(best, a.find(name, op))
		}
	}
	if cand < best {
		return x.findMatch(name, op, best, cand, match)
	}
	if best == noPolicy {
		return -1, false
	}
	return int(best), true
}

// findLead is Find with a lead automaton. back8's filter is read before
// the walk, from the name alone, so that the branch on it is settled
// while the walk runs: tested after it, beside the answer it needs, the
// branch went the answer's way (whether the answer is above back8's
// first policy) and was mispredicted about as often, on the hits of 100
// general policies, as the answer changes sides: 34 ns a name against 27
// (thread CPU time, minima of 25 interleaved passes, load 8-16,
// 2026-12-02). The walk's own functions are called directly, not
// through run.
func (x *PolicyIndex) findLead(name string, op Op, match func(policy int, name string) bool) (int, bool) {
	if op >= NumOps {
		return -1, false
	}
	a := x.lead
	// back8 is empty (minPolicy noPolicy, no filter) or holds a suffix.
	hold := len(name) >= wordBytes && x.back8.minPolicy != noPolicy && x.back8.mayHold(loadAt(name, len(name)-wordBytes))
	var s uint16
	if len(name) >= wordBytes && a.chunk != nil && a.quadRows == nil {
		var i int
		if s, i = a.runWords(name); i < len(name) {
			s = a.runFrom(s, name, i)
		}
	} else {
		s = a.run(name)
	}
	p := a.accept[int(s)*numOps+int(op)]
	// No policy of the index can come first: none whose names can end in
	// state s, and no suffix in back8.
	if p <= a.floor[s] && (!hold || !x.backBelow(name, p)) {
		if p == noPolicy {
			return -1, false
		}
		return int(p), true
	}
	return x.afterLead(name, op, p, match)
}

// afterLead is Find for a name whose lead automaton answered p (noPolicy
// for none) when a policy of the index may come first: the index's
// probes, by its general path (such names are few), below p.
func (x *PolicyIndex) afterLead(name string, op Op, p uint32, match func(policy int, name string) bool) (int, bool) {
	best, cand := x.first(name, uint8(1)<<op)
	best = min(best, p)
	if cand < best {
		return x.findMatch(name, op, best, cand, match)
	}
	if best == noPolicy {
		return -1, false
	}
	return int(best), true
}

// backBelow reports whether a suffix of back8 below policy p may end
// name: whether the bucket of the name's last 8 bytes starts below p
// (a split bucket may). The filter rejects most names without a probe.
func (x *PolicyIndex) backBelow(name string, p uint32) bool {
	if x.back8.minPolicy >= p || len(name) < wordBytes {
		return false
	}
	kb := word64(name[len(name)-wordBytes:])
	if !x.back8.mayHold(kb) {
		return false
	}
	sl := x.back8.slot(kb)
	return sl.end != 0 && (sl.policy < p || sl.quick&quickSplit != 0)
}

// first is Find's first pass for any index: the lowest policy a cheap
// check decides and the lowest CheckMatch candidate below it. Apart from
// Find, so that Find's own frame stays small for its common path.
func (x *PolicyIndex) first(name string, opBit uint8) (best, cand uint32) {
	// Field by field: a composite literal is built in a temporary and
	// copied, and the copy's wide loads of the narrow stores just made
	// stall store forwarding, which costs more than a hit.
	var f finder
	f.name, f.opBit, f.best, f.cand = name, opBit, noPolicy, noPolicy
	f.gather(x)
	return f.best, f.cand
}

// finder is one pass's state.
type finder struct {
	name  string
	opBit uint8
	// best is the lowest policy decided to match by a cheap check so far.
	best uint32
	// cand is the lowest CheckMatch candidate below best seen, while cs
	// is nil: the first pass only learns whether match must run at all.
	cand uint32
	cs   *candidates
	// clean: the whole name has no line terminator (nameWords), so no
	// rest of it has one.
	clean bool
}

// candidates collects CheckMatch candidates for findMatch.
type candidates struct {
	after     uint32 // policies below it are tried already
	n         int
	truncated bool // candidates above p[n-1] were dropped
	p         [maxCandidates]uint32
}

// findMatch runs match on the candidates below best, in ascending order,
// collecting them in rounds of maxCandidates. Nothing below cand is a
// candidate (the first pass saw them all).
//
// name is passed apart from g, and match given only it: escape analysis
// would otherwise see g's pointer to cs flow into match and move cs to
// the heap.
func (x *PolicyIndex) findMatch(name string, op Op, best, cand uint32, match func(policy int, name string) bool) (int, bool) {
	cs := candidates{after: cand}
	var g finder
	g.name, g.opBit, g.best, g.cs = name, uint8(1)<<op, best, &cs
	for {
		g.gather(x)
		for _, p := range cs.p[:cs.n] {
			if p >= g.best {
				break
			}
			if x.matches(p, name, op, match) {
				return int(p), true
			}
		}
		if !cs.truncated || cs.p[cs.n-1] >= g.best {
			break
		}
		cs = candidates{after: cs.p[cs.n-1] + 1}
	}
	if g.best == noPolicy {
		return -1, false
	}
	return int(g.best), true
}

// matches reports whether CheckMatch policy p matches name: by its
// automaton, if it has one, else by match.
func (x *PolicyIndex) matches(p uint32, name string, op Op, match func(policy int, name string) bool) bool {
	if p < uint32(len(x.byPolicy)) && x.byPolicy[p] != nil {
		return x.byPolicy[p].find(name, op) == p
	}
	return match(int(p), name)
}

// gather probes every table and the inner-literal index, lowering f.best
// to each cheaply decided policy and noting the CheckMatch candidates.
func (f *finder) gather(x *PolicyIndex) {
	name, best := f.name, f.best
	if len(name) >= 8 {
		kf, kb, clean := nameWords(name)
		f.clean = clean
		if x.front8.minPolicy < best {
			best = f.probe8(x, &x.front8, kf, kb, clean, false, best)
			if x.front8Fold {
				if lk := lowerASCII(kf); lk != kf {
					if b := x.front8.lookup(lk); b.end > b.start {
						best = f.scan8(x.entries[b.start:b.end], false, true, best)
					}
				}
			}
		}
		if x.back8.minPolicy < best && x.back8.mayHold(kb) {
			best = f.probe8(x, &x.back8, kf, kb, clean, true, best)
		}
	}
	f.best = best
	if len(x.small) > 0 {
		f.gatherSmall(x)
	}
	if x.always.end > x.always.start {
		f.scanAlways(x.entries[x.always.start:x.always.end])
	}
	if x.infix != nil && x.infix.minPolicy < f.best {
		f.scanInfix(x)
	}
}

// checked applies entry e's check once its literal is known to sit at
// name[s:] as its anchor says: true when the policy matches; a CheckMatch
// policy (below best, as the callers see to) is noted as a candidate.
func (f *finder) checked(e *policyEntry, s int) bool {
	switch e.check {
	case CheckNone:
		return true
	case CheckNoLineTerminator:
		return f.clean || outsideClean(f.name, s, int(e.n))
	}
	f.note(e.policy)
	return false
}

// note records CheckMatch candidate p, which is below the best answer.
func (f *finder) note(p uint32) {
	if f.cs == nil {
		f.cand = min(f.cand, p)
	} else {
		f.cs.add(p)
	}
}

// outsideClean reports whether name outside the n bytes at s has no Java
// line terminator.
func outsideClean(name string, s, n int) bool {
	return (s+n == len(name) || NoLineTerminator(name[s+n:])) && (s == 0 || NoLineTerminator(name[:s]))
}

// add inserts p, keeping the candidates sorted and free of duplicates;
// when full it keeps the lowest and notes that some were dropped.
func (cs *candidates) add(p uint32) {
	if p < cs.after {
		return
	}
	n := cs.n
	i := n
	for i > 0 && cs.p[i-1] > p {
		i--
	}
	if i > 0 && cs.p[i-1] == p {
		return
	}
	if n == maxCandidates {
		cs.truncated = true
		if i == n {
			return
		}
		n-- // drop the largest
	}
	copy(cs.p[i+1:n+1], cs.p[i:n])
	cs.p[i] = p
	cs.n = n + 1
}

// scanAlways decides the entries no table holds (an empty literal, or an
// inner literal too short to index), one by one: they are for general
// regexps without a usable literal, whose match function costs far more.
func (f *finder) scanAlways(es []policyEntry) {
	name := f.name
	for i := range es {
		e := &es[i]
		if e.policy >= f.best {
			return
		}
		if e.ops&f.opBit == 0 {
			continue
		}
		if e.anchor == AnchorInfix {
			// Every occurrence, as scanInfix finds them.
			for s := 0; s <= len(name); s++ {
				j := strings.Index(name[s:], e.lit)
				if j < 0 {
					break
				}
				s += j
				if f.checked(e, s) {
					f.best = e.policy
					return
				}
			}
			continue
		}
		if s, ok := e.place(name); ok && literalAt(name, s, e.lit, e.anchor == AnchorFold) && f.checked(e, s) {
			f.best = e.policy
			return
		}
	}
}

// equalLowerASCII reports whether s, ASCII-lower-cased, equals lower.
func equalLowerASCII(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}
