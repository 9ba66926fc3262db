package javaregex

import (
	"errors"
	"testing"
)

type rejection = struct {
	pattern   string
	offset    int
	construct string
}

// rejected lists every pattern of testdata/cases.txt that Translate
// rejects, with the exact construct and byte offset; the first group are
// patterns Java rejects too (java_test.go checks that against expected.txt).
var rejected = []rejection{
	// Java itself rejects these (PatternSyntaxException).
	{`[z-a]`, 1, "syntax"},
	{`[a`, 0, "syntax"},
	{`[]`, 0, "syntax"},
	{`[^]`, 0, "syntax"},
	{`[a-\d]`, 1, "syntax"},
	{`[\b]`, 1, "syntax"},
	{`[\1]`, 1, "syntax"},
	{`\Q\\E\E`, 5, "syntax"},
	{`\x{110000}`, 0, "syntax"},
	{`\xZ`, 0, "syntax"},
	{`\x{12`, 0, "syntax"},
	{`\u12`, 0, "syntax"},
	{`\y`, 0, "syntax"},
	{`\E`, 0, "syntax"},
	{`a\`, 1, "syntax"},
	{`\c`, 0, "syntax"},
	{`(?<n1>a)(?<n1>b)`, 8, "syntax"},
	{`(?<1a>x)`, 3, "syntax"},
	{`(?<ab-c>x)`, 5, "syntax"},
	{`(?i)*`, 4, "syntax"},
	{`(a`, 0, "syntax"},
	{`a)`, 1, "syntax"},
	{`(?$x)`, 0, "syntax"},
	{`(?z)`, 2, "syntax"},
	{`(?i`, 3, "syntax"},
	{`\08`, 0, "octal escape"},
	{`(?#comment)a`, 0, "comment group"},
	{`a{2147483648}`, 1, "syntax"},
	{`{a}`, 0, "syntax"},
	{`a{`, 1, "syntax"},
	{`a{,3}`, 1, "syntax"},
	{`a{2,1}`, 1, "syntax"},
	{`a**`, 2, "syntax"},
	{`?a`, 0, "syntax"},
	{`+`, 0, "syntax"},

	// Java accepts these; Go's regexp has no exact equivalent.
	{`a(?=b)b`, 1, "lookahead"},
	{`(?!a)b`, 0, "lookahead"},
	{`(?<=a)b`, 0, "lookbehind"},
	{`(?<!a)b`, 0, "lookbehind"},
	{`(?>a)`, 0, "atomic group"},
	{`(a)\1`, 3, "backreference"},
	{`(?<x>a)\k<x>`, 7, "backreference"},
	{`a*+`, 1, "possessive quantifier"},
	{`a++`, 1, "possessive quantifier"},
	{`a?+`, 1, "possessive quantifier"},
	{`a{2}+`, 1, "possessive quantifier"},
	{`[a-z&&[^e]]`, 4, "class intersection"},
	{`[a-z&&e]`, 4, "class intersection"},
	{`[a[bc]]`, 2, "nested class"},
	{`[a-[bc]]`, 3, "nested class"},
	{`\Ga`, 0, "\\G"},
	{`a\Z`, 1, "\\Z"},
	{`a\R`, 1, "\\R linebreak"},
	{`\X`, 0, "\\X grapheme cluster"},
	{`\h`, 0, "\\h horizontal whitespace"},
	{`\H`, 0, "\\H"},
	{`\v`, 0, "\\v vertical whitespace"},
	{`\V`, 0, "\\V"},
	{`[\v]`, 1, "\\v vertical whitespace"},
	{`\p{javaLowerCase}`, 0, "\\p{javaXxx}"},
	{`\p{L}`, 0, "Unicode property"},
	{`\p{IsL}`, 0, "Unicode property"},
	{`\p{Lu}`, 0, "Unicode property"},
	{`\p{IsLatin}`, 0, "Unicode property"},
	{`\p{InGreek}`, 0, "Unicode block"},
	{`\pL`, 0, "Unicode property"},
	{`\p{sc=Latin}`, 0, "Unicode property"},
	{`\0101`, 0, "octal escape"},
	{`\012`, 0, "octal escape"},
	{`(?U)\w`, 2, "(?U) flag"},
	{`(?x)a b`, 2, "(?x) flag"},
	{`(?c)a`, 2, "(?c) flag"},
	{`\ba\b`, 0, "\\b word boundary"},
	{`a\B`, 1, "\\B non-word boundary"},
	{`\b{g}`, 0, "\\b word boundary"},
	{`\N{LATIN SMALL LETTER A}`, 0, "\\N{name}"},
	{`a$b`, 1, "$ not at end"},
	{`a$\n`, 1, "$ not at end"},
	{`a$\s*`, 1, "$ not at end"},
	{`(a$|b)c`, 2, "$ not at end"},
	{`(?m)a$b`, 5, "$ not at end"},
	{`(?m)^abc`, 4, "(?m) ^"},
	{`(?m)^`, 4, "(?m) ^"},
	{`^abc|(?m)^b`, 9, "(?m) ^"},
	{`(^|a){2}`, 1, "^ in repetition"},
	{`(?:\A|a){2,}`, 3, "^ in repetition"},
	{`(?:(?:^)|a){2}b`, 6, "^ in repetition"},
	{`\uD800`, 0, "surrogate"},
	{`\x{DC00}`, 0, "surrogate"},
	{`\uD83Da`, 0, "surrogate"},
	{`(?iu)é`, 5, "(?iu) non-ASCII"},
	{`(?iu)[à-ÿ]`, 6, "(?iu) non-ASCII"},
	{`(?iu)[a-ÿ]`, 6, "(?iu) non-ASCII"},
	{`a{1001}`, 1, "repetition count"},
	{`a{2000,}`, 1, "repetition count"},
	{`a{0,1001}`, 1, "repetition count"},
	{`(a{100}){100}`, 8, "repetition count"},
	{`{2}a`, 0, "quantifier without operand"},
	{`a{2}{3}`, 4, "quantifier without operand"},
	{`a*{2}`, 2, "quantifier without operand"},
	{"\x00", 0, "NUL character"},
}

func TestRejected(t *testing.T) {
	inCases := map[string]bool{}
	for _, c := range readCases(t, expectedFile) {
		inCases[c.pattern] = true
	}
	for _, r := range rejected {
		if !inCases[r.pattern] {
			t.Errorf("%q is not in testdata/cases.txt: add it so Java's verdict is recorded", escapeCase(r.pattern))
		}
		checkRejection(t, r)
	}
}

func checkRejection(t *testing.T, r rejection) {
	t.Helper()
	re, err := Translate(r.pattern)
	if err == nil {
		t.Errorf("Translate(%q) = %q, want a %q rejection", escapeCase(r.pattern), re, r.construct)
		return
	}
	e, ok := err.(*Error)
	if !ok {
		t.Errorf("Translate(%q): error %T is not *Error", escapeCase(r.pattern), err)
		return
	}
	if e.Offset != r.offset || e.Construct != r.construct {
		t.Errorf("Translate(%q) = (offset %d, %q), want (offset %d, %q): %v",
			escapeCase(r.pattern), e.Offset, e.Construct, r.offset, r.construct, e)
	}
	if _, aerr := Analyze(r.pattern); !errors.Is(aerr, err) && aerr.Error() != err.Error() {
		t.Errorf("Analyze(%q) error %v, want Translate's %v", escapeCase(r.pattern), aerr, err)
	}
}
