package gate

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/destgen/destgen/bench/benchgen"
	"github.com/destgen/destgen/bench/harness"
)

// ciFilter is the Makefile's BENCH_CI when the tests were written.
const ciFilter = `^Benchmark(Resolve|AutoCreate)$/^shape=/^(N=(100|10000)|P=(10|1000))$/^names=(hits|mixed)$/^impl=(gen|gsl|regexp-one)$`

// makefileCIFilter reads BENCH_CI from the repository's Makefile, as the
// shell receives it.
func makefileCIFilter(t *testing.T) string {
	data, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "BENCH_CI := '"); ok {
			return strings.ReplaceAll(strings.TrimSuffix(v, "'"), "$$", "$")
		}
	}
	t.Fatal("no BENCH_CI in the Makefile")
	return ""
}

// withManifest is run with the manifest of a binary holding only the exact
// shape at N = 100 and the fast mix at P = 10, run with filter.
func withManifest(filter string) string { return manifest(filter) + run }

func manifest(filter string) string {
	return FormatManifest([]Workload{{"exact", "N", 100}, {"fast", "P", 10}}, filter)
}

// TestMissingOrNotRun: an absent benchmark fails a check only when the
// run was meant to have it; otherwise the check is not run, and says why.
func TestMissingOrNotRun(t *testing.T) {
	n100, n10 := "shape=exact/N=100/names=", "shape=exact/N=10/names="
	cases := []struct {
		filter string
		c      Check
		why    string // "" for missing
	}{
		// Meant to run: the workload is generated and the filter selects it.
		{".", Check{Slow: side("Resolve", n100+"mixed", "ref"), Fast: side("Resolve", n100+"mixed", "gen"), Min: 100}, ""},
		{ciFilter, Check{Slow: side("Resolve", n100+"hits", "gsl"), Fast: side("Resolve", n100+"hits", "gen"), Min: 1}, ""},
		{".", Check{Slow: side("Compile", "shape=iot/N=10000", "live"), Fast: side("Compile", "shape=iot/N=10000", "check+plan"), Max: 1.2}, ""},
		// Not meant to: a workload the binary does not import.
		{".", Check{Slow: side("Resolve", n10+"hits", "map"), Fast: side("Resolve", n10+"hits", "gen"), Min: 1.25}, "shape=exact/N=10 not generated"},
		{".", Check{Slow: side("AutoCreate", "shape=fast/P=100/names=hits", "regexp-one"), Fast: side("AutoCreate", "shape=fast/P=100/names=hits", "gen"), Min: 15}, "shape=fast/P=100 not generated"},
		// Not meant to: the filter leaves out the function, the names or the impl.
		{ciFilter, Check{Slow: side("Allowed", n100+"hits", "gen"), Fast: side("Resolve", n100+"hits", "gen"), Max: 1.5}, "leaves it out"},
		{ciFilter, Check{Slow: side("Resolve", n100+"wild", "gen"), Fast: side("Resolve", n100+"hits", "gen"), Max: 2}, "leaves it out"},
		{ciFilter, Check{Slow: side("AutoCreate", "shape=fast/P=10/names=mixed", "regexp"), Fast: side("AutoCreate", "shape=fast/P=10/names=mixed", "gen"), Min: 20}, "leaves it out"},
		{ciFilter, Check{Slow: side("Compile", "shape=iot/N=10000", "live"), Fast: side("Compile", "shape=iot/N=10000", "check+plan"), Max: 1.2}, "leaves it out"},
	}
	for i, tc := range cases {
		o := Evaluate(read(t, withManifest(tc.filter)), []Check{tc.c})[0]
		switch {
		case tc.why == "" && (o.Missing == "" || o.NotRun != ""):
			t.Errorf("case %d: missing %q, not run %q; want missing", i, o.Missing, o.NotRun)
		case tc.why != "" && (o.Missing != "" || !strings.Contains(o.NotRun, tc.why)):
			t.Errorf("case %d: missing %q, not run %q; want not run (%s)", i, o.Missing, o.NotRun, tc.why)
		}
	}
}

