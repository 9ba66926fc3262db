package runtime

import (
	"strconv"
	"unsafe"
)

// A plan carries the automata's ACL signatures as NewMatcher computes
// them (Compact.Sigs), so that generated code's initialisation adopts
// them in place instead of building them: at 100,000 wildcard-heavy
// destinations they were 29 MB of fresh memory (the per-state signatures
// and their reach), over a quarter of init.
//
// The words are, per op, every node's stepSigs (reach, tail), then per
// op every node's termSig: NumOps * nodes * sigsPerNode words. A
// validated plan (DecodePlan) checks only that length and drops the
// words: comparing them with its sets would cost what building them
// does, so NewMatcher builds them from the sets it has checked.
// MustLoadPlan trusts them as it trusts every column.
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
// not when w is empty or not that layout (a Compact built by hand, or
// one DecodePlan checked), and NewMatcher builds them.
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

// sigs checks Compact.Sigs's length: none, or the layout of SigWords for
// the plan's nodes. Its words are dropped (see above).
func (v *planCheck) sigs() error {
	c := &v.c.Matcher
	if len(c.Sigs) == 0 || sigsFit(len(c.Sigs), v.nodes) {
		c.Sigs = nil
		return nil
	}
	return v.count("Sigs", len(c.Sigs), int(NumOps)*v.nodes*sigsPerNode, strconv.Itoa(sigsPerNode)+" per node and op")
}
