package javaregex

// Repetitions beyond Go's limits. Go's regexp rejects a count above 1000,
// and nested counts whose product exceeds 1000; Java allows 2^31-1. Such a
// repetition is written out as copies of its operand, which means the same
// for a whole-string match (greedy or lazy cannot change which strings
// match): x{n,m} is n copies of x and m-n of x?, x{n,} is n copies and x*.
// weight bounds the result (maxExpanded).

// weight is the number of character positions of n with every repetition
// written out (an unbounded one counted as its minimum plus one),
// saturating just above maxExpanded.
func weight(n *node) int {
	switch n.kind {
	case kChar:
		return 1
	case kRepeat:
		times := n.max
		if times < 0 {
			times = n.min + 1
		}
		w := weight(n.subs[0])
		if w > 0 && times > maxExpanded/w {
			return maxExpanded + 1
		}
		return w * times
	}
	sum := 0
	for _, s := range n.subs {
		sum = min(sum+weight(s), maxExpanded+1)
	}
	return sum
}

// expandRepeats rewrites, bottom up, every counted repetition that Go's
// regexp would reject into copies of its operand.
func expandRepeats(n *node) *node {
	for i, s := range n.subs {
		n.subs[i] = expandRepeats(s)
	}
	if n.kind != kRepeat || !printsAsCount(n) || max(n.min, n.max) <= maxRepeat && repeatFits(n, maxRepeat) {
		return n
	}
	sub := n.subs[0]
	parts := make([]*node, 0, max(n.min, n.max)+1)
	for range n.min {
		parts = append(parts, sub)
	}
	if n.max < 0 {
		return concat(append(parts, &node{kind: kRepeat, subs: []*node{sub}, min: 0, max: -1}))
	}
	opt := &node{kind: kRepeat, subs: []*node{sub}, min: 0, max: 1}
	for range n.max - n.min {
		parts = append(parts, opt)
	}
	return concat(parts)
}
