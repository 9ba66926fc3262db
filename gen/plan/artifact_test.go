package plan

import (
	"slices"
	"testing"

	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// TestArtifactPolicies checks that the artifact carries each General
// policy's whole condition, and only theirs, and that the index read
// through runtime.PolicyMatchers answers AutoCreate as the reference
// interpreter does.
func TestArtifactPolicies(t *testing.T) {
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
