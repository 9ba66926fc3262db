package javaregex

// node is the parsed pattern. Groups leave no node of their own (captures
// do not change what a whole-string match accepts), and every
// single-character construct is a kChar with an exact set.
type node struct {
	kind nodeKind
	set  runeSet // kChar
	subs []*node // kConcat, kAlt, kRepeat (one sub)
	min  int     // kRepeat
	max  int     // kRepeat; unbounded when < 0
	lazy bool    // kRepeat; kept for fidelity, it cannot change a whole match
	// possessive: kRepeat written with a possessive quantifier (*+ ...);
	// resolvePossessive accepts it only where it equals the greedy one.
	possessive bool
	linebreak  bool  // kAlt: Java's \R, checked by resolveFollow
	committed  bool  // kCanon: the operand of a quantifier (Java's Curly, Ques), see canon.go
	dollar     flags // kDollar: MULTILINE and UNIX_LINES as they were at the $
	off        int   // byte offset of the construct, for errors found after parsing
}

type nodeKind uint8

const (
	kEmpty     nodeKind = iota // matches ""
	kChar                      // one code point in set
	kConcat                    // subs in sequence
	kAlt                       // one of subs
	kRepeat                    // subs[0] repeated min..max times
	kBeginText                 // Java \A, and ^ without MULTILINE
	kEndText                   // Java \z, and a $ proven to sit at the end
	kDollar                    // Java $, until resolveAnchors resolves or rejects it
	kCanon                     // a class or \p under (?c): set, subs[0] its sequences; until resolveCanon
	kNotNext                   // holds unless the next code point is in set; state min; only inside resolveCanon
)

func charNode(set runeSet) *node { return &node{kind: kChar, set: withoutLoneSurrogates(set)} }

// surrogates are UTF-16's halves. Java matches an escaped one (\uD800,
// \x{DC00}, [\uD800-\uDBFF]) only against a lone surrogate in the input,
// never against half of a pair, and no name, a Go string read as UTF-8,
// holds a lone surrogate: such members match nothing, so they are dropped.
// Go would otherwise read a one-rune \x{D800} as the literal U+FFFD. A
// set holding all of them (a complement, \P{..}, .) is left as it is:
// Go's classes never match a surrogate either, and it prints shorter.
var surrogates = runeSet{{0xd800, 0xdfff}}

func withoutLoneSurrogates(set runeSet) runeSet {
	in := set.intersect(surrogates)
	if len(in) == 0 || in.equal(surrogates) {
		return set
	}
	return set.intersect(surrogates.complement())
}

// concat flattens nested sequences and drops empty parts.
func concat(parts []*node) *node {
	var subs []*node
	for _, n := range parts {
		switch n.kind {
		case kEmpty:
		case kConcat:
			subs = append(subs, n.subs...)
		default:
			subs = append(subs, n)
		}
	}
	switch len(subs) {
	case 0:
		return &node{kind: kEmpty}
	case 1:
		return subs[0]
	}
	return &node{kind: kConcat, subs: subs}
}

func alternate(branches []*node) *node {
	if len(branches) == 1 {
		return branches[0]
	}
	return &node{kind: kAlt, subs: branches}
}

// emptyOnly reports whether n can match only the empty string.
func emptyOnly(n *node) bool {
	switch n.kind {
	case kEmpty, kBeginText, kEndText, kDollar:
		return true
	case kChar:
		return false
	case kRepeat:
		return n.max == 0 || emptyOnly(n.subs[0])
	}
	for _, s := range n.subs {
		if !emptyOnly(s) {
			return false
		}
	}
	return true
}
