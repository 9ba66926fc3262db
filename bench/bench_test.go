package bench

import (
	"fmt"
	"strings"
	"testing"

	"github.com/destgen/destgen/bench/harness"
	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/runtime"
)

// Benchmark names are Function/shape=S/N=n/names=C/impl=I (P=p instead of
// N=n for AutoCreate), so that `benchstat -col /impl` puts the
// implementations side by side and the gate can pair them. S is the
// shape, followed by the topic family for families other than the
// classic one (wild-telemetry).

// sample is a name sample as benchmarks label it.
type sample struct {
	label string
	cat   workload.Category
	dist  workload.Dist
}

var (
	hits      = sample{"hits", workload.Hits, workload.Uniform}
	hitsZipf  = sample{"hits-zipf", workload.Hits, workload.Zipf}
	wildHits  = sample{"wild", workload.WildHits, workload.Uniform}
	misses    = sample{"miss", workload.Misses, workload.Uniform}
	invalid   = sample{"invalid", workload.Invalid, workload.Uniform}
	mixed     = sample{"mixed", workload.MixedNames, workload.Uniform}
	mixedZipf = sample{"mixed-zipf", workload.MixedNames, workload.Zipf}

	nodeHits   = sample{"hits", workload.NodeHits, workload.Uniform}
	nodeMisses = sample{"miss", workload.NodeMisses, workload.Uniform}
	nodeMixed  = sample{"mixed", workload.NodeMixedNames, workload.Uniform}
)

// forEach runs fn in a sub-benchmark shape=S/N=n (or mix/P) per registered
// package of kind k, building its environment only when the filter selects
// it. Packages are registered sorted by label, then size.
func forEach(b *testing.B, k harness.Kind, fn func(b *testing.B, g *harness.Generated, e *harness.Env)) {
	size := "N"
	if k == harness.Policies {
		size = "P"
	}
	var gs []*harness.Generated
	for _, g := range harness.Registered(k) {
		if inGroup(g.Workload()) {
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		b.Skip("no generated packages of this run: run make bench-gen")
	}
	for len(gs) > 0 {
		n := 1
		for n < len(gs) && gs[n].Label() == gs[0].Label() {
			n++
		}
		group := gs[:n]
		b.Run("shape="+gs[0].Label(), func(b *testing.B) {
			for _, g := range group {
				b.Run(fmt.Sprintf("%s=%d", size, g.Size()), func(b *testing.B) {
					e, err := harness.Check(g)
					if err != nil {
						b.Fatal(err)
					}
					fn(b, g, e)
				})
			}
		})
		gs = gs[n:]
	}
}

// impls runs one sub-benchmark names=S, then impl=I for each loop.
func impls(b *testing.B, e *harness.Env, s sample, loops map[string]func(b *testing.B, names []string)) {
	b.Run("names="+s.label, func(b *testing.B) {
		names, err := e.Names(s.cat, s.dist)
		if err != nil {
			b.Fatal(err)
		}
		if len(names) == 0 {
			b.Skipf("workload has no %s names", s.label)
		}
		for _, impl := range []string{"gen", "live", "map", "gsl", "gslcache", "regexp", "regexp-one", "ref"} {
			if loop, ok := loops[impl]; ok && !gateSkips(b.Name()+"/impl="+impl) {
				b.Run("impl="+impl, func(b *testing.B) {
					b.ReportAllocs()
					loop(b, names)
					gateRecord(b)
				})
			}
		}
	})
}

func BenchmarkResolve(b *testing.B) {
	forEach(b, harness.Destinations, func(b *testing.B, g *harness.Generated, e *harness.Env) {
		for _, s := range []sample{hits, hitsZipf, wildHits, misses, invalid, mixed, mixedZipf} {
			loops := map[string]func(*testing.B, []string){
				// gen and live from their caches' steady state (steady).
				"gen":  steady(resolveTwice(g.Resolve), g.ResolveLoop),
				"live": steady(resolveTwice(e.Live.Resolve), func(b *testing.B, names []string) { harness.LiveResolveLoop(b, e.Live, names) }),
				"gsl":  e.GSL.ResolveLoop,
				// A cache of its own per benchmark, warmed by b.Loop's
				// ramp-up: what a broker's steady state holds.
				"gslcache": func(b *testing.B, names []string) { harness.NewGSLCache(e.GSL).ResolveLoop(b, names) },
			}
			if s.cat == workload.Hits {
				loops["map"] = func(b *testing.B, names []string) { harness.MapResolveLoop(b, e.Map, names) }
			}
			if s == mixed {
				loops["ref"] = func(b *testing.B, names []string) { harness.RefResolveLoop(b, e.Ref, names) }
			}
			impls(b, e, s, loops)
		}
	})
}

func BenchmarkMatches(b *testing.B) {
	forEach(b, harness.Destinations, func(b *testing.B, g *harness.Generated, e *harness.Env) {
		for _, s := range []sample{wildHits, mixed} {
			loops := map[string]func(*testing.B, []string){
				"gen":  g.MatchesLoop,
				"live": func(b *testing.B, names []string) { harness.LiveMatchesLoop(b, e.Live, names) },
				"gsl":  e.GSL.MatchesLoop,
			}
			if s == mixed {
				loops["ref"] = func(b *testing.B, names []string) { harness.RefMatchesLoop(b, e.Ref, names) }
			}
			impls(b, e, s, loops)
		}
	})
}

// BenchmarkAllowed asks for publish, the caller holding
// harness.CallerPrincipals principals. Its names are the same samples as
// BenchmarkResolve's, for the Allowed/Resolve cost target. The generated
// package is given the callers' principals looked up beforehand, as a
// broker looks them up when a caller authenticates (BenchmarkLookupPrincipal
// is that cost); gsl and the reference take the names.
func BenchmarkAllowed(b *testing.B) {
	forEach(b, harness.Destinations, func(b *testing.B, g *harness.Generated, e *harness.Env) {
		op, callers, resolved := runtime.Publish, e.Callers, g.Principals(e.Callers)
		inLive := harness.LivePrincipals(e.Live, e.Callers)
		for _, s := range []sample{hits, mixed} {
			loops := map[string]func(*testing.B, []string){
				"gen": steady(allowedTwice(g.Allowed, op, resolved),
					func(b *testing.B, names []string) { g.AllowedLoop(b, op, names, resolved) }),
				"live": steady(allowedTwice(e.Live.Allowed, op, inLive),
					func(b *testing.B, names []string) { harness.LiveAllowedLoop(b, e.Live, op, names, inLive) }),
				"gsl": func(b *testing.B, names []string) { e.GSL.AllowedLoop(b, op, names, callers) },
			}
			if s == mixed {
				loops["ref"] = func(b *testing.B, names []string) { harness.RefAllowedLoop(b, e.Ref, op, names, callers) }
			}
			impls(b, e, s, loops)
		}
	})
}

// BenchmarkLookupPrincipal is what a broker pays once per caller, when it
// authenticates, for each principal the caller holds, beside a Go map of
// the principals.
func BenchmarkLookupPrincipal(b *testing.B) {
	forEach(b, harness.Destinations, func(b *testing.B, g *harness.Generated, e *harness.Env) {
		var names []string
		for _, c := range e.Callers {
			names = append(names, c...) // a power of two of them, for the mask
		}
		ids := map[string]int{}
		for i, p := range e.Workload.Principals {
			ids[p] = i
		}
		mask := len(names) - 1
		b.Run("impl=gen", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				g.LookupPrincipal(names[i&mask])
			}
		})
		b.Run("impl=live", func(b *testing.B) {
			b.ReportAllocs()
			harness.LiveLookupPrincipalLoop(b, e.Live, names)
		})
		b.Run("impl=map", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				_ = ids[names[i&mask]]
			}
		})
	})
}

