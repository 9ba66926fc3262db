package javaregex

// Products of a pattern with a small automaton that tracks where in the
// input a match is. They rewrite the zero-width constructs whose Java
// meaning depends on the characters around them ($ before a final line
// terminator, a first or last character that must be in a set) into plain
// sequences of sets.
//
// A tracker's states are ordered and every transition goes from a state to
// itself or to a later one, and exactly one state (free) may loop on
// characters: so the product of a repetition is a finite sum over chains
// of states, with no Kleene closure of a matrix and no blow-up beyond the
// number of chains (at most 2^(states-2) per pair of states).

// A tracker is such an automaton. step[p][q] are the characters that move
// from state p to state q (q >= p; step[p][p] is non-empty only for free).
// dollar, when set, says whether a $ holds in a state (it is then replaced
// by "" or by nothing); when nil, $ nodes are kept as they are.
type tracker struct {
	step   [][]runeSet
	free   int
	dollar func(d *node, state int) bool
}

// matrix[p][q] matches the strings of a node that take the tracker from p
// to q; nil matches nothing.
type matrix [][]*node

func (t *tracker) states() int { return len(t.step) }

// newMatrix is the n-state matrix that matches nothing anywhere.
func newMatrix(n int) matrix {
	m := make(matrix, n)
	for i := range m {
		m[i] = make([]*node, n)
	}
	return m
}

// identityMatrix is the n-state matrix of "": each state to itself.
func identityMatrix(n int) matrix {
	m := newMatrix(n)
	for i := range m {
		m[i][i] = &node{kind: kEmpty}
	}
	return m
}

func (t *tracker) zero() matrix { return newMatrix(t.states()) }

// diagonal is the matrix of a zero-width node that holds in the states
// where keep says so.
func (t *tracker) diagonal(keep func(state int) *node) matrix {
	m := t.zero()
	for s := range m {
		m[s][s] = keep(s)
	}
	return m
}

// product computes n's matrix.
func (t *tracker) product(n *node) matrix {
	switch n.kind {
	case kChar:
		m := t.zero()
		for p := range m {
			for q := p; q < t.states(); q++ {
				if set := n.set.intersect(t.step[p][q]); len(set) > 0 {
					m[p][q] = charNode(set)
				}
			}
		}
		return m
	case kConcat:
		m := t.product(n.subs[len(n.subs)-1])
		for i := len(n.subs) - 2; i >= 0; i-- { // from the right: see mul
			m = t.mul(t.product(n.subs[i]), m)
		}
		return m
	case kAlt:
		m := t.zero()
		for _, s := range n.subs {
			sm := t.product(s)
			for p := range m {
				for q := p; q < t.states(); q++ {
					m[p][q] = altNodes(m[p][q], sm[p][q])
				}
			}
		}
		return m
	case kRepeat:
		return t.repeat(n)
	case kDollar:
		if t.dollar != nil {
			return t.diagonal(func(s int) *node { return orNothing(t.dollar(n, s)) })
		}
		// Each copy gets its own node, so that no later rewrite of one
		// can reach another.
		return t.diagonal(func(int) *node { d := *n; return &d })
	case kEmpty:
		return t.diagonal(func(int) *node { return &node{kind: kEmpty} })
	}
	return t.diagonal(func(int) *node { return n }) // \A, \z: the regexp checks them
}

// mul multiplies a by b. Called with a the product of one item and b that
// of everything after it, entry [p][q] holds one copy of b's [p][q]
// (everything after, which is large only from the free state) per term, so
// the printed size stays linear in the sequence.
func (t *tracker) mul(a, b matrix) matrix {
	m := t.zero()
	for p := range m {
		for r := p; r < t.states(); r++ {
			if a[p][r] == nil {
				continue
			}
			for q := r; q < t.states(); q++ {
				if b[r][q] != nil {
					m[p][q] = altNodes(m[p][q], catNodes(a[p][r], b[r][q]))
				}
			}
		}
	}
	return m
}

