package runtime

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// BenchmarkMaskHits is resolveMasks on names of 6 elements each of which
// some pattern matches, so that a probe reads a slot and compares its
// key: what the slots' layout changes (a key as an offset into the
// tables' keys since plan format 7, a string before), with tables of 64
// patterns (cached) and 8,192 (not).
func BenchmarkMaskHits(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, per := range []int{64, 8192} {
		for _, k := range []int{8, 32} {
			c := maskCompact(k, per, r)
			m := NewMatcher(c)
			paths := make([]path, 1024)
			for i := range paths {
				t := r.IntN(k)
				j := int(c.MaskEnds[t]) - 1 - r.IntN(per)
				mask := uint64(c.Masks[t*MaskStride])
				lits := strings.Split(keys(c.MaskKeys, c.MaskKeyEnds)[j], ".")
				el := make([]string, 6)
				for p := range el {
					el[p] = "x"
					if mask>>p&1 == 1 {
						el[p], lits = lits[0], lits[1:]
					}
				}
				paths[i].split(strings.Join(el, "."))
				if m.resolveMasks(&paths[i]) < 0 || bits.OnesCount64(mask) == 0 {
					b.Fatalf("%q matches nothing", strings.Join(el, "."))
				}
			}
			b.Run(fmt.Sprintf("patterns=%d/tables=%d", per, k), func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					m.resolveMasks(&paths[i&1023])
				}
			})
		}
	}
}
