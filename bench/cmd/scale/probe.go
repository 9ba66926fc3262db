package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
)

// probe is what the init probe measures of a generated package: its
// initialisation (GODEBUG=inittrace=1: clock time, bytes and allocations),
// the heap it keeps, and a Load of its plan from its file as
// live.LoadFile builds it, less the Realm's handles (the probe does not
// link live, whose dependencies' own initialisation would count in
// InitCPUMs): runtime.LoadPlanFile (reading and checksumming it,
// validating), then the tables. That Load runs in the process that has
// just run init, right after make scale built it: the table's "after
// build" column. load.go times Load as a broker meets it.
type probe struct {
	InitMs       float64   // the median run's
	Inits        []float64 // each run's InitMs
	InitCPUMs    float64   // the process's CPU time (user and system) when main starts: startup and init
	LoadCPUMs    float64
	InitMB       float64
	InitAllocs   int
	RetainedB    float64 // heap after initialisation and a GC, plus Destinations, per destination
	LoadMs       float64
	LoadAllocs   int
	PlanMB       float64
	N            int
	HeapBytes    uint64
	TableBytes   uint64
	LoadErr      string
	initTraceRaw string
}

// probeSrc is the probe program, written into the scratch module.
const probeSrc = `package main

import (
	"encoding/json"
	"os"
	goruntime "runtime"
	"syscall"
	"time"
	"unsafe"

	"github.com/destgen/destgen/runtime"
	"scale/routes"
)

func cpuMs() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
}

func main() {
	initCPU := cpuMs()
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	out := map[string]any{"InitCPUMs": initCPU, "HeapBytes": ms.HeapAlloc, "TableBytes": uint64(unsafe.Sizeof(routes.Destinations)), "N": len(routes.Destinations)}
	var m0, m1 goruntime.MemStats
	goruntime.ReadMemStats(&m0)
	start, cpu0 := time.Now(), cpuMs()
	p, err := runtime.LoadPlanFile("routes/routes_gen.plan")
	if err == nil {
		runtime.NewMatcher(&p.Matcher)
		runtime.NewPolicyIndex(&p.PolicyIndex)
		_, err = runtime.CompilePolicyMatchers(p.Policies)
	}
	out["LoadMs"] = float64(time.Since(start).Microseconds()) / 1000
	out["LoadCPUMs"] = cpuMs() - cpu0
	goruntime.ReadMemStats(&m1)
	out["LoadAllocs"] = m1.Mallocs - m0.Mallocs
	if err != nil {
		out["LoadErr"] = err.Error()
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
`

// initTrace matches the runtime's line for the generated package.
var initTrace = regexp.MustCompile(`init scale/routes @[0-9.]+ ms, ([0-9.]+) ms clock, ([0-9]+) bytes, ([0-9]+) allocs`)

// runProbe builds the probe in mod and runs it runs times: the first
// run's figures (its Load is the one right after the build), with
// InitMs and InitCPUMs the medians of every run's (Inits: each run's
// InitMs). One run's init (clock time) read 129 ms at exact 10k at a
// load average of 16, where exact 100k's read 19 to 30 at 1 to 2: the
// median of a few says more.
func runProbe(mod string, runs int) (probe, error) {
	var p probe
	bin, err := buildProgram(mod, "probe", probeSrc)
	if err != nil {
		return p, err
	}
	var cpus []float64
	for i := range max(runs, 1) {
		q, err := probeOnce(mod, bin)
		if err != nil {
			return p, err
		}
		if i == 0 {
			p = q
		}
		p.Inits, cpus = append(p.Inits, q.InitMs), append(cpus, q.InitCPUMs)
	}
	p.InitMs, p.InitCPUMs = median(p.Inits), median(cpus)
	fi, err := os.Stat(filepath.Join(mod, "routes", "routes_gen.plan"))
	if err != nil {
		return p, err
	}
	p.PlanMB = float64(fi.Size()) / 1e6
	return p, nil
}

// probeOnce runs the probe binary once.
func probeOnce(mod, bin string) (probe, error) {
	var p probe
	cmd := exec.Command(bin)
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return p, fmt.Errorf("probe: %v\n%.4000s", err, stderr.String())
	}
	if err := json.Unmarshal(stdout.Bytes(), &p); err != nil {
		return p, fmt.Errorf("probe output: %v", err)
	}
	if p.LoadErr != "" {
		return p, fmt.Errorf("probe: Load: %s", p.LoadErr)
	}
	m := initTrace.FindStringSubmatch(stderr.String())
	if m == nil {
		return p, fmt.Errorf("probe: no inittrace line for scale/routes in\n%.2000s", stderr.String())
	}
	p.InitMs, _ = strconv.ParseFloat(m[1], 64)
	b, _ := strconv.ParseFloat(m[2], 64)
	p.InitMB = b / 1e6
	p.InitAllocs, _ = strconv.Atoi(m[3])
	p.RetainedB = float64(p.HeapBytes+p.TableBytes) / float64(max(p.N, 1))
	return p, nil
}
