package plan

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/destgen/destgen/runtime"
)

// BenchmarkMaskCosts measures the cost model's constants (see costStep):
// each pair of sub-benchmarks differs in one count, and the constant is
// the difference in ns/op over the difference in the count.
//
//   - probe: Resolve of names of 5 elements that match nothing, against
//     mask tables only, 1 and 16 tables of 2,048 patterns each (32k in
//     all, beyond the L2 cache; the filter stays in cache):
//     costFilter = (t16 - t1) / 15.
//   - step: Resolve of names of 1 and 5 elements against one deterministic
//     automaton of 8^5 '>' patterns (32k), each name following a literal
//     edge at every element: costStep = (t5 - t1) / 4.
//   - hash: runtime.Hash of 8-byte elements, the mask tables' element hash.
func BenchmarkMaskCosts(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	word := func() string { return fmt.Sprintf("w%07d", r.IntN(1e7)) }
	for _, k := range []int{1, 16} {
		var pats []string
		for mask := 1; len(pats) < k*2048; mask++ { // masks 1..k over 5 positions, '*' where the bit is 0
			for range 2048 {
				el := make([]string, 5)
				for i := range el {
					el[i] = "*"
					if mask>>i&1 != 0 || i == 0 {
						el[i] = word()
					}
				}
				pats = append(pats, strings.Join(el, "."))
			}
		}
		mt := matcherOf(b, pats, MasksAll)
		names := make([]string, 4096)
		for i := range names {
			names[i] = strings.Join([]string{word(), word(), word(), word(), word()}, ".")
		}
		b.Run(fmt.Sprintf("probe/tables=%d", k), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				mt.Resolve(names[i&4095])
			}
		})
	}
	vocab := []string{"orders", "payments", "eu-west", "us", "created", "v2", "inventory", "audit"}
	var pats []string
	for i := range 1 << 15 {
		el := make([]string, 5)
		for j := range el {
			el[j] = vocab[i>>(3*j)&7]
		}
		pats = append(pats, strings.Join(el, ".")+".>")
	}
	mt := matcherOf(b, pats, MasksOff)
	for _, e := range []int{1, 5} {
		names := make([]string, 4096)
		for i := range names {
			el := make([]string, e)
			for j := range el {
				el[j] = vocab[r.IntN(8)]
			}
			names[i] = strings.Join(el, ".")
		}
		b.Run(fmt.Sprintf("step/elements=%d", e), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				mt.Resolve(names[i&4095])
			}
		})
	}
	b.Run("hash", func(b *testing.B) {
		var h uint64
		for i := 0; b.Loop(); i++ {
			h += runtime.Hash(vocab[i&7], uint64(i))
		}
		_ = h
	})
}

// matcherOf builds the matcher of patterns, with mask tables as mode says.
func matcherOf(b *testing.B, pats []string, mode MaskMode) *runtime.Matcher {
	m, err := modelLoad(configJSON(true, pats...))
	if err != nil {
		b.Fatal(err)
	}
	return &BuildWith(m, Options{Masks: mode}).Matcher
}
