package proptest

import (
	"os"
	goruntime "runtime"
	"sync"
	"testing"
	"time"

	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/model"
)

// perPackage is how many configs share one package in the exhaustive
// test. Measured on 2 cores: a package costs the toolchain ~0.1 s CPU on
// top of its code, so 2,705 one-config packages took minutes, while
// packages of 100 build in seconds (see TestExhaustiveGenerated's log).
const perPackage = 100

// TestExhaustiveGenerated compares generated code with the reference on
// every config of up to two patterns (three with -proptest.exhaustive=3)
// of up to three elements over {a, b, *, >}, against every name of up to
// four elements over {a, b, c} and the invalid names, as Go's regexp
// package does in exhaustive_test.go. All configs are compiled into one
// driver.
func TestExhaustiveGenerated(t *testing.T) {
	k := orDefault(*exhaustiveFlag, 2, 1)
	configs := SmallConfigs(SmallPatterns(3), k)
	names := append(Enumerate([]string{"a", "b", "c"}, 4), InvalidNames...)
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if keep := os.Getenv("PROPTEST_KEEP"); keep != "" {
		dir = keep // for timing the build by hand
	}
	mod, err := NewModule(dir, root)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	models, srcs, plans := generateAll(t, configs)
	cases := make([]Case, 0, len(configs))
	for lo := 0; lo < len(configs); lo += perPackage {
		hi := min(lo+perPackage, len(configs))
		nums, err := mod.AddMerged(srcs[lo:hi], plans[lo:hi])
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range nums {
			cases = append(cases, Case{Pkg: n, Model: models[lo+i], Names: names})
		}
	}
	generated := time.Since(start)
	start = time.Now()
	bin, err := mod.Build()
	if err != nil {
		t.Fatal(err)
	}
	built := time.Since(start)
	start = time.Now()
	mis, err := Run(bin, cases)
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for i, m := range mis {
		if m != nil {
			if failed++; failed <= 5 {
				t.Errorf("config %q: %s", configs[i], m)
			}
		}
	}
	t.Logf("%d configs x %d names (%d failed); generate %v, build %v, run and compare %v",
		len(configs), len(names), failed, generated.Round(time.Millisecond), built.Round(time.Millisecond),
		time.Since(start).Round(time.Millisecond))
}

// generateAll loads and generates every config, on every core.
func generateAll(t *testing.T, configs [][]string) ([]*model.Model, [][]byte, [][]byte) {
	models, srcs, plans := make([]*model.Model, len(configs)), make([][]byte, len(configs)), make([][]byte, len(configs))
	errs := make([]error, len(configs))
	var wg sync.WaitGroup
	workers := goruntime.GOMAXPROCS(0)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(configs); i += workers {
				m, diags := model.Load("exhaustive.json", SmallConfigJSON(configs[i]))
				if errs[i] = diags.Err(); errs[i] == nil {
					models[i] = m
					srcs[i], plans[i], errs[i] = gen.Files(m, "x", "routes_gen.go")
				}
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("%q: %v", configs[i], err)
		}
	}
	return models, srcs, plans
}
