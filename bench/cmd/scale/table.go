package main

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// printTable writes the rows as an aligned table with a per-destination
// column for each time, so that linear growth shows as a flat column.
func printTable(w io.Writer, rows []row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "N\tconfig MB\tcheck s\tcheck MB\tgenerate s\tgenerate MB\tfile MB\tbuild s\tbuild MB\tbuild µs/dest\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%d\t%.1f\t%.2f\t%.0f\t%.2f\t%.0f\t%.1f\t%.2f\t%.0f\t%.1f\t\n",
			r.N, r.ConfigMB, r.Check.Seconds, r.Check.PeakMB, r.Generate.Seconds, r.Generate.PeakMB,
			r.FileMB, r.Build.Seconds, r.Build.PeakMB, 1e6*r.Build.Seconds/float64(r.N))
	}
	tw.Flush()
}
