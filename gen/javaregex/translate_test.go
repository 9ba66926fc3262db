package javaregex

import (
	"errors"
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
		{"ab\x00", 2, ConstructNUL},
		{`x(?i)y(?u)é`, 10, ConstructUnicodeCase},
		{`[a-c&&[b]]`, 4, ConstructClassIntersect},
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

	if _, err := Translate("a{1000}"); err != nil {
		t.Errorf("a{1000}: %v", err)
	}
	if _, err := Translate("(?:a{10}){100}"); err != nil {
		t.Errorf("(?:a{10}){100}: %v", err)
	}
	checkRejection(t, rejection{"(?:a{10}){101}", 9, ConstructRepeatCount})
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
