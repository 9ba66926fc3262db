package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// counts are one loop's callgrind events per call: instructions and
// mispredicted branches (conditional and indirect).
type counts struct{ Ir, Mispredicts float64 }

// result is one row: a lookup on a name sample of a package.
type result struct {
	Row       string
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
	return fmt.Sprintf("%-40s %12.1f %12.1f %7.3f %8.3f %8.3f %7.3f  %s", r.Row, r.Gen.Ir, r.Live.Ir, r.Live.Ir/r.Gen.Ir,
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
// runs every row under callgrind.
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
	rows, err := rowNames(samples)
	if err != nil {
		return nil, err
	}
	plan := filepath.Join("gen", pkg, pkg+"_gen.plan")
	var results []result
	for i, row := range rows {
		r, err := runRow(bin, samples, plan, out, i, iters)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %v", pkg, row, err)
		}
		r.Row = pkg + "/" + row
		results = append(results, r)
	}
	return results, nil
}

func command(name string, args ...string) *exec.Cmd {
	c := exec.Command(name, args...)
	c.Stderr = os.Stderr
	return c
}

// rowNames lists the rows of a samples file as fn/names.
func rowNames(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s struct{ Rows []struct{ Fn, Names string } }
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	var out []string
	for _, r := range s.Rows {
		out = append(out, r.Fn+"/"+r.Names)
	}
	return out, nil
}

// runRow runs row i's gen and live loops, each in its own process under
// callgrind.
func runRow(bin, samples, plan, out string, i, iters int) (result, error) {
	var r result
	for _, impl := range []string{"gen", "live"} {
		c, err := runLoop(bin, samples, plan, out, i, iters, impl)
		if err != nil {
			return result{}, fmt.Errorf("%s: %v", impl, err)
		}
		if impl == "gen" {
			r.Gen = c
		} else {
			r.Live = c
		}
	}
	return r, nil
}

// runLoop runs one loop under callgrind and reads its costs per call from
// the dump between main.measured and main.done.
func runLoop(bin, samples, plan, out string, i, iters int, impl string) (counts, error) {
	file := filepath.Join(out, fmt.Sprintf("cg.%d.%s", i, impl))
	old, _ := filepath.Glob(file + "*")
	for _, f := range old {
		os.Remove(f)
	}
	c := command("valgrind", "--tool=callgrind", "--branch-sim=yes", "--dump-before=main.measured", "--dump-before=main.done",
		"--callgrind-out-file="+file, bin, "-read", samples, "-plan", plan, "-row", strconv.Itoa(i), "-iters", strconv.Itoa(iters), "-impl", impl)
	var log bytes.Buffer
	c.Stderr = &log // valgrind's banner, and any failure
	// Callgrind asserts on Go's preemption signals; with one P no idle
	// thread spins in the scheduler (under valgrind, threads run one at
	// a time, and spinning ones took minutes of a row's run).
	c.Env = append(os.Environ(), "GODEBUG=asyncpreemptoff=1", "GOMAXPROCS=1")
	if err := c.Run(); err != nil {
		return counts{}, fmt.Errorf("valgrind: %v\n%s", err, log.String())
	}
	b, err := os.ReadFile(file + ".2")
	if err != nil {
		return counts{}, err
	}
	return totals(b, float64(iters))
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
