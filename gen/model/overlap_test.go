package model

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/subject"
)

// naiveConflict is the definition the trie must agree with: the earliest
// earlier destination with another placement that overlaps d.
func naiveConflict(ds []*Destination, d *Destination) (int, string) {
	for _, e := range ds[:d.Index] {
		if samePlacement(e, d) {
			continue
		}
		if w, ok := subject.Overlap(e.Pattern, d.Pattern); ok {
			return e.Index, w
		}
	}
	return -1, ""
}

// TestOverlapTrieAgreesWithPairwise compares the trie search with the
// pairwise definition on random small configs over a small alphabet, where
// overlaps and mixed placements are frequent.
func TestOverlapTrieAgreesWithPairwise(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	elems := []string{"a", "b", "*", ">"}
	long := strings.Repeat("l", 120) // makes byte-limit-only overlaps occur
	runs := 20000
	if testing.Short() {
		runs = 2000
	}
	for run := 0; run < runs; run++ {
		seen := map[string]bool{}
		var ds []*Destination
		for len(ds) < 2+r.IntN(5) {
			var parts []string
			for n := 1 + r.IntN(3); len(parts) < n; {
				e := elems[r.IntN(len(elems))]
				if r.IntN(20) == 0 {
					e = long
				}
				if e == ">" && len(parts) < n-1 {
					continue
				}
				parts = append(parts, e)
			}
			p, err := subject.Parse(strings.Join(parts, "."))
			if err != nil || seen[p.Text] {
				continue
			}
			seen[p.Text] = true
			var store config.Optional
			if r.IntN(3) > 0 {
				store = config.Optional{Set: true, Value: []string{"s1", "s2"}[r.IntN(2)]}
			}
			ds = append(ds, &Destination{Index: len(ds), Pattern: p, Store: store})
		}
		placement := make([]int32, len(ds))
		for i, d := range ds {
			if d.Store.Set {
				placement[i] = 1 + int32(d.Store.Value[1]-'1')
			}
		}
		tr := newOverlapTrie(ds, placement)
		for _, d := range ds {
			wantIdx, wantW := naiveConflict(ds, d)
			e, w, ok := tr.conflict(d, placement)
			gotIdx := -1
			if ok {
				gotIdx = e.Index
			}
			if gotIdx != wantIdx || w != wantW {
				var pats []string
				for _, d := range ds {
					pats = append(pats, d.Pattern.Text+"@"+optional(d.Store))
				}
				t.Fatalf("config %q, destination %d: trie found %d %q, pairwise %d %q", pats, d.Index, gotIdx, w, wantIdx, wantW)
			}
		}
	}
}
