package javaregex

import (
	"fmt"
	"strings"
)

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
	e := &canonElim{joins: []runeSet{nil}, small: []bool{false}, off: findFirst(n, kCanon).off}
	n = e.mark(n, nil)
	if len(e.joins) == 1 {
		return n
	}
	out := e.suffix(n)
	if out == nil {
		return charNode(nil)
	}
	e.bound(out)
	if printedBytes(out, maxTranslatedBytes) > maxTranslatedBytes {
		e.tooLarge(fmt.Sprintf("would be longer than %d bytes", maxTranslatedBytes))
	}
	return out
}

// canonElim holds the pending conditions: joins[g] for state g >= 1.
type canonElim struct {
	joins   []runeSet
	off     int  // of the first kCanon, for errors
	longest bool // a quantifier directly on a kCanon made conditions (canon_longest.go)
	// small[g]: state g's set is one of longestSeqs's, a few marks (see
	// loopSuffix's levels).
	small []bool
}

func (e *canonElim) bound(n *node) {
	if countNodes(n, maxRewriteNodes) > maxRewriteNodes {
		e.tooLarge(fmt.Sprintf("would have more than %d nodes", maxRewriteNodes))
	}
}

// tooLarge rejects the pattern at the first kCanon. Where a quantifier
// directly on one made the rewrite keep the longest sequences, that is a
// (?c) gap of its own, reported as such rather than as a plain size limit.
func (e *canonElim) tooLarge(what string) {
	if e.longest {
		panic(&Error{Offset: e.off, Construct: ConstructFlagCanonEq,
			Msg: "a quantifier directly on a class or \\p{...} under (?c), which keeps the longest composing sequence in each repetition: its exact rewrite " + what})
	}
	panic(&Error{Offset: e.off, Construct: ConstructTooLarge,
		Msg: "a class or \\p{...} under (?c) with more after it: its exact rewrite " + what})
}

// printedBytes is about the length of n as render prints it (sets exactly,
// the rest at most a few bytes over), or more than limit once past it.
func printedBytes(n *node, limit int) int {
	switch n.kind {
	case kChar:
		var b strings.Builder
		printSet(&b, n.set)
		return b.Len()
	case kRepeat:
		return 16 + printedBytes(n.subs[0], limit) // (?: ) and a count
	}
	c := 4 // (?: ) around an alternation, \A, \z, (?:) for ""
	for _, s := range n.subs {
		if c += 1 + printedBytes(s, limit-c); c > limit {
			return c
		}
	}
	return c
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
	var plain runeSet
	var out *node
	for _, g := range canonGroups(k.set) {
		if len(follow.intersect(g.join)) == 0 {
			plain = plain.union(g.set)
			continue
		}
		// Only what can follow matters: the same condition for
		// different types merges into one state.
		join := follow.intersect(g.join)
		out = altNodes(out, catNodes(charNode(g.set), &node{kind: kNotNext, set: join, min: e.state(join)}))
	}
	if len(plain) > 0 {
		out = altNodes(charNode(plain), out)
	}
	w := k.subs[0]
	if k.committed && len(canonSequences(k.set).extensions().intersect(follow)) > 0 {
		w = e.longestSeqs(k, follow) // Java keeps the longest: canon_longest.go
		e.longest = true
	}
	if w != nil && (w.kind != kChar || len(w.set) > 0) {
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
	e.small = append(e.small, false)
	return len(e.joins) - 1
}

func (e *canonElim) zero() matrix { return newMatrix(len(e.joins)) }

func (e *canonElim) identity() matrix { return identityMatrix(len(e.joins)) }

// product computes n's matrix: m[p][q] matches the strings of n that take
// the automaton from state p to state q. Only the rows p in rows are
// computed (the others are nil): the whole pattern starts in state 0, and
// each later part only from the states the parts before it can end in.
func (e *canonElim) product(n *node, rows []bool) matrix {
	if !findKind(n, kNotNext) {
		return e.plain(n, rows)
	}
	switch n.kind {
	case kNotNext: // only ever right after a character, so from state 0
		m := e.zero()
		if rows[0] {
			m[0][n.min] = &node{kind: kEmpty}
		}
		return m
	case kConcat:
		m := e.product(n.subs[0], rows)
		for _, s := range n.subs[1:] {
			m = e.mul(m, e.product(s, reached(m)))
			e.bound(matrixNode(m))
		}
		return m
	case kAlt:
		m := e.zero()
		for _, s := range n.subs {
			sm := e.product(s, rows)
			for p := range m {
				for q := range m {
					m[p][q] = altNodes(m[p][q], sm[p][q])
				}
			}
		}
		return m
	}
	return e.repeat(n, rows)
}

// reached are the states some row of m can end in.
func reached(m matrix) []bool {
	out := make([]bool, len(m))
	for _, row := range m {
		for q, x := range row {
			out[q] = out[q] || x != nil
		}
	}
	return out
}

// plain is the matrix of n without kNotNext: from state 0 it is n; from
// state g its matches that start outside joins[g] (to state 0) or are
// empty (staying in g).
func (e *canonElim) plain(n *node, rows []bool) matrix {
	m := e.zero()
	if rows[0] {
		m[0][0] = n
	}
	f, nullable := first(n)
	for g := 1; g < len(e.joins); g++ {
		if !rows[g] {
			continue
		}
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
// "" through an anchor: it leaves the loop at the first empty iteration
// (loopIterations), so with P the non-empty paths of x and E the empty
// ones, x{min,max} is P{min,max} | P{0,max-1} E.
func (e *canonElim) repeat(n *node, rows []bool) matrix {
	body := n.subs[0]
	all := make([]bool, len(e.joins))
	for g := range all {
		all[g] = true
	}
	x := e.product(body, all)
	if _, nullable := first(body); !nullable || n.min < 2 || !hasAnchor(body) {
		return e.power(x, n.min, n.max, rows)
	}
	p, empty := e.zero(), e.zero()
	for i := range x {
		for j, entry := range x[i] {
			if entry != nil {
				t := firstCharTracker(allRunes).product(entry)
				empty[i][j], p[i][j] = t[0][0], t[0][1]
			}
		}
	}
	m := e.power(p, n.min, n.max, rows)
	if n.max != 0 {
		short := e.mul(e.power(p, 0, max(n.max-1, -1), rows), empty)
		for i := range m {
			for j := range m {
				m[i][j] = altNodes(m[i][j], short[i][j])
			}
		}
	}
	e.bound(matrixNode(m))
	return m
}

// power is x{min,max} for the rows in rows.
func (e *canonElim) power(x matrix, lo, hi int, rows []bool) matrix {
	m := e.identity()
	for g := range m {
		if !rows[g] {
			m[g][g] = nil
		}
	}
	if hi < 0 && lo > 0 { // x{lo,} = x{lo-1} x+
		for range lo - 1 {
			m = e.mul(m, x)
			e.bound(matrixNode(m))
		}
		return e.mul(m, e.star(x, reached(m), true))
	}
	for range lo {
		m = e.mul(m, x)
		e.bound(matrixNode(m))
	}
	if hi < 0 {
		return e.mul(m, e.star(x, reached(m), false))
	}
	opt := e.identity()
	for p := range opt {
		for q := range opt {
			opt[p][q] = altNodes(opt[p][q], x[p][q])
		}
	}
	for range hi - lo {
		m = e.mul(m, opt)
		e.bound(matrixNode(m))
	}
	return m
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
