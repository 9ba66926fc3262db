package model

import (
	"fmt"
	"github.com/destgen/destgen/gen/config"
	"strings"
	"testing"
)

// dests builds a one-line config from destination objects, so the columns
// in the tables below can be read off the literal.
func dests(objs ...string) string {
	return `{"destinations": [` + strings.Join(objs, ", ") + `]}`
}

// modelErrors are every error path of package model, with the exact
// diagnostics Load reports for file "c.json".
var modelErrors = []struct {
	name, in string
	want     []string
}{
	// Each subject error, positioned inside the name string.
	{"empty name", dests(`{"name": ""}`), []string{
		`c.json:1:29: error: destination 0: invalid pattern "": empty destination`}},
	{"leading dot", dests(`{"name": ".foo"}`), []string{
		`c.json:1:29: error: destination 0: invalid pattern ".foo": empty element`}},
	{"trailing dot", dests(`{"name": "foo."}`), []string{
		`c.json:1:33: error: destination 0: invalid pattern "foo.": empty element`}},
	{"empty element", dests(`{"name": "foo..bar"}`), []string{
		`c.json:1:33: error: destination 0: invalid pattern "foo..bar": empty element`}},
	{"partial star", dests(`{"name": "foo*"}`), []string{
		`c.json:1:32: error: destination 0: invalid pattern "foo*": wildcard '*' must be a whole element`}},
	{"partial tail", dests(`{"name": "foo.b>r"}`), []string{
		`c.json:1:34: error: destination 0: invalid pattern "foo.b>r": wildcard '>' must be a whole element`}},
	{"tail not last", dests(`{"name": "a.>.b"}`), []string{
		`c.json:1:31: error: destination 0: invalid pattern "a.>.b": '>' may only be the last element`}},
	// An escape before the error shifts the column by its source width.
	{"escaped star", dests(`{"name": "a\u002eb*"}`), []string{
		`c.json:1:37: error: destination 0: invalid pattern "a.b*": wildcard '*' must be a whole element`}},
	{"too long", dests(`{"name": "` + strings.Repeat("a", 250) + `"}`), []string{
		`c.json:1:278: error: destination 0: invalid pattern "` + strings.Repeat("a", 250) + `": destination is 250 bytes, over the limit of 249`}},
	{"too many elements", dests(`{"name": "` + strings.Repeat("a.", 64) + `a"}`), []string{
		`c.json:1:29: error: destination 0: invalid pattern "` + strings.Repeat("a.", 64) + `a": destination has 65 elements, over the limit of 64`}},
	{"element too long", dests(`{"name": "a.` + strings.Repeat("b", 128) + `"}`), []string{
		`c.json:1:31: error: destination 0: invalid pattern "a.` + strings.Repeat("b", 128) + `": element is 128 bytes, over the limit of 127`}},
	{"second destination", dests(`{"name": "ok"}`, `{"name": "*x"}`), []string{
		`c.json:1:45: error: destination 1: invalid pattern "*x": wildcard '*' must be a whole element`}},

	{"duplicate", dests(`{"name": "a.b"}`, `{"name": "a.*"}`, `{"name": "a.b"}`), []string{
		`c.json:1:62: error: destination 2: duplicate destination "a.b" (first at c.json:1:28)`}},

	{"type conflict", dests(`{"name": "a", "properties": {"x": 1}}`, `{"name": "b", "properties": {"x": "1"}}`), []string{
		`c.json:1:92: error: property "x" is a string here but an integer at c.json:1:48`}},
	{"int vs float", dests(`{"name": "a", "properties": {"x": 1}}`, `{"name": "b", "properties": {"x": 1.0}}`), []string{
		`c.json:1:92: error: property "x" is a float here but an integer at c.json:1:48`}},
	{"conflict reported per use", dests(`{"name": "a", "properties": {"x": true}}`, `{"name": "b", "properties": {"x": 1}}`, `{"name": "c", "properties": {"x": 2}}`), []string{
		`c.json:1:95: error: property "x" is an integer here but a boolean at c.json:1:48`,
		`c.json:1:134: error: property "x" is an integer here but a boolean at c.json:1:48`}},
	{"go name clash", dests(`{"name": "a", "properties": {"max-msgs": 1, "max_msgs": 2}}`), []string{
		`c.json:1:63: error: property "max_msgs" and property "max-msgs" (at c.json:1:48) both become Go field MaxMsgs`}},
	{"go name clash across destinations", dests(`{"name": "a", "properties": {"maxMsgs": 1}}`, `{"name": "b", "properties": {"MaxMsgs": 1}}`), []string{
		`c.json:1:93: error: property "MaxMsgs" and property "maxMsgs" (at c.json:1:48) both become Go field MaxMsgs`}},

	// Store and cluster: unset is a value of its own, and "" is not unset.
	{"store unset vs set", dests(`{"name": "foo.*"}`, `{"name": "foo.bar", "store": "s1"}`), []string{
		`c.json:1:38: error: destination 1 "foo.bar" (store "s1", cluster unset) overlaps destination 0 "foo.*" (store unset, cluster unset) at c.json:1:19: both match "foo.bar"; overlapping destinations must use the same store and cluster`}},
	{"store empty vs unset", dests(`{"name": ">"}`, `{"name": "a.*", "store": ""}`), []string{
		`c.json:1:34: error: destination 1 "a.*" (store "", cluster unset) overlaps destination 0 ">" (store unset, cluster unset) at c.json:1:19: both match "a.x"; overlapping destinations must use the same store and cluster`}},
	{"cluster differs", dests(`{"name": "*.b", "store": "s", "cluster": "c1"}`, `{"name": "a.*", "store": "s", "cluster": "c2"}`), []string{
		`c.json:1:67: error: destination 1 "a.*" (store "s", cluster "c2") overlaps destination 0 "*.b" (store "s", cluster "c1") at c.json:1:19: both match "a.b"; overlapping destinations must use the same store and cluster`}},
	// Destination 2 conflicts with 0 and 1 and is reported once, against 0;
	// destination 3 conflicts with 0 only; 1 and 0 agree.
	{"reported once against earliest", dests(
		`{"name": "a.>", "store": "s1"}`, `{"name": "a.b.>", "store": "s1"}`,
		`{"name": "a.b.c", "store": "s2"}`, `{"name": "*.*.d", "store": "s2"}`), []string{
		`c.json:1:85: error: destination 2 "a.b.c" (store "s2", cluster unset) overlaps destination 0 "a.>" (store "s1", cluster unset) at c.json:1:19: both match "a.b.c"; overlapping destinations must use the same store and cluster`,
		`c.json:1:119: error: destination 3 "*.*.d" (store "s2", cluster unset) overlaps destination 0 "a.>" (store "s1", cluster unset) at c.json:1:19: both match "a.x.d"; overlapping destinations must use the same store and cluster`}},
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range modelErrors {
		t.Run(tc.name, func(t *testing.T) {
			m, diags := Load("c.json", []byte(tc.in))
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if g, w := strings.Join(got, "\n"), strings.Join(tc.want, "\n"); g != w {
				t.Errorf("Load(%.60q):\ngot:\n%s\nwant:\n%s", tc.in, g, w)
			}
			if m != nil && diags.Errors() == 0 {
				t.Errorf("no errors reported")
			}
		})
	}
}

