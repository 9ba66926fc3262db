package bench

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/destgen/destgen/bench/gate"
	"github.com/destgen/destgen/bench/harness"
)

// TestMain prints, when benchmarks run, the run's manifest (gate.Manifest)
// before them: the workloads of the generated packages this binary
// imports and its -test.bench filter, so that cmd/gate tells a benchmark
// the run lacks from one it was never meant to have.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		fmt.Print(gate.FormatManifest(manifestWorkloads(), f.Value.String()))
	}
	if *gatePasses > 0 {
		os.Exit(runGate(m, *gatePasses))
	}
	os.Exit(m.Run())
}

// manifestWorkloads are the registered packages, as forEach runs them.
func manifestWorkloads() []gate.Workload {
	var out []gate.Workload
	for _, k := range []struct {
		kind harness.Kind
		size string
	}{{harness.Destinations, "N"}, {harness.Policies, "P"}} {
		for _, g := range harness.Registered(k.kind) {
			out = append(out, gate.Workload{Label: g.Label(), SizeKey: k.size, Size: g.Size()})
		}
	}
	return out
}
