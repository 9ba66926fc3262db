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
// the heap it keeps, and a Load of its plan as a running broker would do
// it from a file, as live.LoadFile does: runtime.LoadPlanFile (reading
// it, timed since s15, whose reader moved the buffer's first touch into
// it, and checksummed as it is read since s16; validating, without
// DecodePlan's defensive copy), then the tables.
type probe struct {
	InitMs       float64
	InitCPUMs    float64 // the process's CPU time (user and system) when main starts: startup and init
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

// runProbe builds the probe in mod and runs it once.
func runProbe(mod string) (probe, error) {
	var p probe
	dir := filepath.Join(mod, "probe")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return p, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(probeSrc), 0o644); err != nil {
		return p, err
	}
	bin := filepath.Join(mod, "probe.bin")
	if _, err := run(mod, "go", "build", "-o", bin, "./probe"); err != nil {
		return p, err
	}
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
	fi, err := os.Stat(filepath.Join(mod, "routes", "routes_gen.plan"))
	if err != nil {
		return p, err
	}
	p.PlanMB = float64(fi.Size()) / 1e6
	return p, nil
}
