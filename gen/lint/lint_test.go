package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
)

// load builds a model from config text named c.json, failing on errors.
func load(t *testing.T, cfg string) *model.Model {
	t.Helper()
	m, diags := model.Load("c.json", []byte(cfg))
	if diags.Errors() > 0 {
		t.Fatalf("invalid config %s:\n%v", cfg, diags)
	}
	return m
}

// dests is a config with one destination per pattern, one per line, so
// that destination i is at line i+2, column 3.
func dests(pats ...string) string {
	var b strings.Builder
	b.WriteString("{\"destinations\": [\n")
	for i, p := range pats {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  {\"name\": %q}", p)
	}
	b.WriteString("\n]}")
	return b.String()
}

// policies is a config with one policy per line (policy i at line i+2,
// column 3); each spec is "pattern" or "pattern|ops" with ops "p", "c" or
// "pc" (the default).
func policies(specs ...string) string {
	var b strings.Builder
	b.WriteString("{\"nodeAutoCreationPolicies\": [\n")
	for i, s := range specs {
		pat, ops, ok := strings.Cut(s, "\x00")
		if !ok {
			ops = "pc"
		}
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  {\"pattern\": %q, \"nodeType\": \"queue\", \"createdOnPublish\": %v, \"createdOnConsume\": %v}",
			pat, strings.Contains(ops, "p"), strings.Contains(ops, "c"))
	}
	b.WriteString("\n]}")
	return b.String()
}

// only restricts a policy spec to some operations ("p", "c").
func only(pattern, ops string) string { return pattern + "\x00" + ops }

