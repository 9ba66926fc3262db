package gate

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// Report prints the outcomes and the allocation check, and reports
// whether everything passed.
func Report(w io.Writer, r *Results, outs []Outcome) bool {
	ok, notRun := true, 0
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "target\tbenchmarks (num/den)\tnum /op\tden /op\tratio\twant\tresult")
	for _, o := range outs {
		want := fmt.Sprintf(">= %.2fx", o.Min)
		if o.Max != 0 {
			want = fmt.Sprintf("<= %.2fx", o.Max)
		}
		if o.NotRun != "" {
			fmt.Fprintf(tw, "%s\t%s\t\t\t\t%s\tnot run (%s)\n", o.Target, o.Fast.Key.Config, want, o.NotRun)
			notRun++
			continue
		}
		if o.Missing != "" {
			fmt.Fprintf(tw, "%s\t%s\t\t\t\t%s\tFAIL (missing %s)\n", o.Target, o.Fast.Key.Config, want, o.Missing)
			ok = false
			continue
		}
		result := "PASS"
		if !o.Pass {
			result, ok = "FAIL", false
		}
		unit := "ns"
		if o.Counted {
			unit = "instr"
		}
		fmt.Fprintf(tw, "%s\t%s\t%.1f %s\t%.1f %s\t%.2fx\t%s\t%s\n", o.Target, pair(o), o.SlowNs, unit, o.FastNs, unit, o.Ratio, want, result)
	}
	tw.Flush()
	if notRun > 0 {
		fmt.Fprintf(w, "%d of %d checks not run: this run was not meant to have their benchmarks (not a failure)\n", notRun, len(outs))
	}
	offenders, reported := r.ZeroAllocs()
	switch {
	case !reported:
		fmt.Fprintln(w, "zero allocations: FAIL (no impl=gen benchmark reported allocs/op; run with -benchmem)")
		ok = false
	case len(offenders) > 0:
		fmt.Fprintf(w, "zero allocations: FAIL (%d benchmarks allocate)\n", len(offenders))
		for _, o := range offenders {
			fmt.Fprintln(w, "  ", o)
		}
		ok = false
	default:
		fmt.Fprintln(w, "zero allocations: PASS (every impl=gen benchmark: 0 allocs/op)")
	}
	return ok
}

// pair names the two benchmarks compared, compactly: the common config and
// the two sides' differences.
func pair(o Outcome) string {
	if o.Slow.Key == o.Fast.Key {
		return fmt.Sprintf("%s/%s: %s/%s", o.Fast.Key.Func, o.Fast.Key.Config, o.Slow.Impl, o.Fast.Impl)
	}
	if o.Slow.Key.Func == o.Fast.Key.Func {
		return fmt.Sprintf("%s/{%s}/{%s}", o.Fast.Key.Func, o.Slow.Key.Config, o.Fast.Key.Config)
	}
	return fmt.Sprintf("{%s}/{%s}/%s", o.Slow.Key.Func, o.Fast.Key.Func, o.Fast.Key.Config)
}
