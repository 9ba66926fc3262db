package runtime

import (
	"math"
	"math/bits"
	"slices"
	"sync/atomic"
)

// Principals as Allowed takes them. The generated data numbers each
// distinct union of ACLs (a set) and holds it as a bit set over the
// principals (Compact.Sets, a row of SetWords words per set). A caller's
// principal names are resolved to their bit numbers once, when the caller
// authenticates (Matcher.Principal), so that Allowed tests one bit per
// principal rather than hashing or comparing strings on every call.
//
// Measured before this (principals passed as strings, sets laid out as
// records of members' bytes compared word by word): an exact hit's Allowed
// cost 1.6x to 3.1x its Resolve, of which reading and hashing the two
// principals' bytes alone took about 6 ns of 18 at N = 100.

// Principal is one principal of a caller, resolved by Matcher.Principal.
// Its zero value is a principal the config never names: it grants nothing.
// So does a Principal of another Matcher (another generated package),
// whose numbers mean other principals here.
type Principal struct {
	ref   uint32 // bit number + 1; 0 for a name the config never names
	owner uint32 // the Matcher's id; 0 with ref 0
	// sigs is its bit in a signature (Matcher.sigBit), and << 32 its bit
	// in the second signature (Matcher.sigBit2), if any; 0 with ref 0.
	sigs uint64
}

// matcherIDs numbers Matchers from 1, for Principal.owner.
var matcherIDs atomic.Uint32

// Principal returns the principal named name, for Allowed. A name no ACL
// mentions gets the zero Principal.
func (m *Matcher) Principal(name string) Principal {
	if len(name) > MaxPrincipalBytes {
		return Principal{} // no configured principal is that long; skip hashing it
	}
	h := Hash(name, PrincipalSeed)
	b, ok := m.Principals.Lookup(name, 0, h)
	if !ok {
		return Principal{}
	}
	return Principal{ref: b + 1, owner: m.id, sigs: uint64(m.sigBit[b]) | uint64(m.sigBit2[b])<<32}
}

// granted reports whether set holds one of principals.
func (m *Matcher) granted(set uint32, principals []Principal) bool {
	return m.rowGranted(m.Sets[int(set)*m.SetWords:int(set+1)*m.SetWords], principals)
}

// rowGranted reports whether row, a set's row or a union of rows (an
// Allowed cache's), holds one of principals.
func (m *Matcher) rowGranted(row []uint64, principals []Principal) bool {
	for _, p := range principals {
		if i := int(p.ref) - 1; p.owner == m.id && i >= 0 && i>>6 < len(row) && row[i>>6]>>(i&63)&1 != 0 {
			return true
		}
	}
	return false
}

// ACL signatures. Most Allowed questions, in the benchmarks, are denials
// (a caller holding 2 of 300 principals, a name granting publish to 0 to
// 14), and a decision from a set's row waits for the row: a second cache
// miss after the exact table's slot at 10k names. A signature summarises
// a set in 32 bits, the OR of its members' bits (Principal.sigs):
//
//   - bits 0 to heads-1 each belong to one principal, those that the most
//     sets hold, so they say exactly whether it is a member: a caller
//     holding such a principal is granted or denied by the signature
//     alone;
//   - the other bits are a Bloom filter of the remaining principals: a
//     caller none of whose bits is set is denied, anything else is
//     decided by the row (granted).
//
// The exact table keeps each name's signatures in its record (NameTable
// values 1 and 2), beside the key the lookup compares anyway; its sets'
// numbers (Infos) and second signatures (destSig2), by destination, are
// read only when the signatures cannot decide (exactGranted). The second
// signature is a second Bloom filter, of 32 bits, over the principals
// that own no bit, so that a caller whose bits meet the first one's by
// chance is still denied without the row.
// Measured on the benchmarks' exact shape at 100k names (a caller holding
// 2 principals, 18 roles among 300 principals): with a 32-bit Bloom
// filter alone 37% of exact hits went on to the row; with 18 bits owned
// (by the 18 roles), 9% do. Allowed on those hits went from 69 to 53 ns,
// against Resolve's 39, with its test also made free of branches
// (lookup.go).

// maxHeads bounds the principals with a signature bit of their own,
// leaving at least 4 Bloom bits for the others.
const maxHeads = 28

// signatureBits returns each principal's bit in a signature (by bit
// number) and how many principals own theirs (see "ACL signatures").
// It counts how many of the sets hold each principal and takes the
// number of owned bits that minimises the expected share of a caller's
// principals the signature cannot decide, assuming callers hold
// principals about as often as the sets do.
func signatureBits(sets []uint64, setWords int, principals []string) (bitOf []uint32, heads int) {
	count := make([]int, len(principals))
	nsets := 0
	for s := 0; s+setWords <= len(sets); s += setWords {
		nsets++
		for w, word := range sets[s : s+setWords] {
			for ; word != 0; word &= word - 1 {
				count[w*64+bits.TrailingZeros64(word)]++
			}
		}
	}
	order := make([]int, len(principals))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return count[b] - count[a] })
	heads = bestHeads(order, count, nsets)
	bitOf = make([]uint32, len(principals))
	shared := uint64(32 - heads) // the Bloom bits
	for rank, p := range order {
		if rank < heads {
			bitOf[p] = 1 << rank
			continue
		}
		bitOf[p] = 1 << (uint64(heads) + (Hash(principals[p], PrincipalSeed)>>32)*shared>>32)
	}
	return bitOf, heads
}

