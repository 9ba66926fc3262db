package main

import (
	"strings"
	"testing"
)

// okRow is a row whose every figure is exactly at its target's limit.
func okRow(n int) row {
	r := row{N: n}
	r.Build = step{Seconds: targetBuildSeconds, PeakMB: targetBuildMB}
	r.Probe = probe{InitMs: targetInitMs, Inits: []float64{targetInitMs}, InitAllocs: 2500}
	r.Loads = loadRuns{Fresh: []float64{50, targetLoadMs, 10}, FreshAllocs: 2500}
	r.Compile = compileRuns{CheckPlan: step{CPUSeconds: 1}, Compile: step{CPUSeconds: targetCompile}, Ratios: []float64{targetCompile}}
	return r
}

// verdicts maps each target of r (against base) to whether it passed.
func verdicts(r row, base *row) map[string]bool {
	m := map[string]bool{}
	for _, t := range targets(r, base) {
		m[t.What] = t.Pass
	}
	return m
}

// TestTargets: each target passes at its limit and below it, fails
// above it, and only that target changes.
func TestTargets(t *testing.T) {
	base := okRow(flatBaseN)
	at := verdicts(okRow(100_000), &base)
	if len(at) != 7 {
		t.Fatalf("%d targets, want 7: %v", len(at), at)
	}
	for what, pass := range at {
		if !pass {
			t.Errorf("%s fails at its limit", what)
		}
	}
	for _, c := range []struct {
		what        string
		below, over func(*row)
	}{
		{"build time", func(r *row) { r.Build.Seconds = 2.99 }, func(r *row) { r.Build.Seconds = 3.01 }},
		{"build memory", func(r *row) { r.Build.PeakMB = 599 }, func(r *row) { r.Build.PeakMB = 601 }},
		{"init, median", func(r *row) { r.Probe.InitMs = 39.9 }, func(r *row) { r.Probe.InitMs = 40.1 }},
		// The median of an odd count is the middle one; the least and
		// largest do not decide.
		{"Load, fresh process, median CPU", func(r *row) { r.Loads.Fresh = []float64{39.9, 400, 1} },
			func(r *row) { r.Loads.Fresh = []float64{40.1, 400, 1} }},
		// The median of the pairs' ratios decides, not the least of each.
		{"Compile / check+plan, median of the pairs' CPU ratios", func(r *row) { r.Compile.Ratios = []float64{1.19, 9, 0.5} },
			func(r *row) { r.Compile.Ratios, r.Compile.Compile.CPUSeconds = []float64{1.21, 9, 0.5}, 0.5 }},
		{"init allocations", func(r *row) { r.Probe.InitAllocs = 2500 + flatAllocSlack - 1 },
			func(r *row) { r.Probe.InitAllocs = 2500 + flatAllocSlack + 1 }},
		{"Load allocations", func(r *row) { r.Loads.FreshAllocs = 2500 + flatAllocSlack - 1 },
			func(r *row) { r.Loads.FreshAllocs = 2500 + flatAllocSlack + 1 }},
	} {
		if _, ok := at[c.what]; !ok {
			t.Errorf("no target %q among %v", c.what, at)
		}
		for _, v := range []struct {
			set  func(*row)
			pass bool
		}{{c.below, true}, {c.over, false}} {
			r := okRow(100_000)
			v.set(&r)
			got := verdicts(r, &base)
			for what, pass := range got {
				if want := what != c.what || v.pass; pass != want {
					t.Errorf("%s set to pass=%v: %s pass=%v", c.what, v.pass, what, pass)
				}
			}
		}
	}
}

// TestTargetsUnmeasured: no Load runs or no Compile pairs fail their
// targets rather than read as 0; no base row, or the base row itself,
// has no allocation targets.
func TestTargetsUnmeasured(t *testing.T) {
	r := okRow(100_000)
	r.Loads.Fresh, r.Compile, r.Probe.Inits = nil, compileRuns{}, nil
	got := verdicts(r, nil)
	if len(got) != 5 || got["Load, fresh process, median CPU"] || got["Compile / check+plan, median of the pairs' CPU ratios"] || got["init, median"] {
		t.Errorf("unmeasured: %v", got)
	}
	base := okRow(flatBaseN)
	if got := verdicts(base, &base); len(got) != 5 {
		t.Errorf("base row: %v", got)
	}
}

// TestPrintTargets: one line a target, the figure beside its limit, the
// allocations against the 10k row whichever order the rows come in.
func TestPrintTargets(t *testing.T) {
	big := okRow(100_000)
	big.Loads = loadRuns{Fresh: []float64{41.25, 35, 49.5}, FreshAllocs: 2615}
	base := okRow(flatBaseN)
	base.Loads.FreshAllocs = 2575
	var b strings.Builder
	printTargets(&b, []row{big, base})
	got := b.String()
	for _, want := range []string{
		"N=100000 target build time: 3.00 s (CPU 0.00 s) <= 3 s: pass\n",
		"N=100000 target Load, fresh process, median CPU: 41.2 (35.0-49.5, 3 runs) ms <= 40 ms: FAIL\n",
		"N=100000 target Load allocations: 2615 at 100000, 2575 at 10000 <= 2575 + 64: pass\n",
		"N=10000 target init, median: 40.0 (40.0-40.0, 1 run) ms (process CPU at main 0.0 ms) <= 40 ms: pass\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if n := strings.Count(got, "\n"); n != 7+5 {
		t.Errorf("%d lines, want 12:\n%s", n, got)
	}
}

// TestMedianSpread: the lower middle of an even count, the input left
// unsorted, and none for no runs.
func TestMedianSpread(t *testing.T) {
	xs := []float64{4, 1, 3, 2}
	if got := median(xs); got != 2 {
		t.Errorf("median %v, want 2", got)
	}
	if xs[0] != 4 {
		t.Errorf("median sorted its input: %v", xs)
	}
	if got := spread(xs); got != "2.0 (1.0-4.0, 4 runs)" {
		t.Errorf("spread %q", got)
	}
	if got := spread([]float64{3}); got != "3.0 (3.0-3.0, 1 run)" {
		t.Errorf("spread of one %q", got)
	}
	if median(nil) != 0 || spread(nil) != "none" {
		t.Errorf("no runs: %v %q", median(nil), spread(nil))
	}
}
