package javaregex

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
)

func TestErrorMessage(t *testing.T) {
	_, err := Translate("abcd(?=x)")
	const want = "column 5: lookahead (?=...) is not supported by Go's regexp"
	if err == nil || err.Error() != want {
		t.Fatalf("Translate error = %v, want %q", err, want)
	}
	e := err.(*Error)
	if e.Offset != 4 || e.Construct != ConstructLookahead || e.Msg != "lookahead (?=...) is not supported by Go's regexp" {
		t.Fatalf("Error = %+v", e)
	}
}

// Offsets are bytes into the pattern as written, also after multi-byte
// characters and inside \Q...\E.
func TestErrorOffsets(t *testing.T) {
	for _, r := range []rejection{
		{"é€(?=x)", 5, ConstructLookahead},
		{`\Qa(b\E\b`, 7, ConstructWordBoundary},
		{`a\Q` + "\xff", 3, ConstructInvalidUTF8},
		{"ab\x00(?<=x)", 3, ConstructLookbehind}, // a raw NUL is a literal, one byte
		{`é(?i)y(?u)\b`, 11, ConstructWordBoundary},
		{`[[a]b&&]`, 5, ConstructClassIntersect},
	} {
		checkRejection(t, r)
	}
}

func TestLimits(t *testing.T) {
	long := strings.Repeat("a", maxPatternBytes)
	if _, err := Translate(long); err != nil {
		t.Errorf("a %d-byte pattern: %v", maxPatternBytes, err)
	}
	checkRejection(t, rejection{long + "a", maxPatternBytes, ConstructTooLong})

	deep := strings.Repeat("(", maxNesting) + "a" + strings.Repeat(")", maxNesting)
	if _, err := Translate(deep); err != nil {
		t.Errorf("groups nested %d deep: %v", maxNesting, err)
	}
	checkRejection(t, rejection{"(" + deep + ")", maxNesting, ConstructTooDeep})
	deepClass := strings.Repeat("[", maxNesting) + "a" + strings.Repeat("]", maxNesting)
	if _, err := Translate(deepClass); err != nil {
		t.Errorf("classes nested %d deep: %v", maxNesting, err)
	}
	checkRejection(t, rejection{"[" + deepClass + "]", maxNesting, ConstructTooDeep})
	checkRejection(t, rejection{"(" + deepClass + ")", maxNesting, ConstructTooDeep}) // one budget for both

	// Counts beyond Go's 1000 are written out, up to maxExpanded positions.
	for _, c := range []struct {
		pattern string
		n       int // the only number of a's matched
	}{
		{"a{1000}", 1000}, {"a{1001}", 1001}, {"(?:a{10}){100}", 1000}, {"(?:a{10}){101}", 1010},
		{"a{10000}", maxExpanded}, {"(?:a{10}){1000}", maxExpanded}, {"(?:(?:a{2}){2}){1001}", 4004}, {"a{2}{1001}", 2},
	} {
		re, err := Translate(c.pattern)
		if err != nil {
			t.Errorf("%s: %v", c.pattern, err)
			continue
		}
		rx := regexp.MustCompile(re)
		for _, n := range []int{c.n - 1, c.n, c.n + 1} {
			if got := rx.MatchString(strings.Repeat("a", n)); got != (n == c.n) {
				t.Errorf("%s on %d a's: %v", c.pattern, n, got)
			}
		}
	}
	checkRejection(t, rejection{"a{10001}", 1, ConstructRepeatCount})
	checkRejection(t, rejection{"(?:a{10}){1001}", 9, ConstructRepeatCount})
	checkRejection(t, rejection{"(?:a{1001}){10}", 11, ConstructRepeatCount})
}

// TestTranslatedSize: the printed RE2 may be at most maxTranslatedBytes
// long; each \p{L} adds the same number of bytes.
func TestTranslatedSize(t *testing.T) {
	base, _ := Translate("")
	one, _ := Translate(`\p{L}`)
	unit := len(one) - len(base)
	k := (maxTranslatedBytes - len(base)) / unit // the most that fit
	for _, n := range []int{k - 1, k, k + 1} {
		re, err := Translate(strings.Repeat(`\p{L}`, n))
		if fits := n <= k; (err == nil) != fits || err == nil && len(re) > maxTranslatedBytes {
			t.Errorf("%d times \\p{L}: %d bytes, error %v, want fits=%v", n, len(re), err, fits)
		}
		if e, ok := err.(*Error); ok && e.Construct != ConstructTooLarge {
			t.Errorf("%d times \\p{L}: %v", n, err)
		}
	}
}

