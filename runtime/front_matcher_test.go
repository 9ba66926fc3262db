package runtime_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// TestFrontEntersOnSecondSighting: a name only wildcards match enters
// the front index when the result cache answers it, its second sighting,
// not its first; a name asked once never does. Every answer is the
// same, from the walk, the cache and the front.
func TestFrontEntersOnSecondSighting(t *testing.T) {
	ds := []map[string]string{{"name": "a.*"}}
	for i := range 10 {
		ds = append(ds, map[string]string{"name": fmt.Sprintf("b.%d", i)})
	}
	cfg, _ := json.Marshal(map[string]any{"destinations": ds})
	mod, diags := model.Load("front.json", cfg)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	m := &plan.Build(mod).Matcher
	for i, want := range []int{0, 1, 1, 1} {
		if d, err := m.Resolve("a.x"); d != 0 || err != nil {
			t.Fatalf("sighting %d: Resolve(a.x) = %d, %v; want 0", i+1, d, err)
		}
		if got := runtime.FrontCached(m); got != want {
			t.Fatalf("after sighting %d: %d cached names in the front; want %d", i+1, got, want)
		}
	}
	for i := range 100 {
		m.Resolve(fmt.Sprintf("a.once%d", i))
	}
	if got := runtime.FrontCached(m); got != 1 {
		t.Fatalf("after 100 names asked once: %d cached names; want 1", got)
	}
}

// TestFrontEntersOnAllowedSecondSighting: Allowed enters a name as
// Resolve does, when its op's cache answers it, and the record it enters
// answers both ops and Resolve: a name only a wildcard matches, an
// invalid name and one nothing matches, each denied where the config
// grants nothing. With permissions off, a name Resolve entered is allowed
// unless invalid.
func TestFrontEntersOnAllowedSecondSighting(t *testing.T) {
	acl := func(op, who string) map[string][]string { return map[string][]string{op: {who}} }
	ds := []map[string]any{{"name": "a.*", "acl": map[string][]string{"publish": {"alice"}, "subscribe": {"bob"}}}}
	for i := range 10 {
		ds = append(ds, map[string]any{"name": fmt.Sprintf("b.%d", i), "acl": acl("publish", "bob")})
	}
	m := frontTestMatcher(t, true, ds)
	alice, bob := []runtime.Principal{m.Principal("alice")}, []runtime.Principal{m.Principal("bob")}
	for i, want := range []int{0, 1, 1} {
		if !m.Allowed(runtime.Publish, "a.x", alice) {
			t.Fatalf("sighting %d: alice may not publish on a.x", i+1)
		}
		if got := runtime.FrontCached(m); got != want {
			t.Fatalf("after Allowed's sighting %d: %d cached names in the front; want %d", i+1, got, want)
		}
	}
	for _, c := range []struct {
		op     runtime.Op
		caller []runtime.Principal
		want   bool
	}{{runtime.Subscribe, alice, false}, {runtime.Subscribe, bob, true}, {runtime.Publish, bob, false}} {
		if got := m.Allowed(c.op, "a.x", c.caller); got != c.want {
			t.Fatalf("Allowed(%v, a.x, %v) = %v; want %v", c.op, c.caller, got, c.want)
		}
	}
	if d, err := m.Resolve("a.x"); d != 0 || err != nil {
		t.Fatalf("Resolve(a.x) = %d, %v after Allowed entered it; want 0", d, err)
	}
	for i, name := range []string{"a..b", "c.y"} {
		for range 3 {
			if m.Allowed(runtime.Publish, name, alice) || m.Allowed(runtime.Subscribe, name, bob) {
				t.Fatalf("%q allowed", name)
			}
		}
		if got := runtime.FrontCached(m); got != 2+i {
			t.Fatalf("after %q: %d cached names; want %d", name, got, 2+i)
		}
	}
	if d, err := m.Resolve("a..b"); err != runtime.ErrInvalidName {
		t.Fatalf("Resolve(a..b) = %d, %v from the front; want ErrInvalidName", d, err)
	}

	open := frontTestMatcher(t, false, []map[string]any{{"name": "a.*"}, {"name": "b.1"}})
	for range 2 {
		open.Resolve("a..b")
		open.Resolve("c.y")
	}
	if got := runtime.FrontCached(open); got != 2 {
		t.Fatalf("permissions off: %d cached names; want 2", got)
	}
	if open.Allowed(runtime.Publish, "a..b", nil) || !open.Allowed(runtime.Publish, "c.y", nil) {
		t.Fatal("permissions off: an invalid name allowed, or a valid one nothing matches denied")
	}
}

// frontTestMatcher builds the Matcher of the config of destinations ds,
// with permissions on or off.
func frontTestMatcher(t *testing.T, permissions bool, ds []map[string]any) *runtime.Matcher {
	t.Helper()
	cfg, _ := json.Marshal(map[string]any{"permissions": permissions, "destinations": ds})
	mod, diags := model.Load("front.json", cfg)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return &plan.Build(mod).Matcher
}

