package proptest

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	destgen "github.com/destgen/destgen/gen"
)

// TestTestsFlagEndToEnd runs destgen -tests as go generate would (in the
// package directory, the config given relative to it) on
// examples/realm.json in a temporary module, then runs the generated
// property test and the fuzz target's seeds with go test.
func TestTestsFlagEndToEnd(t *testing.T) {
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := NewModule(dir, root); err != nil {
		t.Fatal(err)
	}
	realm, err := os.ReadFile(filepath.Join(root, "examples", "realm.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "realm.json"), realm, 0o644); err != nil {
		t.Fatal(err)
	}
	pkgDir := filepath.Join(dir, "routes")
	if err := os.Mkdir(pkgDir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(pkgDir)
	var stderr bytes.Buffer
	code := destgen.Run(destgen.Options{Command: destgen.CmdGenerate, Config: "../realm.json", Output: "routes_gen.go",
		Package: "routes", Tests: true, Stdout: &stderr, Stderr: &stderr})
	if code != 0 {
		t.Fatalf("destgen -tests exited %d:\n%s", code, stderr.String())
	}
	checkImports(t, "routes_gen.go", func(p string) bool { return !strings.Contains(p, ".") || p == modulePath+"/runtime" })
	checkImports(t, "routes_gen_test.go", func(p string) bool {
		return !strings.Contains(p, ".") || p == modulePath+"/runtime" || p == modulePath+"/gen/reference"
	})
	test, _ := os.ReadFile("routes_gen_test.go")
	if !bytes.Contains(test, []byte(`const destgenConfig = "../realm.json"`)) {
		t.Errorf("the test does not load the config by its path from the package directory")
	}
	if err := os.WriteFile("sets_test.go", []byte(benchSetsTest), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "^(TestDestgenMatchesReference|FuzzDestgen|TestBenchSets)$",
		"-bench", "Destgen", "-benchtime", "1x", "-v", ".")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("--- PASS: TestDestgenMatchesReference")) || !bytes.Contains(out, []byte("--- PASS: FuzzDestgen")) {
		t.Fatalf("go test of the generated package: %v\n%s", err, out)
	}
	checkBenchSets(t, string(out))
	checkBenchmarks(t, string(out))
}

// benchSetsTest is added to the generated package to print its benchmarks'
// name sets: the Zipf stream by its length and its most drawn name.
const benchSetsTest = `package routes

import "testing"

func TestBenchSets(t *testing.T) {
	for _, s := range destgenBenchSets() {
		if s.label != "zipf" {
			t.Logf("set %s %q", s.label, s.names)
			continue
		}
		count := map[string]int{}
		top := ""
		for _, n := range s.names {
			if count[n]++; count[n] > count[top] {
				top = n
			}
		}
		t.Logf("set zipf %d names, %d distinct, top %q %d", len(s.names), len(count), top, count[top])
	}
}
`

// checkBenchSets compares the name sets derived from examples/realm.json
// with the ones worked out by hand from its six patterns, filler "x".
func checkBenchSets(t *testing.T, out string) {
	t.Helper()
	for _, want := range []string{
		`set exact ["foo.bar"]`,
		`set wild ["foo.x" "foo.x" "orders.x.eu" "orders.x" "metrics.x"]`,
		`set miss ["x.foo.bar" "x.foo.x" "x.orders.x.eu" "x.orders.x" "x.metrics.x"]`,
		`set invalid ["foo.bar." ".foo.bar" "foo.*" "foo.x." ".foo.x" "foo.>" "orders.*.eu" "orders.x.eu." ".orders.x.eu" "orders.>" "orders.x." ".orders.x" "metrics.>" "metrics.x." ".metrics.x"]`,
		`set zipf 4096 names, 10 distinct, top "x.orders.x" 1476`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the generated benchmarks' name sets lack %s:\n%s", want, out)
		}
	}
}

// checkBenchmarks checks that every generated benchmark ran on every name
// set, named for benchstat -col /names, and reported its allocations.
func checkBenchmarks(t *testing.T, out string) {
	t.Helper()
	for _, fn := range []string{"Resolve", "Allowed", "AutoCreate"} {
		for _, set := range []string{"exact", "wild", "miss", "invalid", "zipf"} {
			re := regexp.MustCompile(`(?m)^BenchmarkDestgen` + fn + `/names=` + set + `(-\d+)?\s+1\s+\d+(\.\d+)? ns/op\s+\d+ B/op\s+\d+ allocs/op$`)
			if !re.MatchString(out) {
				t.Errorf("no result line for BenchmarkDestgen%s/names=%s with allocations:\n%s", fn, set, out)
			}
		}
	}
}

// checkImports fails unless every import of the Go file is allowed.
func checkImports(t *testing.T, file string, allowed func(path string) bool) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		if p := strings.Trim(imp.Path.Value, `"`); !allowed(p) {
			t.Errorf("%s imports %s", file, p)
		}
	}
}
