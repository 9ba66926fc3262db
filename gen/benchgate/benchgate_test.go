package benchgate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchmath"
)

var thresholds05 = benchmath.Thresholds{CompareAlpha: 0.05}

func td(name string) string { return filepath.Join("testdata", name) }

// gate runs the command on args and returns its exit status and output.
func gate(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func mustRead(t *testing.T, name string) *Results {
	t.Helper()
	res, err := ReadFile(td(name))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// failing lists the failing rows as name/unit.
func failing(rep *Report) []string {
	var out []string
	for _, row := range rep.Failures() {
		out = append(out, row.Name+" "+row.Unit)
	}
	return out
}

// TestRegressionFails: the recorded slow config (six general regex
// policies) fails on AutoCreate, every name set, and on nothing else.
func TestRegressionFails(t *testing.T) {
	rep := Compare(mustRead(t, "slow.base.txt"), mustRead(t, "slow.head.txt"), DefaultOptions)
	want := "DestgenAutoCreate/names=exact-2 sec/op,DestgenAutoCreate/names=wild-2 sec/op," +
		"DestgenAutoCreate/names=miss-2 sec/op,DestgenAutoCreate/names=invalid-2 sec/op,DestgenAutoCreate/names=zipf-2 sec/op"
	if got := strings.Join(failing(rep), ","); got != want {
		t.Errorf("failures %s\nwant %s", got, want)
	}
	code, out, _ := gate(t, td("slow.base.txt"), td("slow.head.txt"))
	if code != ExitRegression {
		t.Errorf("exit %d, want %d", code, ExitRegression)
	}
	for _, s := range []string{
		"FAIL DestgenAutoCreate/names=miss-2: sec/op +7768.4% (p=0.002 n=6), over the 10% limit\n",
		"benchgate: FAIL: 5 of 45 comparisons regressed",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
}

// TestNoisePasses: the recorded neutral change passes although some
// medians moved by more than the limit: their p-values are above alpha.
func TestNoisePasses(t *testing.T) {
	rep := Compare(mustRead(t, "neutral.base.txt"), mustRead(t, "neutral.head.txt"), DefaultOptions)
	if f := failing(rep); len(f) > 0 {
		t.Errorf("noise failed the gate: %v", f)
	}
	wide := 0
	for _, row := range rep.Rows {
		if row.Unit == unitTime && row.New.Center > 1.2*row.Old.Center {
			wide++
			if row.Cmp.P < DefaultOptions.Alpha {
				t.Errorf("%s: +%.0f%% with p=%.3f", row.Name, 100*(row.New.Center/row.Old.Center-1), row.Cmp.P)
			}
		}
	}
	if wide == 0 {
		t.Error("no median moved by 20%: the recording does not test noise")
	}
	if code, out, _ := gate(t, td("neutral.base.txt"), td("neutral.head.txt")); code != ExitOK || !strings.Contains(out, "benchgate: ok: 45 comparisons, no regression") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestMissingReported: benchmarks that ran on one side only are listed,
// both ways, and do not fail the gate by themselves.
func TestMissingReported(t *testing.T) {
	code, out, _ := gate(t, td("neutral.base.txt"), td("missing.head.txt"))
	if code != ExitOK {
		t.Errorf("exit %d, want 0:\n%s", code, out)
	}
	for _, set := range []string{"exact", "wild", "miss", "invalid", "zipf"} {
		want := "missing in testdata/missing.head.txt: DestgenAutoCreate/names=" + set + "-2 (ran in testdata/neutral.base.txt only)\n"
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = gate(t, td("missing.head.txt"), td("neutral.base.txt"))
	if want := "missing in testdata/missing.head.txt: DestgenAutoCreate/names=zipf-2 (ran in testdata/neutral.base.txt only)\n"; !strings.Contains(out, want) {
		t.Errorf("reversed: output lacks %q:\n%s", want, out)
	}
}

// TestAllocRegressionFails: a benchmark that allocates where it did not
// fails whatever the time limit.
func TestAllocRegressionFails(t *testing.T) {
	o := Options{MaxRegression: 1e6, Alpha: 0.05}
	rep := Compare(mustRead(t, "alloc.base.txt"), mustRead(t, "alloc.head.txt"), o)
	if got := strings.Join(failing(rep), ","); got != "DestgenAutoCreate/names=miss-2 allocs/op" {
		t.Errorf("failures %s", got)
	}
	code, out, _ := gate(t, "-max-regression", "1000000%", td("alloc.base.txt"), td("alloc.head.txt"))
	if want := "FAIL DestgenAutoCreate/names=miss-2: allocs/op 1 (max 1) where base allocated nothing\n"; code != ExitRegression || !strings.Contains(out, want) {
		t.Errorf("exit %d, output lacks %q:\n%s", code, want, out)
	}
}

// TestLimitFromFlag: the recorded regression (+3,900% to +7,900%) passes
// a limit above it and fails one below it.
func TestLimitFromFlag(t *testing.T) {
	for _, tc := range []struct {
		limit string
		code  int
	}{{"8000%", ExitOK}, {"7000", ExitRegression}, {"10%", ExitRegression}} {
		if code, out, _ := gate(t, "-max-regression", tc.limit, td("slow.base.txt"), td("slow.head.txt")); code != tc.code {
			t.Errorf("-max-regression %s: exit %d, want %d\n%s", tc.limit, code, tc.code, out)
		}
	}
}

// TestRowLimit puts a median rise at, below and above a limit of 25% (1.25
// is exact in binary, so "at" is exact too), every
// head sample above every base sample (p = 0.002 with six each).
func TestRowLimit(t *testing.T) {
	base := []float64{96, 98, 100, 100, 102, 104} // median 100
	for _, tc := range []struct {
		shift float64
		fail  bool
	}{{24.5, false}, {25, false}, {25.5, true}} {
		head := make([]float64, len(base))
		for i, v := range base {
			head[i] = v + tc.shift // median 100 + shift, no overlap with base
		}
		row := compareRow("X", unitTime, base, head, &thresholds05, Options{MaxRegression: 0.25, Alpha: 0.05})
		if (row.Fail != "") != tc.fail {
			t.Errorf("median +%g%%: fail %q, want failing %v (p=%.3f)", tc.shift, row.Fail, tc.fail, row.Cmp.P)
		}
	}
	// A rise of 23% with p above alpha passes: the samples overlap.
	row := compareRow("X", unitTime, []float64{80, 100, 120, 140}, []float64{90, 130, 140, 160}, &thresholds05, DefaultOptions)
	if row.Fail != "" || row.Cmp.P < 0.05 {
		t.Errorf("overlapping samples: p=%.3f, fail %q", row.Cmp.P, row.Fail)
	}
}

// TestUnderpowered: the U test cannot give p < 0.05 with three samples a
// side, nor with three and four; it can with four each.
func TestUnderpowered(t *testing.T) {
	for _, tc := range []struct {
		n1, n2 int
		under  bool
	}{{3, 3, true}, {3, 4, true}, {4, 4, false}, {4, 5, false}} {
		if got := minP(tc.n1, tc.n2, &thresholds05) >= 0.05; got != tc.under {
			t.Errorf("n=%d+%d: underpowered %v, want %v", tc.n1, tc.n2, got, tc.under)
		}
	}
	dir := t.TempDir()
	for _, f := range []string{"slow.base.txt", "slow.head.txt"} {
		writeFirstRuns(t, td(f), filepath.Join(dir, f), 3)
	}
	// Three runs a side of the recorded regression: nothing can be
	// significant, so the gate says it cannot decide rather than pass.
	code, out, _ := gate(t, filepath.Join(dir, "slow.base.txt"), filepath.Join(dir, "slow.head.txt"))
	if code != ExitError || !strings.Contains(out, "too few samples: DestgenResolve/names=exact-2: n=3+3 cannot give p < 0.05\n") ||
		!strings.Contains(out, "benchgate: cannot decide: too few samples for 15 benchmarks") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// writeFirstRuns copies the first n runs (n result lines per benchmark)
// of a recording.
func writeFirstRuns(t *testing.T, from, to string, n int) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if name, _, ok := strings.Cut(line, " "); ok && strings.HasPrefix(name, "Benchmark") {
			if seen[name]++; seen[name] > n {
				continue
			}
		}
		out = append(out, line)
	}
	if err := os.WriteFile(to, []byte(strings.Join(out, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestErrors: every usage and input error exits 2 with its message.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	bad := filepath.Join(dir, "bad.txt")
	other := filepath.Join(dir, "other.txt")
	os.WriteFile(other, []byte(strings.Repeat("BenchmarkOther-2 \t 100 \t 12 ns/op\n", 6)), 0o644)
	os.WriteFile(empty, []byte("goos: linux\nPASS\n"), 0o644)
	os.WriteFile(bad, []byte("goos: linux\nBenchmarkX-2 \t 100 \t 12 ns/op\nBenchmarkY-2 \t ten \t 12 ns/op\n"), 0o644)
	base, head := td("neutral.base.txt"), td("neutral.head.txt")
	for _, tc := range []struct {
		args []string
		code int
		msg  string // in stderr, or stdout if it is a verdict
	}{
		{[]string{base}, ExitError, "usage: destgen benchgate [-max-regression 10%] [-alpha 0.05] OLD.txt NEW.txt"},
		{[]string{base, head, head}, ExitError, "usage: destgen benchgate"},
		{[]string{"-bogus", base, head}, ExitError, "flag provided but not defined: -bogus"},
		{[]string{"-max-regression", "ten", base, head}, ExitError, `invalid value "ten" for flag -max-regression: "ten" is not a percentage such as 10%`},
		{[]string{"-max-regression", "-5%", base, head}, ExitError, `"-5%" is not a percentage such as 10%`},
		{[]string{"-alpha", "1", base, head}, ExitError, "usage: destgen benchgate"},
		{[]string{"-alpha", "0", base, head}, ExitError, "usage: destgen benchgate"},
		{[]string{filepath.Join(dir, "nope.txt"), head}, ExitError, "destgen benchgate: open " + filepath.Join(dir, "nope.txt") + ": no such file or directory"},
		{[]string{base, empty}, ExitError, "destgen benchgate: " + empty + ": no benchmark results"},
		{[]string{bad, head}, ExitError, "destgen benchgate: " + bad + ":3: parsing iteration count: invalid syntax"},
		{[]string{other, head}, ExitError, "benchgate: cannot decide: no benchmark ran in both"},
		{[]string{"-h"}, ExitOK, "usage: destgen benchgate"},
	} {
		code, out, errOut := gate(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut+out, tc.msg) {
			t.Errorf("benchgate %q: exit %d, want %d with %q\nstdout: %s\nstderr: %s", tc.args, code, tc.code, tc.msg, out, errOut)
		}
	}
}

// TestAllocRule: allocs/op fails when every base run allocated nothing
// and head's median allocates; a rise from an allocating base is left to
// the time rule.
func TestAllocRule(t *testing.T) {
	zeros := []float64{0, 0, 0, 0, 0, 0}
	for _, tc := range []struct {
		base, head []float64
		fail       bool
	}{
		{zeros, []float64{1, 1, 1, 1, 1, 1}, true},
		{zeros, []float64{0, 0, 0, 1, 1, 1}, true}, // median 0.5
		{zeros, []float64{0, 0, 0, 0, 0, 1}, false},
		{[]float64{0, 0, 0, 0, 0, 1}, []float64{1, 1, 1, 1, 1, 1}, false},
		{[]float64{1, 1, 1, 1, 1, 1}, []float64{2, 2, 2, 2, 2, 2}, false},
		{zeros, zeros, false},
	} {
		row := compareRow("X", unitAllocs, tc.base, tc.head, &thresholds05, DefaultOptions)
		if (row.Fail != "") != tc.fail {
			t.Errorf("base %v head %v: fail %q, want failing %v", tc.base, tc.head, row.Fail, tc.fail)
		}
	}
}
