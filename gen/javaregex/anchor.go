package javaregex

// Java's $ (without MULTILINE) matches at the end of input and also before
// a final line terminator ("\n", "\r\n", "\r", U+0085, U+2028, U+2029; with
// UNIX_LINES only "\n"); with MULTILINE before any line terminator. RE2 has
// no lookahead to say that. But String.matches needs the match to end at the
// end of input, so a $ that only empty-matching constructs can follow, up to
// the end of the pattern, is evaluated only at the end of input, where every
// variant of $ holds: there it is exactly Go's \z. A $ in the pattern's
// top-level sequence with more after it is resolved by resolveTopDollars.
// Any other $ is rejected.

// resolveAnchors resolves every $ (resolveTopDollars, then kEndText for
// those at the end) and panics with an *Error at the first one it cannot,
// or at a ^ or \A that Java's repetition handles differently (see
// walkRepeats).
func resolveAnchors(n *node) *node {
	n = resolveTopDollars(n)
	walkDollars(n, true)
	walkRepeats(n)
	return n
}

// walkDollars visits n; atEnd says whether whatever follows n, up to the
// end of the pattern, can only match the empty string.
func walkDollars(n *node, atEnd bool) {
	switch n.kind {
	case kDollar:
		if !atEnd {
			panic(&Error{Offset: n.off, Construct: ConstructDollarNotAtEnd,
				Msg: "$ is only supported at the end of the pattern: elsewhere Java's $ also matches before a final line terminator, which Go's regexp cannot express"})
		}
		n.kind = kEndText
	case kConcat:
		ends := make([]bool, len(n.subs)) // computed first so errors come left to right
		rest := atEnd
		for i := len(n.subs) - 1; i >= 0; i-- {
			ends[i] = rest
			rest = rest && emptyOnly(n.subs[i])
		}
		for i, s := range n.subs {
			walkDollars(s, ends[i])
		}
	case kAlt:
		for _, s := range n.subs {
			walkDollars(s, atEnd)
		}
	case kRepeat:
		// After one iteration comes either the rest or another iteration.
		walkDollars(n.subs[0], atEnd && (n.max >= 0 && n.max <= 1 || emptyOnly(n.subs[0])))
	}
}

// Java's Loop, which repeats a group that can match in more than one way,
// stops iterating as soon as an iteration matches the empty string; Go's
// regexp may count an empty iteration towards the minimum and go on. The
// two agree whenever an empty iteration possible at one position is also
// possible where the repetition ends, which fails only for an empty match
// that needs ^ or \A (position 0): Java's (^|a){2} rejects "a", Go's
// (?:\A|a){2} accepts it. With a minimum of 0 or 1 an empty iteration is
// never needed, so only minimums of 2 or more are rejected.
func walkRepeats(n *node) {
	if n.kind == kRepeat && n.min >= 2 {
		if a := findBeginText(n.subs[0]); a != nil {
			panic(&Error{Offset: a.off, Construct: ConstructCaretInRepeat,
				Msg: "^ or \\A inside a group repeated at least twice is not supported: Java stops repeating after an empty iteration, Go's regexp does not"})
		}
	}
	for _, s := range n.subs {
		walkRepeats(s)
	}
}

func findBeginText(n *node) *node {
	if n.kind == kBeginText {
		return n
	}
	for _, s := range n.subs {
		if a := findBeginText(s); a != nil {
			return a
		}
	}
	return nil
}
