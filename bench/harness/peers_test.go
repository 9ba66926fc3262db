package harness

import (
	"slices"
	"testing"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/runtime"
)

// The peers must answer as the reference interpreter does, or the
// comparison with them means nothing.

const peerNames = 400

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
