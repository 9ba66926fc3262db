package fuzz

import (
	"bytes"
	"encoding/json"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	destgen "github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/generated/example"
	"github.com/destgen/destgen/internal/seedcorpus"
	"github.com/destgen/destgen/proptest"
	"github.com/destgen/destgen/proptest/wire"
	"github.com/destgen/destgen/runtime"
)

const realm = "../examples/realm.json"

// realmPrincipals are the principals examples/realm.json grants.
var realmPrincipals = []string{"alice", "bob", "ops", "auditors", "orders-svc", "billing", "collector", "grafana"}

// examplePrincipals looks a caller's principals up, as its authentication
// would.
func examplePrincipals(names []string) []example.Principal {
	ps := make([]example.Principal, len(names))
	for i, n := range names {
		ps[i] = example.LookupPrincipal(n)
	}
	return ps
}

// exampleFuncs adapts the generated example package to wire.Funcs.
var exampleFuncs = wire.Funcs{
	Resolve: func(name string) (int, error) {
		d, err := example.Resolve(name)
		if d == nil {
			return -1, err
		}
		if err != nil || d != &example.Destinations[d.Index()] {
			return -2, err
		}
		return d.Index(), nil
	},
	Matches: example.Matches,
	Allowed: func(op runtime.Op, name string, ps []string) bool {
		return example.Allowed(op, name, examplePrincipals(ps)...)
	},
	AutoCreate: func(name string, op runtime.Op) (int, bool) {
		p, ok := example.AutoCreate(name, op)
		switch {
		case !ok && p == nil:
			return -1, false
		case !ok || p != &example.Policies[p.Index]:
			return -2, true // prints distinctly
		}
		return p.Index, true
	},
}

// FuzzExample compares the checked-in generated package with the
// reference interpreter on arbitrary names, callers and operations: every
// answer of the four functions.
func FuzzExample(f *testing.F) {
	ref, err := reference.Load(realm)
	if err != nil {
		f.Fatal(err)
	}
	for _, n := range seedNames(f, ref.Model) {
		seedcorpus.Add(f, n, "alice,ops", byte(runtime.Publish))
		seedcorpus.Add(f, n, "bob", byte(runtime.Subscribe))
	}
	refFuncs := proptest.Reference(ref)
	f.Fuzz(func(t *testing.T, name, principals string, op byte) {
		if got, want := wire.Line(exampleFuncs, name), wire.Line(refFuncs, name); got != want {
			t.Fatalf("%q:\ngenerated %s\nreference %s", name, got, want)
		}
		callers := [][]string{strings.Split(principals, ",")}
		for _, p := range realmPrincipals {
			callers = append(callers, []string{p}, []string{principals, p})
		}
		o := runtime.Op(op)
		for _, ps := range callers {
			if got, want := example.Allowed(o, name, examplePrincipals(ps)...), ref.Allowed(o, name, ps...); got != want {
				t.Fatalf("Allowed(%v, %q, %q) = %v, reference %v", o, name, ps, got, want)
			}
		}
		got, gotOK := exampleFuncs.AutoCreate(name, o)
		if want, wantOK := ref.AutoCreate(name, o); got != want || gotOK != wantOK {
			t.Fatalf("AutoCreate(%q, %v) = %d, %v; reference %d, %v", name, o, got, gotOK, want, wantOK)
		}
	})
}

// fataler is what the seed helpers need of a testing.TB: the libFuzzer
// build (.clusterfuzzlite/build.sh) rewrites this file's testing import to
// go-118-fuzz-build's, which has F and T but no TB.
type fataler interface{ Fatal(args ...any) }

// seedNames are instances of every pattern of the model (wildcards filled
// with "x", '>' also with two elements), near misses, the property tests'
// invalid names and the README's demo names.
func seedNames(tb fataler, m *model.Model) []string {
	names := append([]string{"foo.bar", "foo.boo", "orders.x.eu", "rob.exchange.x", "rob.durable.x", "foo.*"},
		proptest.InvalidNames...)
	for _, d := range m.Destinations {
		one := strings.NewReplacer("*", "x", ">", "x").Replace(d.Pattern.Text)
		two := strings.NewReplacer("*", "y", ">", "x.y").Replace(d.Pattern.Text)
		names = append(names, one, two, one+".z", "z."+one)
	}
	for _, p := range m.Policies {
		lit := strings.ReplaceAll(strings.TrimSuffix(p.Pattern, ".*"), `\.`, ".")
		names = append(names, lit+"x", lit+"\n", lit+"\u2028x", lit)
	}
	return names
}

// configSeeds returns every JSON config of the repository's examples and
// table tests.
func configSeeds(tb fataler) [][]byte {
	var out [][]byte
	for _, glob := range []string{"../examples/*.json", "../gen/testdata/*/*.json", "../gen/testdata/*.json", "../gen/emit/testdata/*.json"} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, data)
		}
	}
	if len(out) == 0 {
		tb.Fatal("no seed configs found")
	}
	return out
}

// positioned is what every diagnostic must look like: file:line:col, a
// severity and a message.
var positioned = regexp.MustCompile(`^fuzz\.json:[1-9][0-9]*:[1-9][0-9]*: (error|warning): \S`)

