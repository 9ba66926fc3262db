package plan

import (
	"fmt"
	"slices"
	"testing"

	"github.com/destgen/destgen/runtime"
)

// TestNoUnusedSets: with the mask tables deciding every length (MasksAll)
// the automata built first are discarded with their unions; the plan
// keeps only the sets DestACL, Infos and States refer to, set 0 empty,
// each once, and answers as the reference does (compare).
func TestNoUnusedSets(t *testing.T) {
	pats := []string{"a.b.c", "a.*.c", "*.b.c", "a.b.*", "*.*.c", "x.*.*", "a.b.c.d", "*.b.*.d", "a.>", "*.q"}
	// Names of 4 elements go to mask tables (two masks over many
	// literals: the automata cost more), after the cost model has
	// built their automata.
	for i := range 64 {
		pats = append(pats, fmt.Sprintf("k%d.*.v%d.*", i, i), fmt.Sprintf("*.k%d.*.w%d", i, i))
	}
	data := configJSON(true, pats...)
	for _, mode := range []MaskMode{MasksAuto, MasksOff, MasksAll} {
		p := BuildWith(load(t, data), Options{Masks: mode})
		c := &p.Compact
		w := c.SetWords
		n := len(c.Sets) / w
		used := make([]bool, n)
		used[0] = true
		p.eachSetRef(func(s uint32) uint32 {
			if int(s) >= n {
				t.Fatalf("mode %v: set %d of %d", mode, s, n)
			}
			used[s] = true
			return s
		})
		if i := slices.Index(used, false); i >= 0 {
			t.Errorf("mode %v: set %d of %d is not referenced", mode, i, n)
		}
		if !slices.Equal(c.Sets[:w], make([]uint64, w)) {
			t.Errorf("mode %v: set 0 is not empty", mode)
		}
		for i := 1; i < n; i++ {
			for j := range i {
				if slices.Equal(c.Sets[i*w:(i+1)*w], c.Sets[j*w:(j+1)*w]) {
					t.Errorf("mode %v: sets %d and %d are equal", mode, j, i)
				}
			}
		}
		if mode == MasksAuto && len(c.Masks) == 0 {
			t.Errorf("mode %v: no mask tables", mode)
		}
		if n < 1+len(pats) { // every destination's two sets differ (configJSON)
			t.Errorf("mode %v: %d sets for %d destinations", mode, n, len(pats))
		}
	}
	compare(t, data, []string{"k3.x.v3.y", "x.k3.y.w3", "k3.k3.v3.w3", "a.b.c", "a.x.c", "y.b.c", "a.b.y", "y.y.c", "x.y.z", "a.b.c.d", "y.b.y.d", "a.z.z.z", "z.q", "q.q"})
	_ = runtime.NumOps
}
