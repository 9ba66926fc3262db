package reference_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

func load(t *testing.T, example string) *reference.Interp {
	t.Helper()
	r, err := reference.Load(filepath.Join("..", "..", "examples", example))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func loadBytes(t *testing.T, cfg string) *reference.Interp {
	t.Helper()
	r, err := reference.LoadBytes("c.json", []byte(cfg))
	if err != nil {
		t.Fatalf("%v\nconfig: %s", err, cfg)
	}
	return r
}

// chosen returns the pattern whose properties apply to name, or "".
func chosen(t *testing.T, r *reference.Interp, name string) string {
	t.Helper()
	i, ok, err := r.Resolve(name)
	if err != nil {
		t.Fatalf("Resolve(%q): %v", name, err)
	}
	if !ok {
		return ""
	}
	return r.Model.Destinations[i].Pattern.Text
}

// The three precedence examples of the FTL page, each in its own config
// since together they would be one config with different answers. Each
// destination's "source" property names it, so the test also checks that
// the chosen destination's properties are the ones applied.
var ftlPrecedence = []struct{ file, name, want string }{
	{"ftl-exact-over-star.json", "foo.bar", "foo.bar"},
	{"ftl-star-over-tail.json", "foo.bar", "foo.*"},
	{"ftl-longest-tail.json", "foo.bar", "foo.>"},
	// Around the examples: what the page implies for other names.
	{"ftl-exact-over-star.json", "foo.baz", "foo.*"},
	{"ftl-exact-over-star.json", "foo.bar.baz", ""},
	{"ftl-star-over-tail.json", "foo.bar.baz", "foo.>"},
	{"ftl-longest-tail.json", "bar", ">"},
	{"ftl-longest-tail.json", "foo", ">"},
}

func TestFTLPrecedence(t *testing.T) {
	for _, tc := range ftlPrecedence {
		r := load(t, tc.file)
		got := chosen(t, r, tc.name)
		if got != tc.want {
			t.Errorf("%s: %q chooses %q, want %q", tc.file, tc.name, got, tc.want)
			continue
		}
		if got == "" {
			continue
		}
		i, _, _ := r.Resolve(tc.name)
		if src := r.Model.Destinations[i].Props[0].Str; src != tc.want {
			t.Errorf("%s: %q gets properties of %q", tc.file, tc.name, src)
		}
	}
}

// TestPrecedenceIgnoresConfigOrder resolves names against every rotation
// of a config, forwards and backwards: two distinct co-matching patterns
// are always ordered, so the choice never depends on where they stand.
func TestPrecedenceIgnoresConfigOrder(t *testing.T) {
	pats := []string{">", "foo.>", "foo.bar", "foo.*", "*.bar", "*.*", "foo.*.>", "*.bar.>", "foo.bar.*", "*.*.baz"}
	want := map[string]string{
		"foo.bar":     "foo.bar",
		"foo.baz":     "foo.*",
		"qux.bar":     "*.bar",
		"qux.quux":    "*.*",
		"foo.bar.baz": "foo.bar.*",
		"foo.qux.baz": "*.*.baz",
		"qux.bar.baz": "*.*.baz",
		"foo.qux.a.b": "foo.*.>",
		"qux.bar.a.b": "*.bar.>",
		"foo":         ">",
	}
	for rot := range pats {
		for _, rev := range []bool{false, true} {
			order := append(append([]string(nil), pats[rot:]...), pats[:rot]...)
			if rev {
				for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
					order[i], order[j] = order[j], order[i]
				}
			}
			r := loadBytes(t, destinations(order...))
			for name, w := range want {
				if got := chosen(t, r, name); got != w {
					t.Errorf("order %q: %q chooses %q, want %q", order, name, got, w)
				}
			}
		}
	}
}

