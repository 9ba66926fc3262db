package runtime_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// aclCacheConfig is syntheticConfig(n) (n < 10k) with ACLs over 100
// principals, 1 to 3 per destination and op: more than own a signature
// bit (at most 28), so that the others share Bloom bits and the cached
// union decides some callers by the walk rather than by its bits. It adds
// patterns other svc numbers' names match, and syntheticConfig's 18
// patterns whose automaton would blow up, split by wildcard mask into
// automata of their own, so that a union is also taken over those.
func aclCacheConfig(n int) []byte { return aclCacheConfigOf(n, 100) }

// aclCacheConfigOf is aclCacheConfig over principals principals.
func aclCacheConfigOf(n, principals int) []byte {
	var cfg map[string]any
	if err := json.Unmarshal(syntheticConfig(n), &cfg); err != nil {
		panic(err)
	}
	ds := cfg["destinations"].([]any)
	for i := range n {
		switch {
		case i%16 == 1:
			ds = append(ds, map[string]any{"name": fmt.Sprintf("*.x%d.eu", i)})
		case i%8 == 0: // beside svc{i}.>: a name may match a tail and a term
			ds = append(ds, map[string]any{"name": fmt.Sprintf("svc%d.*.eu", i)})
		}
	}
	for i := 1; i <= 18; i++ {
		elems := strings.Split("blowup"+strings.Repeat(".*", 18), ".")
		elems[i] = "l"
		ds = append(ds, map[string]any{"name": strings.Join(elems, ".")})
	}
	for i, d := range ds {
		acl := map[string][]string{}
		for op, k := range []string{"publish", "subscribe"} {
			for j := range 1 + (i+op)%3 {
				acl[k] = append(acl[k], fmt.Sprint("p", (i*7+j*31+op*13)%principals))
			}
		}
		d.(map[string]any)["acl"] = acl
	}
	cfg["destinations"] = ds
	b, _ := json.Marshal(cfg)
	return b
}

// TestAllowedCachedAgreesWithReference: Allowed through its per-op
// caches answers as the reference interpreter for callers of one and two
// principals (and one the config never names) on a stream that repeats
// names and evicts thousands of times, from several goroutines at once
// (go test -race: the caches' accesses are atomic), with the wildcard
// patterns in automata (no cache) and in mask tables.
func TestAllowedCachedAgreesWithReference(t *testing.T) {
	const n = 1000
	m, diags := model.Load("aclcache.json", aclCacheConfig(n))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	ref := reference.New(m)
	names := cacheStreamNames(n)
	for i := range 40 {
		elems := strings.Split("blowup"+strings.Repeat(".x", 18), ".")
		elems[1+i%18] = "l"
		elems[1+i*7%18] = "l"
		names = append(names, strings.Join(elems[:19-i%3], "."))
	}
	for _, mode := range []plan.MaskMode{plan.MasksAuto, plan.MasksOff, plan.MasksAll} {
		matcher := runtime.NewMatcher(&plan.BuildWith(m, plan.Options{Masks: mode}).Artifact().Matcher)
		t.Run(fmt.Sprint("masks=", mode), func(t *testing.T) { checkAllowedCached(t, ref, matcher, names) })
	}
}

// checkAllowedCached asks, per name and op, for callers holding: a
// principal some matching destination grants the op to (with another),
// one it grants the other op to, and fixed ones, most of them granted
// nothing; the reference answers each.
func checkAllowedCached(t *testing.T, ref *reference.Interp, matcher *runtime.Matcher, names []string) {
	fixed := [][]string{{"p0"}, {"p1", "p50"}, {"p99", "nobody"}, {"nobody"}, {"p7", "p42"}, {"p63"}}
	// grants[op][i]: a principal a destination matching names[i] grants op to.
	var grants [runtime.NumOps][]string
	for op := range runtime.NumOps {
		grants[op] = make([]string, len(names))
	}
	for i, name := range names {
		ms, _ := ref.Matches(name)
		for op := range runtime.NumOps {
			for _, d := range ms {
				if acl := ref.Model.Destinations[d].ACL[op]; len(acl) > 0 {
					grants[op][i] = acl[i%len(acl)]
				}
			}
		}
	}
	callerOf := func(op runtime.Op, k, i int) []string {
		switch k / 2 % 4 {
		case 0:
			return []string{grants[op][i], fixed[k%len(fixed)][0]}
		case 1:
			return []string{grants[1-op][i]}
		}
		return fixed[k/8%len(fixed)]
	}
	length := 16000
	if testing.Short() {
		length = 4000
	}
	var granted, asked atomic.Int64
	onStreams(len(names), length, func(g, k, i int) bool {
		op := runtime.Op(k & 1)
		caller := callerOf(op, k, i)
		var ps []runtime.Principal
		for _, p := range caller {
			ps = append(ps, matcher.Principal(p))
		}
		want := ref.Allowed(op, names[i], caller...)
		asked.Add(1)
		if want {
			granted.Add(1)
		}
		if got := matcher.Allowed(op, names[i], ps); got != want {
			t.Errorf("goroutine %d: Allowed(%v, %q, %q) = %v; reference %v", g, op, names[i], caller, got, want)
			return false
		}
		return true
	})
	if g, a := granted.Load(), asked.Load(); g < a/20 || g > a/2 {
		t.Errorf("%d of %d questions granted: the test decides too little", g, a)
	}
}

// TestAllowedCachedNameLengths: every valid name is cached, walked or
// on the tables, and a name longer than a way holds (maxCachedName, 255
// bytes) is not: names of svc8.> (publish granted to p8 and others) at
// MaxNameBytes-1 to +1, at the longest a way holds and beyond, each asked
// twice (the fill, then the cached union), answer as the reference.
func TestAllowedCachedNameLengths(t *testing.T) {
	m, diags := model.Load("aclcache.json", aclCacheConfig(1000))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	ref := reference.New(m)
	pub := m.Destinations[8].ACL[runtime.Publish] // svc8.>, syntheticConfig's order
	callers := [][]string{pub[:1], {"nobody"}, {"p99", "p1"}}
	for _, mode := range []plan.MaskMode{plan.MasksAuto, plan.MasksOff, plan.MasksAll} {
		matcher := runtime.NewMatcher(&plan.BuildWith(m, plan.Options{Masks: mode}).Artifact().Matcher)
		for _, n := range []int{runtime.MaxNameBytes - 1, runtime.MaxNameBytes, runtime.MaxNameBytes + 1, 254, 255, 256, 257} {
			name := "svc8"
			for len(name) < n {
				name += "." + strings.Repeat("x", min(100, n-len(name)-1))
			}
			granted := askAllowed(t, ref, matcher, fmt.Sprint("masks=", mode), name, callers, 2)
			if valid := n <= runtime.MaxNameBytes; (granted > 0) != valid {
				t.Errorf("masks=%v, %d bytes: %d callers granted; want some only for a valid name", mode, n, granted)
			}
		}
	}
}
