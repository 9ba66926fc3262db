package bench

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/destgen/destgen/bench/harness"
	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// BenchmarkSlimAB runs the default plan's Matcher (plan.Build, as
// generated code gets it) on every family and shape: Resolve on exact
// hits, names only wildcards match and mixed names (uniform and Zipf),
// and Allowed for publish on hits and mixed names (uniform and Zipf). It compares two builds of destgen rather than
// two plans in one binary: build its test binary from each tree and run
// them in turn, one pass each, so that their samples interleave in time
// (bench/README.md, "What each structure earns"). DESTGEN_AB_N sets the
// sizes (default "100,10000"), DESTGEN_AB_ONLY a regular expression the
// shape labels run must match (default all). Besides ns/op each
// benchmark reports cpu-ns/op on Linux, the thread's CPU time per call,
// which a loaded machine's preemptions do not count (cpuPerOp).
func BenchmarkSlimAB(b *testing.B) {
	only, err := regexp.Compile(os.Getenv("DESTGEN_AB_ONLY"))
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range abSizes(b) {
		for _, f := range workload.Families {
			for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
				spec := workload.Spec{Shape: shape, Family: f, N: n, Mix: workload.Mixed, Policies: 10, Seed: workload.DefaultSeed}
				if only.MatchString(spec.Label()) {
					slimAB(b, spec)
				}
			}
		}
	}
}

// abSizes is DESTGEN_AB_N's comma-separated sizes, by default 100 and
// 10k: the sizes of the A/B benchmarks.
func abSizes(b *testing.B) []int {
	s := os.Getenv("DESTGEN_AB_N")
	if s == "" {
		return []int{100, 10000}
	}
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			b.Fatal(err)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

var slimMatchers = map[workload.Spec]map[string]*runtime.Matcher{}

// slimImpls returns the Matchers slimAB compares for spec: this build's
// plan alone, as "", or, when DESTGEN_AB_PLANS names a directory holding
// the spec's plan from another build (LABEL-N.plan, gen/plan's Encode),
// that plan loaded (impl=other) beside this build's (impl=this), both in
// this binary, so that they interleave within one run.
func slimImpls(b *testing.B, spec workload.Spec, e *harness.Env) map[string]*runtime.Matcher {
	if ms := slimMatchers[spec]; ms != nil {
		return ms
	}
	this := &plan.Build(e.Model).Matcher
	ms := map[string]*runtime.Matcher{"": this}
	if dir := os.Getenv("DESTGEN_AB_PLANS"); dir != "" {
		data, err := os.ReadFile(fmt.Sprintf("%s/%s-%d.plan", dir, spec.Label(), spec.N))
		if err == nil {
			other, err := runtime.DecodePlan(data)
			if err != nil {
				b.Fatal(err)
			}
			ms = map[string]*runtime.Matcher{"/impl=this": this, "/impl=other": runtime.NewMatcher(&other.Matcher)}
		}
	}
	slimMatchers[spec] = ms
	return ms
}

func slimAB(b *testing.B, spec workload.Spec) {
	e, err := harness.EnvOf(spec)
	if err != nil {
		b.Fatal(err)
	}
	label := fmt.Sprintf("shape=%s/N=%d", spec.Label(), spec.N)
	for impl, m := range slimImpls(b, spec, e) {
		slimLoops(b, e, m, label, impl)
	}
}

// slimLoops runs Resolve on hits, wildcard-only, mixed and mixed Zipf
// names and Allowed on hits, mixed and mixed Zipf names against m.
func slimLoops(b *testing.B, e *harness.Env, m *runtime.Matcher, label, impl string) {
	for _, s := range []sample{hits, wildHits, mixed, mixedZipf} {
		names, err := e.Names(s.cat, s.dist)
		if err != nil {
			b.Fatal(err)
		}
		mask := len(names) - 1
		b.Run("Resolve/"+label+"/names="+s.label+impl, func(b *testing.B) {
			for i := range 2 * len(names) { // the caches warm, as in a long run
				m.Resolve(names[i&mask])
			}
			defer cpuPerOp(b)()
			for i := 0; b.Loop(); i++ {
				m.Resolve(names[i&mask])
			}
		})
	}
	callers := make([][]runtime.Principal, len(e.Callers))
	for i, c := range e.Callers {
		for _, p := range c {
			callers[i] = append(callers[i], m.Principal(p))
		}
	}
	for _, s := range []sample{hits, mixed, mixedZipf} {
		names, err := e.Names(s.cat, s.dist)
		if err != nil {
			b.Fatal(err)
		}
		mask, cmask := len(names)-1, len(callers)-1
		b.Run("Allowed/"+label+"/names="+s.label+impl, func(b *testing.B) {
			for i := range 2 * len(names) {
				m.Allowed(runtime.Publish, names[i&mask], callers[i&cmask])
			}
			defer cpuPerOp(b)()
			for i := 0; b.Loop(); i++ {
				m.Allowed(runtime.Publish, names[i&mask], callers[i&cmask])
			}
		})
	}
}
