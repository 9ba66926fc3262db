package workload

import (
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
