package javaregex

import (
	"fmt"
	"regexp"
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
	return countNodes(resolveMultilineDollars(beforeMultiline(pattern)), 1<<30)
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
		got := newLineTracker(beforeMultiline(c.pattern)).states
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

// reachesMultilineProduct reports whether Translate accepts pattern and
// leaves one of its (?m) $s to resolveMultilineDollars.
func reachesMultilineProduct(pattern string) bool {
	if _, err := Translate(pattern); err != nil {
		return false
	}
	return findMultilineDollar(beforeMultiline(pattern)) != nil
}

// beforeMultiline is the tree resolveAnchors hands to
// resolveMultilineDollars.
func beforeMultiline(pattern string) *node {
	tree := walkDollars(resolveTopDollars(loopIterations(parse(pattern))), true)
	return endMultilineDollars(tree, nil)
}

// TestRepeatIntoAgreesWithPowers: for bodies whose iterations all end in
// one state, repeatInto's counted form matches, from every state to every
// state, the same strings as the matrix powers, for counts below, at and
// above 0, 1 and 2 and unbounded ones (strings of up to 4 characters).
func TestRepeatIntoAgreesWithPowers(t *testing.T) {
	inputs := allStrings([]string{"a", "b", "\n", "\r", "\u2028"}, 4)
	for _, body := range []string{`a$\n`, `a$`, `$[^\r]`, `(?:a$|b)[\n\r]`} {
		for lo := 0; lo <= 3; lo++ {
			for _, hi := range []int{lo, lo + 1, lo + 2, -1} {
				n := &node{kind: kRepeat, subs: []*node{parse("(?m)" + body)}, min: lo, max: hi}
				tr := newLineTracker(n)
				x := tr.product(n.subs[0])
				s, ok := oneColumn(x)
				if !ok {
					t.Fatalf("%s: iterations end in several states", body)
				}
				fast, slow := tr.repeatInto(n, x, s), tr.powers(n, x)
				for p := range fast {
					for q := range fast[p] {
						if msg := sameLanguage(fast[p][q], slow[p][q], inputs); msg != "" {
							t.Errorf("%s{%d,%d} from state %d to %d: %s", body, lo, hi, p, q, msg)
						}
					}
				}
			}
		}
	}
}

func allStrings(alphabet []string, n int) []string {
	out, prev := []string{""}, []string{""}
	for range n {
		var next []string
		for _, p := range prev {
			for _, a := range alphabet {
				next = append(next, p+a)
			}
		}
		out, prev = append(out, next...), next
	}
	return out
}

// sameLanguage returns "" when a and b (nil: nothing) match the same of
// inputs, else the first input they disagree on.
func sameLanguage(a, b *node, inputs []string) string {
	match := func(n *node) func(string) bool {
		if n == nil {
			return func(string) bool { return false }
		}
		return regexp.MustCompile(render(expandRepeats(n))).MatchString
	}
	ma, mb := match(a), match(b)
	for _, in := range inputs {
		if ma(in) != mb(in) {
			return fmt.Sprintf("%q: %v and %v", in, ma(in), mb(in))
		}
	}
	return ""
}

// TestMultilineDollarCompact: a repetition whose iterations all end in one
// state keeps its count (repeatInto), rather than a first iteration and a
// closure or a chain of optional copies.
func TestMultilineDollarCompact(t *testing.T) {
	for pattern, want := range map[string]string{
		`(?m)(a$\n)+`:           `\A(?:(?:a\n)+)\z`,
		`(?m)(x$[\s\S])*`:       `\A(?:(?:x[\n\r\x{85}\x{2028}\x{2029}])*)\z`,
		`(?m)(?:a$[\r\n]){2,5}`: `\A(?:(?:a[\n\r]){2,5})\z`,
	} {
		if got, err := Translate(pattern); got != want || err != nil {
			t.Errorf("Translate(%q) = %q, %v; want %q", pattern, got, err, want)
		}
	}
}
