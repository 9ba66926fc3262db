package javaregex

import (
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/destgen/destgen/internal/seedcorpus"
)

// FuzzTranslate checks the invariants that need no Java: Translate never
// panics and either accepts or rejects with a well-formed *Error; an
// accepted translation compiles; Analyze agrees with Translate on validity,
// and a non-General shape gives the compiled regexp's verdict on names
// derived from the fuzzed input and the shape's literals.
func FuzzTranslate(f *testing.F) {
	for _, r := range rejected {
		seedcorpus.Add(f, r.pattern, "")
	}
	for _, c := range readCases(f, expectedFile) {
		in := ""
		if len(c.inputs) > 0 {
			in = c.inputs[0]
		}
		seedcorpus.Add(f, c.pattern, in)
	}
	for _, s := range shapes {
		seedcorpus.Add(f, s.pattern, "x")
	}
	for _, k := range []int{1, 9, 10} { // around maxRewriteNodes for (?m) $
		seedcorpus.Add(f, crStars(k), "\r\u0085a\r\n")
	}
	f.Fuzz(func(t *testing.T, pattern, input string) {
		re, err := Translate(pattern)
		shape, aerr := Analyze(pattern)
		if err != nil {
			checkFuzzError(t, pattern, err)
			if aerr == nil || aerr.Error() != err.Error() {
				t.Fatalf("Analyze(%q) error %v, Translate error %v", pattern, aerr, err)
			}
			return
		}
		if aerr != nil {
			t.Fatalf("Translate accepts %q but Analyze rejects it: %v", pattern, aerr)
		}
		rx, cerr := regexp.Compile(re)
		if cerr != nil {
			t.Fatalf("translation %q of %q does not compile: %v", re, pattern, cerr)
		}
		if shape.Kind == General {
			return
		}
		for _, n := range derivedNames(shape, []string{input, ""}) {
			if !utf8.ValidString(n) {
				continue // documented: no Java answer exists for such names
			}
			if got, want := shapeMatch(shape, n), rx.MatchString(n); got != want {
				t.Fatalf("%q: shape %v %q DotAll=%v says %v on %q, regexp %q says %v",
					pattern, shape.Kind, shape.Literals, shape.DotAll, got, n, re, want)
			}
		}
	})
}

func checkFuzzError(t *testing.T, pattern string, err error) {
	e, ok := err.(*Error)
	switch {
	case !ok:
		t.Fatalf("Translate(%q) error %T is not *Error", pattern, err)
	case e.Construct == ConstructInternal:
		t.Fatalf("Translate(%q): %v", pattern, e)
	case e.Offset < 0 || e.Offset > len(pattern):
		t.Fatalf("Translate(%q): offset %d outside the pattern", pattern, e.Offset)
	case e.Construct == "" || e.Msg == "":
		t.Fatalf("Translate(%q): incomplete error %+v", pattern, e)
	}
}
