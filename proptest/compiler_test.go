package proptest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	destgen "github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// long is a literal element long enough that two of them fit a pattern
// but two of them plus anything else do not fit a name, so overlaps that
// fail only on the byte limit are drawn.
var long = strings.Repeat("l", 120)

// patternGen draws patterns as element indices (see pattern), so that
// gopter shrinks them as slices of small integers.
func patternGen() gopter.Gen { return oneToN(maxPatternLen, small(6)) }

// pattern reads element indices over {a, b, c, *, >} and, with withLong,
// the long literal; '>' before the end reads as '*'. Anything that does
// not parse (empty after shrinking, or over the byte limit) reads as "a".
func pattern(es []int, withLong bool) subject.Pattern {
	elems := []string{"a", "b", "c", "*", ">", long}
	if !withLong {
		elems = elems[:5]
	}
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = elems[wrap(e, len(elems))]
		if parts[i] == ">" && i < len(es)-1 {
			parts[i] = "*"
		}
	}
	p, err := subject.Parse(strings.Join(parts, "."))
	if err != nil {
		p, _ = subject.Parse("a")
	}
	return p
}

// window holds every name of up to five elements over {a, b, c, x}: a
// pattern of at most four elements treats every longer name as it treats
// some name of five, so set relations on the window are the real ones.
var window = func() [][]string {
	var out [][]string
	for _, n := range Enumerate([]string{"a", "b", "c", "x"}, maxPatternLen+1) {
		elems, _ := subject.ParseName(n)
		out = append(out, elems)
	}
	return out
}()

func matchSet(p subject.Pattern) []bool {
	out := make([]bool, len(window))
	for i, n := range window {
		out[i] = p.Match(n)
	}
	return out
}

// TestOverlapAgreesWithBruteForce: Overlap reports an overlap exactly when
// some valid name matches both patterns, and its witness is such a name.
// The long literal brings in the byte limit: two patterns can each be
// valid while every common name is too long.
func TestOverlapAgreesWithBruteForce(t *testing.T) {
	props := gopter.NewProperties(testParams(t))
	props.Property("overlap", prop.ForAll(func(ea, eb []int) string {
		a, b := pattern(ea, true), pattern(eb, true)
		w, ok := subject.Overlap(a, b)
		brute, example := bruteOverlap(a, b)
		switch {
		case ok != brute:
			return fmt.Sprintf("Overlap(%q, %q) = %v, brute force %v (%q)", a.Text, b.Text, ok, brute, example)
		case ok:
			elems, err := subject.ParseName(w)
			if err != nil || !a.Match(elems) || !b.Match(elems) {
				return fmt.Sprintf("witness %q of %q, %q does not match both (%v)", w, a.Text, b.Text, err)
			}
		}
		return ""
	}, patternGen(), patternGen()))
	props.TestingRun(t)
}

// bruteOverlap searches names over the patterns' literals and a filler,
// of up to one element more than the longer pattern, within the limits.
func bruteOverlap(a, b subject.Pattern) (bool, string) {
	for _, n := range Enumerate([]string{"a", "b", "c", "x", long}, max(len(a.Elems), len(b.Elems))+1) {
		elems, err := subject.ParseName(n)
		if err == nil && a.Match(elems) && b.Match(elems) {
			return true, n
		}
	}
	return false, ""
}

