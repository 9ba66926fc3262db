package javaregex

import "fmt"

// resolveCanon rewrites every kCanon node (a class or \p{...} under (?c),
// see canon.go) into plain sets and sequences; it panics with an *Error
// where it cannot. It runs after resolveFollow (which must see the
// possessive and \R marks that the products drop) and before the anchors
// are resolved (the products copy $ nodes, which resolveAnchors then sees).
//
// First each kCanon becomes W | S_plain | S_g (?!J_g) ... (canonMark),
// where S_plain are the members after which nothing that can follow joins
// the cluster, and (?!J_g), a kNotNext, says that the next code point, if
// any, does not join a cluster after the members S_g. Then the kNotNext
// nodes are eliminated by the product of the pattern with an automaton
// whose state is the pending condition (canonElim): state 0 is none, state
// g "the next code point is not in J_g"; a code point in state g must be
// outside J_g and leads to state 0; the end of input is fine in any state.
func resolveCanon(n *node) *node {
	if !findKind(n, kCanon) {
		return n
	}
	e := &canonElim{joins: []runeSet{nil}, off: findFirst(n, kCanon).off}
	n = e.mark(n, nil)
	if len(e.joins) == 1 {
		return n
	}
	m := e.product(n)
	var out *node
	for _, x := range m[0] {
		out = altNodes(out, x)
	}
	if out == nil {
		return charNode(nil)
	}
	e.bound(out)
	return out
}

// canonElim holds the pending conditions: joins[g] for state g >= 1.
type canonElim struct {
	joins []runeSet
	off   int // of the first kCanon, for errors
}

func (e *canonElim) bound(n *node) {
	if countNodes(n, maxRewriteNodes) > maxRewriteNodes {
		panic(&Error{Offset: e.off, Construct: ConstructTooLarge,
			Msg: fmt.Sprintf("a class or \\p{...} under (?c) with more after it: its exact rewrite would have more than %d nodes", maxRewriteNodes)})
	}
}

// mark returns n with each kCanon replaced as described above; follow
// holds every character that can come right after n (the end of input is
// no character).
func (e *canonElim) mark(n *node, follow runeSet) *node {
	switch n.kind {
	case kCanon:
		return e.markCanon(n, follow)
	case kConcat:
		c := *n
		c.subs = make([]*node, len(n.subs))
		fol := follow
		for i := len(n.subs) - 1; i >= 0; i-- {
			c.subs[i] = e.mark(n.subs[i], fol)
			f, nullable := first(c.subs[i])
			if nullable {
				f = f.union(fol)
			}
			fol = f
		}
		return &c
	case kAlt:
		c := *n
		c.subs = make([]*node, len(n.subs))
		for i, s := range n.subs {
			c.subs[i] = e.mark(s, follow)
		}
		return &c
	case kRepeat:
		inner := follow
		if n.max < 0 || n.max > 1 { // after one iteration may come another
			f, _ := first(n.subs[0])
			inner = f.union(follow)
		}
		c := *n
		c.subs = []*node{e.mark(n.subs[0], inner)}
		return &c
	}
	return n
}

func (e *canonElim) markCanon(k *node, follow runeSet) *node {
	if k.committed && len(canonSequences(k.set).extensions().intersect(follow)) > 0 {
		panic(&Error{Offset: k.off, Construct: ConstructFlagCanonEq,
			Msg: "a quantifier directly on a class or \\p{...} under (?c) is only supported where what can follow it cannot extend one of its composing sequences into a longer one: Java keeps the longest in each repetition (a group around it backtracks)"})
	}
	var plain runeSet
	var out *node
	for _, g := range canonGroups(k.set) {
		if len(follow.intersect(g.join)) == 0 {
			plain = plain.union(g.set)
			continue
		}
		out = altNodes(out, catNodes(charNode(g.set), &node{kind: kNotNext, set: g.join, min: e.state(g.join)}))
	}
	if len(plain) > 0 {
		out = altNodes(charNode(plain), out)
	}
	if w := k.subs[0]; w.kind != kChar || len(w.set) > 0 {
		out = altNodes(out, w)
	}
	if out == nil {
		return charNode(nil)
	}
	return out
}

// state is the automaton state of the condition "not in join".
func (e *canonElim) state(join runeSet) int {
	for g, j := range e.joins {
		if g > 0 && j.equal(join) {
			return g
		}
	}
	e.joins = append(e.joins, join)
	return len(e.joins) - 1
}

func (e *canonElim) zero() matrix {
	m := make(matrix, len(e.joins))
	for i := range m {
		m[i] = make([]*node, len(e.joins))
	}
	return m
}

func (e *canonElim) identity() matrix {
	m := e.zero()
	for i := range m {
		m[i][i] = &node{kind: kEmpty}
	}
	return m
}

