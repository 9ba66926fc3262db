package runtime

import (
	"math/bits"
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
	bit   uint32 // its bit in a signature (principalBit); 0 with ref 0
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
	return Principal{ref: b + 1, owner: m.id, bit: sigBit(h)}
}

// granted reports whether set holds one of principals.
func (m *Matcher) granted(set uint32, principals []Principal) bool {
	row := m.Sets[int(set)*m.SetWords : int(set+1)*m.SetWords]
	for _, p := range principals {
		if i := int(p.ref) - 1; p.owner == m.id && i >= 0 && i>>6 < len(row) && row[i>>6]>>(i&63)&1 != 0 {
			return true
		}
	}
	return false
}

// ACL signatures. Most Allowed questions, in the benchmarks, are denials
// (a caller holding 2 of 300 principals, a name granting publish to 0 to 3),
// and a denial from the set's row still waits for the row, a second cache
// miss after the exact table's slot at 10k names. A signature is a 32-bit
// Bloom filter of a set: the OR of its members' principalBit. The exact
// table's signatures (Matcher.exactSig) are indexed by slot, like the
// table itself, so the CPU loads a name's signature in parallel with its
// slot rather than after it; a caller none of whose principals' bits is
// in the signature is denied without reading the row. Anything else is
// decided by granted, exactly.

// principalBit is pr's bit in a signature: the top bits of its hash in
// the principal table, which Principal computes anyway.
func principalBit(pr string) uint32 {
	return sigBit(Hash(pr, PrincipalSeed))
}

func sigBit(h uint64) uint32 { return 1 << (h >> 59) }

// callerSig is the signature of the principals a caller holds.
func callerSig(principals []Principal) uint32 {
	var sig uint32
	for _, p := range principals {
		sig |= p.bit
	}
	return sig
}

// setSig is the signature of the set of bit numbers set in row: it visits
// the members only, so that building every set's signature costs the
// sets' members, not sets times principals.
func setSig(row []uint64, principals []string) uint32 {
	var sig uint32
	for w, word := range row {
		for ; word != 0; word &= word - 1 {
			sig |= principalBit(principals[w*64+bits.TrailingZeros64(word)])
		}
	}
	return sig
}

// exactSigs returns, per slot of the exact table up to the last one a key
// occupies, the signatures of that key's sets: publish in the low 32 bits,
// subscribe in the high. values[i] are key i's table values (its
// destination, then its set per op); setSigs are every set's signature.
func exactSigs(t *NameTable, keys []string, values [][]uint32, setSigs []uint32) []uint64 {
	var sigs []uint64
	for i, k := range keys {
		slot, _ := t.Find(k)
		if slot >= len(sigs) {
			sigs = append(sigs, make([]uint64, slot+1-len(sigs))...)
		}
		for op := range NumOps {
			sigs[slot] |= uint64(setSigs[values[i][1+op]]) << (32 * op)
		}
	}
	return sigs
}

// stateSigs are the signatures of a deterministic state's sets (State's
// TailACL and TermACL), read before them: a wildcard walk passes several
// states, and in the benchmarks most of their sets grant the caller
// nothing.
//
// reach is the signature of every set a walk from the state can still
// meet (its own and its descendants'), so that a walk stops as soon as
// none can grant: a deep state's reach has few bits.
type stateSigs struct{ tail, term, reach [NumOps]uint32 }

// reachSigs fills in stateSig's reach, by a depth-first search over the
// states' '*' edges and their literal edges (from[i] to to[i]). The
// automata are acyclic (each edge consumes an element); a cycle or a node
// without a State would get every bit, which only costs the skipping.
func (m *Matcher) reachSigs(from, to []uint32) {
	kids := make([][]int32, len(m.stateSig))
	for i, f := range from {
		if int(f) < len(kids) {
			kids[f] = append(kids[f], int32(to[i]))
		}
	}
	const (
		unseen = iota
		open
		done
	)
	seen := make([]uint8, len(m.stateSig))
	var visit func(s int32) [NumOps]uint32
	visit = func(s int32) [NumOps]uint32 {
		if s < 0 || int(s) >= len(seen) || seen[s] == open {
			var all [NumOps]uint32
			for op := range all {
				all[op] = ^uint32(0)
			}
			return all
		}
		sg := &m.stateSig[s]
		if seen[s] == unseen {
			seen[s] = open
			for op := range NumOps {
				sg.reach[op] = sg.tail[op] | sg.term[op]
			}
			for _, k := range append(kids[s][:len(kids[s]):len(kids[s])], m.Nodes[s].Star) {
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
	for s := range m.stateSig {
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

// setSigs returns the signature of every set.
func setSigs(sets []uint64, setWords int, principals []string) []uint32 {
	var sigs []uint32
	for s := 0; s+setWords <= len(sets); s += setWords {
		sigs = append(sigs, setSig(sets[s:s+setWords], principals))
	}
	return sigs
}

// grantedSet is granted, its signature first.
func (m *Matcher) grantedSet(set uint32, principals []Principal, csig uint32) bool {
	return m.setSig[set]&csig != 0 && m.granted(set, principals)
}