// TestDollarDistribution: a $ inside alternatives is resolved by
// distributing them over what follows, creating at most maxExpanded nodes;
// beyond that (9 alternations: 512 branches) splitDollars takes over,
// whose size grows linearly here, so 600 alternations are translated at
// once, not after 2^600 steps.
func TestDollarDistribution(t *testing.T) {
	for _, k := range []int{3, 8, 9, 600} {
		p := strings.Repeat("(a$|b)", k) + "c"
		re, err := Translate(p)
		if err != nil {
			t.Fatalf("%d alternations: %v", k, err)
		}
		rx := regexp.MustCompile(re)
		bs := strings.Repeat("b", k)
		if !rx.MatchString(bs+"c") || rx.MatchString("a"+bs[1:]+"c") || rx.MatchString(bs) {
			t.Errorf("%d alternations before c: %.200s", k, re)
		}
	}
}

// TestExpandedBounds checks the copies written for a range and an open
// count beyond Go's limit: a{n,m} is n copies and m-n optional ones.
func TestExpandedBounds(t *testing.T) {
	for _, c := range []struct {
		pattern  string
		min, max int // max -1: unbounded
	}{
		{"a{999,1002}", 999, 1002}, {"a{1001,}", 1001, -1}, {"a{0,1001}", 0, 1001}, {"(?:ab|c){1001,1002}", 1001, 1002},
	} {
		re, err := Translate(c.pattern)
		if err != nil {
			t.Errorf("%s: %v", c.pattern, err)
			continue
		}
		rx := regexp.MustCompile(re)
		unit := "a"
		if strings.HasPrefix(c.pattern, "(") {
			unit = "c"
		}
		for _, n := range []int{c.min - 1, c.min, c.min + 1, c.max - 1, c.max, c.max + 1, 3000} {
			if n < 0 {
				continue
			}
			want := n >= c.min && (c.max < 0 || n <= c.max)
			if got := rx.MatchString(strings.Repeat(unit, n)); got != want {
				t.Errorf("%s on %d: %v, want %v", c.pattern, n, got, want)
			}
		}
	}
}

// TestPrinted pins a few translations, as documentation of the output.
func TestPrinted(t *testing.T) {
	for _, c := range []struct{ java, re2 string }{
		{``, `\A(?:)\z`},
		{`rob\.durable\..*`, `\A(?:rob\.durable\.[^\n\r\x{85}\x{2028}\x{2029}]*)\z`},
		{`(?s)a.`, `\A(?:a[\x{0}-\x{10ffff}])\z`},
		{`\s`, `\A(?:[\t-\r\x{20}])\z`},
		{`(?i)k`, `\A(?:[Kk])\z`},
		{`(?iu)k`, `\A(?:[Kk\x{212a}])\z`},
		{`^a|b$`, `\A(?:\Aa|b\z)\z`},
		{`(a|b)+?c{2,}`, `\A(?:(?:a|b)+?c{2,})\z`},
		{`[^a-c]`, `\A(?:[^a-c])\z`},
	} {
		if got, err := Translate(c.java); err != nil || got != c.re2 {
			t.Errorf("Translate(%q) = %q, %v; want %q", c.java, got, err, c.re2)
		}
	}
}

// compileError maps failures of the final regexp.Compile check, which the
// parser's own limits should make unreachable.
func TestCompileError(t *testing.T) {
	if e := compileError(&syntax.Error{Code: syntax.ErrLarge, Expr: "x"}); e.Construct != ConstructTooLarge || e.Offset != 0 {
		t.Errorf("ErrLarge -> %+v", e)
	}
	if e := compileError(errors.New("boom")); e.Construct != ConstructInternal {
		t.Errorf("other error -> %+v", e)
	}
}
