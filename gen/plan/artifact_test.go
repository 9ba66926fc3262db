package plan

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/internal/smallscope"
	"github.com/destgen/destgen/runtime"
)

// TestArtifactPolicies checks that the artifact carries the whole
// condition of each General policy no automaton decides, and only
// theirs, and that the index read through runtime.PolicyMatchers answers
// AutoCreate as the reference interpreter does: with the policy automata
// (every General policy here gets one, and no regexp), and with
// forceRegexp, as when every automaton would pass the bound.
func TestArtifactPolicies(t *testing.T) {
	for _, force := range []bool{false, true} {
		t.Run(fmt.Sprintf("forceRegexp=%v", force), func(t *testing.T) {
			defer func(old bool) { forceRegexp = old }(forceRegexp)
			forceRegexp = force
			artifactPolicies(t, force)
		})
	}
}

func artifactPolicies(t *testing.T, regexps bool) {
	data := []byte(`{"nodeAutoCreationPolicies": [
		{"pattern": "rob\\.durable\\..*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "[a-z]+\\.v[0-9]+\\.acme\\..*", "nodeType": "exchange", "createdOnPublish": true, "attributes": {"type": "topic"}},
		{"pattern": "acme\\.[0-9]+\\.work", "nodeType": "queue", "createdOnPublish": true, "createdOnConsume": true},
		{"pattern": "(?i)acme\\.work\\.[a-z0-9]+", "nodeType": "queue", "createdOnConsume": true},
		{"pattern": "[a-z]+", "nodeType": "queue", "createdOnPublish": true}
	]}`)
	m := load(t, data)
	p := Build(m)
	a := p.Artifact()
	want := []runtime.PlanPolicy{
		{Pattern: `rob\.durable\..*`, NodeType: "queue", Attributes: "{}"},
		{Pattern: `[a-z]+\.v[0-9]+\.acme\..*`, NodeType: "exchange", Attributes: `{"type":"topic"}`,
			GoRegexp: m.Policies[1].GoRegexp, Required: []string{".v", ".acme."}},
		{Pattern: `acme\.[0-9]+\.work`, NodeType: "queue", Attributes: "{}",
			GoRegexp: m.Policies[2].GoRegexp, Prefix: "acme.", Suffix: ".work"},
		{Pattern: `(?i)acme\.work\.[a-z0-9]+`, NodeType: "queue", Attributes: "{}", GoRegexp: m.Policies[3].GoRegexp},
		{Pattern: `[a-z]+`, NodeType: "queue", Attributes: "{}", GoRegexp: m.Policies[4].GoRegexp},
	}
	if !regexps {
		for i := 1; i < len(want); i++ {
			want[i].GoRegexp, want[i].Prefix, want[i].Suffix, want[i].Required = "", "", "", nil
		}
	}
	if got := len(a.PolicyIndex.Automata) > 0; got == regexps {
		t.Fatalf("artifact has %d policy automata with forceRegexp %v", len(a.PolicyIndex.Automata), regexps)
	}
	if !slices.EqualFunc(a.Policies, want, func(x, y runtime.PlanPolicy) bool {
		return x.Pattern == y.Pattern && x.NodeType == y.NodeType && x.Attributes == y.Attributes && x.GoRegexp == y.GoRegexp &&
			x.Prefix == y.Prefix && x.Suffix == y.Suffix && slices.Equal(x.Required, y.Required)
	}) {
		t.Fatalf("artifact policies:\n%+v\nwant:\n%+v", a.Policies, want)
	}
	pm, err := runtime.CompilePolicyMatchers(a.Policies)
	if err != nil {
		t.Fatal(err)
	}
	ix := runtime.NewPolicyIndex(&a.PolicyIndex)
	ref := reference.New(m)
	for _, name := range []string{"rob.durable.x", "ab.v12.acme.q", "ab.v.acme.q", "acme.42.work", "acme.x.work", "ACME.WORK.z9",
		"acme.work.", "abc", "ABC", "", "rob.durable.\n", "ab.v1.acme.\u2028", "acme.42.work\n", "\xff"} {
		for op := range runtime.NumOps {
			i, ok := ix.Find(name, op, pm.Match)
			wi, wok := ref.AutoCreate(name, op)
			if ok != wok || ok && i != wi {
				t.Errorf("AutoCreate(%q, %v) = %d, %v; reference %d, %v", name, op, i, ok, wi, wok)
			}
		}
	}
}

