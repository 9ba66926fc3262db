package gate

import (
	"strings"
	"testing"
)

// TestNear: a check needs every pass when its ratio is within NearMargin
// of its limit or misses it; at NearMargin exactly it is decided.
func TestNear(t *testing.T) {
	speedup := Check{Min: 4} // decided from 5 = 4 x 1.25 up
	bound := Check{Max: 2.5} // decided from 2 = 2.5 / 1.25 down
	for _, tc := range []struct {
		c     Check
		ratio float64
		near  bool
	}{
		{speedup, 4.99, true}, {speedup, 5, false}, {speedup, 5.01, false},
		{speedup, 3.9, true}, // fails
		{bound, 2.01, true}, {bound, 2, false}, {bound, 1.99, false},
		{bound, 2.6, true}, // fails
	} {
		o := Outcome{Check: tc.c, Ratio: tc.ratio}
		o.Pass = tc.c.Max == 0 && o.Ratio >= tc.c.Min || tc.c.Max != 0 && o.Ratio <= tc.c.Max
		if got := Near(o); got != tc.near {
			t.Errorf("Near(min %g, max %g, ratio %g) = %v, want %v", tc.c.Min, tc.c.Max, tc.ratio, got, tc.near)
		}
	}
	for _, o := range []Outcome{{Check: speedup, Missing: "x"}, {Check: bound, NotRun: "x"}} {
		if !Near(o) {
			t.Errorf("Near(%+v) = false: a check lacking a benchmark is undecided", o)
		}
	}
}

// TestFilterSelectsExactly: Filter's expression, split as testing splits
// it, selects each side given (and so every level above it, which
// testing must run to reach it) and no other benchmark.
func TestFilterSelectsExactly(t *testing.T) {
	in := []Side{
		side("Resolve", "shape=wild-market/N=100000/names=hits", "map"),
		side("Compile", "shape=exact/N=10000", "check+plan"),
		side("AutoCreate", "shape=fast/P=10/names=mixed", "gen"),
	}
	out := []Side{
		side("Resolve", "shape=wild-market/N=100000/names=hits", "gen"),
		side("Resolve", "shape=wild-market/N=10000/names=hits", "map"),
		side("Resolve", "shape=wild-market/N=100000/names=hits-zipf", "map"),
		side("Resolve", "shape=wild/N=100000/names=hits", "map"),
		side("Allowed", "shape=wild-market/N=100000/names=hits", "map"),
		side("Compile", "shape=exact/N=10000", "checkxplan"), // '+' is quoted
		side("AutoCreate", "shape=fast/P=100/names=mixed", "gen"),
	}
	alts, err := splitFilter(Filter(in))
	if err != nil {
		t.Fatal(err)
	}
	selects := func(s Side) bool {
		name := strings.Split("Benchmark"+s.String(), "/")
		for _, a := range alts {
			if len(a) == len(name) && matchLevels(a, name) {
				return true
			}
		}
		return false
	}
	for _, s := range in {
		if !selects(s) {
			t.Errorf("Filter leaves out %s", s)
		}
		parent := strings.Split("Benchmark"+s.Key.String(), "/")
		if !matchLevels(alts[0], parent) && !matchLevels(alts[1], parent) && !matchLevels(alts[2], parent) {
			t.Errorf("Filter leaves out %s's parents", s)
		}
	}
	for _, s := range out {
		if selects(s) {
			t.Errorf("Filter selects %s", s)
		}
	}
}

// TestNearSides: after the first passes of one workload, the benchmarks
// still to run are those of its checks near their limits and of its
// checks whose other side is another workload's; a decided check's are
// not, and nor is any benchmark the workload did not run.
func TestNearSides(t *testing.T) {
	cfg := func(names string) string { return "shape=exact/N=100/names=" + names }
	r := NewResults()
	for _, x := range []struct {
		s  Side
		ns float64
	}{
		{side("Resolve", cfg("hits"), "map"), 20}, {side("Resolve", cfg("hits"), "gen"), 10}, // 2x: decided
		{side("Resolve", cfg("mixed"), "gsl"), 55}, {side("Resolve", cfg("mixed"), "gen"), 10}, // 5.5x of 5x: near
		{side("AutoCreate", "shape=fast/P=1000/names=mixed", "gen"), 30}, // P=10 is another workload's
	} {
		r.Add(x.s, x.ns)
	}
	cs := []Check{
		{Slow: side("Resolve", cfg("hits"), "map"), Fast: side("Resolve", cfg("hits"), "gen"), Min: 1.25},
		{Slow: side("Resolve", cfg("mixed"), "gsl"), Fast: side("Resolve", cfg("mixed"), "gen"), Min: 5},
		{Slow: side("AutoCreate", "shape=fast/P=1000/names=mixed", "gen"), Fast: side("AutoCreate", "shape=fast/P=10/names=mixed", "gen"), Max: 3},
		{Slow: side("Resolve", "shape=wild/N=100/names=mixed", "gsl"), Fast: side("Resolve", "shape=wild/N=100/names=mixed", "gen"), Min: 5},
	}
	var got []string
	for _, s := range NearSides(r, cs) {
		got = append(got, s.String())
	}
	want := []string{
		"Resolve/" + cfg("mixed") + "/impl=gsl", "Resolve/" + cfg("mixed") + "/impl=gen",
		"AutoCreate/shape=fast/P=1000/names=mixed/impl=gen",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("NearSides = %q, want %q", got, want)
	}
}

// TestSideOf: testing's name of a sub-benchmark is the side a check
// names, with or without the GOMAXPROCS suffix benchmark output adds.
func TestSideOf(t *testing.T) {
	want := side("Resolve", "shape=exact/N=100/names=hits", "gen")
	for _, n := range []string{"BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen", "BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen-2"} {
		if got := SideOf(n); got != want {
			t.Errorf("SideOf(%q) = %v, want %v", n, got, want)
		}
	}
}
