package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/runtime"
)

// step is one timed process.
type step struct {
	Seconds    float64
	CPUSeconds float64 // user and system, of the step's processes: steadier than Seconds on a loaded machine
	PeakMB     float64
}

// row is one size's measurements.
type row struct {
	N                int
	ConfigMB, FileMB float64
	Check, Generate  step
	Build            step
	Compile          compileRuns // check plus planning against live.Compile (compile.go)

	Probe    probe
	Loads    loadRuns              // fresh processes' Loads and a serving process's reloads (load.go)
	Sections []runtime.PlanSection // of the plan, largest first
}

// measureAll builds destgen once, then measures each size in a scratch
// module whose go.mod points at this repository.
func measureAll(ns []int, policies int, shape workload.Shape, runs runCounts) ([]row, error) {
	dir, err := os.MkdirTemp("", "destgen-scale-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	destgen := filepath.Join(dir, "destgen")
	if _, err := run(root, "go", "build", "-o", destgen, "./cmd/destgen"); err != nil {
		return nil, err
	}
	var rows []row
	for _, n := range ns {
		r, err := measure(dir, root, destgen, workload.Spec{Shape: shape, N: n, Mix: workload.Mixed, Policies: policies, Seed: workload.DefaultSeed}, runs)
		if err != nil {
			return rows, fmt.Errorf("N=%d: %v", n, err)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// runCounts is how many times the steps measured more than once run.
type runCounts struct {
	Compile int // pairs of check+plan and live.Compile (compile.go), at least
	// CompileBudget is the CPU seconds under which more pairs run, up to
	// maxCompileRuns (morePairs); 0 runs Compile pairs only.
	CompileBudget float64
	Load          int // fresh processes' Loads, a serving process's reloads (load.go), init probe runs
}

func measure(dir, root, destgen string, spec workload.Spec, runs runCounts) (row, error) {
	r := row{N: spec.N}
	w, err := workload.Generate(spec)
	if err != nil {
		return r, err
	}
	mod := filepath.Join(dir, fmt.Sprintf("n%d", spec.N))
	if err := scratchModule(mod, root, w.Config()); err != nil {
		return r, err
	}
	r.ConfigMB = float64(len(w.Config())) / 1e6
	if r.Check, err = run(mod, destgen, "check", "-config", "realm.json"); err != nil {
		return r, err
	}
	if r.Compile, err = runCompile(mod, runs.Compile, runs.CompileBudget); err != nil {
		return r, err
	}
	if r.Generate, err = run(mod, destgen, "-config", "realm.json", "-o", "routes/routes_gen.go", "-pkg", "routes"); err != nil {
		return r, err
	}
	fi, err := os.Stat(filepath.Join(mod, "routes", "routes_gen.go"))
	if err != nil {
		return r, err
	}
	r.FileMB = float64(fi.Size()) / 1e6
	// The runtime package comes from the build cache, as in a broker's
	// repeated builds; the generated package is new, so it is compiled.
	if r.Build, err = run(mod, "go", "build", "-o", os.DevNull, "./routes"); err != nil {
		return r, err
	}
	if r.Probe, err = runProbe(mod, runs.Load); err != nil {
		return r, err
	}
	if r.Loads, err = runLoads(mod, runs.Load); err != nil {
		return r, err
	}
	r.Sections, err = planSections(filepath.Join(mod, "routes", "routes_gen.plan"))
	return r, err
}

// planSections reads the plan's sections, largest first (ties in the
// plan's order).
func planSections(path string) ([]runtime.PlanSection, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	secs, err := runtime.PlanSections(b)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(secs, func(a, b runtime.PlanSection) int { return b.Bytes - a.Bytes })
	return secs, nil
}

// buildProgram writes src as package main of mod's directory name and
// builds it into mod/name.bin, whose path it returns.
func buildProgram(mod, name, src string) (string, error) {
	dir := filepath.Join(mod, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(mod, name+".bin")
	_, err := run(mod, "go", "build", "-o", bin, "./"+name)
	return bin, err
}

// scratchModule writes a module that requires destgen from root.
func scratchModule(mod, root string, config []byte) error {
	if err := os.MkdirAll(filepath.Join(mod, "routes"), 0o755); err != nil {
		return err
	}
	gomod := fmt.Sprintf("module scale\n\ngo 1.26\n\nrequire github.com/destgen/destgen v0.0.0\n\nreplace github.com/destgen/destgen => %s\n", root)
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(mod, "realm.json"), config, 0o644)
}

// run times one command and reads its peak resident set from rusage (on
// Linux, the largest among the process and the descendants it waited
// for), through a helper copy of this program (helper.go).
func run(dir, name string, args ...string) (step, error) {
	self, err := os.Executable()
	if err != nil {
		return step{}, err
	}
	cmd := exec.Command(self, append([]string{name}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", helperEnv+"=1")
	var out bytes.Buffer
	cmd.Stdout = &out
	var stderr limitedBuffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var s step
	if jerr := json.Unmarshal(out.Bytes(), &s); jerr != nil && err == nil {
		err = fmt.Errorf("measuring helper: %v", jerr)
	}
	if err != nil {
		return s, fmt.Errorf("%s %v: %v\n%s", name, args, err, stderr.String())
	}
	return s, nil
}

// limitedBuffer keeps the first 4 KB written: enough to show an error.
type limitedBuffer struct{ b []byte }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := 4096 - len(l.b); room > 0 {
		l.b = append(l.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (l *limitedBuffer) String() string { return string(l.b) }

// repoRoot is the main module's directory: bench's parent.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	benchMod := string(out[:len(out)-1])
	return filepath.Dir(filepath.Dir(benchMod)), nil
}