// TestPolicyMatchersFailClosed: a policy without a regexp, or a number
// out of range, matches nothing, and a regexp that does not compile is an
// error naming the policy.
func TestPolicyMatchersFailClosed(t *testing.T) {
	pm, err := runtime.CompilePolicyMatchers([]runtime.PlanPolicy{{Pattern: "a"}, {GoRegexp: `\A(?:a)\z`}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		i    int
		name string
		want bool
	}{{0, "a", false}, {1, "a", true}, {1, "b", false}, {-1, "a", false}, {2, "a", false}} {
		if got := pm.Match(c.i, c.name); got != c.want {
			t.Errorf("Match(%d, %q) = %v, want %v", c.i, c.name, got, c.want)
		}
	}
	_, err = runtime.CompilePolicyMatchers([]runtime.PlanPolicy{{}, {GoRegexp: "a("}})
	if want := "plan: policy 1: error parsing regexp: missing closing ): `a(`"; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

// roundTripConfigs are the configs the round trip is tried on: the
// examples, a config with every kind of property, store and cluster
// unset and set, every policy shape, and the k-pattern blow-up, which
// keeps a trie.
func roundTripConfigs(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("../../examples/*.json")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range append(files, "testdata/rich.json") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = data
	}
	out["smallscope"] = configJSON(true, smallScopePatterns()...)
	out["permissions off"] = configJSON(false, "a.b", "a.*", "*.>")
	out["empty"] = []byte(`{}`)
	out["automata"] = policyConfig(`svc\\.[a-z]+\\.v[0-9]+\\..*`, `.*\\.dlq`, `(?i)reply\\.[a-z0-9]{8}`, `tenant\\.t5\\.tmp\\..*`,
		`x[0-9]+\\.(a|b)*`)
	out["own automaton"] = policyConfig(`svc\\.[a-z]+\\.v[0-9]+\\..*`)
	out["past the automaton bound"] = policyConfig(`svc\\.[a-z]+\\.v[0-9]+\\..*`, `(a|b)*a(a|b){20}`)
	return out
}

// policyConfig is a config of one queue policy per pattern, created on
// publish, and, for every second one, on consume too.
func policyConfig(patterns ...string) []byte {
	var pols []string
	for i, pat := range patterns {
		pols = append(pols, fmt.Sprintf(`{"pattern": %q, "nodeType": "queue", "createdOnPublish": true, "createdOnConsume": %v}`, pat, i%2 == 1))
	}
	return []byte(`{"nodeAutoCreationPolicies": [` + strings.Join(pols, ", ") + `]}`)
}

// TestPlanRoundTrip encodes each config's artifact, decodes it and checks
// that the decoded plan equals the artifact, encodes to the same bytes,
// and answers every lookup as the plan's own matcher, with automata split
// by wildcard mask, split by first '*' and the default; and the policy automata, one for the
// list (default), one per policy, or none (every General policy by its
// regexp).
func TestPlanRoundTrip(t *testing.T) {
	for _, mode := range []struct {
		name string
		flag *bool
	}{{"default", new(bool)}, {"mask split", &forceMaskSplit}, {"split", &forceSplit}, {"own automata", &forceOwnAutomata}, {"regexps", &forceRegexp}} {
		*mode.flag = true
		for file, data := range roundTripConfigs(t) {
			m, diags := model.Load(file, data)
			if strings.Contains(file, "qpid-virtualhost") {
				continue // a Broker-J virtual host, another format
			}
			if err := diags.Err(); err != nil {
				t.Fatal(err)
			}
			p := Build(m)
			a := p.Artifact()
			b := runtime.EncodePlan(a) // builds the edge table again
			if !bytes.Equal(p.Encode(), b) {
				t.Errorf("%s %s: Encode, with the plan's edge table, gives other bytes than EncodePlan", mode.name, file)
			}
			a.Matcher.EdgeSlots = p.Matcher.Edges.SlotWords()
			// EncodePlan carries each policy automaton's step tables too.
			carried := make([]runtime.PolicyAutomaton, len(a.PolicyIndex.Automata))
			for i, pa := range a.PolicyIndex.Automata {
				carried[i] = pa.CarrySteps()
			}
			a.PolicyIndex.Automata = carried
			a.Matcher.ACLSigs = p.Matcher.ACLSigWords()                           // DecodePlan keeps them
			a.Matcher.NameIndex, a.Matcher.NameRecs = p.Matcher.Exact.NameWords() // and these
			a.Matcher.Sigs = p.Matcher.SigWords()                                 // and these, checked against ACLSigs
			a.Matcher.DestSig2 = p.Matcher.DestSig2Words()                        // and these
			got, err := runtime.DecodePlan(b)
			if err != nil {
				t.Fatalf("%s %s: %v", mode.name, file, err)
			}
			// A decoded plan keeps its destinations as columns, read
			// through its accessors.
			rest := *a
			rest.Destinations = nil
			if !samePlan(got, &rest) {
				t.Errorf("%s %s: decoded plan differs:\n%.2000v\nwant\n%.2000v", mode.name, file, fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", a))
			}
			sameDestinations(t, mode.name+" "+file, got, a.Destinations)
			if again := runtime.EncodePlan(got); !bytes.Equal(again, b) {
				t.Errorf("%s %s: re-encoding the decoded plan gives other bytes", mode.name, file)
			}
			sameLookups(t, file, p, got)
		}
		*mode.flag = false
	}
}

// sameDestinations checks that the decoded plan d reads want's
// destinations, their patterns, stores, clusters and properties.
func sameDestinations(t *testing.T, what string, d *runtime.Plan, want []runtime.PlanDestination) {
	t.Helper()
	if d.NumDestinations() != len(want) {
		t.Fatalf("%s: %d destinations decoded, want %d", what, d.NumDestinations(), len(want))
	}
	for i, w := range want {
		got := d.Destination(i)
		got.Properties = w.Properties
		if !reflect.DeepEqual(got, w) {
			t.Errorf("%s: destination %d = %+v, want %+v", what, i, got, w)
		}
		for k, v := range w.Properties {
			if d.Property(i, k) != v {
				t.Errorf("%s: destination %d key %d = %+v, want %+v", what, i, k, d.Property(i, k), v)
			}
		}
	}
}

// samePlan compares plans field by field, a nil slice equal to an
// empty one (the decoder makes every slice; the plan leaves some nil),
// past unexported fields (a decoded plan's columns).
func samePlan(x, y *runtime.Plan) bool {
	return sameValue(reflect.ValueOf(x).Elem(), reflect.ValueOf(y).Elem())
}

func sameValue(x, y reflect.Value) bool {
	switch x.Kind() {
	case reflect.Slice:
		if x.Len() != y.Len() {
			return false
		}
		for i := range x.Len() {
			if !sameValue(x.Index(i), y.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range x.NumField() {
			if !x.Type().Field(i).IsExported() {
				continue
			}
			if !sameValue(x.Field(i), y.Field(i)) {
				return false
			}
		}
		return true
	}
	return x.Equal(y)
}

// sameLookups checks that the decoded plan, expanded by the runtime,
// answers as the built plan's matcher and the reference interpreter.
func sameLookups(t *testing.T, file string, p *Plan, d *runtime.Plan) {
	t.Helper()
	mt := runtime.NewMatcher(&d.Matcher)
	ix := runtime.NewPolicyIndex(&d.PolicyIndex)
	pm, err := runtime.CompilePolicyMatchers(d.Policies)
	if err != nil {
		t.Fatal(err)
	}
	ref := reference.New(p.Model)
	names := append(smallscope.Names([]string{"a", "b", "foo", "orders", "eu", "sensors"}, 4),
		"foo.bar", "orders.us.eu", "x.y.temperature", "sensors.s1.n.humidity", "a-very-long-element-name-of-more-than-sixteen-bytes.x",
		"rob.durable.q", "rob.exchange.e", "x.dlq", "acme.ctl.stop", "ab.v1.acme.x", "acme.12.work", "ACME.WORK.x", "abc", "a..b", "",
		"svc.ab.v12.x", "svc.ab.v12.", "svc.AB.v1.x", "svc.ab.v1.x\n", "svc.é.v1.x", "a.dlq", "reply.ab12cd34", "REPLY.AB12CD34", "reply.ab12cd3",
		"tenant.t5.tmp.q", "x12.abab", "x.ab", "aab", "a"+strings.Repeat("b", 20), "\xff.dlq", "svc.ab.v1.\u2028")
	var buf []int
	for _, name := range names {
		want, _ := p.Matcher.Matches(name, nil)
		if got, _ := mt.Matches(name, buf[:0]); !slices.Equal(got, want) {
			t.Errorf("%s: Matches(%q) = %v, want %v", file, name, got, want)
		}
		wi, _ := p.Matcher.Resolve(name)
		if gi, _ := mt.Resolve(name); gi != wi {
			t.Errorf("%s: Resolve(%q) = %d, want %d", file, name, gi, wi)
		}
		for _, pr := range []string{"alice", "ops", "grafana", "p1", "nobody"} {
			for op := range runtime.NumOps {
				if got, want := mt.Allowed(op, name, []runtime.Principal{mt.Principal(pr)}), ref.Allowed(op, name, pr); got != want {
					t.Errorf("%s: Allowed(%v, %q, %s) = %v, reference %v", file, op, name, pr, got, want)
				}
			}
		}
		for op := range runtime.NumOps {
			i, ok := ix.Find(name, op, pm.Match)
			wi, wok := ref.AutoCreate(name, op)
			if ok != wok || ok && i != wi {
				t.Errorf("%s: AutoCreate(%q, %v) = %d, %v; reference %d, %v", file, name, op, i, ok, wi, wok)
			}
		}
	}
}

// TestArtifactAutomata checks that the round trip's policy configs reach
// the paths they are named for, through the decoded artifact: the list's
// automaton, a policy's own, and a policy past the bound keeping its
// regexp beside one without.
func TestArtifactAutomata(t *testing.T) {
	cfgs := roundTripConfigs(t)
	for _, c := range []struct {
		config   string
		automata int
		regexps  []bool // per policy: GoRegexp set
	}{
		{"automata", 1, []bool{false, false, false, false, false}},
		{"own automaton", 1, []bool{false}},
		{"past the automaton bound", 1, []bool{false, true}},
	} {
		d, err := runtime.DecodePlan(runtime.EncodePlan(Build(load(t, cfgs[c.config])).Artifact()))
		if err != nil {
			t.Fatalf("%s: %v", c.config, err)
		}
		if len(d.PolicyIndex.Automata) != c.automata {
			t.Errorf("%s: %d automata, want %d", c.config, len(d.PolicyIndex.Automata), c.automata)
		}
		for i, want := range c.regexps {
			if got := d.Policies[i].GoRegexp != ""; got != want {
				t.Errorf("%s: policy %d has a regexp: %v, want %v", c.config, i, got, want)
			}
		}
	}
}
