package bench

import (
	"flag"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/destgen/destgen/bench/gate"
	"github.com/destgen/destgen/bench/harness"
)

// make bench-gate's run (-destgen.gate): the benchmarks of one workload
// after another, each workload's passes back to back in this process,
// its environment built once and dropped before the next. Run as
// separate processes, one per pass, every pass built every environment
// again (about 10 s of CPU at 100k), and one process held them all, so
// that the collection testing forces before each benchmark marked
// every workload's heap (0.3-0.7 s at 100k, some 40 times a workload).
//
// Only the benchmarks a full gate check reads run, and every impl=gen one
// (the allocation check); after gate.FirstPasses passes of a workload,
// only those of its checks gate.Near their limits.
var gatePasses = flag.Int("destgen.gate", 0, "run as make bench-gate: `passes` samples of each benchmark a full gate check near its limit reads, one workload after another (see gaterun_test.go)")

// compileGroup is BenchmarkCompile's group: it builds its own configs.
const compileGroup = "Compile"

// The run in progress: the group whose benchmarks run (forEach and
// BenchmarkCompile run no other) and its samples so far.
var (
	gateGroup   string
	gateSamples *gate.Results
	gateReads   = readSet()
)

// readSet is every benchmark a full gate check reads.
func readSet() map[gate.Side]bool {
	m := map[gate.Side]bool{}
	for _, s := range gate.Sides(gate.Checks(gate.Full)) {
		m[s] = true
	}
	return m
}

// gateSkips reports whether a gate run leaves the benchmark named out:
// no check reads it and it is not impl=gen.
func gateSkips(name string) bool {
	if *gatePasses == 0 {
		return false
	}
	s := gate.SideOf(name)
	return s.Impl != "gen" && !gateReads[s]
}

// gateRecord keeps b's time per operation for the group's checks; b has
// just run its loop.
func gateRecord(b *testing.B) {
	if gateSamples != nil && b.N > 0 {
		gateSamples.Add(gate.SideOf(b.Name()), float64(b.Elapsed().Nanoseconds())/float64(b.N))
	}
}

// inGroup reports whether a gate run is running the group named
// (shape=S/N=n, shape=mix/P=p, or compileGroup); any group otherwise.
func inGroup(name string) bool { return gateGroup == "" || gateGroup == name }

// runGate runs passes passes of every group, each group's back to back.
func runGate(m *testing.M, passes int) int {
	bench := flag.Lookup("test.bench")
	filter := bench.Value.String()
	defer bench.Value.Set(filter)
	checks := gate.Checks(gate.Full)
	groups := []string{compileGroup}
	for _, w := range manifestWorkloads() {
		groups = append(groups, fmt.Sprintf("shape=%s/%s=%d", w.Label, w.SizeKey, w.Size))
	}
	for _, g := range groups {
		gateGroup, gateSamples = g, gate.NewResults()
		wall, cpu, p := time.Now(), processCPU(), 1
		for ; p <= passes; p++ {
			if p == gate.FirstPasses+1 {
				near := gate.NearSides(gateSamples, checks)
				if len(near) == 0 {
					break
				}
				bench.Value.Set(gate.Filter(near))
			}
			if code := m.Run(); code != 0 {
				return code
			}
		}
		bench.Value.Set(filter)
		harness.DropEnvs()
		// The run's cost by workload, on stderr, for bench/README's
		// figures: the results file stays benchmark output.
		fmt.Fprintf(os.Stderr, "destgen-gate: %s: %d passes, %.1f s, %.1f s CPU\n",
			g, p-1, time.Since(wall).Seconds(), (processCPU() - cpu).Seconds())
	}
	return 0
}
