package bench

import (
	"fmt"
	"testing"

	"github.com/destgen/destgen/bench/harness"
	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// BenchmarkMaskAB compares, in one binary, the plan the cost model
// chooses (impl=masks: mask tables where it says so) with the automata
// alone (impl=automata, the structure before mask tables), the tables
// alone (impl=tables) and gsl+pick,
// on every family and shape, for Resolve on exact hits, names only
// wildcards match and mixed names (issue 21). It builds its plans itself
// (plan.BuildWith), so it needs no generated package; DESTGEN_AB_N sets
// the sizes (abSizes). Run it with -count 6 and read it with
// `go tool benchstat -col /impl`. Each reports cpu-ns/op too (cpuPerOp).
func BenchmarkMaskAB(b *testing.B) {
	for _, f := range workload.Families {
		for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
			for _, n := range abSizes(b) {
				spec := workload.Spec{Shape: shape, Family: f, N: n, Mix: workload.Mixed, Policies: 10, Seed: workload.DefaultSeed}
				maskAB(b, spec)
			}
		}
	}
}

var abMatchers = map[workload.Spec]map[string]*runtime.Matcher{}

func maskAB(b *testing.B, spec workload.Spec) {
	e, err := harness.EnvOf(spec)
	if err != nil {
		b.Fatal(err)
	}
	matchers := abMatchers[spec]
	if matchers == nil {
		// Built once per spec: -count repeats the whole benchmark, each
		// pass all sub-benchmarks, so the samples interleave in time.
		matchers = map[string]*runtime.Matcher{
			"masks":    &plan.BuildWith(e.Model, plan.Options{Masks: plan.MasksAuto}).Matcher,
			"automata": &plan.BuildWith(e.Model, plan.Options{Masks: plan.MasksOff}).Matcher,
			"tables":   &plan.BuildWith(e.Model, plan.Options{Masks: plan.MasksAll}).Matcher,
		}
		abMatchers[spec] = matchers
	}
	for _, s := range []sample{hits, wildHits, mixed} {
		names, err := e.Names(s.cat, s.dist)
		if err != nil {
			b.Fatal(err)
		}
		mask := len(names) - 1
		b.Run(fmt.Sprintf("Resolve/shape=%s/N=%d/names=%s", spec.Label(), spec.N, s.label), func(b *testing.B) {
			for _, impl := range []string{"masks", "automata", "tables"} {
				m := matchers[impl]
				b.Run("impl="+impl, func(b *testing.B) {
					defer cpuPerOp(b)()
					for i := 0; b.Loop(); i++ {
						m.Resolve(names[i&mask])
					}
				})
			}
			if s == mixed {
				b.Run("impl=gsl", func(b *testing.B) { e.GSL.ResolveLoop(b, names) })
			}
		})
	}
}
