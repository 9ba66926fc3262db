package gate

import (
	"fmt"
)

// Mode selects the sizes and targets checked.
type Mode struct {
	Name        string
	Sizes       []int // N of the destination workloads
	PolicySizes []int // P of the policy workloads
	// GeneralSizes are P of the General-mix workloads (issue 22).
	GeneralSizes []int
	FamilySizes  []int // N of the other topic families' workloads
	// CIOnly keeps only the targets marked CI: those with a wide margin,
	// which a short, noisy run on a shared machine still decides.
	CIOnly bool
}

// The two modes, matching benchgen's sets.
var (
	Full = Mode{Name: "full", Sizes: []int{10, 100, 1000, 10_000, 100_000}, PolicySizes: []int{10, 100, 1000},
		GeneralSizes: []int{10, 100}, FamilySizes: []int{100, 10_000, 100_000}}
	CI = Mode{Name: "ci", Sizes: []int{100, 10_000}, PolicySizes: []int{10, 1000}, CIOnly: true}
)

var shapes = []string{"exact", "wild"}

// families are the topic families other than the classic one
// (workload.Families), measured at Mode.FamilySizes.
var families = []string{"telemetry", "market", "events", "long"}
var mixes = []string{"fast", "mixed"}

// ShapeLabels are the destination workloads' shape labels the gate
// checks: each shape, classic family first, then its other families
// (exact, exact-telemetry, ..., wild, wild-telemetry, ...).
func ShapeLabels() []string {
	var out []string
	for _, s := range shapes {
		out = append(out, s)
		for _, f := range families {
			out = append(out, s+"-"+f)
		}
	}
	return out
}

// Which targets CI checks (CI: true): those whose margin is wide once met,
// so that a short run on a shared 2-core machine decides them without
// flaking: the speedups over gsl and over one regexp (5x to 15x
// thresholds) and the policy-count scaling bound. The exact-hit race with
// the Go map (1.0x and 1.25x), the Allowed/Resolve bound (1.5x) and the
// reference at N = 1k (a size CI does not run) are make bench-gate's.

// Check is one ratio target: Slow's time over Fast's time must be at least
// Min (a speedup), or, with Max set, Num's time over Den's at most Max (a
// cost bound). Ratios are of each side's summary (Results.Stat).
type Check struct {
	Target string // the wording, shortened
	Slow   Side   // speedup: the peer
	Fast   Side   // speedup: the generated code
	Min    float64
	Max    float64 // cost bound instead: time(Slow)/time(Fast) <= Max
	CI     bool
	// Counted checks compare instructions per call (InstrUnit, counted
	// by cmd/instrparity under callgrind), not time: a bound too close
	// for timing on a shared machine to decide (liveChecks).
	Counted bool
	// Median checks compare each side's median sample, whatever the
	// run's Stat: the Compile checks, whose sample is one call of up to
	// seconds that a collection lands in or not. At exact 100k (session
	// 25) check+plan's six samples read 646-1,417 ms for the same work,
	// so the least of each read 1.36 where the medians read 1.13 and the
	// passes' own ratios 0.96-1.21 but for the first pass's 1.36.
	Median bool
}

// Side is one benchmark: a key and an impl.
type Side struct {
	Key  Key
	Impl string
}

func (s Side) String() string { return s.Key.String() + "/impl=" + s.Impl }

func side(fn, config, impl string) Side { return Side{Key{fn, config}, impl} }

// Checks returns every ratio check of mode m.
func Checks(m Mode) []Check {
	var cs []Check
	for _, w := range destWorkloads(m) {
		cs = append(cs, destChecks(w.shape, w.n)...)
	}
	for _, mix := range mixes {
		for _, p := range m.PolicySizes {
			hits := fmt.Sprintf("shape=%s/P=%d/names=hits", mix, p)
			if mix == "fast" {
				cs = append(cs, Check{Target: "AutoCreate fast-path policies vs one regexp.MatchString",
					Slow: side("AutoCreate", hits, "regexp-one"), Fast: side("AutoCreate", hits, "gen"), Min: 15, CI: true})
			}
		}
		if contains(m.PolicySizes, 10) && contains(m.PolicySizes, 1000) {
			cfg := func(p int) string { return fmt.Sprintf("shape=%s/P=%d/names=mixed", mix, p) }
			cs = append(cs, Check{Target: "AutoCreate cost with 1000 policies vs 10",
				Slow: side("AutoCreate", cfg(1000), "gen"), Fast: side("AutoCreate", cfg(10), "gen"), Max: 3, CI: true})
		}
	}
	cs = append(cs, generalChecks(m.GeneralSizes)...)
	cs = append(cs, liveChecks(m)...)
	if m.CIOnly {
		var ci []Check
		for _, c := range cs {
			if c.CI {
				ci = append(ci, c)
			}
		}
		cs = ci
	}
	return cs
}

