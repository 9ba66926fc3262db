// Command gate checks issue 6's performance targets on benchmark output:
//
//	go run ./cmd/gate [-mode full|ci] [-stat min|median] [-benchstat=false] [-table] results/bench.txt...
//
// It prints the benchstat table (implementations side by side), then each
// ratio target with PASS or FAIL and the zero-allocation check, and exits 1
// on any miss (2 on a usage or read error). With -table it prints instead
// the destination targets' ratios as a Markdown table (gate.Table) and the
// other checks' lines, for bench/README.
//
// The live checks read instructions per call, not time: pass the file
// cmd/instrparity -o writes (results/instr.txt) beside the timed results,
// as make bench-gate does; where a run's manifest lists a workload and
// the counts lack it, its live checks fail as missing.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/destgen/destgen/bench/gate"
)

func main() {
	mode := flag.String("mode", "full", "full: every target at every size; ci: the wide-margin targets at N = 100 and 10k")
	benchstat := flag.Bool("benchstat", true, "print the benchstat table first (runs go tool benchstat -col /impl)")
	stat := flag.String("stat", string(gate.Min), "summary of a benchmark's samples: min (robust to a shared machine's interference) or median (benchstat's)")
	table = flag.Bool("table", false, "print the destination targets' ratios as a Markdown table, then the other checks")
	enforce := flag.String("enforce", "all", "what fails the gate: all (every target and the allocation check) or allocs (the allocation check only; ratio targets are printed, as for a target not yet met)")
	flag.Parse()
	if *enforce != "all" && *enforce != "allocs" {
		fmt.Fprintf(os.Stderr, "gate: unknown -enforce %q (want all or allocs)\n", *enforce)
		os.Exit(2)
	}
	enforceAll = *enforce == "all"
	files := flag.Args()
	if len(files) == 0 {
		files = []string{"results/bench.txt"}
	}
	os.Exit(run(*mode, *benchstat, gate.Stat(*stat), files))
}

// enforceAll is -enforce all: a missed ratio target fails the gate.
var enforceAll = true

// table is -table.
var table *bool

func run(modeName string, benchstat bool, stat gate.Stat, files []string) int {
	if stat != gate.Min && stat != gate.Median {
		fmt.Fprintf(os.Stderr, "gate: unknown -stat %q (want min or median)\n", stat)
		return 2
	}
	m, ok := map[string]gate.Mode{"full": gate.Full, "ci": gate.CI}[modeName]
	if !ok {
		fmt.Fprintf(os.Stderr, "gate: unknown -mode %q (want full or ci)\n", modeName)
		return 2
	}
	if benchstat {
		cmd := exec.Command("go", append([]string{"tool", "benchstat", "-col", "/impl"}, files...)...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "gate: benchstat: %v\n", err)
			return 2
		}
		fmt.Println()
	}
	var readers []io.Reader
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gate:", err)
			return 2
		}
		readers = append(readers, strings.NewReader(string(data)))
	}
	res, err := gate.Read(io.MultiReader(readers...), strings.Join(files, ","))
	if err != nil {
		fmt.Fprintln(os.Stderr, "gate:", err)
		return 2
	}
	res.Stat = stat
	if !res.HasManifest() {
		fmt.Println("(no run manifest in these results: a check counts as not run when its function has no benchmark at its shape and size)")
	}
	fmt.Printf("Targets of issue 6 (%s mode; ratios of each benchmark's %s ns/op, or of counted instructions per call):\n", m.Name, stat)
	outs := gate.Evaluate(res, gate.Checks(m))
	shown := outs
	if *table {
		shown = gate.Table(os.Stdout, outs)
		fmt.Println()
	}
	if !gate.Report(os.Stdout, res, shown) || !gate.Passed(outs) {
		if offenders, reported := res.ZeroAllocs(); !enforceAll && reported && len(offenders) == 0 {
			fmt.Println("gate: ratio targets missed (reported only, -enforce allocs); allocations PASS")
			return 0
		}
		fmt.Println("gate: FAIL")
		return 1
	}
	fmt.Println("gate: PASS")
	return 0
}
