package live

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// TestNoEmitter: a broker linking live does not link the code emitter,
// jennifer, or the driver package gen that imports them.
func TestNoEmitter(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	has := func(pkg string) bool {
		for _, d := range deps {
			if d == pkg {
				return true
			}
		}
		return false
	}
	if !has("github.com/destgen/destgen/runtime") || !has("github.com/destgen/destgen/gen/plan") {
		t.Fatalf("go list -deps lacks live's own dependencies:\n%s", out)
	}
	for _, bad := range []string{"github.com/dave/jennifer/jen", "github.com/destgen/destgen/gen/emit", "github.com/destgen/destgen/gen"} {
		if has(bad) {
			t.Errorf("live depends on %s", bad)
		}
	}
}

func source(t *testing.T, path string, f Format) Source {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Source{Name: path, Data: data, Format: f}
}

func mustCompile(t *testing.T, srcs ...Source) *Realm {
	t.Helper()
	r, _, err := Compile(srcs...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCompileErrors: a rejected config gives every diagnostic, exactly as
// destgen check prints them, as typed values.
func TestCompileErrors(t *testing.T) {
	for _, name := range []string{"mixed", "syntax", "stores", "policies", "patterns", "properties", "decode"} {
		path := filepath.Join("..", "gen", "testdata", "errors", name+".json")
		src := source(t, path, Auto)
		src.Name = "testdata/errors/" + name + ".json" // as the goldens name it, relative to gen/
		r, _, err := Compile(src)
		var e *Error
		if r != nil || !errors.As(err, &e) {
			t.Fatalf("%s: got %v, %v; want *Error", name, r, err)
		}
		golden, err := os.ReadFile(filepath.Join("..", "gen", "testdata", "errors", name+".golden"))
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Split(strings.TrimSpace(string(golden)), "\n")
		want = want[:len(want)-1] // the count line
		var got []string
		for _, d := range e.Diagnostics {
			got = append(got, d.String())
			if d.Line == 0 || d.Col == 0 || d.Severity != SeverityError || d.File != src.Name {
				t.Errorf("%s: diagnostic without a position or severity: %+v", name, d)
			}
		}
		if e.Syntax != (name == "syntax") {
			t.Errorf("%s: Syntax is %v", name, e.Syntax)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: diagnostics\n%s\nwant (as destgen check)\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestErrorMessage: Error lists at most maxErrorLines diagnostics and
// counts the rest; at the limit it lists them all.
func TestErrorMessage(t *testing.T) {
	for _, n := range []int{maxErrorLines - 1, maxErrorLines, maxErrorLines + 1, 3 * maxErrorLines} {
		e := &Error{}
		for i := range n {
			e.Diagnostics = append(e.Diagnostics, Diagnostic{File: "c.json", Line: i + 1, Col: 2, Severity: SeverityError, Message: "bad"})
		}
		lines := strings.Split(e.Error(), "\n")
		if n <= maxErrorLines {
			if len(lines) != n || lines[n-1] != "c.json:"+itoa(n)+":2: error: bad" {
				t.Errorf("n=%d: %q", n, lines)
			}
			continue
		}
		if len(lines) != maxErrorLines+1 || lines[maxErrorLines] != "(and "+itoa(n-maxErrorLines)+" more)" {
			t.Errorf("n=%d: %q", n, lines)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestStrict: warnings are reported with an accepted config, and reject it
// under Strict, turned into errors, as destgen -strict does.
func TestStrict(t *testing.T) {
	src := source(t, filepath.Join("..", "gen", "lint", "testdata", "one-of-each.json"), Auto)
	r, rep, err := Compile(src)
	if err != nil || r == nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 3 {
		t.Fatalf("warnings %v, want the 3 of one-of-each.json", rep.Warnings)
	}
	for _, w := range rep.Warnings {
		if w.Severity != SeverityWarning || w.Line == 0 {
			t.Errorf("warning %+v", w)
		}
	}
	r, _, err = Options{Strict: true}.Compile(src)
	var e *Error
	if r != nil || !errors.As(err, &e) || len(e.Diagnostics) != 3 {
		t.Fatalf("strict: %v, %v", r, err)
	}
	for i, d := range e.Diagnostics {
		if d.Severity != SeverityError || d.Message != rep.Warnings[i].Message {
			t.Errorf("strict diagnostic %+v, want the warning %+v as an error", d, rep.Warnings[i])
		}
	}
	// An accepted config without warnings reports an empty list, which
	// encodes as [] (the admin API's body), not null.
	_, rep, err = Compile(source(t, filepath.Join("testdata", "general.json"), Native))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(rep); string(b) != `{"warnings":[]}` {
		t.Errorf("report %s", b)
	}
}

// TestMerge: several sources merge as repeated -config does, each read in
// its own format: the virtual host's policies, the native file's
// destinations.
func TestMerge(t *testing.T) {
	vhost := source(t, filepath.Join("..", "examples", "qpid-virtualhost.json"), BrokerJ)
	dests := source(t, filepath.Join("testdata", "native-dests.json"), Native)
	r := mustCompile(t, vhost, dests)
	if len(r.Policies()) != 2 || len(r.Destinations()) != 1 {
		t.Fatalf("%d policies, %d destinations", len(r.Policies()), len(r.Destinations()))
	}
	p, ok := r.AutoCreate("rob.durable.x", runtime.Publish)
	if !ok || p.Index != 0 || p.NodeType != "queue" || p.Attributes != `{"durable":true}` {
		t.Errorf("AutoCreate: %+v %v", p, ok)
	}
	if !r.Allowed(runtime.Publish, "rob.durable.orders", r.LookupPrincipal("rob")) {
		t.Error("the native file's ACL is lost")
	}
	// The same files, the virtual host read as a native config: its
	// unknown keys are errors, positioned in it.
	vhost.Format = Native
	_, _, err := Compile(vhost, dests)
	var e *Error
	if !errors.As(err, &e) || e.Diagnostics[0].File != vhost.Name {
		t.Fatalf("virtual host read as native: %v", err)
	}
	if _, _, err := Compile(); err != ErrNoSources {
		t.Errorf("no sources: %v", err)
	}
}

type example struct {
	path string
	r    *Realm
	m    *model.Model
}

// examples are the configs the answer tests ask, compiled and modelled.
func examples(t *testing.T) []example {
	var out []example
	for _, path := range []string{filepath.Join("..", "examples", "realm.json"), filepath.Join("testdata", "general.json")} {
		src := source(t, path, Auto)
		m, diags := model.Load(path, src.Data)
		if diags.Err() != nil {
			t.Fatal(diags.Err())
		}
		out = append(out, example{path, mustCompile(t, src), m})
	}
	return out
}

// TestRealmAnswers: a Realm answers as the reference interpreter on the
// example configs' names, errors included (runtime.ErrInvalidName where
// the reference rejects the name), with typed properties and policies.
func TestRealmAnswers(t *testing.T) {
	for _, ex := range examples(t) {
		path, r, m := ex.path, ex.r, ex.m
		ref := reference.New(m)
		for _, name := range probeNames(m) {
			i, ok, rerr := ref.Resolve(name)
			d, err := r.Resolve(name)
			if ok != (d != nil) || ok && (d.Index() != i || d != &r.Destinations()[i]) {
				t.Errorf("%s: Resolve(%q) = %v, reference %d %v", path, name, d, i, ok)
			}
			if (err != nil) != (rerr != nil) || err != nil && !errors.Is(err, runtime.ErrInvalidName) {
				t.Errorf("%s: Resolve(%q) error %v, reference %v", path, name, err, rerr)
			}
			for op := range runtime.NumOps {
				for _, ps := range [][]string{nil, {"alice"}, {"bob"}, {"ops", "x"}, {"auditors"}} {
					if got, want := r.Allowed(op, name, principals(r, ps)...), ref.Allowed(op, name, ps...); got != want {
						t.Errorf("%s: Allowed(%v, %q, %q) = %v, reference %v", path, op, name, ps, got, want)
					}
				}
				pi, pok := ref.AutoCreate(name, op)
				p, ok := r.AutoCreate(name, op)
				if ok != pok || ok && p.Index != pi {
					t.Errorf("%s: AutoCreate(%q, %v) = %v, reference %d", path, name, op, p, pi)
				}
			}
		}
	}
}

func principals(r *Realm, names []string) []Principal {
	ps := make([]Principal, len(names))
	for i, n := range names {
		ps[i] = r.LookupPrincipal(n)
	}
	return ps
}

// probeNames are names worth asking a config about: each pattern with its
// wildcards filled in, one element more and less, and a few that are
// invalid or match nothing.
func probeNames(m *model.Model) []string {
	names := []string{"", ".", "a..b", "zzz", "acme.x.work", "acme.X.work", "tmp.", "tmp.q", "rob.durable.q", "rob.exchange.e", "foo.*",
		strings.Repeat("a", 21) + ".work", strings.Repeat("ab", 11) + ".work"}
	for _, d := range m.Destinations {
		n := strings.NewReplacer("*", "x", ">", "y.z").Replace(d.Pattern.Text)
		names = append(names, n, n+".more", strings.TrimSuffix(n, ".x"))
	}
	return names
}

// TestProperties: Property answers typed values by key, and only for keys
// the destination sets.
func TestProperties(t *testing.T) {
	r := mustCompile(t, source(t, filepath.Join("testdata", "general.json"), Native))
	d, _ := r.Resolve("acme.orders")
	for key, want := range map[string]runtime.PropertyValue{
		"prefetch": {Set: true, Int: 8}, "ratio": {Set: true, Float: 0.5},
		"durable": {Set: true, Bool: true}, "tier": {Set: true, Str: "gold"},
	} {
		if got, ok := d.Property(key); !ok || got != want {
			t.Errorf("Property(%q) = %+v, %v; want %+v", key, got, ok, want)
		}
	}
	d, _ = r.Resolve("acme.other")
	if _, ok := d.Property("tier"); ok {
		t.Error("acme.* does not set tier")
	}
	if _, ok := d.Property("nope"); ok {
		t.Error("an unknown key is set")
	}
	if v, ok := d.Property("prefetch"); !ok || v.Int != 4 {
		t.Errorf("acme.* prefetch %+v", v)
	}
	kinds := map[string]runtime.PropertyKind{}
	for _, k := range r.PropertyKeys() {
		kinds[k.Name] = k.Kind
	}
	if kinds["prefetch"] != runtime.PropInt || kinds["ratio"] != runtime.PropFloat || kinds["durable"] != runtime.PropBool || kinds["tier"] != runtime.PropString {
		t.Errorf("kinds %v", kinds)
	}
}

// TestExplain: a Realm's Explain encodes to the bytes destgen explain
// -json prints, for valid, invalid and unmatched names, with and without
// principals.
func TestExplain(t *testing.T) {
	for _, ex := range examples(t) {
		path, r, m := ex.path, ex.r, ex.m
		for _, ps := range [][]string{nil, {"alice", "ops"}, {"bob"}} {
			names := probeNames(m)
			var want bytes.Buffer
			if code := gen.Run(gen.Options{Command: gen.CmdExplain, Config: path, JSON: true, Principals: ps,
				Names: names, Stdout: &want, Stderr: os.Stderr}); code != 0 {
				t.Fatalf("destgen explain exit %d", code)
			}
			var got bytes.Buffer
			enc := json.NewEncoder(&got)
			enc.SetEscapeHTML(false)
			for _, n := range names {
				if err := enc.Encode(r.Explain(n, ps)); err != nil {
					t.Fatal(err)
				}
			}
			if got.String() != want.String() {
				t.Errorf("%s %q: Explain\n%s\ndestgen explain -json\n%s", path, ps, got.String(), want.String())
			}
		}
	}
}

// TestGeneralPolicy: general.json's first policy is decided by its
// automaton and its third, past the automaton bound, needs its regexp,
// so that the allocation test covers both paths.
func TestGeneralPolicy(t *testing.T) {
	r := mustCompile(t, source(t, filepath.Join("testdata", "general.json"), Native))
	p := r.Plan()
	if p.Policies[0].GoRegexp != "" || len(p.PolicyIndex.Automata) != 1 || !slices.Equal(p.PolicyIndex.Automata[0].Policies, []uint32{0}) {
		t.Error("policy 0 is not decided by its own automaton: the test config no longer covers the automata")
	}
	if p.Policies[2].GoRegexp == "" {
		t.Error("policy 2 is decided without its regexp: the test config no longer covers policyMatch")
	}
}