// destinations returns a config of bare destinations.
func destinations(pats ...string) string {
	var objs []string
	for _, p := range pats {
		objs = append(objs, fmt.Sprintf(`{"name": %q}`, p))
	}
	return `{"destinations": [` + strings.Join(objs, ", ") + `]}`
}

// The FTL page's ACL example: foo.* lets Bob publish, foo.bar lets Alice.
var aclUnion = []struct {
	principals []string
	name       string
	publish    bool
}{
	{[]string{"Bob"}, "foo.bar", true},
	{[]string{"Bob"}, "foo.boo", true},
	{[]string{"Alice"}, "foo.bar", true},
	{[]string{"Alice"}, "foo.boo", false},
	{[]string{"Alice", "Bob"}, "foo.boo", true}, // any principal held counts
	{nil, "foo.bar", false},
	{[]string{"bob"}, "foo.bar", false},  // principals are case-sensitive
	{[]string{"Bob"}, "bar", false},      // matches nothing: fail closed
	{[]string{"Bob"}, "foo.b.c", false},  // foo.* is exactly one element
	{[]string{"Alice"}, "foo.*", false},  // not a valid name
	{[]string{"Bob"}, "foo.bar*", false}, // not a valid name
}

func TestFTLACLUnion(t *testing.T) {
	r := load(t, "ftl-acl-union.json")
	for _, tc := range aclUnion {
		if got := r.Allowed(runtime.Publish, tc.name, tc.principals...); got != tc.publish {
			t.Errorf("%v publish on %q = %v, want %v", tc.principals, tc.name, got, tc.publish)
		}
		if r.Allowed(runtime.Subscribe, tc.name, tc.principals...) {
			t.Errorf("%v subscribe on %q allowed; no ACL grants subscribe", tc.principals, tc.name)
		}
	}
}

// The QPID-6954 policies: rob.durable.* creates queues on publish and
// consume, rob.exchange.* creates exchanges on publish only.
var qpidPolicies = []struct {
	name             string
	publish, consume int // policy index, -1 for none
}{
	{"rob.durable.x", 0, 0},
	{"rob.exchange.x", 1, -1},
	{"rob.durable.", 0, 0}, // ".*" matches the empty string
	{"rob.durable", -1, -1},
	{"rob.durableXx", -1, -1},  // "\." is a literal dot
	{"xrob.durable.x", -1, -1}, // String.matches: the whole name, not find
	{"rob.durable.x\n", -1, -1},
	{"rob.durable.a.b.c", 0, 0},
	{"rob.durable.*", 0, 0}, // node names need not be valid destinations
	{"", -1, -1},
}

func TestQpid6954(t *testing.T) {
	r := load(t, "qpid-6954.json")
	for _, tc := range qpidPolicies {
		pub, pok := r.AutoCreate(tc.name, runtime.Publish)
		con, cok := r.AutoCreate(tc.name, runtime.Consume)
		if !pok {
			pub = -1
		}
		if !cok {
			con = -1
		}
		if pub != tc.publish || con != tc.consume {
			t.Errorf("AutoCreate(%q) = publish %d, consume %d; want %d, %d", tc.name, pub, con, tc.publish, tc.consume)
		}
	}
	ps := r.Model.Policies
	if ps[0].NodeType != config.Queue || ps[0].Attributes != `{"durable":true}` {
		t.Errorf("policy 0 = %s %s, want a durable queue", ps[0].NodeType, ps[0].Attributes)
	}
	if ps[1].NodeType != config.Exchange || ps[1].Attributes != `{"type":"direct","durable":true}` {
		t.Errorf("policy 1 = %s %s, want a durable direct exchange", ps[1].NodeType, ps[1].Attributes)
	}
}

