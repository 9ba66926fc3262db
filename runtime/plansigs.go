package runtime

import (
	"strconv"
	"unsafe"
)

// A plan carries the automata's ACL signatures as NewMatcher computes
// them (Compact.Sigs), so that both generated code's initialisation and
// a validated Load adopt them in place instead of building them: at
// 100,000 wildcard-heavy destinations they were 29 MB of fresh memory
// (the per-state signatures and their reach), over a quarter of init,
// and at exact 100k building them was 7% of a Load.
//
// The words are, per op, every node's stepSigs (reach, tail), then per
// op every node's termSig: NumOps * nodes * sigsPerNode words. A
// validated plan (DecodePlan) keeps them after sigs has checked them
// against the columns it has already checked, in one pass over the
// states and one over the edges, allocating nothing: each tail and term
// signature is its set's (ACLSigs), and each reach holds the state's
// own and every child's reach, so that a walk stops early only where no
// set it could still meet grants (a reach with more bits than the
// depth-first search of reachSigs gives only stops walks later). The
// answers are then exactly those of signatures built from the sets.
// Without ACLSigs there is nothing to check them against, and the words
// are dropped: NewMatcher builds both. MustLoadPlan trusts them as it
// trusts every column.
const sigsPerNode = 3 // two stepSigs words and a termSig

// The layout adoptSigs reads in place: reach, then tail.
var _ = [1]struct{}{}[unsafe.Sizeof(stepSigs{})-8]
var _ = [1]struct{}{}[unsafe.Offsetof(stepSigs{}.tail)-4]

// SigWords returns the automata's signatures as Compact.Sigs holds them:
// what gen/plan writes into a plan from the Matcher it built.
func (m *Matcher) SigWords() []uint32 {
	n := len(m.States)
	if n == 0 {
		return nil
	}
	w := make([]uint32, 0, int(NumOps)*n*sigsPerNode)
	for op := range NumOps {
		for _, s := range m.stepSig[op] {
			w = append(w, s.reach, s.tail)
		}
	}
	for op := range NumOps {
		w = append(w, m.termSig[op]...)
	}
	return w
}

// adoptSigs sets stepSig and termSig from w, words in
// SigWords' layout for m's nodes, and reports whether it did: it does
// not when w is empty or not that layout (a Compact built by hand, or a
// decoded plan without ACLSigs, whose Sigs DecodePlan drops), and
// NewMatcher builds them.
func (m *Matcher) adoptSigs(w []uint32) bool {
	n := len(m.States)
	if !sigsFit(len(w), n) || len(m.Nodes) != n {
		return false
	}
	for op := range int(NumOps) {
		steps := w[op*2*n : (op+1)*2*n]
		m.stepSig[op] = unsafe.Slice((*stepSigs)(unsafe.Pointer(unsafe.SliceData(steps))), n)
		at := int(NumOps) * 2 * n
		m.termSig[op] = w[at+op*n : at+(op+1)*n : at+(op+1)*n]
	}
	return true
}

// sigsFit reports whether words signatures are sigsPerNode per node and
// op for nodes nodes.
func sigsFit(words, nodes int) bool {
	return nodes > 0 && words == int(NumOps)*nodes*sigsPerNode
}

// sigs checks Compact.Sigs: none, or the layout of SigWords for the
// plan's nodes, holding the signatures NewMatcher would build (see
// above). It runs after states, automata, edges and aclSigs, on whose
// ranges it relies.
func (v *planCheck) sigs() error {
	c := &v.c.Matcher
	if len(c.Sigs) == 0 {
		return nil
	}
	if !sigsFit(len(c.Sigs), v.nodes) {
		return v.count("Sigs", len(c.Sigs), int(NumOps)*v.nodes*sigsPerNode, strconv.Itoa(sigsPerNode)+" per node and op")
	}
	if len(c.ACLSigs) == 0 {
		c.Sigs = nil // nothing to check them against: NewMatcher builds them
		return nil
	}
	setSig := c.ACLSigs[1+2*v.principals : 1+2*v.principals+v.sets]
	n := v.nodes
	for op := range int(NumOps) {
		steps, terms := c.Sigs[op*2*n:(op+1)*2*n], c.Sigs[(int(NumOps)*2+op)*n:(int(NumOps)*2+op+1)*n]
		if err := v.stateSigs(op, steps, terms, setSig); err != nil {
			return err
		}
		for j, from := range c.EdgeFrom {
			if to := c.EdgeTo[j]; steps[2*to]&^steps[2*from] != 0 {
				return v.fail("Sigs", op*2*n+2*int(from), "reach lacks bits of the reach of node "+strconv.FormatUint(uint64(to), 10)+", its literal child")
			}
		}
	}
	return nil
}

// stateSigs checks op's signatures of every state: tail and term its
// sets' (setSig, by set number), reach holding them and its '*' child's
// reach. steps and terms are op's words of Sigs.
func (v *planCheck) stateSigs(op int, steps, terms, setSig []uint32) error {
	c, n := &v.c.Matcher, v.nodes
	for s := range n {
		st := c.States[s*StateStride : (s+1)*StateStride]
		reach, tail, term := steps[2*s], steps[2*s+1], terms[s]
		at := op*2*n + 2*s // reach's word in Sigs
		switch {
		case tail != setSig[st[4+op]]:
			return v.fail("Sigs", at+1, "tail signature is not that of node "+itoa(s)+"'s tail set")
		case term != setSig[st[4+int(NumOps)+op]]:
			return v.fail("Sigs", (int(NumOps)*2+op)*n+s, "term signature is not that of node "+itoa(s)+"'s term set")
		case (tail|term)&^reach != 0:
			return v.fail("Sigs", at, "reach lacks bits of node "+itoa(s)+"'s own signatures")
		}
		if star := c.Nodes[s*NodeStride]; star >= 0 && steps[2*star]&^reach != 0 {
			return v.fail("Sigs", at, "reach lacks bits of the reach of node "+itoa(int(star))+", its '*' child")
		}
	}
	return nil
}