// TestReportNotRun: a check not run is listed and does not fail the
// gate; a missing one does.
func TestReportNotRun(t *testing.T) {
	notRun := Check{Target: "t", Slow: side("Resolve", "shape=exact/N=10/names=hits", "map"), Fast: side("Resolve", "shape=exact/N=10/names=hits", "gen"), Min: 1.25}
	pass := Check{Target: "t", Slow: side("Resolve", "shape=exact/N=100/names=mixed", "ref"), Fast: side("Resolve", "shape=exact/N=100/names=mixed", "gen"), Min: 100}
	missing := Check{Target: "t", Slow: side("Resolve", "shape=exact/N=100/names=wild", "gen"), Fast: side("Resolve", "shape=exact/N=100/names=hits", "gen"), Max: 2}
	clean := strings.ReplaceAll(run, "16 B/op  1 allocs/op", "0 B/op  0 allocs/op")
	r := read(t, manifest(".")+clean+"BenchmarkResolve/shape=exact/N=100/names=mixed/impl=ref-2 1000 9000.0 ns/op 0 B/op 0 allocs/op\n")
	var out bytes.Buffer
	if !Report(&out, r, Evaluate(r, []Check{notRun, pass})) {
		t.Errorf("a check not run failed the gate:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "not run (Resolve/shape=exact/N=10/names=hits/impl=map: shape=exact/N=10 not generated for this run)") ||
		!strings.Contains(out.String(), "1 of 2 checks not run") {
		t.Errorf("report does not say what was not run:\n%s", out.String())
	}
	out.Reset()
	if Report(&out, r, Evaluate(r, []Check{notRun, pass, missing})) || !strings.Contains(out.String(), "FAIL (missing Resolve/shape=exact/N=100/names=wild/impl=gen)") {
		t.Errorf("a missing benchmark passed:\n%s", out.String())
	}
}

// TestFullRunExpectsEveryCheck: the gate's modes and benchgen's sets
// (the benchmarks' own list of families, sizes and policy mixes) agree:
// a run of the whole set with no filter (and CI's with the Makefile's
// BENCH_CI) is meant to hold every benchmark each check of its mode
// reads.
func TestFullRunExpectsEveryCheck(t *testing.T) {
	for _, tc := range []struct {
		set, filter string
		mode        Mode
	}{{"full", ".", Full}, {"ci", ".", CI}, {"ci", makefileCIFilter(t), CI}} {
		targets, err := benchgen.Set(tc.set)
		if err != nil {
			t.Fatal(err)
		}
		var wls []Workload
		for _, tg := range targets {
			if tg.Kind == harness.Policies {
				wls = append(wls, Workload{string(tg.Spec.Mix), "P", tg.Spec.Policies})
			} else {
				wls = append(wls, Workload{tg.Spec.Label(), "N", tg.Spec.N})
			}
		}
		r := read(t, FormatManifest(wls, tc.filter)+run)
		for _, c := range Checks(tc.mode) {
			expects := r.Expects
			if c.Counted {
				expects = r.ExpectsCount
			}
			for _, s := range []Side{c.Slow, c.Fast} {
				if ok, why := expects(s); !ok {
					t.Errorf("%s set: %s: %s", tc.set, s, why)
				}
			}
		}
	}
}

// TestSplitFilter: -test.bench splits as the testing package splits it.
func TestSplitFilter(t *testing.T) {
	for _, tc := range []struct {
		filter, name string
		want         bool
	}{
		{".", "BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen", true},
		{"Resolve/shape=wild/N=10000$", "BenchmarkResolve/shape=wild/N=10000/names=hits/impl=gen", true},
		{"Resolve/shape=wild/N=10000$", "BenchmarkResolve/shape=wild/N=100000/names=hits/impl=gen", false},
		{"Resolve/shape=wild/N=10000$", "BenchmarkAllowed/shape=wild/N=10000/names=hits/impl=gen", false},
		{"Allowed|Resolve/shape=wild", "BenchmarkAllowed/shape=exact/N=100/names=hits/impl=gen", true},
		{"Allowed|Resolve/shape=wild", "BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen", false},
		{"Resolve/names=[a-z/]+", "BenchmarkResolve/shape=exact/N=100/names=hits/impl=gen", false},
		{ciFilter, "BenchmarkAutoCreate/shape=fast/P=1000/names=hits/impl=regexp-one", true},
		{ciFilter, "BenchmarkAutoCreate/shape=fast/P=100/names=hits/impl=regexp-one", false},
		{ciFilter, "BenchmarkResolve/shape=exact/N=10000/names=mixed-zipf/impl=gen", false},
	} {
		alts, err := splitFilter(tc.filter)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, a := range alts {
			got = got || matchLevels(a, strings.Split(tc.name, "/"))
		}
		if got != tc.want {
			t.Errorf("%q on %s: %v, want %v", tc.filter, tc.name, got, tc.want)
		}
	}
}

// TestTable: a row per workload, each ratio in its column, a miss in
// bold, a missing benchmark said, one not run blank; the other checks
// returned.
func TestTable(t *testing.T) {
	r := read(t, manifest(".")+run)
	r.Stat = Median
	outs := Evaluate(r, Checks(Full))
	var b bytes.Buffer
	rest := Table(&b, outs)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[2], "| exact | 100 | 1.91 | missing | **4.00** | missing |  | missing | **2.00** |") {
		t.Errorf("table:\n%s", b.String())
	}
	for _, o := range rest {
		if tableColumn(o) >= 0 || strings.HasPrefix(o.Target, "Resolve") {
			t.Errorf("left out a table check: %s %s", o.Target, o.Fast)
		}
	}
	if len(rest) == 0 {
		t.Error("no checks left out: live and AutoCreate checks have no column")
	}
	if Passed(outs) {
		t.Error("Passed: a table with misses passed")
	}
	var notRun []Outcome
	for _, o := range outs {
		if o.NotRun != "" {
			notRun = append(notRun, o)
		}
	}
	if len(notRun) == 0 || !Passed(notRun) {
		t.Errorf("Passed: %d checks not run fail the gate", len(notRun))
	}
}
