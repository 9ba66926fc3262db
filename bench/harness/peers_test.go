package harness

import (
	"slices"
	"testing"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/runtime"
)

// The peers must answer as the reference interpreter does, or the
// comparison with them means nothing.

const peerNames = 400 // per category: four categories exceed the cache

func testEnv(t *testing.T, shape workload.Shape) *Env {
	t.Helper()
	e, err := EnvOf(workload.Spec{Shape: shape, N: 1000, Mix: workload.Mixed, Policies: 100, Seed: workload.DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func sample(t *testing.T, e *Env, cats ...workload.Category) []string {
	var out []string
	for _, c := range cats {
		ns, err := e.Names(c, workload.Uniform)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ns[:peerNames]...)
	}
	return out
}

func TestGSLAgreesWithReference(t *testing.T) {
	for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
		e := testEnv(t, shape)
		for i, n := range sample(t, e, workload.Hits, workload.WildHits, workload.Misses, workload.Invalid) {
			want, wantOK, wantErr := e.Ref.Resolve(n)
			got, err := e.GSL.Resolve(n)
			if (err != nil) != (wantErr != nil) || got >= 0 != wantOK || wantOK && got != want {
				t.Errorf("%s: gsl Resolve(%q) = %d, %v; reference %d, %v", shape, n, got, err, want, wantErr)
			}
			wantMs, _ := e.Ref.Matches(n)
			if gotMs, _ := e.GSL.Matches(n, nil); !slices.Equal(gotMs, wantMs) {
				t.Errorf("%s: gsl Matches(%q) = %v; reference %v", shape, n, gotMs, wantMs)
			}
			c := e.Callers[i%len(e.Callers)]
			for _, op := range []runtime.Op{runtime.Publish, runtime.Subscribe} {
				if got, want := e.GSL.Allowed(op, n, c...), e.Ref.Allowed(op, n, c...); got != want {
					t.Errorf("%s: gsl Allowed(%v, %q, %q) = %v; reference %v", shape, op, n, c, got, want)
				}
			}
			if d, ok := e.Map[n]; ok && d.Index != want {
				t.Errorf("%s: map[%q] = %d; reference %d", shape, n, d.Index, want)
			}
		}
	}
}

func TestRegexpsAgreeWithReference(t *testing.T) {
	e := testEnv(t, workload.Exact)
	names := sample(t, e, workload.NodeHits, workload.NodeMisses)
	wins := e.Regexps.WinnerRegexps(runtime.Publish, names)
	for i, n := range names {
		for _, op := range []runtime.Op{runtime.Publish, runtime.Consume} {
			want, wantOK := e.Ref.AutoCreate(n, op)
			if got, ok := e.Regexps.AutoCreate(n, op); got != want || ok != wantOK {
				t.Errorf("regexps AutoCreate(%q, %v) = %d, %v; reference %d, %v", n, op, got, ok, want, wantOK)
			}
		}
		if (wins[i] != nil) != (i < peerNames) {
			t.Errorf("winner regexp of %q: %v", n, wins[i])
		}
	}
}

func TestPeersDoNotAllocate(t *testing.T) {
	e := testEnv(t, workload.Wild)
	buf := make([]int, 0, MatchesBuf)
	c := []string{"ops", "u001"}
	for _, n := range sample(t, e, workload.Hits, workload.WildHits)[:50] {
		a := testing.AllocsPerRun(10, func() {
			e.GSL.Resolve(n)
			buf, _ = e.GSL.Matches(n, buf[:0])
			e.GSL.Allowed(runtime.Publish, n, c...)
		})
		if a != 0 {
			t.Errorf("gsl allocates %v times on %q", a, n)
		}
	}
}

// TestGSLCacheAgrees runs the cached peer over more names than it holds,
// so that its answers come from the trie, from the cache and after
// sweeps, each checked against the reference.
func TestGSLCacheAgrees(t *testing.T) {
	for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
		e := testEnv(t, shape)
		c := NewGSLCache(e.GSL)
		names := sample(t, e, workload.Hits, workload.WildHits, workload.Misses, workload.Invalid)
		for pass := range 3 {
			for _, n := range names {
				want, wantOK, wantErr := e.Ref.Resolve(n)
				got, err := c.Resolve(n)
				if (err != nil) != (wantErr != nil) || got >= 0 != wantOK || wantOK && got != want {
					t.Fatalf("%s pass %d: gslcache Resolve(%q) = %d, %v; reference %d, %v", shape, pass, n, got, err, want, wantErr)
				}
				if c.Len() > cacheMax {
					t.Fatalf("cache holds %d subjects, more than %d", c.Len(), cacheMax)
				}
			}
		}
	}
}

// TestGSLCacheSweep: the store that takes the cache past cacheMax sweeps
// it down to cacheSweep, as the NATS server does; a cached name stores
// nothing.
func TestGSLCacheSweep(t *testing.T) {
	e := testEnv(t, workload.Exact)
	c := NewGSLCache(e.GSL)
	var distinct []string
	seen := map[string]bool{}
	for _, n := range sample(t, e, workload.Hits, workload.Misses, workload.WildHits, workload.Invalid) {
		if !seen[n] {
			seen[n] = true
			distinct = append(distinct, n)
		}
	}
	if len(distinct) <= cacheMax {
		t.Fatalf("only %d distinct names: the sweep is not reached", len(distinct))
	}
	want, swept := 0, 0
	for _, n := range distinct {
		if want++; want > cacheMax {
			want, swept = cacheSweep, swept+1
		}
		if c.Resolve(n); c.Len() != want {
			t.Fatalf("after %q the cache holds %d, want %d", n, c.Len(), want)
		}
		c.Resolve(n) // cached, or swept and stored again
		if c.Len() != want && c.Len() != want+1 {
			t.Fatalf("a second lookup of %q took the cache from %d to %d", n, want, c.Len())
		}
		want = c.Len()
	}
	if swept == 0 {
		t.Fatal("no sweep happened")
	}
}
