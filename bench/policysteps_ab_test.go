package bench

import (
	"fmt"
	"testing"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// BenchmarkPolicyStepsAB runs AutoCreate's index (PolicyIndex.Find, for
// publish) on the policy workloads' hits, misses and mixed names with
// the index built two ways in one binary: impl=built from the plan as
// gen/plan builds it (NewPolicyIndex composes the automata's step
// tables) and impl=adopted from the same plan encoded and decoded
// (plan format 7: it adopts the tables the plan carries, read in place).
// Adopted tables must be no slower: run with -count, both impls
// interleave within each pass. Each benchmark reports cpu-ns/op too
// (cpuPerOp).
func BenchmarkPolicyStepsAB(b *testing.B) {
	for _, t := range []struct {
		mix workload.PolicyMix
		p   int
	}{{workload.Mixed, 10}, {workload.Mixed, 1000}, {workload.General, 10}, {workload.General, 100}} {
		spec := workload.Spec{Shape: workload.Exact, N: 10, Mix: t.mix, Policies: t.p, Seed: workload.DefaultSeed}
		w, err := workload.Generate(spec)
		if err != nil {
			b.Fatal(err)
		}
		ixs, match := stepsIndexes(b, w)
		for _, c := range []workload.Category{workload.NodeHits, workload.NodeMisses, workload.NodeMixedNames} {
			names, err := w.Names(c, workload.Uniform, 4096)
			if err != nil || len(names) == 0 {
				b.Fatalf("%s %s: %d names, %v", spec, c, len(names), err)
			}
			for _, impl := range []string{"built", "adopted"} {
				x := ixs[impl]
				b.Run(fmt.Sprintf("mix=%s/P=%d/names=%s/impl=%s", t.mix, t.p, c, impl), func(b *testing.B) {
					defer cpuPerOp(b)()
					for i := 0; b.Loop(); i++ {
						x.Find(names[i&4095], runtime.Publish, match)
					}
				})
			}
		}
	}
}

// stepsIndexes builds w's policy index both ways (see
// BenchmarkPolicyStepsAB), and the match function for its regexps.
func stepsIndexes(b *testing.B, w *workload.Workload) (map[string]*runtime.PolicyIndex, func(int, string) bool) {
	built, decoded := stepsPlans(b, w)
	pm, err := runtime.CompilePolicyMatchers(built.Policies)
	if err != nil {
		b.Fatal(err)
	}
	return map[string]*runtime.PolicyIndex{
		"built":   runtime.NewPolicyIndex(&built.PolicyIndex),
		"adopted": runtime.NewPolicyIndex(&decoded.PolicyIndex),
	}, pm.Match
}

// BenchmarkPolicyIndexInit is NewPolicyIndex's cost at initialisation,
// built (composing the step tables) against adopted (plan format 7), for
// the scale configs' 1,000 policies (cmd/scale: exact 10k) and the
// policy workloads of 10, 100 and 1,000 policies; both impls interleave
// within each pass of -count.
func BenchmarkPolicyIndexInit(b *testing.B) {
	for _, spec := range []workload.Spec{
		{Shape: workload.Exact, N: 10_000, Mix: workload.Mixed, Policies: 1000, Seed: workload.DefaultSeed},
		{Shape: workload.Exact, N: 10, Mix: workload.Mixed, Policies: 10, Seed: workload.DefaultSeed},
		{Shape: workload.Exact, N: 10, Mix: workload.Mixed, Policies: 100, Seed: workload.DefaultSeed},
		{Shape: workload.Exact, N: 10, Mix: workload.General, Policies: 10, Seed: workload.DefaultSeed},
		{Shape: workload.Exact, N: 10, Mix: workload.General, Policies: 100, Seed: workload.DefaultSeed},
		{Shape: workload.Exact, N: 10, Mix: workload.Fast, Policies: 1000, Seed: workload.DefaultSeed},
	} {
		w, err := workload.Generate(spec)
		if err != nil {
			b.Fatal(err)
		}
		built, decoded := stepsPlans(b, w)
		for _, impl := range []string{"built", "adopted"} {
			c := &built.PolicyIndex
			if impl == "adopted" {
				c = &decoded.PolicyIndex
			}
			b.Run(fmt.Sprintf("N=%d/mix=%s/P=%d/impl=%s", spec.N, spec.Mix, spec.Policies, impl), func(b *testing.B) {
				b.ReportAllocs()
				defer cpuPerOp(b)()
				for b.Loop() {
					runtime.NewPolicyIndex(c)
				}
			})
		}
	}
}

// stepsPlans is w's plan as gen/plan builds it and the same encoded and
// decoded, carrying the step tables.
func stepsPlans(b *testing.B, w *workload.Workload) (built, decoded *runtime.Plan) {
	m, diags := model.Load("policies.json", w.Config())
	if err := diags.Err(); err != nil {
		b.Fatal(err)
	}
	built = plan.Build(m).Artifact()
	decoded, err := runtime.DecodePlan(runtime.EncodePlan(built))
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range decoded.PolicyIndex.Automata {
		if a.PairSymbols == 0 {
			b.Fatal("the decoded plan carries no step tables")
		}
	}
	return built, decoded
}
