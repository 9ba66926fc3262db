package bench

import (
	"slices"
	"testing"

	"github.com/destgen/destgen/bench/harness"
	"github.com/destgen/destgen/runtime"
)

// TestLiveAgreesWithGenerated guards impl=live's meaning as
// TestGeneratedAgreesWithReference guards gen's: on every registered
// workload, the Realm compiled from its config answers as the generated
// package, at every size (the generated package is the cheaper oracle).
func TestLiveAgreesWithGenerated(t *testing.T) {
	for _, g := range registered(t, harness.Destinations) {
		e, err := harness.Check(g)
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range names(t, e, hits, wildHits, misses, invalid) {
			want, wantErr := g.Resolve(n)
			d, err := e.Live.Resolve(n)
			if (err != nil) != (wantErr != nil) || (d != nil) != (want >= 0) || d != nil && d.Index() != want {
				t.Errorf("%s: live Resolve(%s) = %v, %v; generated %d, %v", g.Package, label(n), d, err, want, wantErr)
			}
			wantMs, _ := g.Matches(n, nil)
			if gotMs, _ := e.Live.Matches(n, nil); !slices.Equal(gotMs, wantMs) {
				t.Errorf("%s: live Matches(%s) = %v; generated %v", g.Package, label(n), gotMs, wantMs)
			}
			c := e.Callers[i%len(e.Callers)]
			pg, pl := g.Principals([][]string{c})[0], harness.LivePrincipals(e.Live, [][]string{c})[0]
			for _, op := range []runtime.Op{runtime.Publish, runtime.Subscribe} {
				if got, want := e.Live.Allowed(op, n, pl...), g.Allowed(op, n, pg...); got != want {
					t.Errorf("%s: live Allowed(%v, %s, %q) = %v; generated %v", g.Package, op, label(n), c, got, want)
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
			for _, op := range []runtime.Op{runtime.Publish, runtime.Consume} {
				want, wantOK := g.AutoCreate(n, op)
				p, ok := e.Live.AutoCreate(n, op)
				if ok != wantOK || ok && p.Index != want {
					t.Errorf("%s: live AutoCreate(%s, %v) = %v, %v; generated %d", g.Package, label(n), op, p, ok, want)
				}
			}
		}
	}
}