// repeat computes the matrix of x{min,max} as a sum over chains of states
// p = t0 < t1 < ... < tr = q: one iteration makes each step t(i) -> t(i+1),
// and the others stay in a state. Staying in the free state repeats its
// diagonal entry; staying in another state matches no character, so its
// diagonal entry (assertions at one position) is the same for any number of
// iterations >= 1. Only the count of iterations spent in the free state is
// then constrained, to a range.
func (t *tracker) repeat(n *node) matrix {
	x := t.product(n.subs[0])
	m := t.zero()
	for p := range m {
		for q := p; q < t.states(); q++ {
			m[p][q] = t.chains(n, x, []int{p}, q)
		}
	}
	return m
}

// chains sums the chains that start with chain and end at q.
func (t *tracker) chains(n *node, x matrix, chain []int, q int) *node {
	last := chain[len(chain)-1]
	if last == q {
		return t.chainNode(n, x, chain, 0, nil, 0)
	}
	var sum *node
	for r := last + 1; r <= q; r++ {
		if x[last][r] != nil {
			sum = altNodes(sum, t.chains(n, x, append(chain[:len(chain):len(chain)], r), q))
		}
	}
	return sum
}

// chainNode builds the sum, over which non-free states of chain[i:] stay
// for some iterations, of the sequences they give; used counts the
// non-free states that stay, flexible whether any of them can absorb any
// number of iterations.
func (t *tracker) chainNode(n *node, x matrix, chain []int, i int, parts []*node, used int) *node {
	if i == len(chain) {
		return t.closeChain(n, x, chain, parts, used)
	}
	s := chain[i]
	if i > 0 {
		parts = append(parts[:len(parts):len(parts)], x[chain[i-1]][s])
	}
	if s == t.free || x[s][s] == nil {
		return t.chainNode(n, x, chain, i+1, append(parts, nil), used) // nil: placeholder for the free state
	}
	stay := t.chainNode(n, x, chain, i+1, append(parts[:len(parts):len(parts)], x[s][s]), used+1)
	pass := t.chainNode(n, x, chain, i+1, append(parts[:len(parts):len(parts)], nil), used)
	return altNodes(stay, pass)
}

// closeChain fills in the free state's repetition, if the chain passes
// through it, with the range of iterations it may take: the steps take
// len(chain)-1, each staying non-free state at least one and any number
// more.
func (t *tracker) closeChain(n *node, x matrix, chain []int, parts []*node, used int) *node {
	fixed := len(chain) - 1 + used
	if n.max >= 0 && fixed > n.max {
		return nil
	}
	hasFree := false
	for _, s := range chain {
		hasFree = hasFree || s == t.free
	}
	lo, hi := max(n.min-fixed, 0), -1
	if used > 0 {
		lo = 0 // the staying states take the iterations up to min
	}
	if n.max >= 0 {
		hi = n.max - fixed
	}
	out := make([]*node, 0, len(parts))
	for i, part := range parts {
		if part != nil {
			out = append(out, part)
			continue
		}
		if i%2 == 1 || chain[i/2] != t.free {
			continue // a state passed through without staying
		}
		if x[t.free][t.free] != nil {
			out = append(out, &node{kind: kRepeat, subs: []*node{x[t.free][t.free]}, min: lo, max: hi, lazy: n.lazy})
		} else if lo > 0 {
			return nil
		}
	}
	if !hasFree && lo > 0 {
		return nil
	}
	return catNodes(out...)
}

func orNothing(holds bool) *node {
	if holds {
		return &node{kind: kEmpty}
	}
	return nil
}

// catNodes concatenates; nil (nothing) if any part is nil.
func catNodes(parts ...*node) *node {
	for _, p := range parts {
		if p == nil {
			return nil
		}
	}
	return concat(parts)
}

// altNodes is the alternation of a and b, either of which may be nil.
func altNodes(a, b *node) *node {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	var subs []*node
	for _, n := range []*node{a, b} {
		if n.kind == kAlt && !n.linebreak {
			subs = append(subs, n.subs...)
		} else {
			subs = append(subs, n)
		}
	}
	return &node{kind: kAlt, subs: subs}
}
