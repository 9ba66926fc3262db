package javaregex

import (
	"regexp"
	"strings"
	"testing"
)

// starsOfDollars is a pattern whose $ splitDollars rewrites (each $ is
// inside a repetition), growing with k.
func starsOfDollars(k int) string { return strings.Repeat("(?:b|a$)*", k) + "\n?" }

// dollarSplitSize is the size splitDollars checks against maxDollarNodes.
func dollarSplitSize(t *testing.T, pattern string) int {
	t.Helper()
	tree := resolveTopDollars(loopIterations(parse(pattern)))
	walkDollars(tree, true)
	return countNodes(dollarProducts(tree), 1<<30)
}

// TestDollarSplitBound: the exact rewrite of a $ that is not at the end is
// accepted up to maxDollarNodes nodes and rejected, naming the bound,
// beyond; the last accepted pattern's translation still answers like Java's
// $ (before a final terminator, not between \r and \n).
func TestDollarSplitBound(t *testing.T) {
	lo, hi := 1, 1 // the largest k that fits is in [lo, hi)
	for dollarSplitSize(t, starsOfDollars(hi)) <= maxDollarNodes {
		lo, hi = hi, 2*hi
	}
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; dollarSplitSize(t, starsOfDollars(mid)) <= maxDollarNodes {
			lo = mid
		} else {
			hi = mid
		}
	}
	k := lo
	if k < 16 {
		t.Fatalf("only %d repetitions of a $ fit in %d nodes", k, maxDollarNodes)
	}
	for _, c := range []struct {
		k    int
		fits bool
	}{{k - 1, true}, {k, true}, {k + 1, false}} {
		p := starsOfDollars(c.k)
		re, err := Translate(p)
		if (err == nil) != c.fits {
			t.Fatalf("%d repetitions (%d nodes, bound %d): error %v, want fits=%v",
				c.k, dollarSplitSize(t, p), maxDollarNodes, err, c.fits)
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
