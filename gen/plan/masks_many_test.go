package plan

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/destgen/destgen/runtime"
)

// TestManyMasksReference checks plans whose lengths have tens of mask
// tables against the reference interpreter, with each structure for
// every length (compare): random '*' patterns of 4 to 7 elements and '>'
// patterns over a vocabulary of three elements, and names over the same
// vocabulary and one more, so that a name's key passes the filter of
// several tables whose patterns it does not match, and a '*' class match
// sits behind tables that miss.
func TestManyMasksReference(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	vocab := []string{"a", "b", "c"}
	for range 4 {
		seen := map[string]bool{}
		var pats []string
		for len(pats) < 100 {
			n := 4 + r.IntN(4)
			el := make([]string, n)
			for i := range el {
				el[i] = vocab[r.IntN(len(vocab))]
				if r.IntN(2) == 0 {
					el[i] = "*"
				}
			}
			if r.IntN(6) == 0 {
				el = append(el[:1+r.IntN(n-1)], ">")
			}
			if pat := strings.Join(el, "."); !seen[pat] {
				seen[pat] = true
				pats = append(pats, pat)
			}
		}
		var names []string
		for range 300 {
			el := make([]string, 3+r.IntN(6))
			for i := range el {
				el[i] = append(vocab, "d")[r.IntN(len(vocab)+1)]
			}
			names = append(names, strings.Join(el, "."))
		}
		data := configJSON(true, pats...)
		depths := BuildWith(load(t, data), Options{Masks: MasksAll}).Compact.MaskDepths
		if k := depths[5*runtime.MaskDepthStride+1] - depths[4*runtime.MaskDepthStride+1]; k < 16 {
			t.Fatalf("%s: %d tables for names of 5 elements, want 16 or more", data, k)
		}
		compare(t, data, names)
	}
}
