package javaregex

import (
	"errors"
	"maps"
	"slices"
	"testing"
)

// nonRegular are the constructs that may still reject a pattern Java
// accepts: what no finite automaton (or no RE2 pattern) can express exactly,
// the input limits, and the uses of possessive quantifiers and \R that the
// issue leaves rejected (where they could differ from the greedy form or the
// plain alternation). Any other rejection of a Java-valid pattern of the
// corpus fails TestCoverage.
var nonRegular = map[string]bool{
	ConstructLookahead:       true,
	ConstructLookbehind:      true,
	ConstructAtomicGroup:     true,
	ConstructPossessive:      true, // only where it can differ from the greedy form
	ConstructLinebreak:       true, // only where Java 17 may or may not split \r\n
	ConstructBackreference:   true,
	ConstructWordBoundary:    true,
	ConstructNonWordBoundary: true,
	ConstructGrapheme:        true,
	ConstructLastMatch:       true,
	ConstructMultilineCaret:  true,
	ConstructTooLarge:        true,
	ConstructRepeatCount:     true, // only beyond maxExpanded, see TestLimits
	ConstructDollarNotAtEnd:  true, // only beyond maxRewriteNodes, see TestDollarSplitBound
	ConstructMultilineDollar: true, // only beyond maxRewriteNodes, see TestMultilineDollarBound
}

// notYetTranslated are regular constructs still rejected, each a known gap;
// the list only shrinks.
var notYetTranslated = map[string]bool{}

// TestCoverage prints how many of the corpus's Java-valid patterns
// Translate rejects, by construct (go test -run TestCoverage -v), and fails
// on a rejection outside nonRegular and notYetTranslated.
func TestCoverage(t *testing.T) {
	valid, rejects := 0, 0
	byConstruct := map[string]int{}
	for _, c := range readCases(t, expectedFile) {
		if c.rejected != "" {
			continue
		}
		valid++
		_, err := Translate(c.pattern)
		if err == nil {
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%q: error %T", escapeCase(c.pattern), err)
		}
		rejects++
		byConstruct[e.Construct]++
		if !nonRegular[e.Construct] && !notYetTranslated[e.Construct] {
			t.Errorf("expected.txt:%d: Java-valid %q is rejected as %q, which is regular: %v",
				c.line, escapeCase(c.pattern), e.Construct, e)
		}
	}
	t.Logf("corpus: %d Java-valid patterns, %d rejected by Translate", valid, rejects)
	for _, k := range slices.Sorted(maps.Keys(byConstruct)) {
		kind := "regular"
		if nonRegular[k] {
			kind = "non-regular"
		}
		t.Logf("  %4d %-28s (%s)", byConstruct[k], k, kind)
	}
}
