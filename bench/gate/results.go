// Package gate checks the performance targets of issue 6 against Go
// benchmark output: it pairs benchmarks that differ only in their impl=
// part (or in their function or size), takes the median of each, and
// compares the ratios with the targets.
package gate

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// Key names a benchmark without its impl and GOMAXPROCS parts: for
// BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen-2 it is
// {Resolve, shape=exact/N=100/names=hits}.
type Key struct {
	Func   string // Resolve, Matches, Allowed, AutoCreate
	Config string // shape=S/N=n/names=C (P=p for AutoCreate)
}

func (k Key) String() string { return k.Func + "/" + k.Config }

// Results holds every sample of every benchmark, by key and impl.
type Results struct {
	// Stat summarises a benchmark's samples: Min by default.
	Stat   Stat
	ns     map[Key]map[string][]float64 // sec/op in ns
	allocs map[Key]map[string][]float64 // allocs/op, when reported
	instr  map[Key]map[string][]float64 // InstrUnit, counted (cmd/instrparity)
	runs   []*Manifest                  // what the runs were meant to hold
}

// Stat is how a benchmark's samples are summarised.
type Stat string

const (
	// Min is the default: on a shared machine interference only ever adds
	// time, so the fastest sample is the best estimate of a function's own
	// cost, and a burst of load during one implementation's samples does
	// not decide a ratio.
	Min Stat = "min"
	// Median is benchstat's summary, for a quiet machine.
	Median Stat = "median"
)

// Read parses benchmark output (one or several runs concatenated, as
// -count writes them).
func Read(r io.Reader, name string) (*Results, error) {
	res := NewResults()
	br := benchfmt.NewReader(r, name)
	for br.Scan() {
		rec, ok := br.Result().(*benchfmt.Result)
		if !ok {
			continue // configuration lines, syntax errors reported by Err
		}
		if wl := rec.GetConfig(WorkloadsKey); wl != "" {
			if err := res.addManifest(wl, rec.GetConfig(FilterKey)); err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
		}
		k, impl := parseName(rec.Name)
		for _, v := range rec.Values {
			switch v.Unit {
			case "sec/op":
				add(res.ns, k, impl, v.Value*1e9)
			case "allocs/op":
				add(res.allocs, k, impl, v.Value)
			case InstrUnit:
				add(res.instr, k, impl, v.Value)
			}
		}
	}
	if err := br.Err(); err != nil {
		return nil, err
	}
	if len(res.ns) == 0 && len(res.instr) == 0 {
		return nil, fmt.Errorf("%s: no benchmark results", name)
	}
	return res, nil
}

func add(m map[Key]map[string][]float64, k Key, impl string, v float64) {
	if m[k] == nil {
		m[k] = map[string][]float64{}
	}
	m[k][impl] = append(m[k][impl], v)
}

// parseName splits a benchmark name into key and impl; GOMAXPROCS ("-2")
// is dropped, as benchstat does by default.
func parseName(n benchfmt.Name) (Key, string) {
	base, parts := n.Parts()
	var cfg []string
	impl := ""
	for _, p := range parts {
		s := string(p)
		switch {
		case strings.HasPrefix(s, "-"):
			continue
		case strings.HasPrefix(s, "/impl="):
			impl = strings.TrimPrefix(s, "/impl=")
		default:
			cfg = append(cfg, strings.TrimPrefix(s, "/"))
		}
	}
	return Key{Func: string(base), Config: strings.Join(cfg, "/")}, impl
}

// NsPerOp returns the time of a benchmark summarised by r.Stat, and
// whether it ran.
func (r *Results) NsPerOp(k Key, impl string) (float64, bool) {
	return r.nsPerOp(k, impl, r.Stat)
}

// nsPerOp is NsPerOp summarised by stat.
func (r *Results) nsPerOp(k Key, impl string, stat Stat) (float64, bool) {
	xs := r.ns[k][impl]
	if stat == Median {
		return median(xs)
	}
	if len(xs) == 0 {
		return 0, false
	}
	return slices.Min(xs), true
}

// InstrUnit is the unit of instructions executed per call, as
// cmd/instrparity counts them under callgrind and writes them (-o) for
// the checks that read counts, not time (Check.Counted).
const InstrUnit = "instr/op"

// InstrPerOp returns a benchmark's instructions per call, and whether it
// was counted. Counts are the same on every run, so any sample will do;
// the least is taken, as for time.
func (r *Results) InstrPerOp(k Key, impl string) (float64, bool) {
	xs := r.instr[k][impl]
	if len(xs) == 0 {
		return 0, false
	}
	return slices.Min(xs), true
}

// ZeroAllocs lists every impl=gen benchmark with a sample that allocated,
// and reports whether any gen benchmark reported allocations at all
// (-benchmem or b.ReportAllocs).
func (r *Results) ZeroAllocs() (offenders []string, reported bool) {
	for k, impls := range r.allocs {
		samples, ok := impls["gen"]
		if !ok {
			continue
		}
		reported = true
		if slices.Max(samples) > 0 {
			offenders = append(offenders, fmt.Sprintf("%s/impl=gen: %g allocs/op", k, slices.Max(samples)))
		}
	}
	slices.Sort(offenders)
	return offenders, reported
}

func median(xs []float64) (float64, bool) {
	if len(xs) == 0 {
		return 0, false
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2], true
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2, true
}
