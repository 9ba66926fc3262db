package runtime

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// maskIndexCompact is a Compact of mask tables only, for names of elems
// elements: one table per mask of masks, in that order, each with per
// patterns whose literal elements are drawn from vocab.
func maskIndexCompact(elems int, masks []uint64, per int, vocab []string, r *rand.Rand) *Compact {
	c := &Compact{}
	var b strings.Builder
	for _, mask := range masks {
		c.Masks = append(c.Masks, uint32(mask), uint32(mask>>32), uint32(elems), 0)
		for range per {
			var lits []string
			for range bits.OnesCount64(mask) {
				lits = append(lits, vocab[r.IntN(len(vocab))])
			}
			b.WriteString(strings.Join(lits, "."))
			c.MaskKeyEnds = append(c.MaskKeyEnds, uint32(b.Len()))
			c.MaskDests = append(c.MaskDests, uint32(len(c.MaskDests)))
		}
		c.MaskEnds = append(c.MaskEnds, uint32(len(c.MaskDests)))
	}
	c.MaskKeys = b.String()
	for d := 0; d <= MaxElements; d++ {
		if d == elems {
			for t := range masks {
				c.MaskProbes = append(c.MaskProbes, uint32(t))
			}
		}
		c.MaskDepths = append(c.MaskDepths, 1, uint32(len(c.MaskProbes)))
	}
	c.Rank = make([]uint32, len(c.MaskDests))
	return c
}

// maskIndexNames are names of elems elements for c's tables: per
// pattern, its literals with vocab elsewhere, and then with one literal
// changed; and names of vocab only, which pass many tables' sets.
func maskIndexNames(c *Compact, elems int, vocab []string, r *rand.Rand) []string {
	var names []string
	keys := keys(c.MaskKeys, c.MaskKeyEnds)
	prev := uint32(0)
	for t, end := range c.MaskEnds {
		mask := uint64(c.Masks[t*MaskStride]) | uint64(c.Masks[t*MaskStride+1])<<32
		for j := prev; j < end; j++ {
			lits := strings.Split(keys[j], ".")
			el := make([]string, elems)
			for i := range el {
				el[i] = vocab[r.IntN(len(vocab))]
				if mask>>i&1 != 0 {
					el[i], lits = lits[0], lits[1:]
				}
			}
			names = append(names, strings.Join(el, "."))
			el[bits.TrailingZeros64(mask)] = "other"
			names = append(names, strings.Join(el, "."))
		}
		prev = end
	}
	for range 200 {
		el := make([]string, elems)
		for i := range el {
			el[i] = vocab[r.IntN(len(vocab))]
		}
		names = append(names, strings.Join(el, "."))
	}
	return names
}

// checkIndexed compares m's answers with those of a Matcher of the same
// plan whose index is turned off, and reports whether m indexes length d.
func checkIndexed(t *testing.T, c *Compact, d int, names []string) bool {
	t.Helper()
	m, plain := NewMatcher(c), NewMatcher(c)
	plain.maskIdx.list = [MaxElements + 1]uint8{}
	for _, name := range names {
		got, _ := m.Resolve(name)
		want, _ := plain.Resolve(name)
		if got != want {
			t.Fatalf("Resolve(%q) = %d, %d without the index", name, got, want)
		}
		gotAll, _ := m.Matches(name, nil)
		wantAll, _ := plain.Matches(name, nil)
		if !slices.Equal(gotAll, wantAll) {
			t.Fatalf("Matches(%q) = %v, %v without the index", name, gotAll, wantAll)
		}
	}
	return m.maskIdx.list[d] > 0
}

// TestMaskIndexTables: a list is indexed from maskIndexMin tables to
// maskIndexWords*64, and answers as the filter tests alone do, at,
// below and above each bound, with vocabularies that make few and many
// candidates.
func TestMaskIndexTables(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, k := range []int{maskIndexMin - 1, maskIndexMin, maskIndexMin + 1, 128, 129, maskIndexWords*64 - 1, maskIndexWords * 64, maskIndexWords*64 + 1} {
		for _, vocab := range [][]string{{"a", "b"}, {"a", "b", "c", "d", "e", "f", "g", "h"}} {
			var masks []uint64
			for mask := uint64(1); len(masks) < k; mask++ {
				masks = append(masks, mask)
			}
			c := maskIndexCompact(10, masks, 3, vocab, r)
			want := k >= maskIndexMin && k <= maskIndexWords*64
			if got := checkIndexed(t, c, 10, maskIndexNames(c, 10, vocab, r)); got != want {
				t.Errorf("%d tables: indexed %v, want %v", k, got, want)
			}
		}
	}
}

// TestMaskIndexFar: literal positions past maskNear, whose hashes the
// index reads from maskName.far, and names of the most elements.
func TestMaskIndexFar(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	vocab := []string{"a", "b", "c"}
	for _, elems := range []int{maskNear, maskNear + 1, maskNear + 2, MaxElements} {
		var masks []uint64
		for j := range uint64(maskIndexMin) {
			masks = append(masks, 1<<(elems-1)|j<<(elems/2))
		}
		c := maskIndexCompact(elems, masks, 4, vocab, r)
		if !checkIndexed(t, c, elems, maskIndexNames(c, elems, vocab, r)) {
			t.Errorf("%d elements: not indexed", elems)
		}
	}
}