// BenchmarkAutoCreate asks for publish. regexp is Broker-J's loop over
// every policy; regexp-one is a single MatchString of the deciding policy,
// the least any regexp-based implementation pays.
func BenchmarkAutoCreate(b *testing.B) {
	forEach(b, harness.Policies, func(b *testing.B, g *harness.Generated, e *harness.Env) {
		op := runtime.Publish
		for _, s := range []sample{nodeHits, nodeMisses, nodeMixed} {
			loops := map[string]func(*testing.B, []string){
				"gen":    func(b *testing.B, names []string) { g.AutoCreateLoop(b, op, names) },
				"live":   func(b *testing.B, names []string) { harness.LiveAutoCreateLoop(b, e.Live, op, names) },
				"regexp": func(b *testing.B, names []string) { e.Regexps.AutoCreateLoop(b, op, names) },
			}
			if s == nodeHits {
				loops["regexp-one"] = func(b *testing.B, names []string) {
					harness.OneRegexpLoop(b, e.Regexps.WinnerRegexps(op, names), names)
				}
			}
			if s == nodeMixed {
				loops["ref"] = func(b *testing.B, names []string) { harness.RefAutoCreateLoop(b, e.Ref, op, names) }
			}
			impls(b, e, s, loops)
		}
	})
}

// label shortens a name for failure messages.
func label(name string) string {
	if len(name) > 60 {
		return fmt.Sprintf("%q...(%d bytes)", name[:60], len(name))
	}
	return fmt.Sprintf("%q", strings.Clone(name))
}
