package proptest

import (
	"testing"
	"time"

	"github.com/leanovate/gopter"
)

// maxBatch bounds the packages of one build: a failure is reported per
// batch, and a batch this size builds in seconds (see the README).
const maxBatch = 200

// shrinkBatch is the most shrink candidates one build checks: element
// shrinks come in runs of a few dozen, and a build of 64 small packages
// takes a few seconds.
const shrinkBatch = 64

func newChecker(t *testing.T) *Checker {
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return &Checker{Root: root, Dir: t.TempDir(), Depth: *depthFlag}
}

// TestGeneratedMatchesReference is the differential property on real
// generated code: random configs are generated into packages of one
// temporary module, compiled once with a driver, and every answer of
// Resolve, Matches, Allowed and AutoCreate on every name is compared with
// the reference interpreter. A failing config is shrunk and printed with
// the seed that replays the run.
func TestGeneratedMatchesReference(t *testing.T) {
	n := orDefault(*configsFlag, 40, 12)
	s := seed(t)
	params := genParams(s)
	g := GenConfig()
	ck := newChecker(t)
	names := 0
	for done := 0; done < n; done += maxBatch {
		var results []*gopter.GenResult
		var configs []Config
		for range min(maxBatch, n-done) {
			r := g(params)
			v, _ := r.Retrieve()
			results, configs = append(results, r), append(configs, v.(Config))
			names += len(v.(Config).AllNames(ck.Depth))
		}
		mis, err := ck.Check(configs)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range mis {
			if m != nil {
				reportShrunk(t, ck, s, configs[i], m, results[i])
				return
			}
		}
	}
	t.Logf("%d configs, %d names (%d per config on average); build %v, run and compare %v",
		n, names, names/n, ck.BuildTime.Round(time.Millisecond), ck.RunTime.Round(time.Millisecond))
}

// reportShrunk shrinks a failing config and fails the test with both.
func reportShrunk(t *testing.T, ck *Checker, seed int64, c Config, m *Mismatch, r *gopter.GenResult) {
	t.Helper()
	start, builds := time.Now(), ck.batches
	small, sm, err := ck.Shrink(c, m, r, shrinkBatch)
	if err != nil {
		t.Logf("shrinking stopped: %v", err)
	}
	t.Errorf("generated code differs from the reference (seed %d)\n"+
		"original config:\n%s\n%s\n\nshrunk in %v (%d builds) to:\n%s\ndrawn names %q (besides the enumerated ones)\n%s",
		seed, c.JSON(), m, time.Since(start).Round(time.Millisecond), ck.batches-builds,
		small.JSON(), recipeNames(small), sm)
}

func recipeNames(c Config) []string {
	var out []string
	f, pols := c.File(), c.acceptedPolicies()
	for _, r := range c.Names {
		out = append(out, r.Name(f, pols))
	}
	return out
}
