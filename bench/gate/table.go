package gate

import (
	"fmt"
	"io"
	"strings"
)

// tableColumns are the destination targets Table puts side by side, one
// column each: a check's target and the names its Fast side reads.
var tableColumns = []struct {
	target, names, head string
}{
	{"Resolve exact hit vs Go map", "hits", "hits: map/gen (>= 1.25 to 1k, 1.0)"},
	{"Resolve wildcard-only vs exact hit cost", "hits", "wild/hits cost (<= 2)"},
	{"Resolve mixed vs gsl+pick", "mixed", "mixed: gsl/gen (>= 5 at 100, 10)"},
	{"Resolve mixed Zipf vs gsl+pick behind a NATS cache", "mixed-zipf", "zipf: gslcache/gen (>= 1 at 100, 2)"},
	{"Resolve mixed vs reference", "mixed", "mixed: ref/gen (>= 100)"},
	{"Allowed (2 principals) cost vs Resolve", "hits", "Allowed/Resolve hits (<= 1.5)"},
	{"Allowed (2 principals) cost vs Resolve", "mixed", "Allowed/Resolve mixed (<= 1.5)"},
}

// Table writes the destination workloads' ratios as a Markdown table, a
// row per shape and size in the checks' order, a column per target:
// each ratio, in bold when it misses, "missing" for a benchmark the run
// lacks, blank for a check the workload has not (or the run was not
// meant to have; a row with nothing else is left out), so that bench/README's table is printed, not copied.
// It returns the checks it left out (AutoCreate, live and Compile).
func Table(w io.Writer, outs []Outcome) (rest []Outcome) {
	var rows []string
	cells := map[string][]string{}
	for _, o := range outs {
		col := tableColumn(o)
		if col < 0 {
			rest = append(rest, o)
			continue
		}
		row := workloadOf(o.Fast.Key.Config)
		if cells[row] == nil {
			rows = append(rows, row)
			cells[row] = make([]string, len(tableColumns))
		}
		cells[row][col] = cell(o)
	}
	fmt.Fprint(w, "| shape | N |")
	for _, c := range tableColumns {
		fmt.Fprintf(w, " %s |", c.head)
	}
	fmt.Fprintf(w, "\n|---|--:|%s\n", strings.Repeat("--:|", len(tableColumns)))
	for _, row := range rows {
		if strings.Join(cells[row], "") == "" {
			continue // nothing of it in the run
		}
		shape, n, _ := strings.Cut(strings.TrimPrefix(row, "shape="), "/N=")
		fmt.Fprintf(w, "| %s | %s | %s |\n", shape, n, strings.Join(cells[row], " | "))
	}
	return rest
}

// tableColumn is o's column, or -1 when it has none.
func tableColumn(o Outcome) int {
	_, names, _ := strings.Cut(o.Fast.Key.Config, "/names=")
	for i, c := range tableColumns {
		if o.Target == c.target && names == c.names {
			return i
		}
	}
	return -1
}

func cell(o Outcome) string {
	switch {
	case o.NotRun != "":
		return ""
	case o.Missing != "":
		return "missing"
	case o.Pass:
		return fmt.Sprintf("%.2f", o.Ratio)
	}
	return fmt.Sprintf("**%.2f**", o.Ratio)
}

// Passed reports whether every outcome passed or was not run: what the
// gate decides on, whichever of them Table or Report printed.
func Passed(outs []Outcome) bool {
	for _, o := range outs {
		if o.NotRun == "" && !o.Pass {
			return false
		}
	}
	return true
}
