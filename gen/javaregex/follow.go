package javaregex

import "slices"

// Constructs whose Java meaning depends on what can follow them.
//
// Possessive quantifiers (x*+, x++, x?+, x{n,m}+) never give back what
// they matched, so in general they match less than the greedy form, which
// RE2 cannot express. On a single character set S they equal the greedy
// form exactly when nothing that can come next can start with a member of
// S (then a greedy match never gives any back either), or when the count is
// fixed; so do alternatives of single characters, (?:a|[bc])*+.
//
// Java 17's \R tries \r\n, then \r alone, but only when it is followed by
// more of its sequence: as the body of a quantifier (\R{2}, \R?, (?:\R)*)
// each iteration takes \r\n whenever it can, so \R{2} rejects "\r\n" that
// \R\R accepts. Both equal the alternation (?:\r\n|[\n-\r\x85\u2028\u2029])
// outside any quantifier, when nothing that can follow \R starts with \n,
// and as the whole body of \R* or \R+ when nothing after the repetition
// does.
//
// resolveFollow accepts exactly those and rejects the rest.

func resolveFollow(n *node) { walkFollow(n, nil, false) }

// walkFollow visits n; follow holds every character that can come right
// after n in a match (the end of input is no character); quantified says
// whether n is inside a quantifier's operand.
func walkFollow(n *node, follow runeSet, quantified bool) {
	switch n.kind {
	case kConcat:
		fol := follow
		for i := len(n.subs) - 1; i >= 0; i-- {
			walkFollow(n.subs[i], fol, quantified)
			f, nullable := first(n.subs[i])
			if nullable {
				f = f.union(fol)
			}
			fol = f
		}
	case kAlt:
		if n.linebreak && quantified && follow.contains('\n') {
			panic(&Error{Offset: n.off, Construct: ConstructLinebreak,
				Msg: `\R in a quantified group is only supported where what follows it cannot start with \n (or as all of \R* or \R+): there Java 17 may or may not split \r\n`})
		}
		for _, s := range n.subs {
			walkFollow(s, follow, quantified)
		}
	case kRepeat:
		inner := follow
		if sub := n.subs[0]; sub.linebreak && n.max < 0 && n.min <= 1 && !follow.contains('\n') {
			return // \R* and \R+: any run of line breaks, however split
		}
		if n.max < 0 || n.max > 1 { // after one iteration may come another
			f, _ := first(n.subs[0])
			inner = f.union(follow)
		}
		walkFollow(n.subs[0], inner, true)
		if n.possessive && !possessiveIsGreedy(n, follow) {
			panic(&Error{Offset: n.off, Construct: ConstructPossessive,
				Msg: "possessive quantifier (such as *+) is only supported on a single character or class that nothing after it can start with: elsewhere it matches less than Go's regexp can express"})
		}
	}
}

func possessiveIsGreedy(n *node, follow runeSet) bool {
	set, ok := oneChar(n.subs[0])
	if !ok {
		return false
	}
	return n.min == n.max || len(set.intersect(follow)) == 0
}

// oneChar reports whether n always matches exactly one character (a set,
// or alternatives that are each a set, as (?:a|[bc])), and which.
func oneChar(n *node) (runeSet, bool) {
	notChar := func(s *node) bool { return s.kind != kChar }
	if n.kind == kChar || n.kind == kAlt && !slices.ContainsFunc(n.subs, notChar) {
		set, _ := first(n)
		return set, true
	}
	return nil, false
}

// first returns the characters a match of n can start with, and whether n
// can match the empty string.
func first(n *node) (runeSet, bool) {
	switch n.kind {
	case kChar:
		return n.set, false
	case kConcat:
		var set runeSet
		for _, s := range n.subs {
			f, nullable := first(s)
			set = set.union(f)
			if !nullable {
				return set, false
			}
		}
		return set, true
	case kAlt:
		var set runeSet
		any := false
		for _, s := range n.subs {
			f, nullable := first(s)
			set = set.union(f)
			any = any || nullable
		}
		return set, any
	case kRepeat:
		f, nullable := first(n.subs[0])
		return f, nullable || n.min == 0 || n.max == 0
	case kCanon:
		f, _ := first(n.subs[0])
		return n.set.union(f), false
	}
	return nil, true // kEmpty and the anchors
}
