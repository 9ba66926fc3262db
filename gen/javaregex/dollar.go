package javaregex

import (
	"regexp"
	"slices"
)

// A $ (or \Z) in the top-level sequence, with a rest Y after it that can
// match more than the empty string. In a whole-string match the $ is
// reached at one position, and what Java's Dollar requires there is a
// condition on the remaining input, which Y must then match in full:
//
//   - without MULTILINE, the rest is one of a few strings: "", a final line
//     terminator, or "\r\n" (with UNIX_LINES: "" or "\n"), except that a
//     final "\n" right after a "\r" does not count. So "$ Y" is exactly the
//     alternation of those strings that Y matches, provided the part before
//     the $ cannot end with "\r" when "\n" is one of them;
//   - with MULTILINE, the rest is empty or starts with a line terminator
//     (with UNIX_LINES, "\n"), and a "\n" only if the part before the $
//     does not end with "\r". So "X $ Y" is X followed by the end of input
//     where Y matches "", or by the matches of Y that start with a
//     terminator other than "\n", or X restricted not to end with "\r"
//     followed by the matches of Y that start with "\n" (first- and
//     last-character restrictions are products with a tracker, track.go).
//
// Anything else (a $ inside a repetition with more after it, a rest that
// holds another $ or a ^) is left to walkDollars and splitDollars.

// dollarRests are the strings Java's non-MULTILINE Dollar accepts as the
// rest of the input, and UnixDollar's.
var (
	dollarRests     = []string{"", "\r\n", "\n", "\r", "\u0085", "\u2028", "\u2029"}
	unixDollarRests = []string{"", "\n"}
)

// resolveTopDollars rewrites each top-level "$ Y", from the right. Each
// alternative of a top-level alternation is a top-level sequence too, and
// an alternation in the sequence whose $ has more after it is distributed
// over what follows ((a$|b)c is a$c|bc), which changes no match, as long
// as the distributions create at most maxExpanded nodes in all.
func resolveTopDollars(n *node) *node {
	budget := maxExpanded
	return distributeDollars(n, &budget)
}

// distributeDollars does the work of resolveTopDollars; budget is the
// number of nodes that distributions may still create.
func distributeDollars(n *node, budget *int) *node {
	if n.kind == kAlt {
		for i, s := range n.subs {
			n.subs[i] = distributeDollars(s, budget)
		}
		return n
	}
	items := items(n)
	for i, it := range items {
		if it.kind == kAlt && findKind(it, kDollar) && !emptyOnly(concat(items[i+1:])) {
			alts := make([]*node, len(it.subs))
			for j, b := range it.subs {
				alts[j] = concat(append(append(slices.Clip(items[:i]), b), items[i+1:]...))
			}
			if dist := alternate(alts); nodeCount(dist) <= *budget {
				*budget -= nodeCount(dist)
				return distributeDollars(dist, budget)
			}
			break // too large to distribute: the later passes take the $
		}
	}
	for i := len(items) - 1; i >= 0; i-- {
		d := items[i]
		if d.kind != kDollar || emptyOnly(concat(items[i+1:])) {
			continue
		}
		if repl, ok := dollarRest(d, items[:i], concat(items[i+1:])); ok {
			items = []*node{repl} // a $ further left is now inside repl: splitDollars's
			break
		}
	}
	return concat(items)
}

// dollarRest returns what "before $ rest" means at the end of the pattern,
// or false when it cannot say.
func dollarRest(d *node, before []*node, rest *node) (*node, bool) {
	if findKind(rest, kDollar) || findKind(rest, kBeginText) {
		return nil, false
	}
	if d.dollar.has(flagMultiline) {
		return multilineDollar(d, concat(before), rest), true
	}
	resolveFollow(rest) // rest ends the pattern: check its possessives and \R first
	rx, err := regexp.Compile(render(expandRepeats(rest)))
	if err != nil {
		return nil, false
	}
	rests := dollarRests
	if d.dollar.has(flagUnixLines) {
		rests = unixDollarRests
	}
	var alts []*node
	for _, s := range rests {
		if !rx.MatchString(s) {
			continue
		}
		if s == "\n" && !d.dollar.has(flagUnixLines) && last(concat(before)).contains('\r') {
			return nil, false // Java's Dollar refuses to match between \r and \n
		}
		alts = append(alts, literalNode(s))
	}
	if len(alts) == 0 {
		return charNode(nil), true // matches nothing
	}
	return concat(append(slices.Clip(before), alternate(alts))), true
}

// multilineDollar is "x $ y" for a $ under MULTILINE: see above.
func multilineDollar(d *node, x, y *node) *node {
	starts := func(set runeSet) *node { return firstCharTracker(set).product(y)[0][1] }
	var r *node
	if empty := firstCharTracker(allRunes).product(y)[0][0]; empty != nil {
		r = catNodes(x, &node{kind: kEndText}, empty)
	}
	xNL := x // what may come before a "\n"
	if !d.dollar.has(flagUnixLines) {
		r = altNodes(r, catNodes(x, starts(singleTerms)))
		if last(x).contains('\r') {
			xNL = altNodes(lastCharTracker(notCR).product(x)[0][1], firstCharTracker(allRunes).product(x)[0][0])
		}
	}
	if r = altNodes(r, catNodes(xNL, starts(single('\n')))); r == nil {
		return charNode(nil)
	}
	return r
}

func literalNode(s string) *node {
	var parts []*node
	for _, r := range s {
		parts = append(parts, charNode(single(r)))
	}
	return concat(parts)
}

func findKind(n *node, k nodeKind) bool {
	if n.kind == k {
		return true
	}
	for _, s := range n.subs {
		if findKind(s, k) {
			return true
		}
	}
	return false
}

// last returns the characters a match of n can end with.
func last(n *node) runeSet {
	switch n.kind {
	case kChar:
		return n.set
	case kConcat:
		var set runeSet
		for i := len(n.subs) - 1; i >= 0; i-- {
			set = set.union(last(n.subs[i]))
			if _, nullable := first(n.subs[i]); !nullable {
				break
			}
		}
		return set
	case kAlt:
		var set runeSet
		for _, s := range n.subs {
			set = set.union(last(s))
		}
		return set
	case kRepeat:
		return last(n.subs[0])
	}
	return nil
}

// nodeCount is the number of nodes of n, counting shared ones each time,
// saturating just above maxExpanded.
func nodeCount(n *node) int {
	c := 1
	for _, s := range n.subs {
		if c += nodeCount(s); c > maxExpanded {
			return c
		}
	}
	return c
}
