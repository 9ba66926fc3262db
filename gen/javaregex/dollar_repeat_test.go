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
	for _, c := range []struct {
		k    int
		fits bool
	}{{k - 1, true}, {k, true}, {k + 1, false}} {
		p := starsOfDollars(c.k)
		re, err := Translate(p)
		if (err == nil) != c.fits {
			t.Fatalf("%d repetitions (%d nodes, bound %d): error %v, want fits=%v",
				c.k, dollarSplitSize(t, p), maxRewriteNodes, err, c.fits)
		}
		if !c.fits {
			e := err.(*Error)
			if e.Construct != ConstructDollarNotAtEnd || e.Offset != 6 || !strings.Contains(e.Msg, "40000 nodes") {
				t.Errorf("%d repetitions: %+v", c.k, e)
			}
			continue
		}
		rx := regexp.MustCompile(re)
		for in, want := range map[string]bool{"bba\n": true, "bba": true, "ba\r\n": false, "ba\r": false,
			"b\n": true, "ab": false, "a\n\n": false, "a\r\r": false, "a\u2028\n": false} {
			if rx.MatchString(in) != want {
				t.Errorf("%d repetitions on %q: want %v", c.k, in, want)
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
	for _, c := range []struct {
		k    int
		fits bool
	}{{k - 1, true}, {k, true}, {k + 1, false}} {
		re, err := Translate(nestedLoops(c.k))
		if (err == nil) != c.fits {
			t.Fatalf("nesting %d: error %v, want fits=%v", c.k, err, c.fits)
		}
		if !c.fits {
			if e := err.(*Error); e.Construct != ConstructTooLarge || !strings.Contains(e.Msg, "40000 nodes") {
				t.Errorf("nesting %d: %+v", c.k, e)
			}
			continue
		}
		// Java: each level either matches "" at the start or repeats twice.
		rx := regexp.MustCompile(re)
		if !rx.MatchString("") || !rx.MatchString(strings.Repeat("a", 1<<c.k)) || rx.MatchString("a") {
			t.Errorf("nesting %d: %.200s", c.k, re)
		}
	}
}
