package javaregex

import (
	"fmt"
	"slices"
)

// Java's $ (without MULTILINE) matches at the end of input and also before
// a final line terminator ("\n", "\r\n", "\r", U+0085, U+2028, U+2029; with
// UNIX_LINES only "\n"); with MULTILINE before any line terminator. RE2 has
// no lookahead to say that. But String.matches needs the match to end at the
// end of input, so a $ that only empty-matching constructs can follow, up to
// the end of the pattern, is evaluated only at the end of input, where every
// variant of $ holds: there it is exactly Go's \z. A $ in the pattern's
// top-level sequence with more after it is resolved by resolveTopDollars,
// any other $ without MULTILINE by splitDollars; one under MULTILINE that
// no line terminator can follow is \z (endMultilineDollars), and the other
// $s under MULTILINE are resolved by resolveMultilineDollars.

// resolveAnchors resolves every $ and rewrites repetitions whose body can
// match the empty string through an anchor (see loopIterations); it panics
// with an *Error at a $ whose exact rewrite would be too large.
func resolveAnchors(n *node) *node {
	n = loopIterations(n)
	n = resolveTopDollars(n)
	n = walkDollars(n, true)
	n = endMultilineDollars(n, nil)
	if findMultilineDollar(n) != nil {
		n = resolveMultilineDollars(n)
	}
	if findKind(n, kDollar) {
		n = splitDollars(n)
	}
	return n
}

// endMultilineDollars returns n, whose following characters are in follow
// (the end of input is no character), with \z for each $ under MULTILINE
// that no line terminator can follow: that $ can hold only at the end, as
// in (?m)(?:a$|b)*c, where it never holds.
func endMultilineDollars(n *node, follow runeSet) *node {
	subs := slices.Clone(n.subs)
	switch n.kind {
	case kDollar:
		terms := lineTerminators
		if n.dollar.has(flagUnixLines) {
			terms = single('\n')
		}
		if n.dollar.has(flagMultiline) && len(follow.intersect(terms)) == 0 {
			return &node{kind: kEndText, off: n.off}
		}
	case kConcat:
		for i := len(subs) - 1; i >= 0; i-- {
			subs[i] = endMultilineDollars(n.subs[i], follow)
			if f, nullable := first(n.subs[i]); nullable {
				follow = f.union(follow)
			} else {
				follow = f
			}
		}
	case kAlt:
		for i, s := range n.subs {
			subs[i] = endMultilineDollars(s, follow)
		}
	case kRepeat:
		if n.max < 0 || n.max > 1 { // after one iteration may come another
			f, _ := first(n.subs[0])
			follow = f.union(follow)
		}
		subs[0] = endMultilineDollars(n.subs[0], follow)
	}
	return rebuilt(n, subs)
}

// rebuilt returns n with subs, or n itself when no sub changed. The anchor
// rewrites share subtrees (loopIterations's two forms of a body,
// multilineDollar's copies of what comes before the $, the entries of a
// product), so a $ is never rewritten in place: that would rewrite it in
// every context it sits in, as (?m)(?:a$)*$\n? once became (a\z)*\n.
func rebuilt(n *node, subs []*node) *node {
	if slices.Equal(subs, n.subs) {
		return n
	}
	c := *n
	c.subs = subs
	return &c
}

func findMultilineDollar(n *node) *node {
	if n.kind == kDollar && n.dollar.has(flagMultiline) {
		return n
	}
	for _, s := range n.subs {
		if d := findMultilineDollar(s); d != nil {
			return d
		}
	}
	return nil
}

// walkDollars returns n with \z for each $ that only what can match the
// empty string follows, up to the end of the pattern (atEnd for n itself);
// the others stay for splitDollars.
func walkDollars(n *node, atEnd bool) *node {
	subs := slices.Clone(n.subs)
	switch n.kind {
	case kDollar:
		if atEnd {
			return &node{kind: kEndText, off: n.off} // a copy: n may sit elsewhere too
		}
	case kConcat:
		rest := atEnd
		for i := len(subs) - 1; i >= 0; i-- {
			subs[i] = walkDollars(n.subs[i], rest)
			rest = rest && emptyOnly(n.subs[i])
		}
	case kAlt:
		for i, s := range n.subs {
			subs[i] = walkDollars(s, atEnd)
		}
	case kRepeat:
		// After one iteration comes either the rest or another iteration.
		subs[0] = walkDollars(n.subs[0], atEnd && (n.max >= 0 && n.max <= 1 || emptyOnly(n.subs[0])))
	}
	return rebuilt(n, subs)
}

// Java's Loop, which repeats a group that can match in more than one way,
// leaves the loop as soon as an iteration matches the empty string, however
// few iterations it has made; Go's regexp may count an empty iteration
// towards the minimum and go on. With B+ the non-empty matches of the body
// and B0 its empty ones, Java's x{m,M} is exactly
//
//	B+{m,M} | B+{0,M-1} B0
//
// (and "" when m is 0). The two agree anyway when the minimum is 0 or 1, or
// when B0 is a plain "" (an empty iteration can then be moved to the end);
// so only repetitions with a minimum of 2 or more whose body can match ""
// through an anchor (^ \A $ \z: (^|a){2} rejects "a" in Java, Go's
// (?:\A|a){2} accepts it) are rewritten. The rewrite is bottom-up, as
// Java's loops nest.
func loopIterations(n *node) *node {
	for i, s := range n.subs {
		n.subs[i] = loopIterations(s)
	}
	if n.kind != kRepeat || n.min < 2 {
		return n
	}
	t := firstCharTracker(allRunes)
	x := t.product(n.subs[0])
	empty, nonEmpty := x[0][0], x[0][1]
	if empty == nil || !hasAnchor(empty) {
		return n
	}
	full := &node{kind: kRepeat, subs: []*node{nonEmpty}, min: n.min, max: n.max, lazy: n.lazy, off: n.off}
	if nonEmpty == nil {
		full = nil
	}
	var short *node = empty
	if nonEmpty != nil {
		short = catNodes(&node{kind: kRepeat, subs: []*node{nonEmpty}, min: 0, max: max(n.max-1, -1), lazy: n.lazy, off: n.off}, empty)
	}
	if n.max == 0 {
		short = nil
	}
	r := altNodes(full, short)
	if r == nil {
		return charNode(nil)
	}
	// Each rewrite holds its body twice, so nested ones double: bound them
	// before an outer one walks them.
	if countNodes(r, maxRewriteNodes) > maxRewriteNodes {
		panic(&Error{Offset: n.off, Construct: ConstructTooLarge,
			Msg: fmt.Sprintf("a repetition whose body can match the empty string through an anchor: its exact rewrite would have more than %d nodes", maxRewriteNodes)})
	}
	return r
}

func hasAnchor(n *node) bool {
	return findKind(n, kBeginText) || findKind(n, kEndText) || findKind(n, kDollar)
}

// firstCharTracker tracks whether a match has started (state 1) with a
// first character in set: the product's [0][1] is the matches that start
// with a member of set, [0][0] the empty ones.
func firstCharTracker(set runeSet) *tracker {
	return &tracker{step: [][]runeSet{{nil, set}, {nil, allRunes}}, free: 1}
}

// lastCharTracker tracks whether a match has ended (state 1) with a last
// character in set.
func lastCharTracker(set runeSet) *tracker {
	return &tracker{step: [][]runeSet{{allRunes, set}, {nil, nil}}, free: 0}
}
