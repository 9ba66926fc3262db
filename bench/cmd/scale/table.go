package main

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// printTable writes the rows as an aligned table. Load CPU ms is the
// median fresh process's, reload CPU ms the median reload's, after build
// the init probe's (printLoads gives their spreads).
func printTable(w io.Writer, rows []row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "N\tconfig MB\tcheck s\tcheck MB\tcheck+plan s\tCPU s\tMB\tCompile s\tCPU s\tMB\tgenerate s\tgenerate MB\tfile MB\tplan MB\tbuild s\tbuild MB\tinit ms\tinit CPU ms\tinit allocs\tLoad CPU ms\treload CPU ms\tafter build\tLoad allocs\tretained B/dest\t")
	for _, r := range rows {
		p := r.Probe
		fmt.Fprintf(tw, "%d\t%.1f\t%.2f\t%.0f\t%.2f\t%.2f\t%.0f\t%.2f\t%.2f\t%.0f\t%.2f\t%.0f\t%.2f\t%.1f\t%.2f\t%.0f\t%.1f\t%.1f\t%d\t%.1f\t%.1f\t%.1f\t%d\t%.0f\t\n",
			r.N, r.ConfigMB, r.Check.Seconds, r.Check.PeakMB, r.Compile.CheckPlan.Seconds, r.Compile.CheckPlan.CPUSeconds, r.Compile.CheckPlan.PeakMB, r.Compile.Compile.Seconds, r.Compile.Compile.CPUSeconds, r.Compile.Compile.PeakMB, r.Generate.Seconds, r.Generate.PeakMB,
			r.FileMB, p.PlanMB, r.Build.Seconds, r.Build.PeakMB, p.InitMs, p.InitCPUMs, p.InitAllocs, median(r.Loads.Fresh), median(r.Loads.Reload), p.LoadCPUMs, r.Loads.FreshAllocs, p.RetainedB)
	}
	tw.Flush()
}

// largestSections is how many of a plan's sections printSections names:
// at 100,000 destinations the largest eight hold over 80% of the plan.
const largestSections = 8

// printSections writes, per size, the plan's largest sections in MB and
// their share of it: what a plan is made of.
func printSections(w io.Writer, rows []row) {
	for _, r := range rows {
		total := 0
		for _, s := range r.Sections {
			total += s.Bytes
		}
		fmt.Fprintf(w, "N=%d plan sections, largest first:", r.N)
		for _, s := range r.Sections[:min(largestSections, len(r.Sections))] {
			fmt.Fprintf(w, " %s %.2f MB (%.0f%%),", s.Name, float64(s.Bytes)/1e6, 100*float64(s.Bytes)/float64(max(total, 1)))
		}
		fmt.Fprintln(w)
	}
}

// printCompile writes, per size, live.Compile against check plus planning:
// each alternated pair's ratio of CPU time, their median, and the ratio of
// the least CPU time of each (the table's two CPU s columns).
func printCompile(w io.Writer, rows []row) {
	for _, r := range rows {
		c := r.Compile
		fmt.Fprintf(w, "N=%d Compile / check+plan CPU time, %d alternated pairs:", r.N, len(c.Ratios))
		for _, x := range c.Ratios {
			fmt.Fprintf(w, " %.2f", x)
		}
		fmt.Fprintf(w, "; median %.2f, least of each %.2f\n", c.MedianRatio(), c.MinRatio())
	}
}
