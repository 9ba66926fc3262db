package javaregex

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

var shapes = []struct {
	pattern  string
	kind     ShapeKind
	literals []string
	dotAll   bool
}{
	{`rob\.durable\..*`, Prefix, []string{"rob.durable."}, false},
	{`(?s)abc.*`, Prefix, []string{"abc"}, true},
	{`a|b|c`, Literals, []string{"a", "b", "c"}, false},
	{`.*\.dlq`, Suffix, []string{".dlq"}, false},
	{`a+`, General, nil, false},
	{`(?i)abc`, General, nil, false},

	{``, Literals, []string{""}, false},
	{`abc`, Literals, []string{"abc"}, false},
	{`^abc$`, Literals, []string{"abc"}, false},
	{`\Aabc\z`, Literals, []string{"abc"}, false},
	{`a|a|b`, Literals, []string{"a", "b"}, false},
	{`(a|(?:b|c))`, Literals, []string{"a", "b", "c"}, false},
	{`a|`, Literals, []string{"a", ""}, false},
	{`\Qa.b\E`, Literals, []string{"a.b"}, false},
	{`\x41\u00e9\x{1F600}`, Literals, []string{"Aé😀"}, false},
	{`(?i)1-2`, Literals, []string{"1-2"}, false}, // no letters: still exact
	{`[a]`, Literals, []string{"a"}, false},
	{`(?i)[^\x00-@\[-\x{10FFFF}]`, General, nil, false},

	{`.*`, Prefix, []string{""}, false},
	{`(?s).*`, Prefix, []string{""}, true},
	{`abc.*?`, Prefix, []string{"abc"}, false},
	{`^abc.*$`, Prefix, []string{"abc"}, false},
	{`(?:abc)(?:.*)`, Prefix, []string{"abc"}, false},
	{`abc\p{all}*`, Prefix, []string{"abc"}, true},
	{`[\s\S]*abc`, Suffix, []string{"abc"}, true},
	{`^.*abc`, Suffix, []string{"abc"}, false},
	{`(?s:.*)\.dlq`, Suffix, []string{".dlq"}, true},

	{`(?d)abc.*`, General, nil, false}, // UNIX_LINES "." excludes only \n
	{`abc.+`, General, nil, false},
	{`a.*b`, General, nil, false},
	{`.*a.*`, General, nil, false},
	{`abc|.*`, General, nil, false},
	{`a\Ab`, General, nil, false},
	{`a{3}`, General, nil, false},
	{`[ab]`, General, nil, false},
	{`[^\x00-\x{D7FF}\x{E000}-\x{10FFFF}]`, General, nil, false}, // only surrogates: no string holds one
}

func TestAnalyze(t *testing.T) {
	for _, c := range shapes {
		got, err := Analyze(c.pattern)
		if err != nil {
			t.Errorf("Analyze(%q): %v", c.pattern, err)
			continue
		}
		if got.Kind != c.kind || !slices.Equal(got.Literals, c.literals) || got.DotAll != c.dotAll {
			t.Errorf("Analyze(%q) = %v %q DotAll=%v, want %v %q DotAll=%v",
				c.pattern, got.Kind, got.Literals, got.DotAll, c.kind, c.literals, c.dotAll)
		}
		checkShapeAgrees(t, c.pattern, got, "", "x", "abc.dlq", "rob.durable.q", "a\nb", "Aé😀")
	}
}

func TestAnalyzeRejects(t *testing.T) {
	if _, err := Analyze(`a(?=b)`); err == nil {
		t.Fatal("Analyze accepted a pattern Translate rejects")
	} else if _, ok := err.(*Error); !ok {
		t.Fatalf("Analyze error %T is not *Error", err)
	}
}

// shapeMatch is the verdict a Shape gives, as a fast path would compute it.
func shapeMatch(s Shape, name string) bool {
	restOK := func(rest string) bool {
		return s.DotAll || !strings.ContainsAny(rest, "\n\r\u0085\u2028\u2029")
	}
	switch s.Kind {
	case Literals:
		return slices.Contains(s.Literals, name)
	case Prefix:
		rest, ok := strings.CutPrefix(name, s.Literals[0])
		return ok && restOK(rest)
	case Suffix:
		rest, ok := strings.CutSuffix(name, s.Literals[0])
		return ok && restOK(rest)
	}
	panic("shapeMatch on a General shape")
}

// checkShapeAgrees compares the shape's verdict with the translated
// regexp's on the given names and on names built from the shape's
// literals.
func checkShapeAgrees(t *testing.T, pattern string, s Shape, names ...string) {
	t.Helper()
	if s.Kind == General {
		return
	}
	re, err := Translate(pattern)
	if err != nil {
		t.Fatalf("Analyze accepted %q but Translate rejects it: %v", pattern, err)
	}
	rx := regexp.MustCompile(re)
	for _, n := range derivedNames(s, names) {
		if got, want := shapeMatch(s, n), rx.MatchString(n); got != want {
			t.Errorf("%q: shape %v %q DotAll=%v says %v on %q, regexp %q says %v",
				pattern, s.Kind, s.Literals, s.DotAll, got, n, re, want)
		}
	}
}

func derivedNames(s Shape, names []string) []string {
	out := slices.Clone(names)
	for _, lit := range s.Literals {
		for _, n := range names {
			out = append(out, lit+n, n+lit)
		}
		out = append(out, lit, lit+"\n", "\r"+lit, lit+"\u2028x", "x\u0085"+lit, lit+lit)
		if lit != "" {
			out = append(out, lit[1:], lit[:len(lit)-1])
		}
	}
	return out
}
