package javaregex

import (
	"strings"
	"testing"
)

// crStars is a pattern whose (?m) $s the lineTracker rewrites with all four
// of its states (after a '\r' or not, a $ pending or not), growing with k:
// every '\r' must be followed by the end or a terminator other than '\n'.
func crStars(k int) string { return "(?m)" + strings.Repeat(`(?:\r$|[^\r])*`, k) }

// multilineDollarSize is the size resolveMultilineDollars checks against
// maxRewriteNodes, or -1 when a step of the product already exceeded it.
func multilineDollarSize(t *testing.T, pattern string) (size int) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			size = -1
		}
	}()
	tree := walkDollars(resolveTopDollars(loopIterations(parse(pattern))), true)
	tree = endMultilineDollars(tree, nil)
	return countNodes(resolveMultilineDollars(tree), 1<<30)
}

// TestMultilineDollarBound: the product is accepted up to maxRewriteNodes
// nodes and rejected, naming the bound, beyond; the last accepted
// pattern's translation still answers like Java.
func TestMultilineDollarBound(t *testing.T) {
	k := 1
	for multilineDollarSize(t, crStars(k+1)) > 0 {
		k++
	}
	size := multilineDollarSize(t, crStars(k))
	if size > maxRewriteNodes || size*4 < maxRewriteNodes || k < 3 {
		t.Fatalf("the last accepted k, %d, rewrites to %d nodes (bound %d)", k, size, maxRewriteNodes)
	}
	t.Logf("%d in a row fit: %d nodes (bound %d)", k, size, maxRewriteNodes)
	checkAroundBound(t, k, crStars, ConstructMultilineDollar, 9, func(int) map[string]bool {
		return map[string]bool{"": true, "a\r": true, "\r\r\u0085b": true, "a\r\u2028\r\u2029": true,
			"\r\n": false, "\ra": false, "a\r\r\n": false, "\n\r\u0085\n": true}
	})
}

// TestLineTrackerStates: the tracker keeps only the states a pattern's $s
// can tell apart, which keeps products small (each state more multiplies
// the entries of a sequence).
func TestLineTrackerStates(t *testing.T) {
	T, TnoNL, NL := lineTerminators, singleTerms, single('\n')
	for _, c := range []struct {
		pattern string
		want    []lineState
	}{
		// No '\r' can come right before the $: whether one was last is moot.
		{`(?m)(a$\n)+`, []lineState{{}, {pending: true, next: T}}},
		{`(?m)(x$[\s\S])*`, []lineState{{}, {pending: true, next: T}}},
		{`(?m)(a$|\r)+`, []lineState{{}, {pending: true, next: T}}},
		// A '\r' can: after it only \r \x85 \u2028 \u2029 (or the end).
		{`(?m)(\r$|a)+`, []lineState{{}, {cr: true}, {pending: true, next: T}, {pending: true, next: TnoNL}}},
		// Under (?d) only '\n' counts, and the '\r' rule does not apply.
		{`(?md)(\r$\n)+`, []lineState{{}, {pending: true, next: NL}}},
		// Both kinds: their conditions intersect.
		{`(?m)(?:a(?d:$)$[\s\S])+`, []lineState{{}, {pending: true, next: T}, {pending: true, next: NL}}},
		// After "\r" and (?d:$), a $ without (?d) holds only at the end.
		{`(?m)(?:\r(?d:$)$[\s\S])+`, []lineState{{}, {cr: true}, {pending: true, next: T}, {pending: true, next: NL},
			{pending: true, next: TnoNL}, {cr: true, pending: true, next: NL}, {pending: true, next: nil}}},
	} {
		tree := endMultilineDollars(walkDollars(resolveTopDollars(loopIterations(parse(c.pattern))), true), nil)
		got := newLineTracker(tree).states
		if !equalStates(got, c.want) {
			t.Errorf("%q: states %v, want %v", c.pattern, got, c.want)
		}
	}
}

func equalStates(a, b []lineState) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].cr != b[i].cr || a[i].pending != b[i].pending || !a[i].next.equal(b[i].next) {
			return false
		}
	}
	return true
}
