// Command benchgen writes the generated packages the benchmarks measure
// (see package benchgen). Run it from the bench module's root:
//
//	go run ./cmd/benchgen -set ci
//	go run ./cmd/benchgen -set full -only 'telemetry|market'  # a subset
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/destgen/destgen/bench/benchgen"
)

func main() {
	set := flag.String("set", "ci", "which packages: ci (N = 100, 10k; 10 and 1000 policies) or full")
	dir := flag.String("dir", ".", "the bench module's root")
	only := flag.String("only", "", "keep only the packages whose name matches this `regexp` (e.g. 'telemetry|market' for a quick look)")
	flag.Parse()
	targets, err := benchgen.Set(*set)
	if err == nil && *only != "" {
		targets, err = benchgen.Filter(targets, *only)
	}
	if err == nil {
		err = benchgen.Write(*dir, targets, func(f string, a ...any) { fmt.Fprintf(os.Stderr, "benchgen: "+f+"\n", a...) })
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchgen:", err)
		os.Exit(1)
	}
}