// TestLoadListsEveryError checks that model errors are reported alongside
// decoding errors, so one run of check lists every problem, and that a
// mistyped store (decoded as "") does not add a spurious overlap error.
func TestLoadListsEveryError(t *testing.T) {
	in := dests(`{"name": "a.*", "store": 1}`, `{"name": "a.b*"}`, `{"name": "a.c", "store": "s"}`)
	want := []string{
		`c.json:1:44: error: destination 0 store must be a string, not a number`,
		`c.json:1:61: error: destination 1: invalid pattern "a.b*": wildcard '*' must be a whole element`,
	}
	m, diags := Load("c.json", []byte(in))
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("got:\n%s\nwant:\n%s", g, w)
	}
	if m != nil {
		t.Errorf("Load returned a model despite decoding errors")
	}
}

// TestOverLimitCounts builds configs one over MaxDestinations and
// MaxPolicies: the error points at the first element over the limit, and
// nothing downstream panics on the truncated model.
func TestOverLimitCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 3 MB config")
	}
	var b strings.Builder
	b.Grow(4 << 20)
	b.WriteString(`{"destinations": [`)
	for i := range MaxDestinations + 1 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"name": "d%d"}`, i)
	}
	b.WriteString("],\n\"nodeAutoCreationPolicies\": [")
	for i := range MaxPolicies + 1 {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`{"pattern": "a", "nodeType": "queue", "createdOnPublish": true}`)
	}
	b.WriteString("]}")
	_, diags := Load("c.json", []byte(b.String()))
	want := fmt.Sprintf("c.json:%d:1: error: config has %d destinations, over the limit of %d\n"+
		"c.json:%d:1: error: config has %d auto-creation policies, over the limit of %d",
		MaxDestinations+1, MaxDestinations+1, MaxDestinations,
		MaxDestinations+1+MaxPolicies+1, MaxPolicies+1, MaxPolicies)
	if got := diags.Error(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

var goNames = []struct{ key, want string }{
	{"prefetch", "Prefetch"},
	{"ttlSeconds", "TtlSeconds"},
	{"max-msgs", "MaxMsgs"},
	{"max_msgs", "MaxMsgs"},
	{"a.b c", "ABC"},
	{"9lives", "P9lives"},
	{"", "P"},
	{"--", "P"},
	{"été", "Été"},
	{"ªb", "Pªb"}, // a letter with no upper case cannot start an exported name
}

func TestGoName(t *testing.T) {
	for _, tc := range goNames {
		if got := goName(tc.key); got != tc.want {
			t.Errorf("goName(%q) = %q, want %q", tc.key, got, tc.want)
		}
	}
}

// TestBuildValid checks what a valid config becomes: schema fields in order
// of first appearance with their inferred types, per-destination values,
// precedence ranks, ACLs, and policies with "id" dropped.
func TestBuildValid(t *testing.T) {
	in := `{"permissions": false, "destinations": [
	  {"name": "a.>", "properties": {"n": 1, "s": "x"}, "acl": {"publish": ["p1", "p2"]}},
	  {"name": "a.*", "properties": {"f": 0.5, "n": 2}, "acl": {"subscribe": ["s1"]}},
	  {"name": "a.b", "properties": {"b": true}},
	  {"name": "x.y", "store": "other"}],
	 "nodeAutoCreationPolicies": [{"pattern": "q.*", "nodeType": " Queue ", "createdOnConsume": true,
	  "attributes": {"id": "drop-me", "durable": true, "nested": {"id": 1}}}]}`
	m, diags := Load("c.json", []byte(in))
	if diags.Errors() > 0 {
		t.Fatal(diags)
	}
	var schema []string
	for _, f := range m.Schema {
		schema = append(schema, fmt.Sprintf("%s:%s:%s", f.Key, f.GoName, f.Type))
	}
	if got, want := strings.Join(schema, " "), "n:N:integer s:S:string f:F:float b:B:boolean"; got != want {
		t.Errorf("schema = %s, want %s", got, want)
	}
	d1 := m.Destinations[1]
	if !d1.Has[0] || d1.Props[0].Int != 2 || d1.Has[1] || !d1.Has[2] || d1.Props[2].Float != 0.5 || d1.Has[3] {
		t.Errorf("destination 1 props = %+v has %v", d1.Props, d1.Has)
	}
	if got, want := fmt.Sprint(m.ByRank), "[2 3 1 0]"; got != want {
		t.Errorf("ByRank = %s, want %s", got, want)
	}
	if got := fmt.Sprint(m.Destinations[0].ACL, m.Destinations[1].ACL); got != "[[p1 p2] []] [[] [s1]]" {
		t.Errorf("ACLs = %s", got)
	}
	p := m.Policies[0]
	if m.Permissions || p.NodeType != config.Queue || !p.CreatedOnConsume || p.CreatedOnPublish ||
		p.Attributes != `{"durable":true,"nested":{"id":1}}` {
		t.Errorf("permissions %v, policy %+v", m.Permissions, *p)
	}
}

// TestPolicyPatternErrorPosition checks that a pattern package javaregex
// rejects is reported at the offending construct's column in the file,
// escapes included; the message itself belongs to javaregex.
func TestPolicyPatternErrorPosition(t *testing.T) {
	in := `{"nodeAutoCreationPolicies": [{"pattern": "rob\\.(?<=x)y", "nodeType": "queue", "createdOnPublish": true}]}`
	_, diags := Load("c.json", []byte(in))
	const want = `c.json:1:50: error: policy 0: pattern "rob\\.(?<=x)y": column 6: `
	if len(diags) != 1 || !strings.HasPrefix(diags[0].String(), want) {
		t.Errorf("got %v, want one error starting %s", diags, want)
	}
}

// TestBuild: Build validates a decoded config as Load does, and returns
// the model with its errors (for tools that show what they understood).
func TestBuild(t *testing.T) {
	ok := `{"destinations": [{"name": "a.*"}, {"name": "a.b"}]}`
	bad := `{"destinations": [{"name": "a.*", "store": "s1"}, {"name": "a.b", "store": "s2"}]}`
	for _, c := range []struct {
		in     string
		errors bool
	}{{ok, false}, {bad, true}} {
		cfg, diags := config.Decode("c.json", []byte(c.in))
		if diags.Errors() > 0 {
			t.Fatal(diags)
		}
		m, diags := Build(cfg)
		loaded, want := Load("c.json", []byte(c.in))
		if m == nil || (diags.Errors() > 0) != c.errors || diags.Errors() != want.Errors() {
			t.Errorf("%s: Build = %v, %v; Load's errors %v", c.in, m, diags, want)
			continue
		}
		if loaded != nil && fmt.Sprint(m.ByRank) != fmt.Sprint(loaded.ByRank) {
			t.Errorf("%s: ByRank %v, Load's %v", c.in, m.ByRank, loaded.ByRank)
		}
	}
}
