package bench

import (
	"slices"
	"testing"

	"github.com/destgen/destgen/bench/harness"
	"github.com/destgen/destgen/runtime"
)

// These tests run on whatever packages make bench-gen registered; with
// none (a fresh clone), they skip.

// maxRefN bounds the workloads checked against the reference interpreter,
// which loops over every destination per name.
const maxRefN = 10_000

// agreeNames is how many names of each category are compared.
const agreeNames = 300

func registered(t *testing.T, k harness.Kind) []*harness.Generated {
	gs := harness.Registered(k)
	if len(gs) == 0 {
		t.Skip("no generated packages: run make bench-gen")
	}
	return gs
}

func names(t *testing.T, e *harness.Env, ss ...sample) []string {
	var out []string
	for _, s := range ss {
		ns, err := e.Names(s.cat, s.dist)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ns[:min(len(ns), agreeNames)]...)
	}
	return out
}

// TestGeneratedAgreesWithReference guards the benchmarks' meaning: a fast
// wrong answer would win them.
func TestGeneratedAgreesWithReference(t *testing.T) {
	forRefChecked(t, func(g *harness.Generated, e *harness.Env) {
		for i, n := range names(t, e, hits, wildHits, misses, invalid) {
			want, wantOK, wantErr := e.Ref.Resolve(n)
			got, err := g.Resolve(n)
			if (err != nil) != (wantErr != nil) || got >= 0 != wantOK || wantOK && got != want {
				t.Errorf("%s: Resolve(%s) = %d, %v; reference %d, %v", g.Package, label(n), got, err, want, wantErr)
			}
			wantMs, _ := e.Ref.Matches(n)
			gotMs, _ := g.Matches(n, nil)
			if !slices.Equal(gotMs, wantMs) {
				t.Errorf("%s: Matches(%s) = %v; reference %v", g.Package, label(n), gotMs, wantMs)
			}
			c := e.Callers[i%len(e.Callers)]
			pc := g.Principals([][]string{c})[0]
			for _, op := range []runtime.Op{runtime.Publish, runtime.Subscribe} {
				if got, want := g.Allowed(op, n, pc...), e.Ref.Allowed(op, n, c...); got != want {
					t.Errorf("%s: Allowed(%v, %s, %q) = %v; reference %v", g.Package, op, label(n), c, got, want)
				}
			}
		}
	})
}

// TestGeneratedCachedAgrees: Resolve answers as the reference on the
// Zipf stream the gslcache comparison runs, passed twice, so that the
// second pass is answered from the runtime's result cache where the
// first filled it, after the evictions the stream makes.
func TestGeneratedCachedAgrees(t *testing.T) {
	forRefChecked(t, func(g *harness.Generated, e *harness.Env) {
		ns, err := e.Names(mixedZipf.cat, mixedZipf.dist)
		if err != nil {
			t.Fatal(err)
		}
		type answer struct {
			d   int
			err bool
		}
		want := map[string]answer{}
		bad := 0
		for pass := range 2 {
			for _, n := range ns {
				w, ok := want[n]
				if !ok {
					d, found, err := e.Ref.Resolve(n)
					if !found {
						d = -1
					}
					w = answer{d, err != nil}
					want[n] = w
				}
				d, err := g.Resolve(n)
				if got := (answer{d, err != nil}); got != w && bad < 5 {
					bad++
					t.Errorf("%s: pass %d: Resolve(%s) = %v; reference %v", g.Package, pass, label(n), got, w)
				}
			}
		}
	})
}

// forRefChecked calls fn with each destination package small enough for
// the reference interpreter, and its environment.
func forRefChecked(t *testing.T, fn func(g *harness.Generated, e *harness.Env)) {
	for _, g := range registered(t, harness.Destinations) {
		if g.Spec.N > maxRefN {
			continue
		}
		e, err := harness.Check(g)
		if err != nil {
			t.Fatal(err)
		}
		fn(g, e)
	}
}

func TestGeneratedAutoCreateAgrees(t *testing.T) {
	for _, g := range registered(t, harness.Policies) {
		e, err := harness.Check(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names(t, e, nodeHits, nodeMisses) {
			for _, op := range []runtime.Op{runtime.Publish, runtime.Consume} {
				want, wantOK := e.Ref.AutoCreate(n, op)
				if got, ok := g.AutoCreate(n, op); ok != wantOK || got != want {
					t.Errorf("%s: AutoCreate(%s, %v) = %d, %v; reference %d, %v", g.Package, label(n), op, got, ok, want, wantOK)
				}
			}
		}
	}
}

// TestGeneratedDoesNotAllocate is the zero-allocation target,
// asserted per call (the benchmarks report allocs/op as well).
func TestGeneratedDoesNotAllocate(t *testing.T) {
	const runs = 20
	for _, g := range registered(t, harness.Destinations) {
		if g.Spec.N > maxRefN {
			continue // building the environment takes seconds; the benchmarks report allocs/op
		}
		e, err := harness.Check(g)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]int, 0, harness.MatchesBuf)
		c := g.Principals(e.Callers[:1])[0]
		for _, n := range names(t, e, hits, wildHits, misses, invalid) {
			for what, f := range map[string]func(){
				"Resolve": func() { g.Resolve(n) },
				"Matches": func() { buf, _ = g.Matches(n, buf[:0]) },
				"Allowed": func() { g.Allowed(runtime.Publish, n, c...) },
			} {
				if a := testing.AllocsPerRun(runs, f); a != 0 {
					t.Errorf("%s: %s(%s) allocates %v times", g.Package, what, label(n), a)
				}
			}
		}
	}
	for _, g := range registered(t, harness.Policies) {
		e, err := harness.Check(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names(t, e, nodeHits, nodeMisses) {
			if a := testing.AllocsPerRun(runs, func() { g.AutoCreate(n, runtime.Publish) }); a != 0 {
				t.Errorf("%s: AutoCreate(%s) allocates %v times", g.Package, label(n), a)
			}
		}
	}
}