// bestHeads is signatureBits' choice: with h owned bits, a caller's
// principal outside them (weighted by the share f of sets holding it)
// needs its row when it is a member (f) or when the 32-h Bloom bits give
// a false positive (about 1 - e^(-T/(32-h)), T the mean number of such
// members per set).
func bestHeads(order, count []int, nsets int) int {
	if nsets == 0 {
		return 0
	}
	f := func(rank int) float64 { return float64(count[order[rank]]) / float64(nsets) }
	best, bestCost := 0, math.Inf(1)
	for h := 0; h <= maxHeads && h <= len(order); h++ {
		var tail float64
		for r := h; r < len(order); r++ {
			tail += f(r)
		}
		falsePos := 1 - math.Exp(-tail/float64(32-h))
		var cost float64
		for r := h; r < len(order); r++ {
			cost += f(r) * (f(r) + (1-f(r))*falsePos)
		}
		if cost < bestCost {
			best, bestCost = h, cost
		}
	}
	return best
}

// callerSigs are the signatures of the principals a caller holds, those
// of this Matcher only (another Matcher's bits mean other principals):
// the first in the low 32 bits, the second in the high.
func (m *Matcher) callerSigs(principals []Principal) uint64 {
	var sigs uint64
	for _, p := range principals {
		if p.owner == m.id {
			sigs |= p.sigs
		}
	}
	return sigs
}

// secondBits returns each principal's bit in the second signature (by
// bit number): none for those owning a bit of the first (bitOf within
// headMask), which it decides exactly, and for the others a bit chosen by
// hash bits that signatureBits does not use: the top 5 of the low 32.
// Not the lowest 5, as until session 33: Hash sets bit 0, so they named
// the 16 odd bits only, and a caller's bit met a set's second signature
// about twice as often as 32 bits allow (wild-market 100k: 59% of the
// exact hits that reached it went on to the row; 41% now).
func secondBits(bitOf []uint32, headMask uint32, principals []string) []uint32 {
	bit2 := make([]uint32, len(principals))
	for p, b := range bitOf {
		if b&headMask == 0 {
			bit2[p] = 1 << (uint64(uint32(Hash(principals[p], PrincipalSeed))) * 32 >> 32)
		}
	}
	return bit2
}

// setSigOf is the signature of the set of bit numbers set in row, with
// each member's bit from bitOf (sigBit or sigBit2): it visits the members
// only, so that building every set's signature costs the sets' members,
// not sets times principals.
func setSigOf(row []uint64, bitOf []uint32) uint32 {
	var sig uint32
	for w, word := range row {
		for ; word != 0; word &= word - 1 {
			sig |= bitOf[w*64+bits.TrailingZeros64(word)]
		}
	}
	return sig
}

// stateSigs are the signatures of a deterministic state's sets (State's
// TailACL and TermACL), read before them: a wildcard walk passes several
// states, and in the benchmarks most of their sets grant the caller
// nothing.
//
// reach is the signature of every set a walk from the state can still
// meet (its own and its descendants'), so that a walk stops as soon as
// none can grant: a deep state's reach has few bits. NewMatcher builds
// them once and keeps them split by op (stepSigs, Matcher.termSig), the
// form the walks read.
type stateSigs struct{ tail, term, reach [NumOps]uint32 }

// stepSigs are what a walk reads of a state at each step for one op,
// kept by op and apart from term (termSig), which only the last step
// reads: 8 states to a cache line rather than 2.7, for walks at 100k
// patterns, whose states are rarely cached. Measured (interleaved, pinned):
// Allowed on wild 100k mixed names 2-3% faster, unchanged at N <= 10k.
type stepSigs struct{ reach, tail uint32 }

// setStateSigs sets stepSig and termSig from the States' sets, their
// reach by reachSigs.
func (m *Matcher) setStateSigs(from, to []uint32) {
	sigs := make([]stateSigs, len(m.States))
	for i := range m.States {
		sigs[i] = m.sigsOf(&m.States[i])
	}
	m.reachSigs(sigs, from, to)
	for op := range NumOps {
		m.stepSig[op] = make([]stepSigs, len(sigs))
		m.termSig[op] = make([]uint32, len(sigs))
		for s, sg := range sigs {
			m.stepSig[op][s] = stepSigs{sg.reach[op], sg.tail[op]}
			m.termSig[op][s] = sg.term[op]
		}
	}
}