// destWorkload is a destination workload the gate checks: a shape label
// (ShapeLabels) at a size.
type destWorkload struct {
	shape string
	n     int
}

// destWorkloads are mode m's destination workloads: each shape's classic
// family at m.Sizes, then its other families at m.FamilySizes.
func destWorkloads(m Mode) []destWorkload {
	var out []destWorkload
	for _, s := range shapes {
		for _, n := range m.Sizes {
			out = append(out, destWorkload{s, n})
		}
		for _, f := range families {
			for _, n := range m.FamilySizes {
				out = append(out, destWorkload{s + "-" + f, n})
			}
		}
	}
	return out
}

// generalChecks are issue 22's targets on the General mix: node hits
// (every one decided by a general policy) at least 10x faster than one
// MatchString of the deciding policy's pattern, at every size; and at 10
// policies, node-mixed names at least 20x faster than Broker-J's loop.
// Both are make bench-gate's: neither has a wide margin yet (see the
// README), and a CI that fails at random gets ignored.
func generalChecks(sizes []int) []Check {
	var cs []Check
	for _, p := range sizes {
		cfg := func(names string) string { return fmt.Sprintf("shape=general/P=%d/names=%s", p, names) }
		cs = append(cs, Check{Target: "AutoCreate general-policy names vs one regexp.MatchString",
			Slow: side("AutoCreate", cfg("hits"), "regexp-one"), Fast: side("AutoCreate", cfg("hits"), "gen"), Min: 10})
		if p == 10 {
			cs = append(cs, Check{Target: "AutoCreate general policy list vs Broker-J's loop",
				Slow: side("AutoCreate", cfg("mixed"), "regexp"), Fast: side("AutoCreate", cfg("mixed"), "gen"), Min: 20})
		}
	}
	return cs
}

// destChecks are the Resolve and Allowed targets of one destination
// workload.
func destChecks(shape string, n int) []Check {
	cfg := func(names string) string { return fmt.Sprintf("shape=%s/N=%d/names=%s", shape, n, names) }
	minMap := 1.0 // "no slower than the Go map at every N"
	if n <= 1000 {
		minMap = 1.25 // "and at least 1.25x faster at N <= 1k"
	}
	cs := []Check{{Target: "Resolve exact hit vs Go map",
		Slow: side("Resolve", cfg("hits"), "map"), Fast: side("Resolve", cfg("hits"), "gen"), Min: minMap}}
	// Names only wildcards match cost at most twice an exact hit.
	cs = append(cs, Check{Target: "Resolve wildcard-only vs exact hit cost",
		Slow: side("Resolve", cfg("wild"), "gen"), Fast: side("Resolve", cfg("hits"), "gen"), Max: 2})
	switch n {
	case 100:
		cs = append(cs, Check{Target: "Resolve mixed vs gsl+pick",
			Slow: side("Resolve", cfg("mixed"), "gsl"), Fast: side("Resolve", cfg("mixed"), "gen"), Min: 5, CI: true},
			Check{Target: "Resolve mixed Zipf vs gsl+pick behind a NATS cache",
				Slow: side("Resolve", cfg("mixed-zipf"), "gslcache"), Fast: side("Resolve", cfg("mixed-zipf"), "gen"), Min: 1})
	case 1000:
		cs = append(cs, Check{Target: "Resolve mixed vs reference",
			Slow: side("Resolve", cfg("mixed"), "ref"), Fast: side("Resolve", cfg("mixed"), "gen"), Min: 100})
	case 10_000, 100_000:
		cs = append(cs, Check{Target: "Resolve mixed vs gsl+pick",
			Slow: side("Resolve", cfg("mixed"), "gsl"), Fast: side("Resolve", cfg("mixed"), "gen"), Min: 10, CI: n == 10_000},
			Check{Target: "Resolve mixed Zipf vs gsl+pick behind a NATS cache",
				Slow: side("Resolve", cfg("mixed-zipf"), "gslcache"), Fast: side("Resolve", cfg("mixed-zipf"), "gen"), Min: 2})
	}
	for _, names := range []string{"hits", "mixed"} {
		cs = append(cs, Check{Target: "Allowed (2 principals) cost vs Resolve",
			Slow: side("Allowed", cfg(names), "gen"), Fast: side("Resolve", cfg(names), "gen"), Max: 1.5})
	}
	return cs
}

