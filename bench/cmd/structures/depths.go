package main

import (
	"fmt"
	"strings"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// depthColumns is how many name lengths the -depths table shows: the
// long family's names reach 14 elements, and a name only a '>' pattern
// matches up to 3 more (workload.wildHit).
const depthColumns = 17

// depthTable prints, as a Markdown table, gen/plan's choice per name
// length for every family and shape at each size: the structure the cost
// model picked (plan.chooseMasks) as the plan records it, so that
// bench/README's table is regenerated, not copied by hand.
func depthTable(sizes []int) {
	fmt.Print("| config | N |")
	for d := 1; d <= depthColumns; d++ {
		fmt.Printf(" %d |", d)
	}
	fmt.Print("\n|---|--:|")
	fmt.Print(strings.Repeat("---|", depthColumns))
	fmt.Println()
	for _, f := range workload.Families {
		for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
			for _, n := range sizes {
				spec := workload.Spec{Shape: shape, Family: f, N: n, Mix: workload.Mixed, Policies: 10, Seed: workload.DefaultSeed}
				fmt.Printf("| %s | %d | %s |\n", spec.Label(), n, strings.Join(depthChoices(plan.Build(loadSpec(spec))), " | "))
			}
		}
	}
}

// depthChoices returns, for names of 1 to depthColumns elements, what a
// lookup of a name no exact pattern holds walks: "M5" for the mask
// tables (5 probed, in precedence order), "M5i" when the runtime narrows
// them by its index (runtime/maskindex.go), "A2" for the automata (2
// admit the length: paired where both are large, runtime.minPairNodes), "-" when no table admits it (no
// wildcard pattern matches a name of that length; the exact table
// alone answers, though a '>' pattern's automaton admits every length).
func depthChoices(p *plan.Plan) []string {
	c := &p.Compact
	out := make([]string, depthColumns)
	for d := 1; d <= depthColumns; d++ {
		f := c.MaskDepths[d*runtime.MaskDepthStride:]
		from := c.MaskDepths[(d-1)*runtime.MaskDepthStride+1]
		switch {
		case f[0] == 1 && f[1] == from:
			out[d-1] = "-" // the tables "decide" a length none admits
		case f[0] == 1 && p.Matcher.MaskIndexed(d):
			out[d-1] = fmt.Sprintf("M%di", f[1]-from)
		case f[0] == 1:
			out[d-1] = fmt.Sprintf("M%d", f[1]-from)
		case automataAdmitting(c, d) > 0:
			out[d-1] = fmt.Sprintf("A%d", automataAdmitting(c, d))
		default:
			out[d-1] = "-"
		}
	}
	return out
}

// automataAdmitting counts the automata names of d elements walk: those
// of every length (a '>' pattern's) and those of d.
func automataAdmitting(c *runtime.Compact, d int) int {
	n := 0
	for i := 0; i+runtime.AutomatonStride <= len(c.Automata); i += runtime.AutomatonStride {
		if e := int(c.Automata[i+2]); e == 0 || e == d {
			n++
		}
	}
	return n
}
