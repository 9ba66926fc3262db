// Command scale measures how destgen copes with large configs: for each
// size it generates a synthetic config (destinations of -shape exact, wild
// or iot, plus 1k auto-creation policies), then times `destgen check`,
// generation, and `go build` of the generated package, with peak memory,
// then runs a probe program that imports the package and reports its
// initialisation (GODEBUG=inittrace=1), the heap it keeps per destination
// and a validating Load of its plan right after the build (probe.go),
// then times Load as a broker meets it, in -load-runs fresh processes
// and as as many reloads in a process serving a realm (load.go), and
// prints a table, check plus planning against live.Compile (-compile-runs
// pairs of processes, alternated: compile.go), the Loads, the plan's
// largest sections per size, and issue 19's targets beside their figures
// with pass or FAIL (targets.go):
//
//	go run ./cmd/scale -shape iot -n 10000,100000
//
// Every step runs as its own process, as in a broker's build; peak memory
// is the largest resident set among the step's processes.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/destgen/destgen/bench/workload"
)

func main() {
	sizes := flag.String("n", "1000,10000,30000,100000", "comma-separated destination counts")
	policies := flag.Int("policies", 1000, "auto-creation policies per config")
	shape := flag.String("shape", string(workload.Exact), "destination shape: exact, wild or iot")
	var runs runCounts
	flag.IntVar(&runs.Compile, "compile-runs", defaultCompileRuns, "least times to run check+plan and live.Compile, alternated; more while cheap (compile.go)")
	flag.Float64Var(&runs.CompileBudget, "compile-budget", compileBudgetSeconds, fmt.Sprintf("CPU seconds of Compile pairs under which more run, up to %d (0: -compile-runs only)", maxCompileRuns))
	flag.IntVar(&runs.Load, "load-runs", defaultLoadRuns, "fresh processes to time a Load in, and reloads in a serving process (load.go)")
	flag.Parse()
	var ns []int
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			fmt.Fprintf(os.Stderr, "scale: bad size %q\n", f)
			os.Exit(2)
		}
		ns = append(ns, n)
	}
	rows, err := measureAll(ns, *policies, workload.Shape(*shape), runs)
	printTable(os.Stdout, rows)
	printCompile(os.Stdout, rows)
	printLoads(os.Stdout, rows)
	printSections(os.Stdout, rows)
	printTargets(os.Stdout, rows)
	if err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}
