package runtime

import (
	"strconv"
	"unsafe"
)

// A plan carries the automata's ACL signatures as NewMatcher computes
// them (Compact.Sigs), so that generated code's initialisation adopts
// them in place instead of building them: at 100,000 wildcard-heavy
// destinations they were 29 MB of fresh memory (the per-state signatures
// and their reach, and the tries' reach), over a quarter of init.
//
// The words are, per op, every node's stepSigs (reach, tail), then per
// op every node's termSig, then, when an automaton is a trie, per op
// every node's trieReach: NumOps * nodes * sigsPerNode words, with
// sigsPerNode 3 or 4. A validated plan (DecodePlan) checks only that
// length and drops the words: comparing them with its sets would cost
// what building them does, so NewMatcher builds them from the sets it
// has checked. MustLoadPlan trusts them as it trusts every column.
const (
	sigsPerNode     = 3 // two stepSigs words and a termSig
	sigsPerTrieNode = 4 // and a trieReach
)

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
	per := sigsPerNode
	if m.trieReach[0] != nil {
		per = sigsPerTrieNode
	}
	w := make([]uint32, 0, int(NumOps)*n*per)
	for op := range NumOps {
		for _, s := range m.stepSig[op] {
			w = append(w, s.reach, s.tail)
		}
	}
	for op := range NumOps {
		w = append(w, m.termSig[op]...)
	}
	if per == sigsPerTrieNode {
		for op := range NumOps {
			w = append(w, m.trieReach[op]...)
		}
	}
	return w
}

// adoptSigs sets stepSig, termSig and trieReach from w, words in
// SigWords' layout for m's nodes, and reports whether it did: it does
// not when w is empty or not that layout (a Compact built by hand, or
// one DecodePlan checked), and NewMatcher builds them.
func (m *Matcher) adoptSigs(w []uint32) bool {
	n := len(m.States)
	per := sigsPerOf(len(w), n)
	if per == 0 || len(m.Nodes) != n {
		return false
	}
	for op := range int(NumOps) {
		steps := w[op*2*n : (op+1)*2*n]
		m.stepSig[op] = unsafe.Slice((*stepSigs)(unsafe.Pointer(unsafe.SliceData(steps))), n)
		at := int(NumOps) * 2 * n
		m.termSig[op] = w[at+op*n : at+(op+1)*n : at+(op+1)*n]
		if per == sigsPerTrieNode {
			at += int(NumOps) * n
			m.trieReach[op] = w[at+op*n : at+(op+1)*n : at+(op+1)*n]
		}
	}
	return true
}

// sigsPerOf is the words per node of words signatures for nodes nodes:
// sigsPerNode or sigsPerTrieNode, or 0 for any other count.
func sigsPerOf(words, nodes int) int {
	for _, per := range [2]int{sigsPerNode, sigsPerTrieNode} {
		if nodes > 0 && words == int(NumOps)*nodes*per {
			return per
		}
	}
	return 0
}

// sigs checks Compact.Sigs's length: none, or the layout of SigWords for
// the plan's nodes. Its words are dropped (see above).
func (v *planCheck) sigs() error {
	c := &v.c.Matcher
	if len(c.Sigs) == 0 || sigsPerOf(len(c.Sigs), v.nodes) != 0 {
		c.Sigs = nil
		return nil
	}
	return v.count("Sigs", len(c.Sigs), int(NumOps)*v.nodes*sigsPerNode, strconv.Itoa(sigsPerNode)+" or "+strconv.Itoa(sigsPerTrieNode)+" per node and op")
}
