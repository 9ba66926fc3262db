package gate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// run is benchmark output as go test -benchmem -count 2 writes it.
const run = `goos: linux
goarch: amd64
pkg: github.com/destgen/destgen/bench
BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen-2     1000  10.0 ns/op  0 B/op  0 allocs/op
BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen-2     1000  12.0 ns/op  0 B/op  0 allocs/op
BenchmarkResolve/shape=exact/N=100/names=hits/impl=map-2     1000  20.0 ns/op  0 B/op  0 allocs/op
BenchmarkResolve/shape=exact/N=100/names=hits/impl=map-2     1000  22.0 ns/op  0 B/op  0 allocs/op
BenchmarkResolve/shape=exact/N=100/names=mixed/impl=gen-2    1000  50.0 ns/op  0 B/op  0 allocs/op
BenchmarkResolve/shape=exact/N=100/names=mixed/impl=gsl-2    1000  200.0 ns/op  0 B/op  0 allocs/op
BenchmarkAllowed/shape=exact/N=100/names=mixed/impl=gen-2    1000  100.0 ns/op  16 B/op  1 allocs/op
`

func read(t *testing.T, s string) *Results {
	t.Helper()
	r, err := Read(strings.NewReader(s), "test")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestReadMedians(t *testing.T) {
	r := read(t, run)
	ns, ok := r.NsPerOp(Key{"Resolve", "shape=exact/N=100/names=hits"}, "gen")
	if !ok || ns != 10 {
		t.Errorf("min of gen = %v, %v; want 10", ns, ok)
	}
	r.Stat = Median
	ns, ok = r.NsPerOp(Key{"Resolve", "shape=exact/N=100/names=hits"}, "gen")
	if !ok || ns != 11 {
		t.Errorf("median of gen = %v, %v; want 11", ns, ok)
	}
	if _, ok := r.NsPerOp(Key{"Resolve", "shape=exact/N=100/names=hits"}, "ref"); ok {
		t.Error("found a benchmark that did not run")
	}
}

func TestEvaluate(t *testing.T) {
	r := read(t, run)
	r.Stat = Median
	hits, mixed := "shape=exact/N=100/names=hits", "shape=exact/N=100/names=mixed"
	cases := []struct {
		c    Check
		pass bool
		miss bool
	}{
		{Check{Slow: side("Resolve", hits, "map"), Fast: side("Resolve", hits, "gen"), Min: 1.25}, true, false}, // medians 21/11
		{Check{Slow: side("Resolve", hits, "map"), Fast: side("Resolve", hits, "gen"), Min: 2}, false, false},
		{Check{Slow: side("Resolve", mixed, "gsl"), Fast: side("Resolve", mixed, "gen"), Min: 5}, false, false},   // 200/50 = 4
		{Check{Slow: side("Allowed", mixed, "gen"), Fast: side("Resolve", mixed, "gen"), Max: 1.5}, false, false}, // 2x
		{Check{Slow: side("Allowed", mixed, "gen"), Fast: side("Resolve", mixed, "gen"), Max: 2}, true, false},
		{Check{Slow: side("Resolve", mixed, "ref"), Fast: side("Resolve", mixed, "gen"), Min: 100}, false, true},
	}
	for i, tc := range cases {
		o := Evaluate(r, []Check{tc.c})[0]
		if o.Pass != tc.pass || (o.Missing != "") != tc.miss {
			t.Errorf("case %d: pass %v, missing %q; want pass %v, missing %v (ratio %.2f)", i, o.Pass, o.Missing, tc.pass, tc.miss, o.Ratio)
		}
	}
}

func TestReportAllocs(t *testing.T) {
	var out bytes.Buffer
	if Report(&out, read(t, run), nil) {
		t.Error("an allocating gen benchmark passed")
	}
	if !strings.Contains(out.String(), "Allowed/shape=exact/N=100/names=mixed/impl=gen: 1 allocs/op") {
		t.Errorf("report does not name the allocating benchmark:\n%s", out.String())
	}
	clean := strings.ReplaceAll(run, "16 B/op  1 allocs/op", "0 B/op  0 allocs/op")
	out.Reset()
	if !Report(&out, read(t, clean), nil) {
		t.Errorf("clean run failed:\n%s", out.String())
	}
	noMem := "BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen-2 1000 10.0 ns/op\n"
	if Report(&out, read(t, noMem), nil) {
		t.Error("a run without allocation figures passed")
	}
}

// TestChecksCoverTargets pins the number of checks per mode, so that a
// target is not dropped by accident.
func TestChecksCoverTargets(t *testing.T) {
	full := Checks(Full)
	// per shape, classic family: 5 map checks, 5 wildcard-only costs,
	// 3 gsl, 3 gslcache, 1 ref, 10 Allowed; per shape and other family
	// (3 sizes): 3 map, 3 wildcard-only, 3 gsl, 3 gslcache, 6 Allowed;
	// 3 fast-policy checks; 2 scaling checks; 2 general-policy checks vs
	// one regexp (P = 10, 100) and 1 vs Broker-J's loop (P = 10); live
	// against gen per shape, family and size: 7 Resolve samples, 2
	// Matches and 2 Allowed, and 3 AutoCreate samples per policy workload
	// (fast and mixed at 3 sizes, general at 2); 5 Compile workloads.
	classic, family := 5+5+3+3+1+10, 3+3+3+3+6
	live := 2*(5+len(families)*3)*(7+2+2) + (2*3+2)*3 + 5
	if want := 2*(classic+len(families)*family) + 3 + 2 + 3 + live; len(full) != want {
		t.Errorf("full mode has %d checks, want %d", len(full), want)
	}
	ci := Checks(CI)
	// gsl at 2 sizes per shape, fast-policy at P = 10 and 1000, scaling
	// per mix.
	if want := 2*2 + 2 + 2; len(ci) != want {
		t.Errorf("CI mode has %d checks, want %d", len(ci), want)
	}
	for _, c := range ci {
		if !c.CI {
			t.Errorf("CI mode includes a non-CI check: %s", c.Target)
		}
		if strings.Contains(c.Fast.Key.Config, "N=1000/") {
			t.Errorf("CI mode checks a size it does not run: %s", c.Fast)
		}
	}
}

func TestReadRejectsEmpty(t *testing.T) {
	if _, err := Read(strings.NewReader("PASS\nok\n"), "empty"); err == nil {
		t.Error("no error for output without results")
	}
}

// counts is cmd/instrparity's -o output for two rows at exact N = 100.
const counts = `BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen	16384	100.00 instr/op	0.500 mispredicts/op
BenchmarkResolve/shape=exact/N=100/names=hits/impl=live	16384	105.00 instr/op	0.600 mispredicts/op
BenchmarkResolve/shape=exact/N=100/names=miss/impl=gen	16384	100.00 instr/op	0.500 mispredicts/op
BenchmarkResolve/shape=exact/N=100/names=miss/impl=live	16384	105.01 instr/op	0.600 mispredicts/op
`

// TestCounted: a counted check reads instructions, not time, at, below
// and above its bound; a count absent where the run's manifest lists the
// workload is missing, elsewhere not run; and counted checks' benchmarks
// are not among those a gate run times.
func TestCounted(t *testing.T) {
	r := read(t, manifest(".")+run+counts)
	hits, miss := "shape=exact/N=100/names=hits", "shape=exact/N=100/names=miss"
	live := func(cfg string) Check {
		return Check{Slow: side("Resolve", cfg, "live"), Fast: side("Resolve", cfg, "gen"), Max: 1.05, Counted: true}
	}
	below := live(hits)
	below.Max = 1.04
	outs := Evaluate(r, []Check{live(hits), live(miss), below, live("shape=exact/N=100/names=wild"), live("shape=exact/N=10/names=hits")})
	if o := outs[0]; !o.Pass || o.SlowNs != 105 || o.FastNs != 100 {
		t.Errorf("105 against 100 instructions, bound 1.05: %+v", o)
	}
	if outs[1].Pass || outs[2].Pass {
		t.Errorf("over the bound passed: %+v, %+v", outs[1], outs[2])
	}
	if outs[3].Missing == "" || outs[4].NotRun == "" || outs[4].Missing != "" {
		t.Errorf("absent counts: wild at a listed workload %+v, N = 10 not generated %+v", outs[3], outs[4])
	}
	// Timed results alone hold no counts: the live rows' times are not read.
	timedLive := "BenchmarkResolve/shape=exact/N=100/names=hits/impl=live-2 1000 10.0 ns/op 0 B/op 0 allocs/op\n"
	if o := Evaluate(read(t, manifest(".")+run+timedLive), []Check{live(hits)})[0]; o.Missing == "" {
		t.Errorf("a counted check read time: %+v", o)
	}
	for _, s := range Sides(Checks(Full)) {
		if s.Impl == "live" && s.Key.Func != "Compile" {
			t.Errorf("a gate run times %s, which is counted", s)
		}
	}
}

// TestEvaluateMedianCheck: a Median check reads each side's median
// sample whatever the run's Stat, others the run's: session 25's exact
// 100k Compile samples, whose least of each read 1.36 (FAIL) and whose
// medians read 1.13; and every Compile check is a Median one.
func TestEvaluateMedianCheck(t *testing.T) {
	const cfg = "shape=exact/N=100000"
	var b strings.Builder
	for _, ns := range [][2]float64{{646e6, 881e6}, {898e6, 1086e6}, {1007e6, 1173e6}, {1417e6, 1355e6}, {1107e6, 1224e6}, {1223e6, 1379e6}} {
		fmt.Fprintf(&b, "BenchmarkCompile/%s/impl=check+plan-2 1 %.0f ns/op\n", cfg, ns[0])
		fmt.Fprintf(&b, "BenchmarkCompile/%s/impl=live-2 1 %.0f ns/op\n", cfg, ns[1])
	}
	r, err := Read(strings.NewReader(b.String()), "compile.txt")
	if err != nil {
		t.Fatal(err)
	}
	c := Check{Slow: side("Compile", cfg, "live"), Fast: side("Compile", cfg, "check+plan"), Max: compileMax}
	if o := Evaluate(r, []Check{c})[0]; o.Pass || o.Ratio < 1.36 || o.Ratio > 1.37 {
		t.Errorf("least of each: pass %v, ratio %.3f; want a failing 1.36", o.Pass, o.Ratio)
	}
	c.Median = true
	if o := Evaluate(r, []Check{c})[0]; !o.Pass || o.Ratio < 1.12 || o.Ratio > 1.14 {
		t.Errorf("medians: pass %v, ratio %.3f; want a passing 1.13", o.Pass, o.Ratio)
	}
	compile := 0
	for _, c := range Checks(Full) {
		if c.Slow.Key.Func == "Compile" {
			compile++
			if !c.Median {
				t.Errorf("%s: not a Median check", c.Slow)
			}
		}
	}
	if compile == 0 {
		t.Error("no Compile check in the full mode")
	}
}
