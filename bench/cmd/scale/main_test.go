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
	rows, err := measureAll([]int{10_000}, 1000, workload.Exact)
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
