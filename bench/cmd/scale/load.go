package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
)

// loadSrc is the Load probe, written into the scratch module: a program
// that imports live and not the generated package, so that a process
// does nothing but what a broker does with a plan file. "fresh" loads
// once (live.LoadFile), as a broker starting from the plan; "reload K"
// loads once into a Holder (Holder.LoadFile), serves the realm, then
// loads K more times back to back, each swapped in and the previous one
// dropped, as a broker does on every update; "idle K" is "reload K" with
// debug.FreeOSMemory before each reload, untimed: a broker idle long
// enough between updates for a collection to have run and the scavenger
// to have returned every free page to the system, so that whatever a
// reload does not find kept is first touched again. Each Load is timed
// by the process's CPU time (rusage: the collector's threads and the
// kernel's page faults count) and its allocations.
const loadSrc = `package main

import (
	"encoding/json"
	"os"
	goruntime "runtime"
	"runtime/debug"
	"strconv"
	"syscall"

	"github.com/destgen/destgen/live"
)

const plan = "routes/routes_gen.plan"

func cpuMs() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
}

// load is one timed live.LoadFile, or h.LoadFile with h.
func load(h *live.Holder) (*live.Realm, float64, uint64) {
	var m0, m1 goruntime.MemStats
	goruntime.ReadMemStats(&m0)
	cpu0 := cpuMs()
	var r *live.Realm
	var err error
	if h == nil {
		r, err = live.LoadFile(plan)
	} else {
		r, err = h.LoadFile(plan)
	}
	cpu := cpuMs() - cpu0
	goruntime.ReadMemStats(&m1)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	return r, cpu, m1.Mallocs - m0.Mallocs
}

func main() {
	var out struct {
		CPUMs  []float64
		Allocs []uint64
	}
	if os.Args[1] == "fresh" {
		_, cpu, allocs := load(nil)
		out.CPUMs, out.Allocs = []float64{cpu}, []uint64{allocs}
	} else {
		h := live.NewHolder(nil, live.Options{NoChanges: true})
		load(h)
		k, _ := strconv.Atoi(os.Args[2])
		for range k {
			for _, d := range h.Current().Destinations()[:1] {
				h.Current().Resolve(d.Pattern()) // serving
			}
			if os.Args[1] == "idle" {
				debug.FreeOSMemory()
			}
			_, cpu, allocs := load(h)
			out.CPUMs, out.Allocs = append(out.CPUMs, cpu), append(out.Allocs, allocs)
		}
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
`

// defaultLoadRuns is how many fresh processes make scale times a Load in,
// and how many reloads the serving process makes. A single fresh run at
// exact 100k moved from 35 to 123 CPU ms here (load 1; bench/README,
// "Session 17's merges"), and from 41 to 287 started right after a
// 214 MB process exited (bench/README, "make scale and live parity,
// session 18"): the system time of first touches of memory, which
// depends on what the rest of the machine does with memory. The median
// of seven, with its least and largest, is the figure; each run costs a
// fraction of a second.
const defaultLoadRuns = 7

// loadRuns is Load timed the ways a broker meets it: in fresh processes
// that do nothing else, and as reloads in a process serving a realm.
type loadRuns struct {
	Fresh, Reload, Idle       []float64 // CPU ms of each Load, in run order
	FreshAllocs, ReloadAllocs uint64    // the most allocations of one Load (reloads: back to back and after idle)
}

// runLoads builds the Load probe in mod, then times a Load in runs fresh
// processes, runs reloads back to back in one serving process and runs
// after idle in another.
func runLoads(mod string, runs int) (loadRuns, error) {
	var l loadRuns
	bin, err := buildProgram(mod, "loadprobe", loadSrc)
	if err != nil {
		return l, err
	}
	runs = max(runs, 1)
	for range runs {
		cpu, allocs, err := loadProbe(mod, bin, "fresh")
		if err != nil {
			return l, err
		}
		l.Fresh = append(l.Fresh, cpu...)
		l.FreshAllocs = max(l.FreshAllocs, slices.Max(allocs))
	}
	for _, mode := range []string{"reload", "idle"} {
		cpu, allocs, err := loadProbe(mod, bin, mode, strconv.Itoa(runs))
		if err != nil {
			return l, err
		}
		if mode == "reload" {
			l.Reload = cpu
		} else {
			l.Idle = cpu
		}
		l.ReloadAllocs = max(l.ReloadAllocs, slices.Max(allocs))
	}
	return l, nil
}

// loadProbe runs the Load probe once and returns each Load's CPU ms and
// allocations.
func loadProbe(mod, bin string, args ...string) ([]float64, []uint64, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = mod
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			err = fmt.Errorf("%v\n%.2000s", err, ee.Stderr)
		}
		return nil, nil, fmt.Errorf("load probe %v: %v", args, err)
	}
	var r struct {
		CPUMs  []float64
		Allocs []uint64
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, nil, fmt.Errorf("load probe %v output: %v", args, err)
	}
	if len(r.CPUMs) == 0 || len(r.CPUMs) != len(r.Allocs) {
		return nil, nil, fmt.Errorf("load probe %v: %d times, %d allocation counts", args, len(r.CPUMs), len(r.Allocs))
	}
	return r.CPUMs, r.Allocs, nil
}

// median is the lower middle of xs (not changed), 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

// spread formats xs as its median with its least and largest and count:
// "41.2 (35.1-49.4, 7 runs)", "30.0 (30.0-30.0, 1 run)".
func spread(xs []float64) string {
	if len(xs) == 0 {
		return "none"
	}
	runs := "runs"
	if len(xs) == 1 {
		runs = "run"
	}
	return fmt.Sprintf("%.1f (%.1f-%.1f, %d %s)", median(xs), slices.Min(xs), slices.Max(xs), len(xs), runs)
}
