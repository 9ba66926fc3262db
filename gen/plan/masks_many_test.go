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
	for range 4 {
		data, names := randomMaskConfig(r, 100, 4, 7)
		if k := tablesForLength(t, data, 5); k < 16 {
			t.Fatalf("%s: %d tables for names of 5 elements, want 16 or more", data, k)
		}
		compare(t, data, names)
	}
}

// TestManyMasksIndexedReference is TestManyMasksReference with lengths of
// runtime's maskIndexMin (64) tables or more, so that Matches, Resolve
// and Allowed (through its per-op union cache) read the mask index.
func TestManyMasksIndexedReference(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	data, names := randomMaskConfig(r, 600, 7, 8)
	if k := tablesForLength(t, data, 7); k < 64 {
		t.Fatalf("%d tables for names of 7 elements, want 64 or more (the index's minimum)", k)
	}
	compare(t, data, names)
}

// randomMaskConfig is a permissioned config of count distinct patterns of
// minLen to maxLen elements, each a '*' half the time and a third of them
// ending in '>', over a vocabulary of three elements, and names over the
// same vocabulary and one more, so that a name's key passes the filter of
// several tables whose patterns it does not match.
func randomMaskConfig(r *rand.Rand, count, minLen, maxLen int) ([]byte, []string) {
	vocab := []string{"a", "b", "c"}
	seen := map[string]bool{}
	var pats []string
	for len(pats) < count {
		n := minLen + r.IntN(maxLen-minLen+1)
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
		el := make([]string, minLen-1+r.IntN(maxLen-minLen+3))
		for i := range el {
			el[i] = append(vocab, "d")[r.IntN(len(vocab)+1)]
		}
		names = append(names, strings.Join(el, "."))
	}
	return configJSON(true, pats...), names
}

// tablesForLength is how many mask tables a plan of data built with every
// length on mask tables has for names of n elements.
func tablesForLength(t *testing.T, data []byte, n int) int {
	depths := BuildWith(load(t, data), Options{Masks: MasksAll}).Compact.MaskDepths
	return int(depths[n*runtime.MaskDepthStride+1] - depths[(n-1)*runtime.MaskDepthStride+1])
}
