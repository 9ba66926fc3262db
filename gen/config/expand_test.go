package config

import (
	"strconv"
	"strings"
	"testing"
)

// expandCtx is a context as Broker-J's MapResolver holds it (its values
// already converted).
var expandCtx = map[string]string{
	"tenant": "rob", "a": "${b}", "b": "${a}", "n": "x${tenant}", "d": "a$$b",
	"a${b": "NESTED", "": "EMPTY", "q": `say "hi" \ ok`, "j": "${json:j}",
	// StringsTest.testSubstitutionResolver, testNestedSubstitutionResolver
	"test": `C:\TEMP\"Hello World"`, "nestedTest": "${test}",
}

// expandTests give Broker-J's answers. Each was checked against
// org.apache.qpid.server.util.Strings.expand (broker-core, at 1df338ce92),
// compiled and run on Java 17 with the same map, with failOnUnresolved
// true (strict) and false (lenient, as AbstractConfiguredObject.interpolate
// calls it). Where Broker-J throws, destgen's message is its own, in
// Broker-J's words ("no such variable", "recursively defined variable").
var expandTests = []struct {
	in, strict, lenient string // "error: ..." for an error
}{
	// The examples.
	{`${tenant}\.durable\..*`, `rob\.durable\..*`, `rob\.durable\..*`},
	{"orders$$", "orders$", "orders$"},
	// "$$" is matched before "${", one '$' each time.
	{"$${tenant}", "${tenant}", "${tenant}"},
	{"$$$", "$$", "$$"},
	{"$${", "${", "${"},
	{"x$", "x$", "x$"},
	// An unterminated reference is text.
	{"${abc", "${abc", "${abc"},
	// A name runs to the first '}'.
	{"${a${b}}", "NESTED}", "NESTED}"},
	{"${}", "EMPTY", "EMPTY"},
	{"${$$}", "error: no such variable: $$", "${$$}"},
	// No defaults.
	{"${name:-def}", "error: no such variable: name:-def", "${name:-def}"},
	// Values are expanded in turn; "$$" in a value is read there.
	{"${n}", "xrob", "xrob"},
	{"${d}", "a$b", "a$b"},
	// A name may come again after its expansion, and within a sibling's.
	{"${n}-${n}${tenant}", "xrob-xrobrob", "xrob-xrobrob"},
	// AbstractConfiguredObjectTest.testSetAttributesInterpolateValues: an
	// unknown name is left as it is ("${foo3}").
	{"${nope}", "error: no such variable: nope", "${nope}"},
	{"x${n}${nope}", "error: no such variable: nope", "xxrob${nope}"},
	// Cycles are errors either way.
	{"${a}", "error: recursively defined variable: a (a -> b -> a)", "error: recursively defined variable: a (a -> b -> a)"},
	{"${j}", "error: recursively defined variable: json:j (json:j -> j -> json:j)", "error: recursively defined variable: json:j (json:j -> j -> json:j)"},
	// json: escapes '\' and '"'; StringsTest's two cases.
	{"${json:q}", `say \"hi\" \\ ok`, `say \"hi\" \\ ok`},
	{`{ "path" : "${json:test}\foo" }`, `{ "path" : "C:\\TEMP\\\"Hello World\"\foo" }`, `{ "path" : "C:\\TEMP\\\"Hello World\"\foo" }`},
	{`{ "path" : "${json:nestedTest}\foo" }`, `{ "path" : "C:\\TEMP\\\"Hello World\"\foo" }`, `{ "path" : "C:\\TEMP\\\"Hello World\"\foo" }`},
	{"${json:nope}", "error: no such variable: nope (json:nope -> nope)", "${nope}"},
}

func TestExpand(t *testing.T) {
	sc := &scope{own: expandCtx}
	for _, tc := range expandTests {
		for _, strict := range []bool{true, false} {
			want := tc.lenient
			if strict {
				want = tc.strict
			}
			got, spans, e := sc.expand(tc.in, strict)
			if e.err != nil {
				got = "error: " + e.err.msg
			}
			if got != want {
				t.Errorf("expand(%q, strict %v) = %q, want %q", tc.in, strict, got, want)
			}
			if e.err == nil && got != tc.in && spans == nil {
				t.Errorf("expand(%q) changed the text without spans", tc.in)
			}
		}
	}
}

