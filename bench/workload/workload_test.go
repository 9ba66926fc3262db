package workload

import (
	"bytes"
	"testing"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// testSpecs are small enough for the reference interpreter to check every
// sampled name against every destination quickly.
var testSpecs = []Spec{
	{Shape: Exact, N: 10, Mix: Mixed, Policies: 10, Seed: DefaultSeed},
	{Shape: Exact, N: 1000, Mix: Fast, Policies: 100, Seed: DefaultSeed},
	{Shape: Wild, N: 1000, Mix: Mixed, Policies: 200, Seed: 7},
	{Shape: Exact, N: 10, Mix: General, Policies: 10, Seed: DefaultSeed},
}

const testNames = 500

func load(t *testing.T, s Spec) (*Workload, *reference.Interp) {
	t.Helper()
	w, err := Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := reference.LoadBytes(s.String()+".json", w.Config())
	if err != nil {
		t.Fatalf("%v: generated config is invalid: %v", s, err)
	}
	return w, ref
}

func TestDeterministic(t *testing.T) {
	for _, s := range testSpecs {
		a, _ := Generate(s)
		b, _ := Generate(s)
		if !bytes.Equal(a.Config(), b.Config()) {
			t.Errorf("%v: two configs differ", s)
		}
		na, _ := a.Names(MixedNames, Zipf, testNames)
		nb, _ := b.Names(MixedNames, Zipf, testNames)
		if len(na) != testNames || len(nb) != testNames || na[17] != nb[17] || na[testNames-1] != nb[testNames-1] {
			t.Errorf("%v: samples differ", s)
		}
	}
}

func TestShapes(t *testing.T) {
	for _, s := range testSpecs {
		w, ref := load(t, s)
		if len(ref.Model.Destinations) != s.N || len(ref.Model.Policies) != s.Policies {
			t.Errorf("%v: %d destinations, %d policies", s, len(ref.Model.Destinations), len(ref.Model.Policies))
		}
		if s.N >= 100 && len(w.Literals)*100/s.N < map[Shape]int{Exact: 85, Wild: 25}[s.Shape] {
			t.Errorf("%v: only %d literal patterns", s, len(w.Literals))
		}
		general := 0
		for i, p := range w.Policies {
			shape, err := javaregex.Analyze(p.Pattern)
			if err != nil {
				t.Fatalf("policy %d %q: %v", i, p.Pattern, err)
			}
			if (shape.Kind == javaregex.General) != (p.Kind == PolicyGeneral) {
				t.Errorf("policy %d %q: generated as %s, analyzed as %v", i, p.Pattern, p.Kind, shape.Kind)
			}
			if p.Kind == PolicyGeneral {
				general++
			}
		}
		limit := 10 // percent
		if s.Mix == General {
			limit = GeneralListPercent
		}
		if general*100 > s.Policies*limit || s.Mix != Fast && general == 0 {
			t.Errorf("%v: %d general policies", s, general)
		}
	}
}

// TestCategories checks every category's names with the reference
// interpreter: the generator's own trie must agree with it.
func TestCategories(t *testing.T) {
	for _, s := range testSpecs {
		w, ref := load(t, s)
		check := func(c Category, ok func(name string, matches []int, err error) bool) {
			names, err := w.Names(c, Uniform, testNames)
			if err != nil || len(names) != testNames {
				t.Fatalf("%v %s: %d names, %v", s, c, len(names), err)
			}
			for _, n := range names {
				ms, err := ref.Matches(n)
				if !ok(n, ms, err) {
					t.Errorf("%v %s: %.60q matches %v, %v", s, c, n, ms, err)
				}
			}
		}
		check(Hits, func(n string, ms []int, err error) bool { return err == nil && w.literal[n] && len(ms) > 0 })
		check(WildHits, func(n string, ms []int, err error) bool { return err == nil && !w.literal[n] && len(ms) > 0 })
		check(Misses, func(n string, ms []int, err error) bool { return err == nil && len(ms) == 0 })
		check(Invalid, func(n string, ms []int, err error) bool { return err != nil })
	}
}

func TestNodeCategories(t *testing.T) {
	for _, s := range testSpecs {
		w, ref := load(t, s)
		matchesAny := func(name string) bool {
			for _, re := range w.Policies {
				if re.re.MatchString(name) {
					return true
				}
			}
			return false
		}
		hits, _ := w.Names(NodeHits, Uniform, testNames)
		misses, _ := w.Names(NodeMisses, Uniform, testNames)
		for _, n := range hits {
			if !matchesAny(n) {
				t.Errorf("%v: node hit %q matches no policy", s, n)
			}
		}
		for _, n := range misses {
			for _, op := range []runtime.Op{runtime.Publish, runtime.Consume} {
				if i, ok := ref.AutoCreate(n, op); ok || matchesAny(n) {
					t.Errorf("%v: node miss %q matches policy %d", s, n, i)
				}
			}
		}
	}
}

func TestZipfSkews(t *testing.T) {
	w, _ := Generate(testSpecs[1])
	names, _ := w.Names(Hits, Zipf, 10000)
	counts := map[string]int{}
	top := 0
	for _, n := range names {
		counts[n]++
		top = max(top, counts[n])
	}
	if top < 1000 || len(counts) < 100 {
		t.Errorf("Zipf sample: most frequent name drawn %d times, %d distinct", top, len(counts))
	}
}

func TestBadSpecs(t *testing.T) {
	for _, s := range []Spec{
		{Shape: "round", N: 10, Mix: Fast},
		{Shape: Exact, N: 0, Mix: Fast},
		{Shape: Exact, N: 10, Mix: "spicy"},
		{Shape: Exact, N: 10, Mix: Fast, Policies: MaxPolicies + 1},
	} {
		if _, err := Generate(s); err == nil {
			t.Errorf("Generate(%+v) did not fail", s)
		}
	}
}
