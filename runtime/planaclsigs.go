package runtime

import "math/bits"

// A plan carries the ACL signatures as NewMatcher computes them (see
// acl.go, "ACL signatures"): how many principals own a bit, each
// principal's bits in the two signatures, and every set's two
// signatures (Compact.ACLSigs). Computing them visits every member of
// every set three times (signatureBits' counts, then each signature):
// at 100,000 exact-shaped destinations, 195,000 sets of 1.1 million
// members, three quarters of NewMatcher's time.
//
// The words are heads, then per principal (bit number) its bit in the
// first signature, then in the second, then per set its first
// signature, then its second: 1 + 2*principals + 2*sets words, read in
// place. A validated plan (DecodePlan) keeps them after checking their
// shape (aclSigs), unlike the automata's signatures (plansigs.go): no
// lookup indexes anything by them, so a plan whose signatures disagree
// with its sets answers wrongly but reads nothing out of bounds, as a
// plan whose sets grant wrongly does; comparing them with the sets
// would cost what computing them does.

// ACLSigWords returns the signatures as Compact.ACLSigs holds them:
// what gen/plan writes into a plan from the Matcher it built.
func (m *Matcher) ACLSigWords() []uint32 {
	w := make([]uint32, 0, 1+2*len(m.sigBit)+2*len(m.setSig))
	w = append(w, uint32(bits.OnesCount32(m.headMask)))
	w = append(w, m.sigBit...)
	w = append(w, m.sigBit2...)
	w = append(w, m.setSig...)
	return append(w, m.setSigs(m.sigBit2)...)
}

// aclSigsFit reports whether words are the layout of ACLSigWords for
// principals principals and sets sets.
func aclSigsFit(words, principals, sets int) bool {
	return sets > 0 && words == 1+2*principals+2*sets
}

// adoptACLSigs sets sigBit, sigBit2, headMask and setSig from w, words
// in ACLSigWords' layout for m's principals and sets, and returns the
// sets' second signatures; nil when w is not that layout (a plan
// without them, or a Compact built by hand), and NewMatcher computes
// them.
func (m *Matcher) adoptACLSigs(w []uint32) (setSig2 []uint32) {
	p, s := len(m.principals), len(m.Sets)/m.SetWords
	if !aclSigsFit(len(w), p, s) || w[0] > maxHeads {
		return nil
	}
	m.headMask = 1<<w[0] - 1
	at := 1
	m.sigBit, at = w[at:at+p:at+p], at+p
	m.sigBit2, at = w[at:at+p:at+p], at+p
	m.setSig, at = w[at:at+s:at+s], at+s
	return w[at : at+s : at+s]
}

// aclSigs checks Compact.ACLSigs: none, or the layout of ACLSigWords for
// the plan's principals and sets, with at most maxHeads owned bits, one
// bit per principal in the first signature and at most one in the
// second, and the empty set 0's signatures empty.
func (v *planCheck) aclSigs() error {
	w := v.c.Matcher.ACLSigs
	if len(w) == 0 {
		return nil
	}
	if !aclSigsFit(len(w), v.principals, v.sets) {
		return v.count("ACLSigs", len(w), 1+2*v.principals+2*v.sets, "heads, 2 per principal and 2 per set")
	}
	if w[0] > maxHeads || int(w[0]) > v.principals {
		return v.fail("ACLSigs", 0, "heads "+itoa(int(w[0]))+" over "+itoa(min(maxHeads, v.principals)))
	}
	for j := range 2 * v.principals {
		if n := bits.OnesCount32(w[1+j]); n > 1 || n == 0 && j < v.principals {
			return v.fail("ACLSigs", 1+j, "a principal's signature bit is "+itoa(n)+" bits")
		}
	}
	for _, j := range []int{1 + 2*v.principals, 1 + 2*v.principals + v.sets} {
		if w[j] != 0 {
			return v.fail("ACLSigs", j, "the empty set 0 has a signature")
		}
	}
	return nil
}
