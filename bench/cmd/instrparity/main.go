// Command instrparity holds a live.Realm's lookups to the generated
// package's by what each executes, counted by valgrind's callgrind, not
// by time: issue 19 bounds a Realm at 1.05x the generated package, and on
// the 2-core machines this project runs on, timing cannot tell 5% apart
// (in BenchmarkLiveParity's paired rounds a round's live/gen ratio
// varied with a standard deviation of 10-47% at load 1, and its control,
// the generated loop against itself, as much). Both front doors call one
// runtime on one plan, so what can differ is the code around it: the
// instructions, the branches and their mispredictions, which callgrind
// counts the same on every run of the same binary and inputs.
//
// For each generated package of bench/gen/ matching -only it writes and
// builds a program importing that package alone (prog.go), has it write
// its name samples, then runs each row (a lookup and a name sample, as
// BenchmarkLiveParity's) under callgrind with branch simulation: -iters
// calls of the generated loop and of the live one after a warm-up, and
// prints instructions and mispredicted branches per call, and live/gen
// of each. A row fails when live executes more than -max times gen's
// instructions (the mispredictions are shown, not judged: see limits):
//
//	go run ./cmd/instrparity -only '^(exact|wild)(100|10000)$'
//
// With -o it also writes the counts as Go benchmark results (unit
// instr/op, named as the timed benchmarks are), which cmd/gate reads for
// the live checks; with -judge=false the exit status reports only errors
// and the gate judges (make bench-gate).
//
// Needs valgrind (Debian's package) and make bench-gen's packages.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
)

func main() {
	only := flag.String("only", `^((exact|wild)[a-z]*|pol(fast|mixed|general))[0-9]+$`, "regexp of bench/gen/ packages to check")
	iters := flag.Int("iters", 1<<14, "calls per measured loop")
	maxRatio := flag.Float64("max", 1.05, "most live/gen may be, in instructions per call")
	dir := flag.String("dir", "results/_instrparity", "where the programs and callgrind's files go")
	out := flag.String("o", "", "also write the counts to this file as benchmark results (for cmd/gate)")
	judge := flag.Bool("judge", true, "exit 1 when a row exceeds -max (false: only errors fail; the gate judges -o's file)")
	flag.Parse()
	re, err := regexp.Compile(*only)
	if err != nil {
		fail(err)
	}
	pkgs, err := packages(re)
	if err != nil {
		fail(err)
	}
	if len(pkgs) == 0 {
		fail(fmt.Errorf("no package of gen/ matches %s: run make bench-gen", *only))
	}
	lim := limits{Max: *maxRatio}
	ok := true
	var all []result
	fmt.Printf("%-40s %12s %12s %7s %8s %8s %7s  %s\n", "row", "gen Ir/op", "live Ir/op", "ratio", "gen mp", "live mp", "ratio", "result")
	for _, p := range pkgs {
		rows, err := runPackage(p, *dir, *iters)
		if err != nil {
			fail(err)
		}
		for _, r := range rows {
			pass := lim.pass(r)
			ok = ok && pass
			fmt.Println(r.format(pass))
		}
		all = append(all, rows...)
	}
	if *out != "" {
		if err := writeFile(*out, all, *iters); err != nil {
			fail(err)
		}
	}
	switch {
	case ok:
		fmt.Println("instrparity: PASS")
	case *judge:
		fmt.Println("instrparity: FAIL")
		os.Exit(1)
	default:
		fmt.Printf("instrparity: rows over %gx, left to the reader of %s (-judge=false)\n", *maxRatio, *out)
	}
}

func writeFile(path string, rs []result, iters int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeResults(f, rs, iters); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// packages returns the generated packages whose names re matches, sorted.
func packages(re *regexp.Regexp) ([]string, error) {
	entries, err := os.ReadDir("gen")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && re.MatchString(e.Name()) {
			if _, err := os.Stat(filepath.Join("gen", e.Name(), e.Name()+"_gen.plan")); err == nil {
				out = append(out, e.Name())
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "instrparity:", err)
	os.Exit(2)
}
