package javaregex

import (
	"errors"
	"regexp"
	"slices"
	"testing"
)

const (
	casesFile    = "testdata/cases.txt"
	expectedFile = "testdata/expected.txt"
)

// TestExpectedInSync catches a cases.txt edited without re-running
// testdata/regen.sh.
func TestExpectedInSync(t *testing.T) {
	cases := readCases(t, casesFile)
	expected := readCases(t, expectedFile)
	if len(cases) != len(expected) {
		t.Fatalf("cases.txt has %d patterns, expected.txt %d: run testdata/regen.sh", len(cases), len(expected))
	}
	for i, c := range cases {
		e := expected[i]
		want := c.inputs
		if e.rejected != "" {
			want = nil // Java rejected the pattern, so it recorded no answers
		}
		if c.pattern != e.pattern || !slices.Equal(want, e.inputs) {
			t.Fatalf("cases.txt:%d (%q) differs from expected.txt:%d (%q): run testdata/regen.sh",
				c.line, escapeCase(c.pattern), e.line, escapeCase(e.pattern))
		}
	}
}

// TestAgainstJava checks every recorded Java answer: a pattern Java rejects
// must be rejected; a pattern Translate rejects must be listed in the
// rejected table; an accepted pattern must give Java's answer on every input.
func TestAgainstJava(t *testing.T) {
	table := map[string]rejection{}
	for _, r := range rejected {
		table[r.pattern] = r
	}
	pairs, rejects := 0, 0
	for _, c := range readCases(t, expectedFile) {
		re, err := Translate(c.pattern)
		if err != nil {
			rejects++
			checkListedRejection(t, c, err, table)
			continue
		}
		if c.rejected != "" {
			t.Errorf("expected.txt:%d: Java rejects %q (%s) but Translate accepts it as %q",
				c.line, escapeCase(c.pattern), c.rejected, re)
			continue
		}
		rx, cerr := regexp.Compile(re)
		if cerr != nil {
			t.Errorf("expected.txt:%d: translation %q of %q does not compile: %v", c.line, re, escapeCase(c.pattern), cerr)
			continue
		}
		for i, in := range c.inputs {
			pairs++
			want := c.answers[i] == '1'
			if c.answers[i] != '0' && !want {
				t.Errorf("expected.txt:%d: Java gives no answer (%c) for %q on %q: drop the case",
					c.line, c.answers[i], escapeCase(c.pattern), escapeCase(in))
			} else if got := rx.MatchString(in); got != want {
				t.Errorf("expected.txt:%d: %q on %q: Java says %v, Go regexp %q says %v",
					c.line, escapeCase(c.pattern), escapeCase(in), want, re, got)
			}
		}
	}
	t.Logf("checked %d (pattern, input) pairs against Java; %d patterns rejected", pairs, rejects)
	if pairs < 150 {
		t.Errorf("only %d (pattern, input) pairs checked; the suite should keep at least 150", pairs)
	}
}

func checkListedRejection(t *testing.T, c *javaCase, err error, table map[string]rejection) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("expected.txt:%d: %q: error %T is not *Error", c.line, escapeCase(c.pattern), err)
		return
	}
	r, ok := table[c.pattern]
	if !ok {
		t.Errorf("expected.txt:%d: Translate rejects %q (Java: %s) but the rejected table lacks it: {%q, %d, %q}: %v",
			c.line, escapeCase(c.pattern), javaVerdict(c), c.pattern, e.Offset, e.Construct, e)
	}
	_ = r // offsets and constructs are checked by TestRejected
}

func javaVerdict(c *javaCase) string {
	if c.rejected != "" {
		return "rejects: " + c.rejected
	}
	return "accepts"
}
