package benchgate

import (
	"fmt"
	"io"
	"text/tabwriter"

	"golang.org/x/perf/benchunit"
)

// Print writes the report as benchstat lays a two-file comparison out, a
// table per unit (median ± the confidence interval's half-width, then the
// change or "~" and the U test's p-value), then the benchmarks that ran on
// one side only, the failures and the verdict.
func (r *Report) Print(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 8, 3, ' ', 0)
	for i, unit := range r.units() {
		rows := r.unitRows(unit)
		if i > 0 {
			fmt.Fprintln(tw)
		}
		if zero := countZero(rows); zero == len(rows) {
			// benchstat prints a table of zeros; one line says the same.
			fmt.Fprintf(tw, "%s\t0 on both sides in all %d benchmarks\n", unit, zero)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\tvs base\t\n", unit, r.Old, r.New)
		class := benchunit.ClassOf(unit)
		for _, row := range rows {
			fmt.Fprintf(tw, "%s\t%s ± %s\t%s ± %s\t%s (%s)\t%s\n", row.Name,
				benchunit.Scale(row.Old.Center, class), row.Old.PctRangeString(),
				benchunit.Scale(row.New.Center, class), row.New.PctRangeString(),
				row.Cmp.FormatDelta(row.Old.Center, row.New.Center), row.Cmp, mark(row))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, name := range r.OnlyOld {
		fmt.Fprintf(w, "missing in %s: %s (ran in %s only)\n", r.New, name, r.Old)
	}
	for _, name := range r.OnlyNew {
		fmt.Fprintf(w, "missing in %s: %s (ran in %s only)\n", r.Old, name, r.New)
	}
	for _, row := range r.Underpowered() {
		fmt.Fprintf(w, "too few samples: %s: n=%d+%d cannot give p < %g\n", row.Name, row.Cmp.N1, row.Cmp.N2, r.Options.Alpha)
	}
	for _, row := range r.Failures() {
		fmt.Fprintf(w, "FAIL %s: %s\n", row.Name, row.Fail)
	}
	_, err := fmt.Fprintln(w, r.verdict())
	return err
}

// units returns the units of the rows, in order.
func (r *Report) units() []string {
	var out []string
	for _, row := range r.Rows {
		if len(out) == 0 || out[len(out)-1] != row.Unit {
			out = append(out, row.Unit)
		}
	}
	return out
}

func (r *Report) unitRows(unit string) []Row {
	var out []Row
	for _, row := range r.Rows {
		if row.Unit == unit {
			out = append(out, row)
		}
	}
	return out
}

func countZero(rows []Row) int {
	n := 0
	for _, row := range rows {
		if row.Zero {
			n++
		}
	}
	return n
}

func mark(row Row) string {
	switch {
	case row.Fail != "":
		return "FAIL"
	case row.Underpowered:
		return "?"
	}
	return ""
}

// verdict is the report's last line.
func (r *Report) verdict() string {
	o := r.Options
	rule := fmt.Sprintf("sec/op over +%g%% with p < %g, or allocs/op above 0 where base had none", 100*o.MaxRegression, o.Alpha)
	switch n := len(r.Failures()); {
	case n > 0:
		return fmt.Sprintf("benchgate: FAIL: %d of %d comparisons regressed (%s)", n, len(r.Rows), rule)
	case len(r.Rows) == 0:
		return fmt.Sprintf("benchgate: cannot decide: no benchmark ran in both %s and %s", r.Old, r.New)
	case len(r.Underpowered()) > 0:
		return fmt.Sprintf("benchgate: cannot decide: too few samples for %d benchmarks (run more of each)", len(r.Underpowered()))
	}
	return fmt.Sprintf("benchgate: ok: %d comparisons, no regression (%s)", len(r.Rows), rule)
}