// TestFrontEntersOnce: once Allowed has entered a name, callers its
// union's signature does not decide (they meet only Bloom bits, of 100
// principals sharing them) take the op cache's row and do not enter it
// again, not in its first look nor, for a name over 24 bytes of a table
// that samples names, in its second, and every answer is the reference
// interpreter's.
func TestFrontEntersOnce(t *testing.T) {
	const n = 64
	mod, diags := model.Load("aclcache.json", aclCacheConfig(n))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	ref := reference.New(mod)
	m := runtime.NewMatcher(&plan.Build(mod).Artifact().Matcher)
	p0 := []runtime.Principal{m.Principal("p0")}
	var names []string
	for i := range n {
		names = append(names, fmt.Sprintf("svc%d.x%d.eu", i, i%7), fmt.Sprintf("svc%d.a.b.c%d", i, i%3),
			fmt.Sprintf("svc%d.a.b.c%d.and.a.longer.tail", i, i%3))
	}
	for _, name := range names {
		m.Allowed(runtime.Publish, name, p0)
		m.Allowed(runtime.Publish, name, p0)
	}
	entered := runtime.FrontCached(m)
	if entered == 0 {
		t.Fatal("no name entered the front")
	}
	for _, name := range names {
		for p := range 100 {
			caller := fmt.Sprint("p", p)
			for _, op := range []runtime.Op{runtime.Publish, runtime.Subscribe} {
				want := ref.Allowed(op, name, caller)
				if got := m.Allowed(op, name, []runtime.Principal{m.Principal(caller)}); got != want {
					t.Fatalf("Allowed(%v, %q, %s) = %v; the reference says %v", op, name, caller, got, want)
				}
			}
		}
	}
	if got := runtime.FrontCached(m); got != entered {
		t.Fatalf("%d cached names after the callers; %d before", got, entered)
	}
}

// refDest is the reference interpreter's answer to Resolve(name) as
// Matcher.Resolve gives it: -1 for no match.
func refDest(ref *reference.Interp, name string) int {
	if d, ok, _ := ref.Resolve(name); ok {
		return d
	}
	return -1
}

// TestFrontSecondLookAgreesWithReference: with long exact names (a table
// that samples them) and names a wildcard matches that share a sampled
// hash, every name enters the front once, by Resolve's or Allowed's
// second sighting, and every answer is the reference interpreter's.
func TestFrontSecondLookAgreesWithReference(t *testing.T) {
	ds := []map[string]any{
		{"name": "wild.>", "acl": map[string][]string{"publish": {"alice"}}},
		{"name": "wild.name.*.middle.part.and.tail.of.it.xx", "acl": map[string][]string{"subscribe": {"bob"}}},
	}
	for i := range 64 {
		ds = append(ds, map[string]any{"name": fmt.Sprintf("exact.key.%03d.with.a.long.tail.%03d", i, i)})
	}
	cfg, _ := json.Marshal(map[string]any{"permissions": true, "destinations": ds})
	mod, diags := model.Load("second.json", cfg)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	ref, m := reference.New(mod), &plan.Build(mod).Matcher
	callers := map[string][]runtime.Principal{"alice": {m.Principal("alice")}, "bob": {m.Principal("bob")}}
	var names []string
	for i := range 24 { // 46 bytes each, differing in bytes 10-15 only
		names = append(names, fmt.Sprintf("wild.name.%06d.middle.part.and.tail.of.it.xx", i), fmt.Sprintf("wild.else.%06d.middle.part.and.tail.of.it.xx", i))
	}
	for round := range 3 {
		for i, name := range names {
			if i%4 < 2 {
				m.Resolve(name)
			} else {
				m.Allowed(runtime.Publish, name, callers["alice"])
			}
		}
		if got, want := runtime.FrontCached(m), min(round, 1)*len(names); got != want {
			t.Fatalf("after %d sightings: %d cached names in the front; want %d", round+1, got, want)
		}
	}
	for _, name := range names {
		if d, _ := m.Resolve(name); d != refDest(ref, name) {
			t.Fatalf("Resolve(%q) = %d; want %d", name, d, refDest(ref, name))
		}
		for who, caller := range callers {
			for _, op := range []runtime.Op{runtime.Publish, runtime.Subscribe} {
				if got, want := m.Allowed(op, name, caller), ref.Allowed(op, name, who); got != want {
					t.Fatalf("Allowed(%v, %q, %s) = %v; want %v", op, name, who, got, want)
				}
			}
		}
	}
}

// BenchmarkFrontStream: Resolve on a stream of K distinct wildcard-only
// names of about 20 bytes (svcN.dev-NNNNNN.temp under 100 svcN.*.>
// patterns, beside 100 exact names), drawn uniformly or by Zipf
// (s = 1.1), after a warm pass: the front's arena holds 4,000 and 10k
// such names, and renews itself on 100k (bench/README, session 31).
func BenchmarkFrontStream(b *testing.B) {
	var ds []map[string]string
	for i := range 100 {
		ds = append(ds, map[string]string{"name": fmt.Sprintf("svc%d.*.>", i)}, map[string]string{"name": fmt.Sprintf("x%d.exact", i)})
	}
	cfg, _ := json.Marshal(map[string]any{"destinations": ds})
	mod, diags := model.Load("stream.json", cfg)
	if err := diags.Err(); err != nil {
		b.Fatal(err)
	}
	for _, k := range []int{4000, 10000, 100000} {
		for _, zipf := range []bool{false, true} {
			b.Run(fmt.Sprintf("K=%d/zipf=%v", k, zipf), func(b *testing.B) {
				m := &plan.Build(mod).Matcher
				r := rand.New(rand.NewPCG(1, 2))
				z := rand.NewZipf(r, 1.1, 1, uint64(k-1))
				names := make([]string, 1<<21)
				for i := range names {
					j := r.IntN(k)
					if zipf {
						j = int(z.Uint64())
					}
					names[i] = fmt.Sprintf("svc%d.dev-%06d.temp", j%100, j)
				}
				for _, n := range names {
					m.Resolve(n)
				}
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					m.Resolve(names[i&(len(names)-1)])
				}
			})
		}
	}
}
