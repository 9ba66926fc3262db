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
	{"\\08", 0, "syntax"},
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
	{`\Ga`, 0, "\\G"},
	{`\X`, 0, "\\X grapheme cluster"},
	{`\ba\b`, 0, "\\b word boundary"},
	{`a\B`, 1, "\\B non-word boundary"},
	{`\b{g}`, 0, "\\b word boundary"},
	{`(?m)^abc`, 4, "(?m) ^"},
	{`(?m)^`, 4, "(?m) ^"},
	{`^abc|(?m)^b`, 9, "(?m) ^"},

	// Issue 24 corpus (testdata/cases.txt, last section).
	{"\\R{2}", 0, "\\R linebreak"},
	{"(?:\\R){2}", 3, "\\R linebreak"},
	{"\\R?\\n", 0, "\\R linebreak"},
	{"\\R*\\n", 0, "\\R linebreak"},
	{"\\R+\\n", 0, "\\R linebreak"},
	{"\\R{1,3}", 0, "\\R linebreak"},
	{"(?:\\R\\n)*", 3, "\\R linebreak"},
	{"a*+a", 1, "possessive quantifier"},
	{"[ab]++b", 4, "possessive quantifier"},
	{"a{2,3}+a", 1, "possessive quantifier"},
	{"(?:ab)*+", 6, "possessive quantifier"},
	{"(a*+)*", 2, "possessive quantifier"},
	{"a?+a", 1, "possessive quantifier"},
	{"(?x)a{ 2}", 5, "syntax"},
	{"a{2147483647}", 1, "repetition count"},
	{"\\1(a)", 0, "backreference"},
	{"(a)\\10", 3, "backreference"},
	{"[&&]", 1, "syntax"},
	{"[a&&[]]", 6, "syntax"},
	{"\\p{isalphabetic}", 0, "syntax"},
	{"\\p{isgreek}", 0, "syntax"},
	{"\\p{sc=Vithkuqi}", 0, "syntax"},
	{"\\p{InGreek_and_Coptic}", 0, "syntax"},
	{"\\p{InArabic_Extended_B}", 0, "syntax"},
	{"\\p{InArabicExtendedA}", 0, "syntax"},
	{"\\p{InLatin1Supplement}", 0, "syntax"},
	{"\\p{InNoSuchBlock}", 0, "syntax"},
	{"\\p{IsNoSuchScript}", 0, "syntax"},
	{"\\p{Nosuch}", 0, "syntax"},
	{"\\p{gc=Nosuch}", 0, "syntax"},
	{"\\p{sc=}", 0, "syntax"},
	{"\\p{xx=Lu}", 0, "syntax"},
	{"\\p{lu}", 0, "syntax"},
	{"\\p{javalowercase}", 0, "syntax"},
	{"\\N{NO SUCH NAME}", 0, "syntax"},
	{"(?c)[a]*+", 7, "possessive quantifier"},
	{"(?c)[a-", 5, "syntax"},
	{"(?c)\\p{Nosuch}", 4, "syntax"},
	{"\\N{LINE FEED}", 0, "syntax"},
	{"\\N{LF}", 0, "syntax"},
	{"\\N{LATIN 1 SUPPLEMENT 85}", 0, "syntax"},
	{"\\N{CJK UNIFIED IDEOGRAPHS 9FFD}", 0, "syntax"},
	{"\\N{CJK UNIFIED IDEOGRAPHS 04E00}", 0, "syntax"},
	{"\\N{CJK UNIFIED IDEOGRAPHS +4E00}", 0, "syntax"},
	{"\\N{CJK UNIFIED IDEOGRAPHS  4E00}", 0, "syntax"},
	{"\\N{CJK UNIFIED IDEOGRAPH-4E00}", 0, "syntax"},
	{"\\N{HANGUL SYLLABLE GA}", 0, "syntax"},
	{"\\N{TANGUT 187F8}", 0, "syntax"},
	{"\\N{LATIN SMALL LETTER ı WITH DOT ABOVE}", 0, "syntax"},
	{"\\N{LATIN SMALL LETTER SHARP ß}", 0, "syntax"},
	{"\\N{LATIN SMALL LETTER ﬀ}", 0, "syntax"},
	{"\\N{KELVIN SIGN}", 0, "syntax"},
	{"\\N{ARABIC LETTER ALEF WITH ATTACHED FATHA}", 0, "syntax"},
	{"\\N{LATIN CAPITAL LETTER MIDDLE SCOTS S}", 0, "syntax"},
	{"\\N{}", 0, "syntax"},
	{"\\N{ }", 0, "syntax"},
	{"\\N{LATIN SMALL LETTER A", 0, "syntax"},
	{"\\N", 0, "syntax"},
	{"\\Nx", 0, "syntax"},
	{"(?x)\\N{LATIN SMALL#}\nLETTER A}", 4, "syntax"},
	{"\\N{BYTE ORDER MARK}", 0, "syntax"},
	{"\\N{LATIN  SMALL LETTER A}", 0, "syntax"},
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