// reachSigs fills in the sigs' reach, by a depth-first search over the
// states' '*' edges and their literal edges (from[i] to to[i]). The
// automata are acyclic (each edge consumes an element); a cycle or a node
// without a State would get every bit, which only costs the skipping.
func (m *Matcher) reachSigs(sigs []stateSigs, from, to []uint32) {
	// Each state's literal children, kids[kidStart[s]:kidStart[s+1]]: one
	// flat slice, not one per state, so that the allocations do not grow
	// with the states.
	kidStart := make([]int32, len(sigs)+1)
	for _, f := range from {
		if int(f) < len(sigs) {
			kidStart[f+1]++
		}
	}
	for s := range sigs {
		kidStart[s+1] += kidStart[s]
	}
	kids := make([]int32, kidStart[len(sigs)])
	fill := slices.Clone(kidStart[:len(sigs)])
	for i, f := range from {
		if int(f) < len(sigs) {
			kids[fill[f]] = int32(to[i])
			fill[f]++
		}
	}
	const (
		unseen = iota
		open
		done
	)
	seen := make([]uint8, len(sigs))
	var visit func(s int32) [NumOps]uint32
	visit = func(s int32) [NumOps]uint32 {
		if s < 0 || int(s) >= len(seen) || seen[s] == open {
			var all [NumOps]uint32
			for op := range all {
				all[op] = ^uint32(0)
			}
			return all
		}
		sg := &sigs[s]
		if seen[s] == unseen {
			seen[s] = open
			for op := range NumOps {
				sg.reach[op] = sg.tail[op] | sg.term[op]
			}
			for i := kidStart[s]; i <= kidStart[s+1]; i++ {
				k := m.Nodes[s].Star // after the literal children
				if i < kidStart[s+1] {
					k = kids[i]
				}
				if k >= 0 {
					r := visit(k)
					for op := range NumOps {
						sg.reach[op] |= r[op]
					}
				}
			}
			seen[s] = done
		}
		return sg.reach
	}
	for s := range sigs {
		visit(int32(s))
	}
}

func (m *Matcher) sigsOf(st *State) stateSigs {
	var sigs stateSigs
	for op := range NumOps {
		sigs.tail[op] = m.setSig[st.TailACL[op]]
		sigs.term[op] = m.setSig[st.TermACL[op]]
	}
	return sigs
}

// exactGranted decides Allowed for the exact name of record rec and a
// caller's signatures sigs where the record's signature cannot: the
// caller's bits meet only its Bloom bits (or the hit was found past its
// home's two index entries). The second signature rules out most such
// calls before the row, and is read beside the set's number (both indexed
// by the destination, so neither waits for the other). Measured at 100k
// names, interleaved: on the exact shape 9.0% of exact hits went to the
// row, 95% of them false positives of the first signature's 14 Bloom
// bits; with the second signature 3.9% did, and Allowed on exact hits
// took 0.91x-0.99x the time.
func (m *Matcher) exactGranted(rec int, op Op, principals []Principal, sigs uint64) bool {
	hit := m.Exact.Value(rec, 1+int(op)) & uint32(sigs)
	if hit == 0 || hit&m.headMask != 0 {
		return hit != 0
	}
	d := m.Exact.Value(rec, 0)
	if uint32(m.destSig2[d]>>(32*(op&1)))&uint32(sigs>>32) == 0 {
		return false
	}
	return m.granted(m.Infos[d].ACL[op], principals)
}

// A word holds one 32-bit value per operation, two to a word (destSig2Of,
// exactGranted, NameTable.Value): this fails to compile if NumOps
// changes.
var _ = [1]struct{}{}[NumOps-2]

// computeACLSigs sets sigBit, headMask, setSig and sigBit2 from the
// sets (see "ACL signatures") and returns the sets' second signatures:
// what a plan without ACLSigs makes NewMatcher do.
func (m *Matcher) computeACLSigs() (setSig2 []uint32) {
	var heads int
	m.sigBit, heads = signatureBits(m.Sets, m.SetWords, m.principals)
	m.headMask = 1<<heads - 1
	m.setSig = m.setSigs(m.sigBit)
	m.sigBit2 = secondBits(m.sigBit, m.headMask, m.principals)
	return m.setSigs(m.sigBit2)
}

// setSigs returns the signature of every set, with each member's bit
// from bitOf.
func (m *Matcher) setSigs(bitOf []uint32) []uint32 {
	sigs := make([]uint32, len(m.Sets)/m.SetWords)
	for i := range sigs {
		sigs[i] = setSigOf(m.Sets[i*m.SetWords:(i+1)*m.SetWords], bitOf)
	}
	return sigs
}

// grantedSet is granted, its signature first.
func (m *Matcher) grantedSet(set uint32, principals []Principal, csig uint32) bool {
	hit := m.setSig[set] & csig
	return hit != 0 && (hit&m.headMask != 0 || m.granted(set, principals))
}