// FuzzConfig runs the front end and the generator on arbitrary bytes: they
// never panic; a config is either rejected with positioned diagnostics
// inside the file, or generates Go source that parses.
// brokerJSeeds are Broker-J virtual hosts that reference context
// variables, write "$$", and hold lists, policies, attributes and the
// context itself in strings (gen/config/qpidconv.go).
var brokerJSeeds = []string{
	`{"modelVersion": "9.0", "context": {"t": "rob", "a": "${b}", "b": "${a}", "e": ""},
"nodeAutoCreationPolicies": [{"pattern": "${t}\\.durable\\..*", "nodeType": "queue", "createdOnPublish": "TRUE"},
 {"pattern": "orders$$", "nodeType": "${e}queue", "createdOnPublish": "yes", "createdOnConsume": true},
 {"pattern": "${a${b}}x${", "nodeType": "queue", "createdOnPublish": "${json:t}"}]}`,
	`{"modelVersion": "9.0", "context": "{\"t\": \"r(b\"}",
"nodeAutoCreationPolicies": "[{\"pattern\": \"\\u0041${t}$$$$\", \"nodeType\": \"queue\", \"createdOnPublish\": true}]"}`,
	`{"modelVersion": "9.0", "nodeAutoCreationPolicies": "{\"pattern\":\".*\",\"createdOnPublish\":\"true\",\"nodeType\":\"queue\", \"attributes\": \"{\\\"${k}\\\": 1}\"}"}`,
	`{"modelVersion": "9.0", "nodeAutoCreationPolicies": ["{\"pattern\": \"a\", \"nodeType\": \"queue\", \"createdOnPublish\": true}", " ", "[1"]}`,
	`{"modelVersion": "9.0", "nodeAutoCreationPolicies": [], "context": {"q": "say \"hi\"", "n": 12, "b": false, "z": null}}`,
	`{"modelVersion": "9.0", "nodeAutoCreationPolicies": ""}`,
}

func FuzzConfig(f *testing.F) {
	for _, data := range configSeeds(f) {
		seedcorpus.Add(f, data)
	}
	for _, s := range brokerJSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, diags := model.Load("fuzz.json", data)
		for _, d := range diags {
			if !positioned.MatchString(d.String()) || d.Pos.Offset > len(data) {
				t.Fatalf("diagnostic without a position in the file: %q (file is %d bytes)", d, len(data))
			}
			// Line and column agree with the offset, even inside a
			// string holding JSON or expanded.
			line := bytes.Count(data[:d.Pos.Offset], []byte("\n")) + 1
			col := d.Pos.Offset - (bytes.LastIndexByte(data[:d.Pos.Offset], '\n') + 1) + 1
			if d.Pos.Line != line || d.Pos.Col != col {
				t.Fatalf("diagnostic %q is at offset %d, which is %d:%d", d, d.Pos.Offset, line, col)
			}
		}
		if diags.Err() != nil {
			return
		}
		if m == nil {
			t.Fatal("no errors and no model")
		}
		generateAndParse(t, m)
		reference.New(m) // compiles every policy regexp: must not panic
	})
}

func generateAndParse(t *testing.T, m *model.Model) {
	src, err := destgen.Source(m, "routes")
	if err != nil {
		t.Fatalf("valid config does not generate: %v", err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "routes_gen.go", src, 0); err != nil {
		t.Fatalf("generated source does not parse: %v", err)
	}
}

// policyConfig is a config whose one policy has pattern; the pattern's
// JSON string starts at byte start (its opening quote) and ends at end.
func policyConfig(pattern string) (data []byte, start, end int) {
	var b bytes.Buffer
	b.WriteString(`{"nodeAutoCreationPolicies": [{"nodeType": "queue", "createdOnPublish": true, "pattern": `)
	start = b.Len()
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(pattern)
	b.Truncate(b.Len() - 1) // Encode's newline
	end = b.Len() - 1
	b.WriteString("}]}")
	return b.Bytes(), start, end
}

// FuzzPolicyPattern sends Java regexes through the config path: a
// rejection is one error positioned inside the pattern's JSON string (the
// translator's offset mapped through JSON escapes), never an internal
// error; an accepted pattern's translation compiles, and the config
// generates Go that parses.
func FuzzPolicyPattern(f *testing.F) {
	for _, p := range grammarSeeds() {
		seedcorpus.Add(f, p)
	}
	for _, bad := range proptest.Unsupported {
		seedcorpus.Add(f, bad)
		seedcorpus.Add(f, `a\.`+bad+".*")
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		data, start, end := policyConfig(pattern)
		m, diags := model.Load("fuzz.json", data)
		if diags.Err() != nil {
			if len(diags) != 1 {
				t.Fatalf("%q: want one diagnostic, got\n%v", pattern, diags)
			}
			d := diags[0]
			if !positioned.MatchString(d.String()) || d.Pos.Offset <= start || d.Pos.Offset > end || strings.Contains(d.Msg, "internal error") {
				t.Fatalf("%q: diagnostic %q not inside the pattern string (bytes %d..%d)", pattern, d, start, end)
			}
			return
		}
		if _, err := regexp.Compile(m.Policies[0].GoRegexp); err != nil {
			t.Fatalf("%q: accepted, but its translation %q does not compile: %v", pattern, m.Policies[0].GoRegexp, err)
		}
		generateAndParse(t, m)
	})
}

// grammarSeeds are policy patterns of the property tests' grammar, drawn
// with a fixed seed so that the seed corpus is stable.
func grammarSeeds() []string {
	p := gopter.DefaultGenParameters().CloneWithSeed(1)
	g := gen.SliceOfN(40, proptest.GenPolicy())
	v, _ := g(p).Retrieve()
	var out []string
	for _, pol := range v.([]proptest.Policy) {
		out = append(out, pol.Pattern())
	}
	return out
}
