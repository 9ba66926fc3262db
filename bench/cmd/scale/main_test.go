package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/runtime"
)

// Bounds for the 10k case CI runs: several times what the plan needs on a
// 2-core machine (about 0.6 s, 0.7 s and 3.5 s), far below what a
// superlinear emitter costs (one 10k-case switch took 29 s to build).
const (
	maxCheckSeconds    = 10
	maxGenerateSeconds = 10
	maxBuildSeconds    = 20
	maxBuildMB         = 1500
)

// TestScale10k keeps the build-time path honest: a 10k-destination config
// with 1k policies must check, generate and build within the bounds.
func TestScale10k(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 10k-destination package; run without -short")
	}
	rows, err := measureAll([]int{10_000}, 1000, workload.Exact, runCounts{Compile: 1, Load: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0]
	t.Logf("N=%d check %.2fs generate %.2fs file %.1fMB build %.2fs %.0fMB", r.N, r.Check.Seconds, r.Generate.Seconds, r.FileMB, r.Build.Seconds, r.Build.PeakMB)
	if r.Check.Seconds > maxCheckSeconds || r.Generate.Seconds > maxGenerateSeconds ||
		r.Build.Seconds > maxBuildSeconds || r.Build.PeakMB > maxBuildMB {
		t.Errorf("10k config over its bounds: check %.2fs (max %d), generate %.2fs (max %d), build %.2fs (max %d), build %.0f MB (max %d)",
			r.Check.Seconds, maxCheckSeconds, r.Generate.Seconds, maxGenerateSeconds, r.Build.Seconds, maxBuildSeconds, r.Build.PeakMB, maxBuildMB)
	}
}

// TestPrintSections: the largest sections first, at most largestSections,
// each with its share of the plan.
func TestPrintSections(t *testing.T) {
	var secs []runtime.PlanSection
	for i := range largestSections + 2 {
		secs = append(secs, runtime.PlanSection{Name: fmt.Sprint("S", i), Bytes: 1000 * (largestSections + 2 - i)})
	}
	var b strings.Builder
	printSections(&b, []row{{N: 7, Sections: secs}})
	got := b.String()
	if !strings.HasPrefix(got, "N=7 plan sections, largest first: S0 0.01 MB (18%), S1 0.01 MB (16%),") {
		t.Errorf("got %q", got)
	}
	if n := strings.Count(got, "MB ("); n != largestSections {
		t.Errorf("%d sections printed, want %d: %q", n, largestSections, got)
	}
}

// TestPrintCompile: every pair's ratio in run order, the median of the
// pairs (the lower middle one of an even count) and the ratio of each
// side's least CPU time, which need not come from one pair.
func TestPrintCompile(t *testing.T) {
	for _, c := range []struct {
		runs compileRuns
		want string
	}{
		{compileRuns{CheckPlan: step{CPUSeconds: 2}, Compile: step{CPUSeconds: 2.1}, Ratios: []float64{1.3, 0.9, 1.1}},
			"N=5 Compile / check+plan CPU time, 3 alternated pairs: 1.30 0.90 1.10; median 1.10, least of each 1.05\n"},
		{compileRuns{CheckPlan: step{CPUSeconds: 4}, Compile: step{CPUSeconds: 3}, Ratios: []float64{1.2, 0.8, 1.0, 0.7}},
			"N=5 Compile / check+plan CPU time, 4 alternated pairs: 1.20 0.80 1.00 0.70; median 0.80, least of each 0.75\n"},
		{compileRuns{}, "N=5 Compile / check+plan CPU time, 0 alternated pairs:; median 0.00, least of each 0.00\n"},
	} {
		var b strings.Builder
		printCompile(&b, []row{{N: 5, Compile: c.runs}})
		if got := b.String(); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

// TestCompileRunsAdd: each side keeps its own least CPU time, whichever
// pair it came from (the first pair's even when later ones tie or take
// longer), and every pair's ratio is kept in order.
func TestCompileRunsAdd(t *testing.T) {
	var c compileRuns
	c.add(step{CPUSeconds: 2, PeakMB: 1}, step{CPUSeconds: 3, PeakMB: 1})
	c.add(step{CPUSeconds: 2, PeakMB: 2}, step{CPUSeconds: 2.2, PeakMB: 2})
	c.add(step{CPUSeconds: 1.6, PeakMB: 3}, step{CPUSeconds: 2.4, PeakMB: 3})
	if c.CheckPlan.PeakMB != 3 || c.Compile.PeakMB != 2 {
		t.Errorf("least runs kept: check+plan from pair %v, Compile from pair %v; want 3 and 2", c.CheckPlan.PeakMB, c.Compile.PeakMB)
	}
	if want := []float64{1.5, 1.1, 1.5}; fmt.Sprintf("%.2f", c.Ratios) != fmt.Sprintf("%.2f", want) {
		t.Errorf("ratios %v, want %v", c.Ratios, want)
	}
	if got := c.MinRatio(); got < 1.37 || got > 1.38 {
		t.Errorf("MinRatio %v, want 2.2/1.6 = 1.375", got)
	}
}

// TestMorePairs: the pairs asked for always run; past them, more while
// under the CPU budget, at and over it none, and never from
// maxCompileRuns on.
func TestMorePairs(t *testing.T) {
	for _, c := range []struct {
		done, least int
		spent       float64
		want        bool
	}{
		{0, 1, 0, true}, {4, 5, 99, true}, {5, 5, 99, false},
		{5, 5, compileBudgetSeconds - 0.01, true}, {5, 5, compileBudgetSeconds, false}, {5, 5, compileBudgetSeconds + 0.01, false},
		{maxCompileRuns - 1, 5, 1, true}, {maxCompileRuns, 5, 1, false}, {maxCompileRuns + 1, 5, 1, false},
		{maxCompileRuns, maxCompileRuns + 2, 99, true}, {maxCompileRuns + 2, maxCompileRuns + 2, 0, false},
	} {
		if got := morePairs(c.done, c.least, c.spent, compileBudgetSeconds); got != c.want {
			t.Errorf("morePairs(%d, %d, %v) = %v, want %v", c.done, c.least, c.spent, got, c.want)
		}
		if c.done >= c.least && morePairs(c.done, c.least, 0, 0) {
			t.Errorf("morePairs(%d, %d) with no budget: another pair", c.done, c.least)
		}
	}
}