// TestAutoCreateFirstEnabledWins checks Broker-J's order: the first policy
// in config order whose pattern matches and whose flag for the operation
// is set; a matching policy disabled for the operation is skipped.
func TestAutoCreateFirstEnabledWins(t *testing.T) {
	r := loadBytes(t, `{"nodeAutoCreationPolicies": [
	  {"pattern": "a.*", "nodeType": "exchange", "createdOnPublish": true},
	  {"pattern": "ab.*", "nodeType": "queue", "createdOnConsume": true},
	  {"pattern": ".*", "nodeType": "queue", "createdOnPublish": true, "createdOnConsume": true}]}`)
	for _, tc := range []struct {
		name    string
		op      runtime.Op
		want    int
		wantsOK bool
	}{
		{"abc", runtime.Publish, 0, true},
		{"abc", runtime.Consume, 1, true},
		{"axe", runtime.Consume, 2, true},
		{"zzz", runtime.Publish, 2, true},
		{"zzz", runtime.Op(7), 0, false}, // not an operation
	} {
		if got, ok := r.AutoCreate(tc.name, tc.op); ok != tc.wantsOK || ok && got != tc.want {
			t.Errorf("AutoCreate(%q, %v) = %d, %v; want %d, %v", tc.name, tc.op, got, ok, tc.want, tc.wantsOK)
		}
	}
}

func TestPermissionsFalse(t *testing.T) {
	r := loadBytes(t, `{"permissions": false, "destinations": [{"name": "a.b", "acl": {"publish": ["p"]}}]}`)
	for _, name := range []string{"a.b", "a.c", "nothing.matches.this"} {
		for op := range runtime.NumOps {
			if !r.Allowed(op, name) {
				t.Errorf("permissions false: %v on %q denied", op, name)
			}
		}
	}
	for _, name := range []string{"", "a.*", "a..b", ">"} {
		for op := range runtime.NumOps {
			if r.Allowed(op, name, "p") {
				t.Errorf("permissions false: %v on invalid %q allowed", op, name)
			}
		}
	}
	if r.Allowed(runtime.NumOps, "a.b") {
		t.Errorf("an invalid operation was allowed")
	}
}

// TestFailClosed: with permissions on, a name that matches no destination
// is denied, whatever principals the caller holds; so is a name that
// matches destinations without an ACL.
func TestFailClosed(t *testing.T) {
	r := loadBytes(t, `{"destinations": [{"name": "a.*", "acl": {"publish": ["p"], "subscribe": ["p"]}}, {"name": "b.>"}]}`)
	for _, name := range []string{"b", "a.b.c", "c.d", "b.c"} {
		for op := range runtime.NumOps {
			if r.Allowed(op, name, "p", "admin") {
				t.Errorf("%v on %q allowed", op, name)
			}
		}
	}
	if !r.Allowed(runtime.Subscribe, "a.b", "p") {
		t.Errorf("subscribe on a.b denied to p")
	}
}

var invalidNames = []string{
	"", ".", "a..b", "a.", ".a", "*", "foo.*", ">", "foo.>", "a*", "a.b>",
	strings.Repeat("a", 250),
	strings.Repeat("a.", 64) + "a",
	strings.Repeat("b", 128),
}

// TestInvalidNames: an invalid name matches nothing, chooses nothing and is
// never allowed, with permissions on or off; auto-creation is still
// computed, since a Qpid node name need not be a valid destination.
func TestInvalidNames(t *testing.T) {
	const policies = `"nodeAutoCreationPolicies": [{"pattern": ".*", "nodeType": "queue", "createdOnPublish": true}]`
	for _, perms := range []string{"true", "false"} {
		r := loadBytes(t, `{"permissions": `+perms+`, "destinations": [{"name": ">", "acl": {"publish": ["p"]}}], `+policies+`}`)
		for _, name := range invalidNames {
			ms, err := r.Matches(name)
			if !errors.Is(err, runtime.ErrInvalidName) || len(ms) != 0 {
				t.Errorf("Matches(%.20q) = %v, %v; want ErrInvalidName", name, ms, err)
			}
			if i, ok, err := r.Resolve(name); ok || err == nil {
				t.Errorf("Resolve(%.20q) = %d, %v, %v", name, i, ok, err)
			}
			for op := range runtime.NumOps {
				if r.Allowed(op, name, "p") {
					t.Errorf("permissions %s: %v on %.20q allowed", perms, op, name)
				}
			}
			if i, ok := r.AutoCreate(name, runtime.Publish); !ok || i != 0 {
				t.Errorf("AutoCreate(%.20q) = %d, %v; want policy 0", name, i, ok)
			}
		}
	}
}

