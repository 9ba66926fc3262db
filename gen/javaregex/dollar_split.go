package javaregex

import "fmt"

// Java's $ without MULTILINE (Pattern.Dollar(false), also \Z) holds at the
// end of the input, before a final "\r\n", and before a final line
// terminator other than a "\n" that follows a "\r"; UnixDollar(false)
// (under (?d)) at the end and before a final "\n". So where $ can hold
// depends only on how the input ends, and splitting on that ending makes
// every $ a plain condition on a position within the last two characters:
//
//	ending          $ holds at (offset within the ending w)   (?d) $
//	""              0                                        0
//	w = [^term]     1                                        1
//	w = [\r\x85\u2028\u2029]   0, 1                          1
//	"\n" (whole)    0, 1                                     0, 1
//	w = [^\r]\n     1, 2                                     1, 2
//	w = \r\n        0, 2                                     1, 2
//
// and never before the ending. Each case is the product of the pattern
// with a tracker of where the ending starts (a state for "before the
// ending", one per offset), in which $ becomes "" or nothing. splitDollars
// is used for the $s that resolveTopDollars leaves: inside repetitions, in
// alternatives followed by more, after a possible "\r".

// maxRewriteNodes bounds the trees that the rewrites of anchors build
// (counting shared subtrees each time, as they print and as later passes
// walk them): six cases of the whole pattern, each a few copies per
// repetition that holds a $, must stay far below maxTranslatedBytes, and a
// rewrite of nested repetitions (loopIterations) doubles per level.
const maxRewriteNodes = 4 * maxExpanded

type dollarCase struct {
	ending []runeSet
	whole  bool     // the input is exactly the ending
	holds  [][]bool // holds[unix][offset]
}

var (
	notTerm      = lineTerminators.complement()
	singleTerms  = runeSetOf([]rune{'\r', 0x85, 0x2028, 0x2029})
	notCR        = single('\r').complement()
	dollarSplits = []dollarCase{
		{nil, true, [][]bool{{true}, {true}}},
		{[]runeSet{notTerm}, false, [][]bool{{false, true}, {false, true}}},
		{[]runeSet{singleTerms}, false, [][]bool{{true, true}, {false, true}}},
		{[]runeSet{single('\n')}, true, [][]bool{{true, true}, {true, true}}},
		{[]runeSet{notCR, single('\n')}, false, [][]bool{{false, true, true}, {false, true, true}}},
		{[]runeSet{single('\r'), single('\n')}, false, [][]bool{{true, false, true}, {false, true, true}}},
	}
)

// endingTracker: state 0 is before the ending (free), state 1+j is offset j
// of the ending.
func (c dollarCase) tracker() *tracker {
	n := len(c.ending) + 2
	t := &tracker{step: make([][]runeSet, n), free: 0}
	for i := range t.step {
		t.step[i] = make([]runeSet, n)
	}
	t.step[0][0] = allRunes
	t.step[0][1] = allRunes // the last character before the ending
	for j, set := range c.ending {
		t.step[1+j][2+j] = set
	}
	t.dollar = func(d *node, s int) bool {
		if s == 0 {
			return false
		}
		unix := 0
		if d.dollar.has(flagUnixLines) {
			unix = 1
		}
		return c.holds[unix][s-1]
	}
	return t
}

// splitDollars rewrites n, in which every $ is without MULTILINE, into the
// alternation of its products with each ending.
func splitDollars(n *node) *node {
	alts := dollarProducts(n)
	if countNodes(alts, maxRewriteNodes) > maxRewriteNodes {
		d := findFirst(n, kDollar)
		panic(&Error{Offset: d.off, Construct: ConstructDollarNotAtEnd,
			Msg: fmt.Sprintf("$ with more after it: its exact rewrite would have more than %d nodes", maxRewriteNodes)})
	}
	return alts
}

// dollarProducts is the alternation of n's products with each ending.
func dollarProducts(n *node) *node {
	var alts *node
	for _, c := range dollarSplits {
		t := c.tracker()
		m := t.product(n)
		end := t.states() - 1
		if !c.whole {
			alts = altNodes(alts, m[0][end])
		}
		alts = altNodes(alts, m[1][end])
	}
	if alts == nil {
		return charNode(nil)
	}
	return alts
}

func findFirst(n *node, k nodeKind) *node {
	if n.kind == k {
		return n
	}
	for _, s := range n.subs {
		if f := findFirst(s, k); f != nil {
			return f
		}
	}
	return nil
}

// countNodes is the number of nodes of n, counting shared ones each time,
// saturating just above limit.
func countNodes(n *node, limit int) int {
	c := 1
	for _, s := range n.subs {
		if c += countNodes(s, limit-c); c > limit {
			return c
		}
	}
	return c
}
