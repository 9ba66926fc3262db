package runtime

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// maskCompact is a Compact of mask tables only, for names of 6 elements:
// the tables of the first k literal masks over them (position 0 always
// literal), each with per patterns of random words.
func maskCompact(k, per int, r *rand.Rand) *Compact {
	c := &Compact{}
	var keys []string
	for mask := uint32(1); len(c.MaskEnds) < k; mask += 2 {
		c.Masks = append(c.Masks, mask, 0, 6, 0)
		for range per {
			var lits []string
			for range bits.OnesCount32(mask) {
				lits = append(lits, fmt.Sprintf("w%06d", r.IntN(1e6)))
			}
			keys = append(keys, strings.Join(lits, "."))
			c.MaskDests = append(c.MaskDests, uint32(len(c.MaskDests)))
		}
		c.MaskEnds = append(c.MaskEnds, uint32(len(c.MaskDests)))
	}
	var b strings.Builder
	for _, key := range keys {
		b.WriteString(key)
		c.MaskKeyEnds = append(c.MaskKeyEnds, uint32(b.Len()))
	}
	c.MaskKeys = b.String()
	for d := 0; d <= MaxElements; d++ {
		if d == 6 {
			for t := range k {
				c.MaskProbes = append(c.MaskProbes, uint32(t))
			}
		}
		c.MaskDepths = append(c.MaskDepths, 1, uint32(len(c.MaskProbes)))
	}
	c.Rank = make([]uint32, len(c.MaskDests))
	return c
}

// BenchmarkMaskBatch compares resolveMasks, which loads the first slots
// of maskBatch tables before comparing any, with one table at a time, on
// names of 6 elements that match nothing (every table probed), with
// tables of 64 patterns (cached) and 8,192 (not, at 16 tables and more).
func BenchmarkMaskBatch(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, per := range []int{64, 8192} {
		for _, k := range []int{8, 32} {
			m := NewMatcher(maskCompact(k, per, r))
			paths := make([]path, 1024)
			for i := range paths {
				var el []string
				for range 6 {
					el = append(el, fmt.Sprintf("w%06d", r.IntN(1e6)))
				}
				paths[i].split(strings.Join(el, "."))
			}
			for _, impl := range []struct {
				name string
				f    func(*path) int32
			}{{"batch", m.resolveMasks}, {"serial", m.resolveMasksSerial}} {
				b.Run(fmt.Sprintf("patterns=%d/tables=%d/impl=%s", per, k, impl.name), func(b *testing.B) {
					for i := 0; b.Loop(); i++ {
						impl.f(&paths[i&1023])
					}
				})
			}
		}
	}
}

// resolveMasksSerial is resolveMasks one table at a time, each probe
// compared before the next is loaded: what maskBatch is measured against
// (BenchmarkMaskBatch).
func (m *Matcher) resolveMasksSerial(p *path) int32 {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	for _, t := range m.maskProbe[p.n] {
		if d := m.masks[t].find(&x); d >= 0 {
			return d
		}
	}
	return -1
}
