package javaregex

import (
	"regexp"
	"testing"
)

// TestLoneSurrogates: an escaped lone surrogate matches nothing a name can
// hold, at the range's edges and beside them, alone or in a class, and a
// set holding every surrogate is left as Go already reads it.
func TestLoneSurrogates(t *testing.T) {
	for _, c := range []struct {
		pattern string
		in      string
		want    bool
	}{
		{`\x{D7FF}`, "\uD7FF", true}, // below the range: a character
		{`\x{D800}`, "\uFFFD", false},
		{`\x{D800}`, "", false},
		{`\x{DFFF}`, "\uFFFD", false},
		{`\x{E000}`, "\uE000", true}, // above the range
		{`[\x{D7FF}-\x{D800}]`, "\uD7FF", true},
		{`[\x{D7FF}-\x{D800}]`, "\uFFFD", false},
		{`[\x{DFFF}-\x{E000}]`, "\uE000", true},
		{`[\x{D000}-\x{E000}]`, "\uD000", true}, // every surrogate: kept as is
		{`[\x{D000}-\x{E000}]`, "\uFFFD", false},
		{`[^\uD800]`, "\uFFFD", true},
		{`\uD83D.`, "\uFFFDa", false},
		{`\uD83D\uDE00`, "\U0001F600", true}, // a \u pair is one character, as in Java
		{"a\x00", "a\x00", true},             // a raw NUL is a literal
	} {
		re, err := Translate(c.pattern)
		if err != nil {
			t.Fatalf("%q: %v", c.pattern, err)
		}
		if got := regexp.MustCompile(re).MatchString(c.in); got != c.want {
			t.Errorf("%q (%s) on %q = %v, want %v", c.pattern, re, c.in, got, c.want)
		}
	}
}
