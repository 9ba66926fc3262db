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

// BenchmarkMaskFilter compares resolveMasks, which tests the mask
// filter before it reads a table, with the tables probed unfiltered,
// maskBatch at a time (the first slots of a batch loaded before any is
// compared: what resolveMasks did before the filter), on names of 6
// elements that match nothing (every table probed), with tables of 64
// patterns (cached) and 8,192 (not, at 16 tables and more).
func BenchmarkMaskFilter(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, per := range []int{64, 8192} {
		for _, k := range []int{8, 32, 128} {
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
			}{{"filter", m.resolveMasks}, {"batch", m.resolveMasksBatch}} {
				b.Run(fmt.Sprintf("patterns=%d/tables=%d/impl=%s", per, k, impl.name), func(b *testing.B) {
					for i := 0; b.Loop(); i++ {
						impl.f(&paths[i&1023])
					}
				})
			}
		}
	}
}

// maskBatch is how many tables resolveMasksBatch probes at once.
const maskBatch = 8

// resolveMasksBatch is resolveMasks without the filter, the first slots
// of maskBatch tables loaded before any is compared so that their cache
// misses overlap: what the filter is measured against
// (BenchmarkMaskFilter).
func (m *Matcher) resolveMasksBatch(p *path) int32 {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	probe := m.maskProbe[p.n]
	for len(probe) > 0 {
		k := min(len(probe), maskBatch)
		var hs, first, slot [maskBatch]uint64
		for i, t := range probe[:k] {
			tab := &m.masks[t]
			if len(tab.slots) == 0 {
				continue
			}
			hs[i] = x.keyOf(tab)
			slot[i] = slotOf(hs[i], uint64(len(tab.slots)-1))
			first[i] = tab.slots[slot[i]].hash
		}
		for i, t := range probe[:k] {
			if first[i] == 0 {
				continue
			}
			tab := &m.masks[t]
			mask := uint64(len(tab.slots) - 1)
			for j := slot[i]; ; j = (j + 1) & mask {
				s := &tab.slots[j]
				if s.hash == hs[i] && x.equal(m.maskKey(s), tab.lits) {
					return s.dest
				}
				if s.hash == 0 {
					break
				}
			}
		}
		probe = probe[k:]
	}
	return -1
}