// liveMax is issue 19's bound on a live.Realm's lookups against the
// generated package's: both call the same runtime on the same plan, so
// the only difference is reaching it through a pointer rather than a
// package variable. Counted in instructions, not timed: in
// BenchmarkLiveParity's paired rounds on a 2-core machine at load 1, a
// round's live/gen ratio had a standard deviation of 10-47%, and so had
// its control, the generated loop against itself (bench/README, session
// 21). Not a CI target here: CI's make bench-ci runs cmd/instrparity on
// its set itself.
const liveMax = 1.05

// liveChecks bound impl=live by impl=gen on every workload the benchmarks
// run: each name sample of Resolve, Matches and Allowed at every size of
// every shape and family, and of AutoCreate at every policy count of
// every mix, the General one's included.
func liveChecks(m Mode) []Check {
	const target = "live Realm vs generated code, instructions"
	var cs []Check
	bound := func(fn, cfg string) {
		cs = append(cs, Check{Target: target + " (" + fn + ")", Slow: side(fn, cfg, "live"), Fast: side(fn, cfg, "gen"), Max: liveMax, Counted: true})
	}
	for _, w := range destWorkloads(m) {
		cfg := func(names string) string { return fmt.Sprintf("shape=%s/N=%d/names=%s", w.shape, w.n, names) }
		for _, names := range []string{"hits", "hits-zipf", "wild", "miss", "invalid", "mixed", "mixed-zipf"} {
			bound("Resolve", cfg(names))
		}
		for _, names := range []string{"wild", "mixed"} {
			bound("Matches", cfg(names))
		}
		for _, names := range []string{"hits", "mixed"} {
			bound("Allowed", cfg(names))
		}
	}
	policySets := map[string][]int{"fast": m.PolicySizes, "mixed": m.PolicySizes, "general": m.GeneralSizes}
	for _, mix := range []string{"fast", "mixed", "general"} {
		for _, p := range policySets[mix] {
			for _, names := range []string{"hits", "miss", "mixed"} {
				bound("AutoCreate", fmt.Sprintf("shape=%s/P=%d/names=%s", mix, p, names))
			}
		}
	}
	if !contains(m.Sizes, 100_000) {
		return cs // BenchmarkCompile's workloads are the full set's
	}
	for _, cfg := range []string{"shape=exact/N=10000", "shape=exact/N=100000", "shape=wild/N=10000", "shape=iot/N=10000", "shape=iot/N=100000"} {
		cs = append(cs, Check{Target: "live.Compile vs destgen check + planning",
			Slow: side("Compile", cfg, "live"), Fast: side("Compile", cfg, "check+plan"), Max: compileMax, Median: true})
	}
	return cs
}

// compileMax is issue 19's bound on what accepting a config costs a
// running broker (live.Compile) over destgen check plus planning.
const compileMax = 1.2

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// absent classifies a benchmark that did not run: missing when the run
// should have had it, else not run, and why. A counted one is expected
// wherever its workload's package was (ExpectsCount).
func absent(r *Results, s Side, counted bool) (missing, notRun string) {
	expects := r.Expects
	if counted {
		expects = r.ExpectsCount
	}
	if ok, why := expects(s); !ok {
		return "", s.String() + ": " + why
	}
	return s.String(), ""
}

// value is a check's figure for side s: its time, or its count.
func (r *Results) value(c Check, s Side) (float64, bool) {
	if c.Counted {
		return r.InstrPerOp(s.Key, s.Impl)
	}
	if c.Median {
		return r.nsPerOp(s.Key, s.Impl, Median)
	}
	return r.NsPerOp(s.Key, s.Impl)
}

// Outcome is a check's result.
type Outcome struct {
	Check
	SlowNs, FastNs float64 // instructions per call for a counted check
	Ratio          float64
	Missing        string // the benchmark the run should have had and lacks, if any
	// NotRun says why a check was not decided: a benchmark of it was
	// absent and the run was never meant to have it (a subset of the
	// workloads, or a -test.bench filter). It is not a failure.
	NotRun string
	Pass   bool
}

// Evaluate runs every check on r.
func Evaluate(r *Results, cs []Check) []Outcome {
	var out []Outcome
	for _, c := range cs {
		o := Outcome{Check: c}
		var ok bool
		if o.SlowNs, ok = r.value(c, c.Slow); !ok {
			o.Missing, o.NotRun = absent(r, c.Slow, c.Counted)
		} else if o.FastNs, ok = r.value(c, c.Fast); !ok {
			o.Missing, o.NotRun = absent(r, c.Fast, c.Counted)
		} else {
			o.Ratio = o.SlowNs / o.FastNs
			o.Pass = c.Max == 0 && o.Ratio >= c.Min || c.Max != 0 && o.Ratio <= c.Max
		}
		out = append(out, o)
	}
	return out
}
