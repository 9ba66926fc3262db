package runtime_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// cacheStreamNames are names of every kind Resolve caches, for
// syntheticConfig(n): names only its '*' and '>' patterns match, misses,
// invalid names, and the literal names it holds exactly, about 6,000
// distinct: three times the cache, so that a stream evicts.
func cacheStreamNames(n int) []string {
	var out []string
	for i := range n {
		out = append(out,
			fmt.Sprintf("svc%d.orders.eu%d", i, i%5), // exact for most i
			fmt.Sprintf("svc%d.x%d.eu", i, i%7),      // a '*' pattern's, for i%4 == 0
			fmt.Sprintf("svc%d.a.b.c%d", i, i%3),     // a '>' pattern's, for i%8 == 0
			fmt.Sprintf("svc%d.orders.eu9", i),       // a miss
			fmt.Sprintf("svc%d..eu", i),              // invalid
			fmt.Sprintf("svc%d.%s.eu", i, strings.Repeat("long-element-", 8)),
		)
	}
	return out
}

// stream is a deterministic sequence of indices into n names, skewed so
// that a few recur often and the rest now and then.
func stream(n, length, seed int) []int {
	out := make([]int, length)
	x := uint64(seed)*2654435761 + 1
	for i := range out {
		x = x*6364136223846793005 + 1442695040888963407
		r := int(x >> 33)
		if r%3 == 0 {
			out[i] = r / 3 % 64 // a hot name
		} else {
			out[i] = r % n
		}
	}
	return out
}

// TestResolveCachedAgreesWithReference: Resolve through the result cache
// answers as the reference interpreter on a stream that evicts thousands
// of times, from several goroutines at once (go test -race: the cache's
// accesses are all atomic).
func TestResolveCachedAgreesWithReference(t *testing.T) {
	const n = 1000
	m, diags := model.Load("synthetic.json", syntheticConfig(n))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	ref := reference.New(m)
	names := cacheStreamNames(n)
	type answer struct {
		d   int
		err bool
	}
	want := make([]answer, len(names))
	for i, name := range names {
		d, ok, err := ref.Resolve(name)
		if !ok {
			d = -1
		}
		want[i] = answer{d, err != nil}
	}
	data := syntheticPlan(t, n)
	matcher := runtime.NewMatcher(&runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data[:24]))).Matcher)
	length := 60000
	if testing.Short() {
		length = 10000
	}
	onStreams(len(names), length, func(g, _, i int) bool {
		if d, err := matcher.Resolve(names[i]); (answer{d, err != nil}) != want[i] {
			t.Errorf("goroutine %d: Resolve(%q) = %d, %v; reference %v", g, names[i], d, err, want[i])
			return false
		}
		return true
	})
}

// onStreams runs check on 4 goroutines at once, each over its own stream
// of length indices into n names (the k-th is i), until check has failed
// 5 times on it.
func onStreams(n, length int, check func(g, k, i int) bool) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bad := 0
			for k, i := range stream(n, length, g) {
				if !check(g, k, i) {
					if bad++; bad == 5 {
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// TestResolveCacheIsPerMatcher: two plans answering one name differently
// each give their own answer, however often the other was asked first: a
// new plan (a live realm swapped in) never serves the old one's answers.
func TestResolveCacheIsPerMatcher(t *testing.T) {
	var ms []*runtime.Matcher
	for _, names := range [][]string{{"a.>"}, {"z.>", "a.*.c"}} {
		var ds []map[string]string
		for _, n := range names {
			ds = append(ds, map[string]string{"name": n})
		}
		cfg, _ := json.Marshal(map[string]any{"destinations": ds})
		m, diags := model.Load("per-matcher.json", cfg)
		if err := diags.Err(); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, &plan.Build(m).Matcher)
	}
	for round := range 3 {
		for i, m := range ms {
			if d, err := m.Resolve("a.b.c"); d != i || err != nil {
				t.Fatalf("round %d, plan %d: Resolve(a.b.c) = %d, %v; want %d", round, i, d, err, i)
			}
		}
	}
}

// TestResolveCachedDoesNotAllocate: Resolve allocates nothing on a name
// the cache holds, one it is filled with, or one it turns away.
func TestResolveCachedDoesNotAllocate(t *testing.T) {
	data := syntheticPlan(t, 1000)
	m := runtime.NewMatcher(&runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data[:24]))).Matcher)
	names := cacheStreamNames(1000)
	k := 0
	if a := testing.AllocsPerRun(1000, func() {
		m.Resolve(names[k%len(names)])
		m.Resolve(names[k%64])
		k += 7
	}); a != 0 {
		t.Errorf("%v allocations per Resolve", a)
	}
}
