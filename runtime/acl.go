package runtime

import "math/bits"

// ACL sets as Allowed reads them. The generated data numbers each distinct
// union of ACLs (a set) and holds it as a bit set over the principals
// (Compact.Sets); answering from that means hashing every principal the
// caller holds and probing the principal table, and a member-by-member
// string comparison needs the members' list, then each member's string
// header, then its bytes: three dependent loads before the first
// comparison, each a likely cache miss at 10k names (Allowed cost 3.2x
// Resolve on exact hits there).
//
// So NewMatcher lays every set of at most recordMembers principals out as
// one record of consecutive words in Matcher.acl, which a caller's
// principal is compared against with no hash and no pointer to follow:
//
//	word 0:      the members' lengths, a byte each (min(len, 255)); 0 for no member
//	word 1+2i:   member i's first 8 bytes, zero-padded
//	word 2+2i:   its bytes 8 to 16, zero-padded
//	then:        the members' principal numbers, two to a word
//
// A caller's principal is first matched against the length byte of every
// member at once; only a member of the same length has its words compared
// (most sets have no member of a given length), and for principals of at
// most exactBytes bytes equal length and words are equality. A longer
// member is compared in full, through its number, only when its first 16
// bytes match.
//
// Allowed carries the record's offset (an ACL ref) rather than the set
// number wherever it can (the exact-name table's values), so that the
// record is the only load after the table's slot.
const (
	// recordMembers is the most members a record holds: their lengths
	// fill word 0, one byte each.
	recordMembers = 8
	// exactBytes is the longest principal a record's two words spell out
	// entirely (with its length), so that a match needs no other load.
	exactBytes = 16
	// largeRef marks an ACL ref of a set with more members than a record
	// holds: the low bits are then its number in Matcher.Sets.
	largeRef = 1 << 31
)

// aclRefs lays out the records of sets (SetWords words each) and returns
// them with each set's ref: 0 for the empty set, the record's offset in
// the words (never 0: word 0 is unused) for a small set, largeRef|set for
// a large one.
func aclRefs(sets []uint64, setWords int, principals []string) (words []uint64, refs []uint32) {
	words = []uint64{0}
	for s := 0; s+setWords <= len(sets); s += setWords {
		members := setMembers(sets[s:s+setWords], recordMembers+1)
		switch {
		case len(members) == 0:
			refs = append(refs, 0)
		case len(members) > recordMembers:
			refs = append(refs, largeRef|uint32(s/setWords))
		default:
			refs = append(refs, uint32(len(words)))
			words = appendRecord(words, members, principals)
		}
	}
	return words, refs
}

// setMembers returns the bit numbers set in bits, stopping after max.
func setMembers(bits []uint64, max int) []uint32 {
	var members []uint32
	for w, word := range bits {
		for b := 0; b < 64 && len(members) < max; b++ {
			if word&(1<<b) != 0 {
				members = append(members, uint32(w*64+b))
			}
		}
	}
	return members
}

// appendRecord appends the record of members (at most recordMembers).
func appendRecord(words []uint64, members []uint32, principals []string) []uint64 {
	var lens uint64
	for i, id := range members {
		lens |= uint64(min(len(principals[id]), 255)) << (8 * i)
	}
	words = append(words, lens)
	for _, id := range members {
		w0, w1 := principalWords(principals[id])
		words = append(words, w0, w1)
	}
	for i := 0; i < len(members); i += 2 {
		ids := uint64(members[i])
		if i+1 < len(members) {
			ids |= uint64(members[i+1]) << 32
		}
		words = append(words, ids)
	}
	return words
}

// principalWords returns the first 16 bytes of a non-empty principal as
// two words, zero-padded.
func principalWords(pr string) (w0, w1 uint64) {
	if len(pr) > exactBytes {
		return loadAt(pr, 0), loadAt(pr, 8)
	}
	return elemWords(pr, 0, len(pr))
}

// granted reports whether the set ref stands for holds one of principals.
func (m *Matcher) granted(ref uint32, principals []string) bool {
	if ref&largeRef != 0 {
		return m.grantedLarge(ref&^largeRef, principals)
	}
	if ref == 0 {
		return false
	}
	lens := m.acl[ref]
	for _, pr := range principals {
		n := len(pr)
		if n == 0 || n > MaxPrincipalBytes {
			continue // configured principals are neither
		}
		// The bytes of lens equal to n's length byte: zero in the xor.
		if same := zeroBytes(lens ^ uint64(min(n, 255))*lowBits); same != 0 && m.recordHas(ref, same, pr) {
			return true
		}
	}
	return false
}

