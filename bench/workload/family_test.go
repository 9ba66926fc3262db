package workload

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// familySpecs are one small config per family and shape, checked like
// testSpecs by TestFamilyCategories.
func familySpecs() []Spec {
	var out []Spec
	for _, f := range Families[1:] {
		for _, sh := range []Shape{Exact, Wild} {
			out = append(out, Spec{Shape: sh, Family: f, N: 1000, Mix: Mixed, Policies: 10, Seed: DefaultSeed})
		}
	}
	return out
}

// TestFamilyCategories: every family's names fall in the category they
// are drawn for, by the reference interpreter.
func TestFamilyCategories(t *testing.T) {
	saved := testSpecs
	defer func() { testSpecs = saved }()
	testSpecs = familySpecs()
	TestCategories(t)
}

// TestFamilyShapes checks what each family is for: its depths and name
// lengths, and (events, long) that most names have an element longer
// than 16 bytes.
func TestFamilyShapes(t *testing.T) {
	want := map[Family]struct{ minDepth, maxDepth, minAvg, maxAvg int }{
		Telemetry: {5, 7, 30, 60},
		Market:    {3, 5, 12, 30},
		Events:    {3, 5, 60, 140},
		Long:      {8, 14, 60, 200},
	}
	for _, s := range familySpecs() {
		w, err := Generate(s)
		if err != nil {
			t.Fatal(err)
		}
		wt := want[s.Family]
		total, long := 0, 0
		for _, n := range w.Literals {
			total += len(n)
			elems := strings.Split(n, ".")
			if len(elems) < wt.minDepth || len(elems) > wt.maxDepth {
				t.Errorf("%v: %q has %d elements, want %d to %d", s, n, len(elems), wt.minDepth, wt.maxDepth)
			}
			for _, e := range elems {
				if len(e) > 16 {
					long++ // names with an element past two words
					break
				}
			}
		}
		avg := total / max(1, len(w.Literals))
		if avg < wt.minAvg || avg > wt.maxAvg {
			t.Errorf("%v: literal names average %d bytes, want %d to %d", s, avg, wt.minAvg, wt.maxAvg)
		}
		if (s.Family == Events || s.Family == Long) && long*2 < len(w.Literals) {
			t.Errorf("%v: %d of %d names have an element over 16 bytes", s, long, len(w.Literals))
		}
	}
}

// TestClassicLabel: the classic family keeps the names workloads had
// before families, so earlier results stay comparable.
func TestClassicLabel(t *testing.T) {
	s := Spec{Shape: Wild, N: 100, Mix: Mixed, Policies: 10, Seed: 1}
	if got := s.String(); got != "wild100-mixed10-seed1" {
		t.Errorf("classic spec %q", got)
	}
	s.Family = Telemetry
	if got := s.String(); got != "wild-telemetry100-mixed10-seed1" {
		t.Errorf("telemetry spec %q", got)
	}
	if _, err := Generate(Spec{Shape: Wild, Family: "ocean", N: 10, Mix: Fast}); err == nil {
		t.Error("unknown family accepted")
	}
}

// poolSizes are every size a family is benchmarked or may be: benchgen's
// full set (10 to 100k) and the N = 100, 10k and 100k.
var poolSizes = []int{10, 100, 1000, 10_000, 100_000}

// TestFamilyPools: every family, shape and size yields its name pools,
// in full. At 100k wildcard-heavy destinations the market and events
// families' wildcards match every name miss makes, and missOutside fills
// the pool (it did not exist, and these workloads could not be drawn).
func TestFamilyPools(t *testing.T) {
	for _, f := range Families {
		for _, sh := range []Shape{Exact, Wild} {
			for _, n := range poolSizes {
				s := Spec{Shape: sh, Family: f, N: n, Mix: Mixed, Policies: 10, Seed: DefaultSeed}
				t.Run(s.String(), func(t *testing.T) {
					t.Parallel()
					checkPools(t, s)
				})
			}
		}
	}
}

func checkPools(t *testing.T, s Spec) {
	w, err := Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Category{Hits, WildHits, Misses, Invalid} {
		p, err := w.pool(c)
		want := PoolSize
		switch c {
		case Hits:
			want = len(w.Literals)
		case Invalid:
			want = len(p) // a fixed list of every way to be invalid
		}
		if err != nil || len(p) == 0 || len(p) != want {
			t.Errorf("%s pool: %d names (want %d), %v", c, len(p), want, err)
		}
	}
	for _, d := range []Dist{Uniform, Zipf} {
		if names, err := w.Names(MixedNames, d, PoolSize); err != nil || len(names) != PoolSize {
			t.Errorf("mixed %s: %d names, %v", d, len(names), err)
		}
	}
}

// TestMissOutside: the fallback's names are valid and match nothing, by
// the reference interpreter, on every family's wildcard-heavy config.
func TestMissOutside(t *testing.T) {
	for _, s := range familySpecs() {
		w, ref := load(t, s)
		r := rand.New(rand.NewPCG(s.Seed, 3))
		accepted := 0
		for range testNames {
			name, ok := w.missOutside(r)
			if !ok {
				continue
			}
			accepted++
			if ms, err := ref.Matches(name); err != nil || len(ms) > 0 {
				t.Errorf("%v: miss %.60q matches %v, %v", s, name, ms, err)
			}
		}
		if accepted < testNames/4 {
			t.Errorf("%v: %d of %d misses accepted", s, accepted, testNames)
		}
	}
}
