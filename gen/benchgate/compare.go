package benchgate

import (
	"fmt"
	"slices"

	"golang.org/x/perf/benchmath"
)

// Options are the gate's thresholds.
type Options struct {
	// MaxRegression is the largest rise of a median time that passes, as
	// a fraction: 0.10 lets head be up to 10% slower.
	MaxRegression float64
	// Alpha is the significance level: a rise fails only if the U test's
	// p-value is below it, so that noise alone rarely fails a change.
	Alpha float64
}

// DefaultOptions are the command's defaults: 10%, and benchstat's alpha.
var DefaultOptions = Options{MaxRegression: 0.10, Alpha: 0.05}

// Row compares one benchmark in one unit.
type Row struct {
	Name, Unit string
	Old, New   benchmath.Summary
	Cmp        benchmath.Comparison
	// Fail says why the row fails the gate; it is empty if it passes.
	Fail string
	// Underpowered is set on a time row whose sample counts could not
	// give p < Alpha even if every head sample were slower than every
	// base sample: the gate cannot see a regression there.
	Underpowered bool
	// Zero is set when every sample of both sides is 0, as allocs/op of
	// a function that never allocates.
	Zero bool
}

// Report is the comparison of two result files.
type Report struct {
	Old, New string // the files' names
	Options  Options
	// Rows are by unit, in the order the files first give them, then by
	// benchmark in base's order.
	Rows []Row
	// OnlyOld and OnlyNew name the benchmarks that ran on one side only.
	OnlyOld, OnlyNew []string
}

// Failures returns the rows that fail the gate.
func (r *Report) Failures() []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Fail != "" {
			out = append(out, row)
		}
	}
	return out
}

// Underpowered returns the time rows with too few samples to decide.
func (r *Report) Underpowered() []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Underpowered {
			out = append(out, row)
		}
	}
	return out
}

// Compare compares head (new) with base (old).
func Compare(old, new *Results, o Options) *Report {
	rep := &Report{Old: old.File, New: new.File, Options: o}
	for _, name := range old.Names {
		if _, ok := new.samples[name]; !ok {
			rep.OnlyOld = append(rep.OnlyOld, name)
		}
	}
	for _, name := range new.Names {
		if _, ok := old.samples[name]; !ok {
			rep.OnlyNew = append(rep.OnlyNew, name)
		}
	}
	units := slices.Clone(old.Units)
	for _, u := range new.Units {
		if !slices.Contains(units, u) {
			units = append(units, u)
		}
	}
	thresholds := &benchmath.Thresholds{CompareAlpha: o.Alpha}
	for _, unit := range units {
		for _, name := range old.Names {
			xs, ys := old.Samples(name, unit), new.Samples(name, unit)
			if len(xs) == 0 || len(ys) == 0 {
				continue
			}
			rep.Rows = append(rep.Rows, compareRow(name, unit, xs, ys, thresholds, o))
		}
	}
	return rep
}

// compareRow summarises and compares one benchmark's samples in one unit
// and applies the gate's rules to it.
func compareRow(name, unit string, xs, ys []float64, t *benchmath.Thresholds, o Options) Row {
	oldMax, newMax := slices.Max(xs), slices.Max(ys)
	s1, s2 := benchmath.NewSample(xs, t), benchmath.NewSample(ys, t)
	row := Row{
		Name: name, Unit: unit,
		Old:  benchmath.AssumeNothing.Summary(s1, Confidence),
		New:  benchmath.AssumeNothing.Summary(s2, Confidence),
		Cmp:  benchmath.AssumeNothing.Compare(s1, s2),
		Zero: oldMax == 0 && newMax == 0,
	}
	switch unit {
	case unitTime:
		row.Underpowered = minP(len(xs), len(ys), t) >= o.Alpha
		if row.Old.Center > 0 && row.New.Center > row.Old.Center*(1+o.MaxRegression) && row.Cmp.P < o.Alpha {
			row.Fail = fmt.Sprintf("%s %+.1f%% (%s), over the %g%% limit",
				unit, 100*(row.New.Center/row.Old.Center-1), row.Cmp, 100*o.MaxRegression)
		}
	case unitAllocs:
		// Allocation counts are exact, not noisy: any allocation where
		// every base run had none is a new one.
		if oldMax == 0 && row.New.Center > 0 {
			row.Fail = fmt.Sprintf("%s %g (max %g) where base allocated nothing", unit, row.New.Center, newMax)
		}
	}
	return row
}

// minP returns the smallest p-value the U test can give on samples of n1
// and n2 values: the one for samples with no overlap at all.
func minP(n1, n2 int, t *benchmath.Thresholds) float64 {
	xs, ys := make([]float64, n1), make([]float64, n2)
	for i := range xs {
		xs[i] = float64(i)
	}
	for i := range ys {
		ys[i] = float64(n1 + i)
	}
	return benchmath.AssumeNothing.Compare(benchmath.NewSample(xs, t), benchmath.NewSample(ys, t)).P
}
