package javaregex

import "fmt"

// resolveCanon rewrites every kCanon node (a class or \p{...} under (?c),
// see canon.go) into plain sets and sequences, taking in what follows it
// where its single-code-point case depends on that; it panics with an
// *Error where it cannot. It runs after resolveFollow (which must see the
// possessive and \R marks that the products drop) and before the anchors
// are resolved (the products copy $ nodes, which resolveAnchors then sees).
func resolveCanon(n *node) *node {
	if !findKind(n, kCanon) {
		return n
	}
	r := canonWalk(n, nil)
	if countNodes(r, maxRewriteNodes) > maxRewriteNodes {
		c := findFirst(n, kCanon)
		panic(&Error{Offset: c.off, Construct: ConstructTooLarge,
			Msg: fmt.Sprintf("a class or \\p{...} under (?c) with more after it: its exact rewrite would have more than %d nodes", maxRewriteNodes)})
	}
	return r
}

// canonWalk returns n with its kCanon nodes resolved; follow holds every
// character that can come right after n (the end of input is no
// character). In a sequence, each kCanon takes in the items after it,
// which are resolved first (right to left).
func canonWalk(n *node, follow runeSet) *node {
	switch n.kind {
	case kCanon:
		return canonRest(n, nil, follow)
	case kConcat:
		items := append([]*node(nil), n.subs...)
		fol := follow
		for i := len(items) - 1; i >= 0; i-- {
			if items[i].kind == kCanon {
				items = append(items[:i], canonRest(items[i], concat(items[i+1:]), follow))
			} else {
				items[i] = canonWalk(items[i], fol)
			}
			f, nullable := first(items[i])
			if nullable {
				f = f.union(fol)
			}
			fol = f
		}
		return concat(items)
	case kAlt:
		c := *n
		c.subs = make([]*node, len(n.subs))
		for i, s := range n.subs {
			c.subs[i] = canonWalk(s, follow)
		}
		return &c
	case kRepeat:
		inner := follow
		if n.max < 0 || n.max > 1 { // after one iteration may come another
			f, _ := first(n.subs[0])
			inner = f.union(follow)
		}
		c := *n
		c.subs = []*node{canonWalk(n.subs[0], inner)}
		return &c
	}
	return n
}

// canonRest is the kCanon node k followed by rest (resolved; nil for
// nothing), where outer can come after rest:
//
//	(W | S_plain) rest  |  S_g F_g(rest)  for each group g of types
//
// S_plain are the members of S after which nothing that can follow joins
// the cluster, so the single-code-point case holds whatever comes; the
// others take F_g(rest), the matches of rest that are empty or start with
// a code point that does not join after type g.
func canonRest(k, rest *node, outer runeSet) *node {
	if rest == nil {
		rest = &node{kind: kEmpty}
	}
	f, nullable := first(rest)
	follow := f
	if nullable {
		follow = f.union(outer)
	}
	var plain runeSet
	var split *node
	for _, g := range canonGroups(k.set) {
		if len(follow.intersect(g.join)) == 0 {
			plain = plain.union(g.set)
			continue
		}
		if nullable && len(outer.intersect(g.join)) > 0 {
			panic(&Error{Offset: k.off, Construct: ConstructFlagCanonEq,
				Msg: "a class or \\p{...} under (?c) is not supported where the end of a group or repetition can follow it and what comes after that could continue its grapheme cluster"})
		}
		m := firstCharTracker(g.join.complement()).product(rest)
		split = altNodes(split, catNodes(charNode(g.set), altNodes(m[0][0], m[0][1])))
	}
	var head *node
	if len(plain) > 0 {
		head = charNode(plain)
	}
	if w := k.subs[0]; w.kind != kChar || len(w.set) > 0 {
		head = altNodes(head, w)
	}
	out := altNodes(catNodes(head, rest), split)
	if out == nil {
		return charNode(nil)
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