// TestMaskIndexSlots: a list gets the power of two of slots at or above
// its keys, at most maskIndexSlots.
func TestMaskIndexSlots(t *testing.T) {
	for _, c := range []struct {
		keys int
		want uint32
	}{
		{0, 1}, {1, 1}, {2, 2}, {3, 4}, {31, 32}, {32, 32}, {33, 64},
		{maskIndexSlots - 1, maskIndexSlots}, {maskIndexSlots, maskIndexSlots}, {maskIndexSlots + 1, maskIndexSlots},
	} {
		if got := slotsFor(c.keys); got != c.want {
			t.Errorf("slotsFor(%d) = %d, want %d", c.keys, got, c.want)
		}
	}
	// 64 tables over 64 positions, one literal each, one pattern each:
	// 64 keys, the bound.
	r := rand.New(rand.NewPCG(17, 18))
	var masks []uint64
	for i := range 64 {
		masks = append(masks, 1<<i)
	}
	vocab := []string{"a", "b", "c"}
	c := maskIndexCompact(MaxElements, masks, 1, vocab, r)
	if !checkIndexed(t, c, MaxElements, maskIndexNames(c, MaxElements, vocab, r)) {
		t.Fatal("not indexed")
	}
	if got := NewMatcher(c).maskIdx.lists[0].slots; got != maskIndexSlots {
		t.Errorf("64 keys: %d slots, want %d", got, maskIndexSlots)
	}
}

// TestMaskIndexCollisions: 512 tables of 10 patterns over a large
// vocabulary, about 25,000 keys in 512 slots a position, so that most
// slots hold the union of several elements' sets.
func TestMaskIndexCollisions(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var vocab []string
	for i := range 5000 {
		vocab = append(vocab, fmt.Sprint("w", i))
	}
	var masks []uint64
	for mask := uint64(1); len(masks) < 512; mask++ {
		masks = append(masks, mask)
	}
	c := maskIndexCompact(10, masks, 10, vocab, r)
	if !checkIndexed(t, c, 10, maskIndexNames(c, 10, vocab, r)[:4000]) {
		t.Error("not indexed")
	}
}

// TestMaskIndexOne: a position where every table with a literal has the
// same element keeps that element's hash, and is compared rather than
// looked up; one with two elements keeps an even word. Names with the
// element there and without it answer as without the index.
func TestMaskIndexOne(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	var masks []uint64
	for j := range uint64(maskIndexMin) {
		masks = append(masks, 1|j<<1)
	}
	c := maskIndexCompact(8, masks, 5, []string{"p"}, r)
	names := maskIndexNames(c, 8, []string{"p"}, r)
	// The last position gets a second element in one pattern.
	key := []byte(c.MaskKeys)
	key[len(key)-1] = 'q' // the last table's last pattern, its last literal
	c.MaskKeys = string(key)
	if !checkIndexed(t, c, 8, append(names, "q.p.p.p.p.p.p.p", "p.p.p.p.p.p.q.p")) {
		t.Fatal("not indexed")
	}
	m := NewMatcher(c)
	li := &m.maskIdx.lists[m.maskIdx.list[8]-1]
	if got, want := m.maskIdx.words[li.one], elemHash("p", 0); got != want {
		t.Errorf("position 0: %#x, want the hash of p, %#x", got, want)
	}
	last := bits.Len64(masks[len(masks)-1]) - 1
	if got := m.maskIdx.words[int(li.one)+last]; got&1 != 0 {
		t.Errorf("position %d, two elements: %#x, want an even word", last, got)
	}
}

// TestMaskProbePastTables: a table number in MaskProbes at or past the
// tables (a Compact no plan check passed) turns that length's tables off
// in NewMatcher: its names fall back to the automata (none here, so
// they match nothing) and no lookup indexes past the tables. One below
// the bound is a table like any other.
func TestMaskProbePastTables(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	vocab := []string{"a", "b", "c"}
	masks := []uint64{1, 2}
	for _, probe := range []uint32{1, 2, 99} { // below, at and past len(masks)
		c := maskIndexCompact(3, masks, 2, vocab, r)
		names := maskIndexNames(c, 3, vocab, r)
		c.MaskProbes[len(c.MaskProbes)-1] = probe
		m := NewMatcher(c)
		on := probe < uint32(len(masks))
		if m.maskOn[3] != on || (len(m.maskProbe[3]) == 2) != on {
			t.Errorf("probe %d: tables on %v (%d probes), want %v", probe, m.maskOn[3], len(m.maskProbe[3]), on)
		}
		hits := 0
		for _, n := range names {
			if d, err := m.Resolve(n); err != nil {
				t.Fatalf("probe %d: Resolve(%q): %v", probe, n, err)
			} else if d >= 0 {
				hits++
			}
		}
		if (hits > 0) != on {
			t.Errorf("probe %d: %d of %d names matched, tables on %v", probe, hits, len(names), on)
		}
	}
}
