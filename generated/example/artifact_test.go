package example

import (
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// artifact is the plan artifact of the config this package was generated
// from.
func artifact(t *testing.T) *runtime.Plan {
	t.Helper()
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	m, diags := model.Load(config, data)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return plan.Build(m).Artifact()
}

// TestArtifactCarriesGenerated checks that the plan artifact of realm.json
// carries what this generated package carries: the same destinations with
// the same typed properties, the same policies, and tables that answer
// every lookup as the package does.
func TestArtifactCarriesGenerated(t *testing.T) {
	a := artifact(t)
	checkPropertyKeys(t, a.PropertyKeys)
	if len(a.Destinations) != len(Destinations) {
		t.Fatalf("artifact has %d destinations, the package %d", len(a.Destinations), len(Destinations))
	}
	for i, d := range a.Destinations {
		g := &Destinations[i]
		if g.Index() != i || d.Pattern != g.Pattern() || d.Store != g.Store() || d.HasStore != g.HasStore() || d.Cluster != g.Cluster() || d.HasCluster != g.HasCluster() {
			t.Errorf("destination %d: artifact %+v, package %d %q %q %v %q %v", i, d, g.Index(), g.Pattern(), g.Store(), g.HasStore(), g.Cluster(), g.HasCluster())
		}
		checkProperties(t, i, a.PropertyKeys, d.Properties, reflect.ValueOf(g.Properties()))
	}
	if len(a.Policies) != len(Policies) {
		t.Fatalf("artifact has %d policies, the package %d", len(a.Policies), len(Policies))
	}
	for i, p := range a.Policies {
		g := Policies[i]
		if p.Pattern != g.Pattern || p.NodeType != g.NodeType || p.Attributes != g.Attributes || p.GoRegexp != "" {
			t.Errorf("policy %d: artifact %+v, package %+v", i, p, g)
		}
	}
	checkLookups(t, a)
}

// checkPropertyKeys compares the keys with the Properties struct's fields.
func checkPropertyKeys(t *testing.T, keys []runtime.PropertyKey) {
	t.Helper()
	kinds := map[reflect.Kind]runtime.PropertyKind{
		reflect.String: runtime.PropString, reflect.Int64: runtime.PropInt, reflect.Float64: runtime.PropFloat, reflect.Bool: runtime.PropBool,
	}
	typ := reflect.TypeFor[Properties]()
	if typ.NumField() != len(keys)+1 { // and Has
		t.Fatalf("artifact has %d property keys, Properties %d fields", len(keys), typ.NumField())
	}
	for i, k := range keys {
		f := typ.Field(i)
		if f.Name != k.Field || kinds[f.Type.Kind()] != k.Kind || k.Name == "" {
			t.Errorf("property key %d: artifact %+v, Properties field %s %s", i, k, f.Name, f.Type)
		}
	}
}

// checkProperties compares destination i's values with its Properties.
func checkProperties(t *testing.T, i int, keys []runtime.PropertyKey, vals []runtime.PropertyValue, g reflect.Value) {
	t.Helper()
	has := g.FieldByName("Has")
	for j, k := range keys {
		v, f := vals[j], g.FieldByName(k.Field)
		var same bool
		switch k.Kind {
		case runtime.PropString:
			same = v.Str == f.String()
		case runtime.PropInt:
			same = v.Int == f.Int()
		case runtime.PropFloat:
			same = v.Float == f.Float()
		case runtime.PropBool:
			same = v.Bool == f.Bool()
		}
		if !same || v.Set != has.Index(j).Bool() {
			t.Errorf("destination %d property %s: artifact %+v, package %v (set %v)", i, k.Name, v, f, has.Index(j))
		}
	}
}

// checkLookups compares the artifact's tables, expanded by the runtime,
// with the package on every name of the package's own tests.
func checkLookups(t *testing.T, a *runtime.Plan) {
	t.Helper()
	mt := runtime.NewMatcher(&a.Matcher)
	pols := runtime.NewPolicyIndex(&a.PolicyIndex)
	pm, err := runtime.CompilePolicyMatchers(a.Policies)
	if err != nil {
		t.Fatal(err)
	}
	if a.Permissions != a.Matcher.Permissions || !a.Permissions {
		t.Errorf("artifact Permissions %v, matcher %v; realm.json turns them on", a.Permissions, a.Matcher.Permissions)
	}
	principals := []string{"alice", "bob", "ops", "grafana", "auditors", "billing", "orders-svc", "collector", "x"}
	var buf, gbuf []int
	for _, name := range names() {
		got, gotErr := mt.Matches(name, buf[:0])
		want, wantErr := Matches(name, gbuf[:0])
		if (gotErr != nil) != (wantErr != nil) || !slices.Equal(got, want) {
			t.Errorf("Matches(%.40q): artifact %v, %v; package %v, %v", name, got, gotErr, want, wantErr)
		}
		i, _ := mt.Resolve(name)
		d, _ := Resolve(name)
		if (i >= 0) != (d != nil) || d != nil && d.Index() != i {
			t.Errorf("Resolve(%.40q): artifact %d, package %+v", name, i, d)
		}
		for _, p := range principals {
			for op := range runtime.NumOps {
				ps := []runtime.Principal{mt.Principal(p)}
				if got, want := mt.Allowed(op, name, ps), Allowed(op, name, LookupPrincipal(p)); got != want {
					t.Errorf("Allowed(%v, %.40q, %s): artifact %v, package %v", op, name, p, got, want)
				}
			}
		}
		for op := range runtime.NumOps {
			i, ok := pols.Find(name, op, pm.Match)
			p, gok := AutoCreate(name, op)
			if ok != gok || ok && p.Index != i {
				t.Errorf("AutoCreate(%.40q, %v): artifact %d, %v; package %+v", name, op, i, ok, p)
			}
		}
	}
}