// recordHas reports whether the record at off has pr among its members
// whose length bytes are flagged in same (zeroBytes' high bits).
func (m *Matcher) recordHas(off uint32, same uint64, pr string) bool {
	w0, w1 := principalWords(pr)
	for ; same != 0; same &= same - 1 {
		i := uint32(bits.TrailingZeros64(same) / 8)
		rec := m.acl[off+1+2*i : off+3+2*i]
		if rec[0] != w0 || rec[1] != w1 {
			continue
		}
		if len(pr) <= exactBytes {
			return true
		}
		n := m.acl[off] // count the members to find the numbers after the words
		members := uint32(8 - bits.LeadingZeros64(n)/8)
		id := uint32(m.acl[off+1+2*members+i/2] >> (32 * (i % 2)))
		if m.principals[id] == pr {
			return true
		}
	}
	return false
}

// grantedLarge is granted for a set of more than recordMembers
// principals: a bit set, probed through the principal table. Hashing each
// principal costs more than comparing a few lengths, but such sets are
// rare (unions of many ACLs).
func (m *Matcher) grantedLarge(set uint32, principals []string) bool {
	bits := m.Sets[int(set)*m.SetWords : int(set+1)*m.SetWords]
	for _, pr := range principals {
		if len(pr) > MaxPrincipalBytes {
			continue // no configured principal is that long; skip hashing it
		}
		b, ok := m.Principals.Lookup(pr, 0, Hash(pr, PrincipalSeed))
		if ok && bits[b/64]&(1<<(b%64)) != 0 {
			return true
		}
	}
	return false
}

// ACL signatures. Most Allowed questions, in the benchmarks, are denials
// (a caller holding 2 of 300 principals, a name granting publish to 0 to 3),
// and a denial from the record still waits for the record, a second cache
// miss after the exact table's slot at 10k names. A signature is a 32-bit
// Bloom filter of a set: the OR of its members' principalBit. The exact
// table's signatures (Matcher.exactSig) are indexed by slot, like the
// table itself, so the CPU loads a name's signature in parallel with its
// slot rather than after it; a caller none of whose principals' bits is
// in the signature is denied without reading the record. Anything else is
// decided by granted, exactly.

// principalBit is pr's bit in a signature: a multiplicative hash of its
// length and its first, two middle and last bytes. Byte loads work for
// every length without a branch on it; loading the first and last 4 bytes
// needed one (for names under 4 bytes) and a call, and cost 27% of an
// exact hit's Allowed at N=100 (17.4 ns against 14.7 without signatures).
func principalBit(pr string) uint32 {
	n := len(pr)
	if n == 0 {
		return 1
	}
	w := uint64(pr[0]) | uint64(pr[(n-1)/2])<<8 | uint64(pr[n/2])<<16 | uint64(pr[n-1])<<24 | uint64(n)<<32
	return 1 << (w * hashK2 >> 59)
}

// callerSig is the signature of the principals a caller holds.
func callerSig(principals []string) uint32 {
	var sig uint32
	for _, pr := range principals {
		sig |= principalBit(pr)
	}
	return sig
}

// setSig is the signature of the set of bit numbers set in bits.
func setSig(bits []uint64, principals []string) uint32 {
	var sig uint32
	for _, id := range setMembers(bits, len(principals)) {
		sig |= principalBit(principals[id])
	}
	return sig
}

// exactSigs returns, per slot of the exact table up to the last one a key
// occupies, the signatures of that key's sets: publish in the low 32 bits,
// subscribe in the high. acls[i] are key i's set numbers.
func exactSigs(t *NameTable, keys []string, acls [][NumOps]uint32, sets []uint64, setWords int, principals []string) []uint64 {
	var sigs []uint64
	for i, k := range keys {
		slot, _ := t.Find(k)
		if slot >= len(sigs) {
			sigs = append(sigs, make([]uint64, slot+1-len(sigs))...)
		}
		for op := range NumOps {
			set := int(acls[i][op])
			sigs[slot] |= uint64(setSig(sets[set*setWords:(set+1)*setWords], principals)) << (32 * op)
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

// grantedSet is granted for set number set, its signature first.
func (m *Matcher) grantedSet(set uint32, principals []string, csig uint32) bool {
	return m.setSig[set]&csig != 0 && m.granted(m.aclRef[set], principals)
}