// product computes n's matrix: m[p][q] matches the strings of n that take
// the automaton from state p to state q.
func (e *canonElim) product(n *node) matrix {
	if !findKind(n, kNotNext) {
		return e.plain(n)
	}
	switch n.kind {
	case kNotNext: // only ever right after a character, so from state 0
		m := e.zero()
		m[0][n.min] = &node{kind: kEmpty}
		return m
	case kConcat:
		m := e.product(n.subs[0])
		for _, s := range n.subs[1:] {
			m = e.mul(m, e.product(s))
			e.bound(matrixNode(m))
		}
		return m
	case kAlt:
		m := e.zero()
		for _, s := range n.subs {
			sm := e.product(s)
			for p := range m {
				for q := range m {
					m[p][q] = altNodes(m[p][q], sm[p][q])
				}
			}
		}
		return m
	}
	return e.repeat(n)
}

// plain is the matrix of n without kNotNext: from state 0 it is n; from
// state g its matches that start outside joins[g] (to state 0) or are
// empty (staying in g).
func (e *canonElim) plain(n *node) matrix {
	m := e.zero()
	m[0][0] = n
	f, nullable := first(n)
	for g := 1; g < len(e.joins); g++ {
		if !nullable && len(f.intersect(e.joins[g])) == 0 {
			m[g][0] = n // nothing to restrict: skip the product's copy
			continue
		}
		x := firstCharTracker(e.joins[g].complement()).product(n)
		m[g][0], m[g][g] = x[0][1], x[0][0]
	}
	return m
}

func (e *canonElim) mul(a, b matrix) matrix {
	m := e.zero()
	for p := range a {
		for r := range a {
			if a[p][r] == nil {
				continue
			}
			for q := range a {
				if b[r][q] != nil {
					m[p][q] = altNodes(m[p][q], catNodes(a[p][r], b[r][q]))
				}
			}
		}
	}
	return m
}

// repeat is x{min,max} as x^min (I+x)^(max-min), or x^min x* when
// unbounded. Written out, iterations match independently, as in Go; Java's
// Loop differs only for a minimum of 2 or more with a body that can match
// "" through an anchor (loopIterations), which is rejected here.
func (e *canonElim) repeat(n *node) matrix {
	body := n.subs[0]
	if _, nullable := first(body); nullable && n.min >= 2 && hasAnchor(body) {
		panic(&Error{Offset: n.off, Construct: ConstructFlagCanonEq,
			Msg: "a repetition of at least 2 whose body holds a class or \\p{...} under (?c) and can match the empty string through an anchor is not supported"})
	}
	x := e.product(body)
	m := e.identity()
	for range n.min {
		m = e.mul(m, x)
		e.bound(matrixNode(m))
	}
	if n.max < 0 {
		return e.mul(m, e.star(x))
	}
	opt := e.identity()
	for p := range opt {
		for q := range opt {
			opt[p][q] = altNodes(opt[p][q], x[p][q])
		}
	}
	for range n.max - n.min {
		m = e.mul(m, opt)
		e.bound(matrixNode(m))
	}
	return m
}

// star is I | x | x x | ..., by eliminating one state at a time
// (McNaughton and Yamada): through state k, a path is a step into k, any
// number of loops on k, and a step out.
func (e *canonElim) star(x matrix) matrix {
	a := e.zero()
	for p := range a {
		copy(a[p], x[p])
	}
	for k := range a {
		loop := &node{kind: kEmpty}
		if a[k][k] != nil {
			loop = &node{kind: kRepeat, subs: []*node{a[k][k]}, min: 0, max: -1}
		}
		for i := range a {
			for j := range a {
				if a[i][k] != nil && a[k][j] != nil {
					a[i][j] = altNodes(a[i][j], catNodes(a[i][k], loop, a[k][j]))
				}
			}
		}
		e.bound(matrixNode(a))
	}
	for p := range a {
		a[p][p] = altNodes(&node{kind: kEmpty}, a[p][p])
	}
	return a
}

// matrixNode is the alternation of all of m's entries, to bound its size.
func matrixNode(m matrix) *node {
	var out *node
	for _, row := range m {
		for _, x := range row {
			out = altNodes(out, x)
		}
	}
	if out == nil {
		return &node{kind: kEmpty}
	}
	return out
}

// canonGroup are the members of a set whose grapheme types have the same
// join set.
type canonGroup struct{ set, join runeSet }

// canonGroups splits set by what joins a cluster after each member, in
// type order.
func canonGroups(set runeSet) []canonGroup {
	types, joins := graphemeSets()
	var out []canonGroup
next:
	for t, join := range joins {
		st := set.intersect(types[t])
		if len(st) == 0 {
			continue
		}
		for i := range out {
			if out[i].join.equal(join) {
				out[i].set = out[i].set.union(st)
				continue next
			}
		}
		out = append(out, canonGroup{st, join})
	}
	return out
}