// TestPrecedence: on patterns that match a common name, Compare is
// antisymmetric, decides (never 0 between distinct patterns) and is
// transitive; and a pattern matching a strict subset of another's names
// ranks above it.
func TestPrecedence(t *testing.T) {
	props := gopter.NewProperties(testParams(t))
	props.Property("antisymmetric and decided", prop.ForAll(func(ea, eb []int) string {
		a, b := pattern(ea, false), pattern(eb, false)
		if _, ok := subject.Overlap(a, b); !ok || a.Text == b.Text {
			return ""
		}
		ab, ba := subject.Compare(a, b), subject.Compare(b, a)
		if ab == 0 || sign(ab) != -sign(ba) {
			return fmt.Sprintf("Compare(%q, %q) = %d, reverse %d", a.Text, b.Text, ab, ba)
		}
		return ""
	}, patternGen(), patternGen()))
	props.Property("transitive", prop.ForAll(func(ea, eb, ec []int) string {
		a, b, c := pattern(ea, false), pattern(eb, false), pattern(ec, false)
		if subject.Compare(a, b) < 0 && subject.Compare(b, c) < 0 && subject.Compare(a, c) >= 0 {
			return fmt.Sprintf("%q < %q < %q but Compare(%q, %q) = %d", a.Text, b.Text, c.Text, a.Text, c.Text, subject.Compare(a, c))
		}
		return ""
	}, patternGen(), patternGen(), patternGen()))
	props.Property("strict subset ranks first", prop.ForAll(func(ea, eb []int) string {
		a, b := pattern(ea, false), pattern(eb, false)
		if strictSubset(matchSet(a), matchSet(b)) && subject.Compare(a, b) >= 0 {
			return fmt.Sprintf("%q matches a strict subset of %q's names but Compare = %d", a.Text, b.Text, subject.Compare(a, b))
		}
		return ""
	}, patternGen(), patternGen()))
	props.TestingRun(t)
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func strictSubset(a, b []bool) bool {
	strict := false
	for i := range a {
		if a[i] && !b[i] {
			return false
		}
		strict = strict || b[i] && !a[i]
	}
	return strict
}

// TestAddingDestinationKeepsPermissions: in the reference interpreter, a
// config with one more destination allows everything the config allowed
// (ACLs are a union over matching destinations). The extra destination is
// inserted anywhere; if it repeats a pattern, or makes the config invalid
// (a store conflict), the case is discarded.
func TestAddingDestinationKeepsPermissions(t *testing.T) {
	props := gopter.NewProperties(testParams(t))
	props.Property("monotone", prop.ForAll(func(c Config, extra Dest, at int) *gopter.PropResult {
		before, err := c.Model()
		if err != nil {
			return failure(err.Error())
		}
		for _, d := range before.Destinations {
			if d.Pattern.Text == extra.Pattern() {
				return discard // File would drop one of the two
			}
		}
		more := c
		more.Dests = append(append(append([]Dest(nil), c.Dests[:at%(len(c.Dests)+1)]...), extra), c.Dests[at%(len(c.Dests)+1):]...)
		after, diags := model.Load("more.json", more.JSON())
		if diags.Err() != nil {
			return discard // not a valid config
		}
		return failure(monotone(reference.New(before), reference.New(after), c.AllNames(3)))
	}, GenConfig(), GenDest(), small(maxDests+1)))
	props.TestingRun(t)
}

func monotone(before, after *reference.Interp, names []string) string {
	for _, n := range names {
		for _, ps := range [][]string{{"p0"}, {"p1"}, {"p2"}, {"p3"}, {"p0", "p3"}} {
			for op := range runtime.NumOps {
				if before.Allowed(op, n, ps...) && !after.Allowed(op, n, ps...) {
					return fmt.Sprintf("%v on %q by %q allowed before adding a destination, not after", op, n, ps)
				}
			}
		}
	}
	return ""
}

// TestGenerationDeterministic: the same config generates the same bytes,
// generation after generation. The emitter and plan use maps, whose
// iteration order Go randomises on every range, so any dependence on it
// shows as a difference within a few generations.
func TestGenerationDeterministic(t *testing.T) {
	props := gopter.NewProperties(testParams(t))
	props.Property("same bytes", prop.ForAll(func(c Config) string {
		var first []byte
		for i := range 3 {
			m, err := c.Model() // a fresh model each time: no shared state
			if err != nil {
				return err.Error()
			}
			src, err := destgen.Source(m, "routes")
			if err != nil {
				return err.Error()
			}
			if i == 0 {
				first = src
			} else if !bytes.Equal(first, src) {
				return fmt.Sprintf("generation %d differs from the first for\n%s", i, c.JSON())
			}
		}
		return ""
	}, GenConfig()))
	props.TestingRun(t)
}

// discard tells gopter a drawn case does not apply.
var discard = &gopter.PropResult{Status: gopter.PropUndecided}

// failure turns the "" or message convention of these properties into a
// result, for properties that may also discard.
func failure(msg string) *gopter.PropResult {
	if msg == "" {
		return &gopter.PropResult{Status: gopter.PropTrue}
	}
	return &gopter.PropResult{Status: gopter.PropFalse, Labels: []string{msg}}
}
