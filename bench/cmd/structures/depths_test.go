package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/gen/plan"
)

// dumpLength matches the plan dump's per-length choice lines.
var dumpLength = regexp.MustCompile(`^lengths? (\d+)(?:-(\d+))? (automata|masks=\[([0-9 ]*)\]( indexed)?)$`)

// TestDepthChoicesFollowDump: the table says, for every family and shape,
// what the plan dump (destgen's view of the cost model's choice) says
// per name length.
func TestDepthChoicesFollowDump(t *testing.T) {
	for _, f := range workload.Families {
		for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
			spec := workload.Spec{Shape: shape, Family: f, N: 1000, Mix: workload.Mixed, Policies: 10, Seed: workload.DefaultSeed}
			p := plan.Build(loadSpec(spec))
			want := fromDump(t, p.Dump())
			got := depthChoices(p)
			for d := 1; d <= depthColumns; d++ {
				w := want[d]
				if w == "A" {
					w = fmt.Sprintf("A%d", automataAdmitting(&p.Compact, d))
				}
				if got[d-1] != w {
					t.Errorf("%s length %d: table %q, dump %q", spec.Label(), d, got[d-1], w)
				}
			}
		}
	}
}

// fromDump reads the dump's choice per length in the table's notation
// ("A" for the automata, their count aside).
func fromDump(t *testing.T, dump string) map[int]string {
	out := map[int]string{}
	for _, line := range strings.Split(dump, "\n") {
		m := dumpLength.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		lo, _ := strconv.Atoi(m[1])
		hi := lo
		if m[2] != "" {
			hi, _ = strconv.Atoi(m[2])
		}
		cell := "A"
		if m[3] != "automata" {
			cell = "-"
			if k := len(strings.Fields(m[4])); k > 0 {
				cell = fmt.Sprintf("M%d", k)
				if m[5] != "" {
					cell += "i"
				}
			}
		}
		for d := lo; d <= hi; d++ {
			out[d] = cell
		}
	}
	if len(out) == 0 {
		t.Fatal("no length lines in the plan dump")
	}
	return out
}
