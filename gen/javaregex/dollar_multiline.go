package javaregex

import "fmt"

// A (?m) $ that a line terminator can follow, where resolveTopDollars
// cannot place it: inside a repetition, or in an alternative with more
// after it. Java 17's multiline Dollar at index i holds at the end of the
// input, before '\r', U+0085, U+2028 and U+2029, and before '\n' unless
// the character at i-1 is '\r' (never inside "\r\n"); under (?d)
// (UnixDollar) it holds at the end and before '\n'. So it is a condition on
// the next character and on the previous one, and "X $ Y" anywhere is the
// product of the pattern with a small automaton (lineTracker) whose state
// says whether the last character was '\r' and, after a $, which
// characters may come next (the end of input always may).
//
// Unlike track.go's trackers this automaton has cycles ('\r' then another
// character leads back to the start state), so the product of a repetition
// whose body holds such a $ takes the closure of its matrix (Kleene's
// state elimination, over two to a handful of states). A part of the
// pattern with no (?m) $ only needs its first and last characters
// restricted, which an ordered tracker does without any closure; runs of
// such parts are taken whole, so the product branches only at the $s.

// lineState is a state of the lineTracker.
type lineState struct {
	cr      bool    // the last character was '\r'; kept only where a later $ can tell
	pending bool    // a (?m) $ has held since the last character
	next    runeSet // when pending: the characters that may come next
}

// lineTracker is the automaton; state 0 is the start of the input.
type lineTracker struct {
	states    []lineState
	step      [][]runeSet // step[p][q]: the characters that move from p to q
	dollarTo  [2][]int    // [unix][p]: the state after a (?m) $ in p (unix: under (?d))
	crMatters bool        // some (?m) $ without (?d) can come right after a '\r'
	sizes     map[*node]int
}

// newLineTracker builds the states that the (?m) $s of n can reach.
func newLineTracker(n *node) *lineTracker {
	var unix [2]bool
	walkNodes(n, func(d *node) {
		if d.kind == kDollar && d.dollar.has(flagMultiline) {
			unix[b2i(d.dollar.has(flagUnixLines))] = true
		}
	})
	t := &lineTracker{crMatters: unix[0] && dollarAfterCR(n, nil), sizes: map[*node]int{}}
	t.add(lineState{})
	type edge struct {
		from, to int
		set      runeSet
	}
	var edges []edge
	for p := 0; p < len(t.states); p++ { // t.states grows as new states are reached
		s := t.states[p]
		for cr, set := range t.charTargets(s) {
			if len(set) > 0 {
				edges = append(edges, edge{p, t.add(lineState{cr: cr == 1}), set})
			}
		}
		for u := range unix {
			if unix[u] {
				t.dollarTo[u] = append(t.dollarTo[u], t.add(dollarState(s, u == 1)))
			}
		}
	}
	t.step = make([][]runeSet, len(t.states))
	for p := range t.step {
		t.step[p] = make([]runeSet, len(t.states))
	}
	for _, e := range edges {
		t.step[e.from][e.to] = e.set
	}
	return t
}

// charTargets returns the characters that may come next in s, indexed by
// whether they are '\r' (as far as that matters).
func (t *lineTracker) charTargets(s lineState) [2]runeSet {
	allowed := allRunes
	if s.pending {
		allowed = s.next
	}
	if !t.crMatters {
		return [2]runeSet{allowed, nil}
	}
	return [2]runeSet{allowed.intersect(notCR), allowed.intersect(single('\r'))}
}

// dollarState is the state after a (?m) $ (unix: under (?d)) holds in s.
func dollarState(s lineState, unix bool) lineState {
	next := single('\n')
	if !unix {
		next = lineTerminators
		if s.cr {
			next = singleTerms // Java's Dollar: no match between '\r' and '\n'
		}
	}
	if s.pending {
		next = next.intersect(s.next)
	}
	return lineState{cr: s.cr, pending: true, next: next}
}

// add returns the index of s, adding it if new. Whether the last
// character was '\r' is forgotten where no later $ can tell: when no $
// needs it, or when '\n' may not come next anyway.
func (t *lineTracker) add(s lineState) int {
	if !t.crMatters || s.pending && !s.next.contains('\n') {
		s.cr = false
	}
	for i, o := range t.states {
		if o.cr == s.cr && o.pending == s.pending && o.next.equal(s.next) {
			return i
		}
	}
	t.states = append(t.states, s)
	return len(t.states) - 1
}

// resolveMultilineDollars rewrites n, in which some (?m) $ remains, as its
// product with the lineTracker from the start state, ending in any state.
func resolveMultilineDollars(n *node) *node {
	t := newLineTracker(n)
	m := t.product(n)
	var r *node
	for _, e := range m[0] {
		r = altNodes(r, e)
	}
	t.check(n, r)
	if r == nil {
		return charNode(nil)
	}
	return flatten(r)
}

// check panics when r, as printed, would exceed maxRewriteNodes: a
// product with a few states can still double the pattern per $ in a
// sequence, and per level of nested repetitions.
func (t *lineTracker) check(n, r *node) {
	if r != nil && t.size(r) > maxRewriteNodes {
		d := findMultilineDollar(n)
		panic(&Error{Offset: d.off, Construct: ConstructMultilineDollar,
			Msg: fmt.Sprintf("(?m) $ that a line terminator can follow: its exact rewrite would have more than %d nodes", maxRewriteNodes)})
	}
}

// size is countNodes, remembered per node so that checking each step of a
// product costs only the nodes built since; it saturates just above
// maxRewriteNodes.
func (t *lineTracker) size(n *node) int {
	if c, ok := t.sizes[n]; ok {
		return c
	}
	c := 1
	for _, s := range n.subs {
		c = min(c+t.size(s), maxRewriteNodes+1)
	}
	t.sizes[n] = c
	return c
}

// dollarAfterCR reports whether a (?m) $ without (?d) in n can come right
// after a '\r'; prec holds the characters that can come right before n
// (the start of input is no character).
func dollarAfterCR(n *node, prec runeSet) bool {
	switch n.kind {
	case kDollar:
		return n.dollar.has(flagMultiline) && !n.dollar.has(flagUnixLines) && prec.contains('\r')
	case kConcat:
		for _, s := range n.subs {
			if dollarAfterCR(s, prec) {
				return true
			}
			if _, nullable := first(s); nullable {
				prec = last(s).union(prec)
			} else {
				prec = last(s)
			}
		}
	case kAlt:
		for _, s := range n.subs {
			if dollarAfterCR(s, prec) {
				return true
			}
		}
	case kRepeat:
		if n.max < 0 || n.max > 1 { // before one iteration may come another
			prec = last(n.subs[0]).union(prec)
		}
		return dollarAfterCR(n.subs[0], prec)
	}
	return false
}

func walkNodes(n *node, visit func(*node)) {
	visit(n)
	for _, s := range n.subs {
		walkNodes(s, visit)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