var lintTests = []struct {
	name string
	cfg  string
	want []string
}{
	// Ambiguity.
	{"star ambiguity", dests("foo.*", "*.bar"), []string{
		`c.json:3:3: warning: destination 1 "*.bar" and destination 0 "foo.*" (at c.json:2:3) both match "foo.bar" and neither is more specific; "foo.*" wins by the tie-break (element 1 is the first where only one has a wildcard)`}},
	{"later pattern wins", dests("a.*.c", "a.b.*"), []string{
		`c.json:3:3: warning: destination 1 "a.b.*" and destination 0 "a.*.c" (at c.json:2:3) both match "a.b.c" and neither is more specific; "a.b.*" wins by the tie-break (element 2 is the first where only one has a wildcard)`}},
	{"tail ambiguity, same length", dests("a.*.>", "*.b.>"), []string{
		`c.json:3:3: warning: destination 1 "*.b.>" and destination 0 "a.*.>" (at c.json:2:3) both match "a.b.x" and neither is more specific; "a.*.>" wins by the tie-break (element 1 is the first where only one has a wildcard)`}},
	{"subset is not ambiguous", dests("foo.*", "*.*", "a.b.>", "*.*.>"), nil},
	{"tails of different lengths are ranked", dests("a.>", "*.b.>"), nil},
	{"different classes are ranked", dests("a.*", "*.>", "a.b"), nil},
	{"no common name", dests("a.*.c", "b.*.*", "a.*.*.*"), nil},
	{"no common name within the byte limit", dests(strings.Repeat("a", 127)+".*.>", "*."+strings.Repeat("b", 120)+".>"), nil},
	{"each reported once, against the earliest", dests("a.*", "*.b", "*.c", "d.*"), []string{
		`c.json:3:3: warning: destination 1 "*.b" and destination 0 "a.*" (at c.json:2:3) both match "a.b" and neither is more specific; "a.*" wins by the tie-break (element 1 is the first where only one has a wildcard)`,
		`c.json:4:3: warning: destination 2 "*.c" and destination 0 "a.*" (at c.json:2:3) both match "a.c" and neither is more specific; "a.*" wins by the tie-break (element 1 is the first where only one has a wildcard)`,
		`c.json:5:3: warning: destination 3 "d.*" and destination 1 "*.b" (at c.json:3:3) both match "d.b" and neither is more specific; "d.*" wins by the tie-break (element 1 is the first where only one has a wildcard)`}},

	// Dead properties.
	{"dead tail", dests("a.>", "a.*", "a.*.>"), []string{
		`c.json:2:3: warning: destination 0 "a.>" never supplies properties: every name it matches has a more preferred match ("a.*" for names of 2 elements, "a.*.>" for 3 or more); it still counts for ACLs`}},
	{"covers with wildcards in the head", dests("*.*.>", "a.b.>", "*.b.*", "*.*.*.>"), []string{
		`c.json:3:3: warning: destination 1 "a.b.>" never supplies properties: every name it matches has a more preferred match ("*.b.*" for names of 3 elements, "*.*.*.>" for 4 or more); it still counts for ACLs`}},
	{"a same-length tail is no cover", dests("*.*.>", "a.b.>", "*.b.*"), nil},
	{"root tail", dests(">", "*", "*.>"), []string{
		`c.json:2:3: warning: destination 0 ">" never supplies properties: every name it matches has a more preferred match ("*" for names of 1 element, "*.>" for 2 or more); it still counts for ACLs`}},
	{"longer names still reach it", dests("a.>", "a.*", "a.*.*"), nil},
	{"a literal cover is not a cover", dests("a.>", "a.b", "a.*.>"), nil},
	{"same-length tail loses the tie-break to it", dests("a.>", "a.*", "*.*.>", "*.>"), []string{
		`c.json:2:3: warning: destination 0 "a.>" never supplies properties: every name it matches has a more preferred match ("a.*" for names of 2 elements, "*.*.>" for 3 or more); it still counts for ACLs`}},
	{"star class is never dead", dests("a.*", "a.b", "a.c"), nil},
	{"byte limit leaves one length", dests(strings.Repeat("a", 127)+"."+strings.Repeat("b", 119)+".>", strings.Repeat("a", 127)+".*.*"), []string{
		`c.json:2:3: warning: destination 0 "` + strings.Repeat("a", 127) + "." + strings.Repeat("b", 119) + `.>" never supplies properties: every name it matches has a more preferred match ("` + strings.Repeat("a", 127) + `.*.*" for names of 3 elements); it still counts for ACLs`}},
	{"element limit", dests(append([]string{"a.>"}, starRun("a", 2, 64)...)...), []string{
		`c.json:2:3: warning: destination 0 "a.>" never supplies properties: every name it matches has a more preferred match ("a.*" for names of 2 elements, "a.*.*" for 3, "a.*.*.*" for 4, and 60 more); it still counts for ACLs`}},
	{"one short of the element limit", dests(append([]string{"a.>"}, starRun("a", 2, 63)...)...), nil},

	// Dead policies.
	{"literal under a prefix", policies(`rob\..*`, only(`rob\.x`, "p")), []string{
		`c.json:3:3: warning: policy 1 "rob\\.x" never creates a node: an earlier policy takes every name it matches (on publish: policy 0 "rob\\..*" at c.json:2:3)`}},
	{"prefix under a prefix", policies(`rob\..*`, `rob\.durable\..*`), []string{
		`c.json:3:3: warning: policy 1 "rob\\.durable\\..*" never creates a node: an earlier policy takes every name it matches (on publish and consume: policy 0 "rob\\..*" at c.json:2:3)`}},
	{"suffix under a suffix", policies(`.*dlq`, `.*\.dlq`), []string{
		`c.json:3:3: warning: policy 1 ".*\\.dlq" never creates a node: an earlier policy takes every name it matches (on publish and consume: policy 0 ".*dlq" at c.json:2:3)`}},
	{"DOTALL rest is wider", policies(`a.*`, `(?s)a.*`, `a.*b`), nil},
	{"DOTALL covers non-DOTALL", policies(`(?s)a.*`, `ab.*`), []string{
		`c.json:3:3: warning: policy 1 "ab.*" never creates a node: an earlier policy takes every name it matches (on publish and consume: policy 0 "(?s)a.*" at c.json:2:3)`}},
	{"line terminator in the remainder", policies(`a.*`, `a\nb.*`, `a\u2028`), nil},
	{"dot-star takes everything", policies(`(?s).*`, `[ab]+x`), []string{
		`c.json:3:3: warning: policy 1 "[ab]+x" never creates a node: an earlier policy takes every name it matches (on publish and consume: policy 0 "(?s).*" at c.json:2:3)`}},
	{"non-DOTALL dot-star proves nothing about a general pattern", policies(`.*`, `[ab]+x`), nil},
	{"literals under a union", policies(`a`, `b|c`, `a|b`), []string{
		`c.json:4:3: warning: policy 2 "a|b" never creates a node: earlier policies take every name it matches (on publish and consume: policies 0 "a" at c.json:2:3, 1 "b|c" at c.json:3:3)`}},
	{"literal under a general pattern", policies(`[ab]x`, `ax`), []string{
		`c.json:3:3: warning: policy 1 "ax" never creates a node: an earlier policy takes every name it matches (on publish and consume: policy 0 "[ab]x" at c.json:2:3)`}},
	{"identical general patterns", policies(`[ab]+`, `[ab]+`), []string{
		`c.json:3:3: warning: policy 1 "[ab]+" never creates a node: an earlier policy takes every name it matches (on publish and consume: policy 0 "[ab]+" at c.json:2:3)`}},
	{"general cover of a prefix is not decided", policies(`[ab].*`, `a.*`), nil},
	{"operations are separate", policies(only(`a.*`, "p"), `a\.b`), nil},
	{"different cover per operation", policies(only(`a.*`, "p"), only(`.*b`, "c"), `a\.b`), []string{
		`c.json:4:3: warning: policy 2 "a\\.b" never creates a node: earlier policies take every name it matches (on publish: policy 0 "a.*" at c.json:2:3; on consume: policy 1 ".*b" at c.json:3:3)`}},
}

