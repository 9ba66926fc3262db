package javaregex

// Possessive quantifiers (x*+, x++, x?+, x{n,m}+) never give back what
// they matched, so in general they match less than the greedy form, which
// RE2 cannot express. On a single character set S they equal the greedy
// form exactly when nothing that can come next can start with a member of
// S (then a greedy match never gives any back either), or when the count is
// fixed. resolvePossessive accepts exactly those and rejects the rest.

func resolvePossessive(n *node) { walkFollow(n, nil) }

// walkFollow visits n; follow holds every character that can come right
// after n in a match (the end of input is no character).
func walkFollow(n *node, follow runeSet) {
	switch n.kind {
	case kConcat:
		fol := follow
		for i := len(n.subs) - 1; i >= 0; i-- {
			walkFollow(n.subs[i], fol)
			f, nullable := first(n.subs[i])
			if nullable {
				f = f.union(fol)
			}
			fol = f
		}
	case kAlt:
		for _, s := range n.subs {
			walkFollow(s, follow)
		}
	case kRepeat:
		inner := follow
		if n.max < 0 || n.max > 1 { // after one iteration may come another
			f, _ := first(n.subs[0])
			inner = f.union(follow)
		}
		walkFollow(n.subs[0], inner)
		if n.possessive && !possessiveIsGreedy(n, follow) {
			panic(&Error{Offset: n.off, Construct: ConstructPossessive,
				Msg: "possessive quantifier (such as *+) is only supported on a single character or class that nothing after it can start with: elsewhere it matches less than Go's regexp can express"})
		}
	}
}

func possessiveIsGreedy(n *node, follow runeSet) bool {
	sub := n.subs[0]
	if sub.kind != kChar {
		return false
	}
	return n.min == n.max || len(sub.set.intersect(follow)) == 0
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
	}
	return nil, true // kEmpty and the anchors
}
