package gate

import (
	"regexp"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// How many samples a check needs. make bench-gate takes BENCH_COUNT (6)
// samples of every benchmark a check near its limit reads, and
// FirstPasses of the others: a check whose ratio clears its limit by
// NearMargin after FirstPasses samples is decided.
//
// The numbers are from the 6-pass and 4-pass runs of earlier sessions
// (results/full.txt, quiet.txt, s16q.txt: 53, 175 and 175 checks): no
// check whose min-of-3 ratio cleared its limit by 1.2x had another
// verdict on every pass's samples (the ratio of min-of-3 to min-of-all
// moved by at most 1.18x on full.txt, 1.41x on quiet.txt, and then
// towards the limit's far side); after 2 passes 1.3x still let one
// through on quiet.txt, after 1 pass 1.5x did. 1.25x after 3 passes is
// that, with a margin. A check that fails, or passes by less, gets every
// pass, as every check did before: the gate is no flakier for it.
const (
	FirstPasses = 3
	NearMargin  = 1.25
)

// Near reports whether an outcome's ratio is within NearMargin of its
// limit, or misses it: such a check needs every pass's sample. A check
// missing a benchmark is near (more passes may bring it).
func Near(o Outcome) bool {
	switch {
	case o.Missing != "" || o.NotRun != "" || o.Ratio == 0:
		return true
	case o.Max != 0:
		return o.Ratio*NearMargin > o.Max
	default:
		return o.Ratio < o.Min*NearMargin
	}
}

// Sides returns the benchmarks the checks time, each once, in order:
// not those of counted checks, whose counts come from cmd/instrparity.
func Sides(cs []Check) []Side {
	seen := map[Side]bool{}
	var out []Side
	for _, c := range cs {
		if c.Counted {
			continue
		}
		for _, s := range []Side{c.Slow, c.Fast} {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// NearSides returns the benchmarks of r's checks that need more passes:
// both sides of every check with a side in r that is Near, or whose
// other side r lacks (a check across two workloads, such as AutoCreate
// at 1000 policies against 10, is decided only on every pass of both).
func NearSides(r *Results, cs []Check) []Side {
	var near []Check
	for _, o := range Evaluate(r, cs) {
		_, slow := r.NsPerOp(o.Slow.Key, o.Slow.Impl)
		_, fast := r.NsPerOp(o.Fast.Key, o.Fast.Impl)
		if (slow || fast) && Near(o) {
			near = append(near, o.Check)
		}
	}
	var out []Side
	for _, s := range Sides(near) {
		if _, ok := r.NsPerOp(s.Key, s.Impl); ok {
			out = append(out, s)
		}
	}
	return out
}

// Filter returns a -test.bench expression that selects exactly the
// benchmarks of sides: an alternative per side, each level anchored
// and quoted.
func Filter(sides []Side) string {
	alts := make([]string, len(sides))
	for i, s := range sides {
		levels := []string{"^" + regexp.QuoteMeta("Benchmark"+s.Key.Func) + "$"}
		for _, elem := range append(strings.Split(s.Key.Config, "/"), "impl="+s.Impl) {
			levels = append(levels, "^"+regexp.QuoteMeta(elem)+"$")
		}
		alts[i] = strings.Join(levels, "/")
	}
	return strings.Join(alts, "|")
}

// SideOf is the benchmark a (sub-)benchmark's full name is, as testing
// names it (BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen).
func SideOf(name string) Side {
	k, impl := parseName(benchfmt.Name(strings.TrimPrefix(name, "Benchmark")))
	return Side{k, impl}
}

// NewResults returns empty results, for samples taken in process (Add).
func NewResults() *Results {
	return &Results{Stat: Min, ns: map[Key]map[string][]float64{}, allocs: map[Key]map[string][]float64{}, instr: map[Key]map[string][]float64{}}
}

// Add records one sample of s's time per operation.
func (r *Results) Add(s Side, ns float64) { add(r.ns, s.Key, s.Impl, ns) }