// TestExpandSpans maps offsets of an expansion back to its source: copied
// text exactly, a substitution to its '$'.
func TestExpandSpans(t *testing.T) {
	sc := &scope{own: map[string]string{"t": "rob", "e": ""}}
	src := "a${t}b$$c${e}d"
	out, spans, _ := sc.expand(src, true)
	if out != "arobb$cd" {
		t.Fatalf("expand = %q", out)
	}
	// out:  a r o b b $ c d (end)
	want := []int{0, 1, 1, 1, 5, 6, 8, 13, 14}
	for off, w := range want {
		if got := srcOffset(spans, off); got != w {
			t.Errorf("srcOffset(%d) = %d, want %d", off, got, w)
		}
	}
}

// TestExpandLimits puts each limit at, below and above its bound.
func TestExpandLimits(t *testing.T) {
	for _, n := range []int{maxExpandedBytes - 1, maxExpandedBytes, maxExpandedBytes + 1} {
		sc := &scope{own: map[string]string{"v": strings.Repeat("x", n)}}
		_, _, e := sc.expand("${v}", true)
		if bad := n > maxExpandedBytes; (e.err != nil) != bad || bad && e.err.msg != "expands to over 1048576 bytes" {
			t.Errorf("value of %d bytes: %v", n, e.err)
		}
	}
	// "${v}" costs 1 and v's length; v = "${NAME}" costs 1 more for NAME,
	// whose value "" adds nothing. So a name of n bytes costs n+5.
	for _, n := range []int{maxExpandWork - 6, maxExpandWork - 5, maxExpandWork - 4} {
		name := strings.Repeat("n", n)
		sc := &scope{own: map[string]string{"v": "${" + name + "}", name: ""}}
		_, _, e := sc.expand("${v}", true)
		if bad := n+5 > maxExpandWork; (e.err != nil) != bad || bad && e.err.msg != "takes over 16777216 steps to expand" {
			t.Errorf("name of %d bytes: %v", n, e.err)
		}
	}
	// A chain of references n deep: v1 = ${v2}, ..., vn = "".
	for _, n := range []int{maxExpandDepth - 1, maxExpandDepth, maxExpandDepth + 1} {
		own := map[string]string{"v" + strconv.Itoa(n): ""}
		for i := 1; i < n; i++ {
			own["v"+strconv.Itoa(i)] = "${v" + strconv.Itoa(i+1) + "}"
		}
		_, _, e := (&scope{own: own}).expand("${v1}", true)
		if bad := n > maxExpandDepth; (e.err != nil) != bad || bad && e.err.msg != "nests references over 1000 deep" {
			t.Errorf("chain of %d: %v", n, e.err)
		}
	}
	// Doubling: 2^40 references, stopped by the work bound. Long names
	// make each reference cost a lot, to get there quickly.
	long := strings.Repeat("n", 1000)
	own := map[string]string{"a40" + long: ""}
	for i := 39; i >= 0; i-- {
		ref := "${a" + strconv.Itoa(i+1) + long + "}"
		own["a"+strconv.Itoa(i)+long] = ref + ref
	}
	if _, _, e := (&scope{own: own}).expand("${a0"+long+"}", true); e.err == nil || e.err.msg != "takes over 16777216 steps to expand" {
		t.Errorf("doubling variables: %v", e.err)
	}
}

func TestScopeOrder(t *testing.T) {
	env := map[string]string{"x": "env", "y": "env", "z": "env", "empty": ""}
	vars := &Vars{
		Flags: map[string]string{"x": "flag", "y": "flag", "this:name": "flag"},
		Env:   func(n string) (string, bool) { v, ok := env[n]; return v, ok },
	}
	sc := &scope{own: map[string]string{"x": "own", "this:name": "own"}, vars: vars}
	for name, want := range map[string]string{"x": "own", "y": "flag", "z": "env", "empty": "", "this:name": "flag"} {
		if got, ok := sc.lookup(name); !ok || got != want {
			t.Errorf("lookup(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	vars.Env = nil
	if _, ok := sc.lookup("z"); ok {
		t.Error("the environment was read without -context-env")
	}
}

func TestParseVars(t *testing.T) {
	v, err := ParseVars([]string{"a=1", "b=x=y", "c="}, nil)
	if err != nil || len(v.Flags) != 3 || v.Flags["a"] != "1" || v.Flags["b"] != "x=y" || v.Flags["c"] != "" || v.Env != nil {
		t.Errorf("ParseVars = %+v, %v", v, err)
	}
	if _, err := ParseVars([]string{"a"}, nil); err == nil || err.Error() != `-context "a" is not NAME=VALUE` {
		t.Errorf("ParseVars(a) = %v", err)
	}
}
