package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/destgen/destgen/bench/gate"
)

// counts are one loop's callgrind events per call: instructions and
// mispredicted branches (conditional and indirect).
type counts struct{ Ir, Mispredicts float64 }

// result is one row: a lookup on a name sample of a package.
type result struct {
	Pkg       string // the package of bench/gen/
	Workload  string // its shape and size as benchmarks name it: shape=S/N=n
	Fn, Names string // the lookup and its sample's names= label
	Gen, Live counts
}

// limits is when a row passes: live executes at most Max times gen's
// instructions. Mispredictions are printed, not judged: callgrind's
// predictor is a table of 2-bit counters indexed by the branch's
// address, so two copies of one loop at other addresses alias other
// branches, which a modern predictor, keyed by history too, need not.
type limits struct{ Max float64 }

func (l limits) pass(r result) bool { return r.Live.Ir <= l.Max*r.Gen.Ir }

func (r result) format(pass bool) string {
	verdict := "PASS"
	if !pass {
		verdict = "FAIL"
	}
	return fmt.Sprintf("%-40s %12.1f %12.1f %7.3f %8.3f %8.3f %7.3f  %s", r.Pkg+"/"+r.Fn+"/"+r.Names, r.Gen.Ir, r.Live.Ir, r.Live.Ir/r.Gen.Ir,
		r.Gen.Mispredicts, r.Live.Mispredicts, ratioOrOne(r.Live.Mispredicts, r.Gen.Mispredicts), verdict)
}

func ratioOrOne(a, b float64) float64 {
	if b == 0 {
		if a == 0 {
			return 1
		}
		return 0
	}
	return a / b
}

// runPackage builds pkg's program in dir/pkg, writes its samples, and
// runs every row under callgrind, once per front door.
func runPackage(pkg, dir string, iters int) ([]result, error) {
	out := filepath.Join(dir, pkg)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var src bytes.Buffer
	if err := prog.Execute(&src, pkg); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(out, "main.go"), src.Bytes(), 0o644); err != nil {
		return nil, err
	}
	bin, _ := filepath.Abs(filepath.Join(out, "prog"))
	if err := command("go", "build", "-o", bin, "./"+out).Run(); err != nil {
		return nil, fmt.Errorf("%s: go build: %v", pkg, err)
	}
	samples := filepath.Join(out, "samples.json")
	if err := command(bin, "-write", samples).Run(); err != nil {
		return nil, fmt.Errorf("%s: writing samples: %v", pkg, err)
	}
	results, err := readRows(samples, pkg)
	if err != nil {
		return nil, err
	}
	plan := filepath.Join("gen", pkg, pkg+"_gen.plan")
	for _, impl := range []string{"gen", "live"} {
		cs, err := runLoops(bin, samples, plan, out, len(results), iters, impl)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %v", pkg, impl, err)
		}
		for i := range results {
			if impl == "gen" {
				results[i].Gen = cs[i]
			} else {
				results[i].Live = cs[i]
			}
		}
	}
	return results, nil
}

func command(name string, args ...string) *exec.Cmd {
	c := exec.Command(name, args...)
	c.Stderr = os.Stderr
	return c
}

// readRows returns a result per row of pkg's samples file, named,
// without counts.
func readRows(path, pkg string) ([]result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s struct {
		Workload string
		Rows     []struct{ Fn, Names string }
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	var out []result
	for _, r := range s.Rows {
		out = append(out, result{Pkg: pkg, Workload: s.Workload, Fn: r.Fn, Names: r.Names})
	}
	return out, nil
}

// runLoops runs every row's loop on one front door in one process under
// callgrind and reads each loop's costs per call from its dump: row i's
// loop is dump 2i+2, between main.measured and main.done.
func runLoops(bin, samples, plan, out string, rows, iters int, impl string) ([]counts, error) {
	file := filepath.Join(out, "cg."+impl)
	old, _ := filepath.Glob(file + "*")
	for _, f := range old {
		os.Remove(f)
	}
	c := command("valgrind", "--tool=callgrind", "--branch-sim=yes", "--dump-before=main.measured", "--dump-before=main.done",
		"--callgrind-out-file="+file, bin, "-read", samples, "-plan", plan, "-iters", strconv.Itoa(iters), "-impl", impl)
	var log bytes.Buffer
	c.Stderr = &log // valgrind's banner, and any failure
	// Callgrind asserts on Go's preemption signals; with one P no idle
	// thread spins in the scheduler (under valgrind, threads run one at
	// a time, and spinning ones took minutes of a row's run). Valgrind
	// 3.19 cannot decode RDTSCP, which the runtime's cputicks uses where
	// CPUID offers it (AMD EPYC here): a contended lock's spin killed a
	// row with SIGILL, so the runtime falls back to its fenced RDTSC.
	c.Env = append(os.Environ(), "GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off", "GOMAXPROCS=1")
	if err := c.Run(); err != nil {
		return nil, fmt.Errorf("valgrind: %v\n%s", err, log.String())
	}
	// Exactly two dumps a row, the second a loop's: a dump more or less
	// would shift every row's counts onto another's.
	if _, err := os.Stat(fmt.Sprintf("%s.%d", file, 2*rows+1)); err == nil {
		return nil, fmt.Errorf("more than two callgrind dumps a row in %s", file)
	}
	var cs []counts
	for i := range rows {
		b, err := os.ReadFile(fmt.Sprintf("%s.%d", file, 2*i+2))
		if err != nil {
			return nil, err
		}
		if !bytes.Contains(b, []byte("Trigger: --dump-before=main.done")) {
			return nil, fmt.Errorf("row %d: dump %d is not a measured loop's", i, 2*i+2)
		}
		c, err := totals(b, float64(iters))
		if err != nil {
			return nil, fmt.Errorf("row %d: %v", i, err)
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// totals reads a callgrind dump's totals of Ir, Bcm and Bim per call.
func totals(dump []byte, calls float64) (counts, error) {
	var events, sums []string
	for _, line := range strings.Split(string(dump), "\n") {
		if f, ok := strings.CutPrefix(line, "events:"); ok {
			events = strings.Fields(f)
		}
		if f, ok := strings.CutPrefix(line, "totals:"); ok {
			sums = strings.Fields(f)
		}
	}
	get := func(name string) float64 {
		for j, e := range events {
			if e == name && j < len(sums) {
				v, _ := strconv.ParseFloat(sums[j], 64)
				return v
			}
		}
		return 0
	}
	if len(sums) == 0 || get("Ir") == 0 {
		return counts{}, fmt.Errorf("no totals in the dump")
	}
	return counts{Ir: get("Ir") / calls, Mispredicts: (get("Bcm") + get("Bim")) / calls}, nil
}

// writeResults writes rs as Go benchmark results, one line per row and
// front door, named as the timed benchmarks are
// (BenchmarkResolve/shape=exact/N=100/names=hits/impl=live), with
// instructions and mispredicted branches per call as the values: the
// file cmd/gate reads for the live checks (make bench-gate).
func writeResults(w io.Writer, rs []result, iters int) error {
	for _, r := range rs {
		for _, x := range []struct {
			impl string
			c    counts
		}{{"gen", r.Gen}, {"live", r.Live}} {
			_, err := fmt.Fprintf(w, "Benchmark%s/%s/names=%s/impl=%s\t%d\t%.2f %s\t%.3f mispredicts/op\n",
				r.Fn, r.Workload, r.Names, x.impl, iters, x.c.Ir, gate.InstrUnit, x.c.Mispredicts)
			if err != nil {
				return err
			}
		}
	}
	return nil
}
