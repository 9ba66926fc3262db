//go:build linux

package bench

import (
	"flag"
	"fmt"
	goruntime "runtime"
	"slices"
	"testing"

	"github.com/destgen/destgen/bench/harness"
	"github.com/destgen/destgen/runtime"
)

// parityRounds is BenchmarkLiveParity's number of rounds per row; 0 (the
// default) skips it, so that make bench's suite (-bench .) does not run
// three loops per row nine times over every family.
var parityRounds = flag.Int("parity.rounds", 0, "BenchmarkLiveParity: rounds of gen, live and gen again per row (0: skip it)")

// loopPair is one workload's generated and live loops, and for the
// lookups that cache (Resolve, Allowed) each side's warm-up to its
// caches' steady state on the sample, run before each run's CPU time is
// read (see steady).
type loopPair struct {
	gen, live         func(b *testing.B, names []string)
	warmGen, warmLive func(names []string)
}

// BenchmarkLiveParity scores the gate's live rows (live / gen on every
// Resolve, Matches, Allowed and AutoCreate workload) as their size needs:
// the two run the same runtime on the same tables, so their difference is
// a few percent of 10-100 ns, under what one benchmark per impl sees move
// between passes on a shared machine. Each row runs three loops in turn,
// parityRounds times, each round starting with the next: gen, live, and
// gen again (gen2, a control: gen2/gen is what the method reads when
// nothing differs). Each run is a sub-benchmark round=R/impl=I of
// -benchtime on a thread locked for it, reporting the thread's CPU time
// per call (cpu-ns/op: time the thread was descheduled does not count).
// The row then logs the least cpu-ns/op of each over the rounds, the
// ratios of those (live/gen is what the gate's target reads) and the
// medians of the rounds' own ratios. Run it alone, with -v for the logs:
//
//	go test -run '^$' -bench 'LiveParity/shape=exact/N=100$' -benchtime 20ms -parity.rounds 9 -v
func BenchmarkLiveParity(b *testing.B) {
	if *parityRounds <= 0 {
		b.Skip("set -parity.rounds (9 is enough to tell live from gen2)")
	}
	forEach(b, harness.Destinations, func(b *testing.B, g *harness.Generated, e *harness.Env) {
		op, resolved := runtime.Publish, g.Principals(e.Callers)
		inLive := harness.LivePrincipals(e.Live, e.Callers)
		for _, row := range harness.LiveRows(harness.Destinations) {
			s := sample{row.Label, row.Cat, row.Dist}
			switch row.Fn {
			case "Resolve":
				parityRow(b, e, row.Fn, s, loopPair{
					g.ResolveLoop, func(b *testing.B, names []string) { harness.LiveResolveLoop(b, e.Live, names) },
					resolveTwice(g.Resolve), resolveTwice(e.Live.Resolve),
				})
			case "Matches":
				parityRow(b, e, row.Fn, s, loopPair{gen: g.MatchesLoop, live: func(b *testing.B, names []string) { harness.LiveMatchesLoop(b, e.Live, names) }})
			case "Allowed":
				parityRow(b, e, row.Fn, s, loopPair{
					func(b *testing.B, names []string) { g.AllowedLoop(b, op, names, resolved) },
					func(b *testing.B, names []string) { harness.LiveAllowedLoop(b, e.Live, op, names, inLive) },
					allowedTwice(g.Allowed, op, resolved), allowedTwice(e.Live.Allowed, op, inLive),
				})
			default:
				b.Fatalf("no parity loops for %s", row.Fn)
			}
		}
	})
	forEach(b, harness.Policies, func(b *testing.B, g *harness.Generated, e *harness.Env) {
		op := runtime.Publish
		for _, row := range harness.LiveRows(harness.Policies) {
			parityRow(b, e, row.Fn, sample{row.Label, row.Cat, row.Dist}, loopPair{
				gen:  func(b *testing.B, names []string) { g.AutoCreateLoop(b, op, names) },
				live: func(b *testing.B, names []string) { harness.LiveAutoCreateLoop(b, e.Live, op, names) },
			})
		}
	})
}

// parityRow runs one row of BenchmarkLiveParity as fn=F/names=S.
func parityRow(b *testing.B, e *harness.Env, fn string, s sample, p loopPair) {
	b.Run("fn="+fn+"/names="+s.label, func(b *testing.B) {
		names, err := e.Names(s.cat, s.dist)
		if err != nil {
			b.Fatal(err)
		}
		if len(names) == 0 {
			b.Skipf("workload has no %s names", s.label)
		}
		impls := []string{"gen", "live", "gen2"}
		loops := map[string]func(*testing.B, []string){"gen": p.gen, "live": p.live, "gen2": p.gen}
		warms := map[string]func([]string){"gen": p.warmGen, "live": p.warmLive, "gen2": p.warmGen}
		perOp := map[string][]float64{}
		var ratios, control []float64
		for r := range *parityRounds {
			for _, impl := range impls {
				b.Run(fmt.Sprintf("round=%d/impl=%s", r, impl), func(b *testing.B) {
					if w := warms[impl]; w != nil {
						w(names)
					}
					perOp[impl] = append(perOp[impl], threadCPUPerOp(b, loops[impl], names))
				})
			}
			ratios = append(ratios, perOp["live"][r]/perOp["gen"][r])
			control = append(control, perOp["gen2"][r]/perOp["gen"][r])
			impls = append(impls[1:], impls[0]) // the next round starts with the next impl
		}
		least := func(impl string) float64 { return slices.Min(perOp[impl]) }
		b.Logf("least cpu-ns/op gen %.2f live %.2f gen2 %.2f: live/gen %.3f gen2/gen %.3f; rounds' medians live/gen %.3f gen2/gen %.3f",
			least("gen"), least("live"), least("gen2"), least("live")/least("gen"), least("gen2")/least("gen"), median(ratios), median(control))
	})
}

// median is the lower middle of xs, which it sorts.
func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[(len(xs)-1)/2]
}

// threadCPUPerOp runs loop on names under b, on a thread locked for it,
// and reports (as cpu-ns/op) and returns the thread's CPU time per call.
func threadCPUPerOp(b *testing.B, loop func(*testing.B, []string), names []string) float64 {
	goruntime.LockOSThread()
	defer goruntime.UnlockOSThread()
	start := threadCPU()
	loop(b, names)
	perOp := float64(threadCPU()-start) / float64(b.N)
	b.ReportMetric(perOp, "cpu-ns/op")
	return perOp
}