// starRun returns lit.*, lit.*.*, ... with from..to elements.
func starRun(lit string, from, to int) []string {
	var out []string
	for n := from; n <= to; n++ {
		out = append(out, lit+strings.Repeat(".*", n-1))
	}
	return out
}

func TestLint(t *testing.T) {
	for _, tc := range lintTests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, d := range Check(load(t, tc.cfg)) {
				got = append(got, d.String())
			}
			if g, w := strings.Join(got, "\n"), strings.Join(tc.want, "\n"); g != w {
				t.Errorf("got:\n%s\nwant:\n%s", g, w)
			}
		})
	}
}

// TestOneOfEach pins the closing example: one warning of each kind.
func TestOneOfEach(t *testing.T) {
	path := filepath.Join("testdata", "one-of-each.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, diags := model.Load("one-of-each.json", data)
	if diags.Errors() > 0 {
		t.Fatal(diags)
	}
	var got []string
	for _, d := range Check(m) {
		got = append(got, d.String())
	}
	want := []string{
		`one-of-each.json:4:5: warning: destination 1 "orders.*.created" and destination 0 "orders.eu.*" (at one-of-each.json:3:5) both match "orders.eu.created" and neither is more specific; "orders.eu.*" wins by the tie-break (element 2 is the first where only one has a wildcard)`,
		`one-of-each.json:5:5: warning: destination 2 "audit.>" never supplies properties: every name it matches has a more preferred match ("audit.*" for names of 2 elements, "audit.*.>" for 3 or more); it still counts for ACLs`,
		`one-of-each.json:11:5: warning: policy 1 "rob\\.durable\\.orders" never creates a node: an earlier policy takes every name it matches (on publish: policy 0 "rob\\..*" at one-of-each.json:10:5)`,
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("got:\n%s\nwant:\n%s", g, w)
	}
}
