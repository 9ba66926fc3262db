package javaregex

import (
	"regexp"
	"strings"
	"testing"
)

// starsOfDollars is a pattern whose $ splitDollars rewrites (each $ is
// inside a repetition), growing with k.
func starsOfDollars(k int) string { return strings.Repeat("(?:b|a$)*", k) + "\n?" }

// dollarSplitSize is the size splitDollars checks against maxRewriteNodes.
func dollarSplitSize(t *testing.T, pattern string) int {
	t.Helper()
	tree := resolveTopDollars(loopIterations(parse(pattern)))
	tree = walkDollars(tree, true)
	return countNodes(dollarProducts(tree), 1<<30)
}

// TestDollarSplitBound: the exact rewrite of a $ that is not at the end is
// accepted up to maxRewriteNodes nodes and rejected, naming the bound,
// beyond; the last accepted pattern's translation still answers like Java's
// $ (before a final terminator, not between \r and \n).
func TestDollarSplitBound(t *testing.T) {
	lo, hi := 1, 1 // the largest k that fits is in [lo, hi)
	for dollarSplitSize(t, starsOfDollars(hi)) <= maxRewriteNodes {
		lo, hi = hi, 2*hi
	}
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; dollarSplitSize(t, starsOfDollars(mid)) <= maxRewriteNodes {
			lo = mid
		} else {
			hi = mid
		}
	}
	k := lo
	if k < 16 {
		t.Fatalf("only %d repetitions of a $ fit in %d nodes", k, maxRewriteNodes)
	}
	checkAroundBound(t, k, starsOfDollars, ConstructDollarNotAtEnd, 6, func(int) map[string]bool {
		return map[string]bool{"bba\n": true, "bba": true, "ba\r\n": false, "ba\r": false,
			"b\n": true, "ab": false, "a\n\n": false, "a\r\r": false, "a\u2028\n": false}
	})
}

// checkAroundBound translates pattern(k-1) and pattern(k), which must be
// accepted and answer as answers says, and pattern(k+1), which must be
// rejected as construct at offset (any when < 0), naming the bound.
func checkAroundBound(t *testing.T, k int, pattern func(int) string, construct string, offset int,
	answers func(k int) map[string]bool) {
	t.Helper()
	for _, c := range []struct {
		k    int
		fits bool
	}{{k - 1, true}, {k, true}, {k + 1, false}} {
		re, err := Translate(pattern(c.k))
		if (err == nil) != c.fits {
			t.Fatalf("k = %d: error %v, want fits=%v", c.k, err, c.fits)
		}
		if !c.fits {
			e := err.(*Error)
			if e.Construct != construct || offset >= 0 && e.Offset != offset || !strings.Contains(e.Msg, "40000 nodes") {
				t.Errorf("k = %d: %+v", c.k, e)
			}
			continue
		}
		rx := regexp.MustCompile(re)
		for in, want := range answers(c.k) {
			if rx.MatchString(in) != want {
				t.Errorf("k = %d on %q: want %v (%.200s)", c.k, in, want, re)
			}
		}
	}
}

// nestedLoops nests k repetitions {2} of a group that can match "" through
// ^: each level of loopIterations's rewrite holds the one inside twice.
func nestedLoops(k int) string {
	return strings.Repeat("(?:", k) + "^|a" + strings.Repeat("){2}", k)
}

// TestLoopRewriteBound: nested rewrites of Java's Loop are accepted while
// they hold at most maxRewriteNodes nodes, and rejected as too large, with
// the bound in the message, beyond (before their size could grow
// exponentially in time).
func TestLoopRewriteBound(t *testing.T) {
	k := 1
	for ; ; k++ {
		if _, err := Translate(nestedLoops(k + 1)); err != nil {
			break
		}
	}
	size := countNodes(loopIterations(parse(nestedLoops(k))), 1<<30)
	if size > maxRewriteNodes || size*4 < maxRewriteNodes || k < 5 {
		t.Fatalf("the last accepted nesting, %d, rewrites to %d nodes (bound %d)", k, size, maxRewriteNodes)
	}
	// Java: each level either matches "" at the start or repeats twice.
	checkAroundBound(t, k, nestedLoops, ConstructTooLarge, -1, func(k int) map[string]bool {
		return map[string]bool{"": true, strings.Repeat("a", 1<<k): true, "a": false}
	})
}