// TestRealm checks the main example end to end, with principals from each
// ACL.
func TestRealm(t *testing.T) {
	r := load(t, "realm.json")
	for _, tc := range []struct {
		name, principal, matches, chosen string
		pub, sub                         bool
	}{
		{"foo.bar", "alice", "foo.bar foo.* foo.>", "foo.bar", true, true},
		{"foo.bar", "bob", "foo.bar foo.* foo.>", "foo.bar", true, false},
		{"foo.boo", "alice", "foo.* foo.>", "foo.*", false, false},
		{"foo.boo", "ops", "foo.* foo.>", "foo.*", false, true},
		{"foo.a.b", "auditors", "foo.>", "foo.>", false, true},
		{"orders.x.eu", "orders-svc", "orders.*.eu orders.>", "orders.*.eu", true, false},
		{"orders.x.us", "billing", "orders.>", "orders.>", false, false},
		{"metrics.cpu", "collector", "metrics.>", "metrics.>", true, false},
		{"metrics", "collector", "", "", false, false},
		{"rob.durable.x", "ops", "", "", false, false},
	} {
		ms, _ := r.Matches(tc.name)
		var texts []string
		for _, i := range ms {
			texts = append(texts, r.Model.Destinations[i].Pattern.Text)
		}
		if got := strings.Join(texts, " "); got != tc.matches {
			t.Errorf("%q matches %q, want %q", tc.name, got, tc.matches)
		}
		if got := chosen(t, r, tc.name); got != tc.chosen {
			t.Errorf("%q chooses %q, want %q", tc.name, got, tc.chosen)
		}
		pub := r.Allowed(runtime.Publish, tc.name, tc.principal)
		sub := r.Allowed(runtime.Subscribe, tc.name, tc.principal)
		if pub != tc.pub || sub != tc.sub {
			t.Errorf("%s on %q: publish %v subscribe %v, want %v %v", tc.principal, tc.name, pub, sub, tc.pub, tc.sub)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	if _, err := reference.Load(filepath.Join("testdata", "does-not-exist.json")); err == nil {
		t.Errorf("Load of a missing file succeeded")
	}
	_, err := reference.LoadBytes("c.json", []byte(`{"destinations": [{"name": "a*"}]}`))
	if err == nil || err.Error() != `c.json:1:30: error: destination 0: invalid pattern "a*": wildcard '*' must be a whole element` {
		t.Errorf("LoadBytes error = %v", err)
	}
}

// TestMutatedConfigsNeverPanic loads every prefix of realm.json and every
// one-byte deletion or substitution of it: each must either load or fail
// with positioned errors, and a config that loads must answer queries. A
// panic anywhere fails the test.
func TestMutatedConfigsNeverPanic(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "realm.json"))
	if err != nil {
		t.Fatal(err)
	}
	try := func(data []byte) {
		r, err := reference.LoadBytes("m.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "m.json") {
				t.Fatalf("unpositioned error %q for %q", err, data)
			}
			return
		}
		for _, name := range []string{"foo.bar", "orders.x.eu", "rob.durable.x", "a..b"} {
			r.Resolve(name)
			r.Allowed(runtime.Publish, name, "ops")
			r.AutoCreate(name, runtime.Consume)
		}
	}
	for i := range src {
		try(src[:i])
		try(append(src[:i:i], src[i+1:]...))
		for _, c := range []byte(`"*>{`) {
			m := append([]byte(nil), src...)
			m[i] = c
			try(m)
		}
	}
}
