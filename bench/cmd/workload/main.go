// Command workload writes a synthetic destgen config, or a sample of names
// for it, as the benchmarks generate them:
//
//	go run ./cmd/workload -shape wild -n 10000 -o wild10000.json
//	go run ./cmd/workload -shape wild -n 10000 -names mixed -dist zipf -count 20
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/destgen/destgen/bench/workload"
)

func main() {
	var s workload.Spec
	flag.StringVar((*string)(&s.Shape), "shape", string(workload.Exact), "destination shape: exact or wild")
	flag.StringVar((*string)(&s.Family), "family", "", "topic family: \"\" (classic), iot, market, events or long")
	flag.IntVar(&s.N, "n", 100, "number of destinations")
	flag.StringVar((*string)(&s.Mix), "mix", string(workload.Mixed), "policy mix: fast or mixed")
	flag.IntVar(&s.Policies, "policies", 10, "number of auto-creation policies")
	flag.Uint64Var(&s.Seed, "seed", workload.DefaultSeed, "random seed")
	out := flag.String("o", "", "write the config here (default standard output)")
	names := flag.String("names", "", "print a name sample of this category instead of the config (hits, wild, miss, invalid, mixed, node-hits, node-miss, node-mixed)")
	dist := flag.String("dist", string(workload.Uniform), "name distribution: uniform or zipf")
	count := flag.Int("count", 10, "names to print")
	flag.Parse()
	if err := run(s, *out, workload.Category(*names), workload.Dist(*dist), *count); err != nil {
		fmt.Fprintln(os.Stderr, "workload:", err)
		os.Exit(1)
	}
}

func run(s workload.Spec, out string, names workload.Category, dist workload.Dist, count int) error {
	w, err := workload.Generate(s)
	if err != nil {
		return err
	}
	if names != "" {
		ns, err := w.Names(names, dist, count)
		if err != nil {
			return err
		}
		for _, n := range ns {
			fmt.Printf("%q\n", n) // quoted: some names are empty or hold newlines
		}
		return nil
	}
	if out == "" {
		_, err = os.Stdout.Write(w.Config())
		return err
	}
	if !strings.HasSuffix(out, ".json") {
		return fmt.Errorf("-o %s: want a .json file", out)
	}
	return os.WriteFile(out, w.Config(), 0o644)
}
