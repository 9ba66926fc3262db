package plan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/runtime"
)

// TestMaskManyTables probes more tables than the old batch of 8 and
// than one group of the filter's words: names of 5 elements whose only
// match is the last table in probe order, behind k-1 tables that miss,
// for k up to 16 (every mask of "a" then 4 positions, but the literal
// one, plus the last table).
func TestMaskManyTables(t *testing.T) {
	for _, k := range []int{7, 8, 9, 15, 16} {
		var pats []string
		for mask := 0; len(pats) < k-1; mask++ { // literal "a" first, then the mask's literals over 1-4
			el := []string{"a", "*", "*", "*", "*"}
			for i := range 4 {
				if mask>>i&1 != 0 {
					el[1+i] = "c"
				}
			}
			pats = append(pats, strings.Join(el, "."))
		}
		pats = append(pats, "*.*.*.*.b")
		m := load(t, configJSON(true, pats...))
		p := BuildWith(m, Options{Masks: MasksAll})
		if got := len(p.Compact.Masks) / runtime.MaskStride; got != k {
			t.Fatalf("k=%d: %d tables", k, got)
		}
		if d, _ := p.Matcher.Resolve("b.c.c.c.b"); d != k-1 {
			t.Errorf("k=%d: Resolve = %d, want %d (the last table's)", k, d, k-1)
		}
		compare(t, configJSON(true, pats...), []string{"b.c.c.c.b", "a.c.c.c.b", "a.c.x.c.b", "a.x.x.x.x", "b.b.b.b.c"})
	}
}

// TestMaskGroups: a table's key is read from the name's XORs four
// positions at a time (runtime's maskName.xor), so a literal at the last
// position of a group, the first of the next, and names of one group,
// one more element, and the most elements a name has; each pattern's
// names with the literal and with another element there, and with a
// literal before it differing.
func TestMaskGroups(t *testing.T) {
	for _, n := range []int{1, 3, 4, 5, 8, 9, 16, 17, 32, 33} {
		var pats []string
		for _, pos := range []int{n - 1, n / 2, 0} { // '*' elsewhere, "x<pos>" there
			el := slices.Repeat([]string{"*"}, n)
			el[pos] = fmt.Sprintf("x%d", pos)
			if pat := strings.Join(el, "."); !slices.Contains(pats, pat) {
				pats = append(pats, pat)
			}
		}
		if n > 1 { // two literals, one per group when n > 4
			el := slices.Repeat([]string{"*"}, n)
			el[0], el[n-1] = "y", "y"
			pats = append(pats, strings.Join(el, ".")+".>")
		}
		var names []string
		for _, pos := range []int{n - 1, n / 2, 0} {
			for _, v := range []string{fmt.Sprintf("x%d", pos), "z"} {
				el := slices.Repeat([]string{"w"}, n)
				el[pos] = v
				names = append(names, strings.Join(el, "."))
				yy := slices.Repeat([]string{"y"}, n+1)
				yy[pos] = v
				names = append(names, strings.Join(yy, "."))
			}
		}
		compare(t, configJSON(true, pats...), names)
	}
}

// TestMaskOneAutomaton: names of 12 elements that one deterministic
// automaton decides keep it, however few tables would replace it (the
// cost model is not asked; see chooseMasks): the model alone prices 1
// to 4 tables of 12 elements (1,050-1,200) at most the automaton's 12
// steps (1,200).
func TestMaskOneAutomaton(t *testing.T) {
	for n := 1; n <= 5; n++ {
		var pats []string
		for i := range n { // one mask each: '*' at position i
			el := slices.Repeat([]string{"x"}, 12)
			el[i] = "*"
			pats = append(pats, strings.Join(el, "."))
		}
		c := Build(load(t, configJSON(true, pats...))).Compact
		if len(c.Automata) != runtime.AutomatonStride || c.Automata[1] != 1 {
			t.Fatalf("%d patterns: automata %v, want one deterministic", n, c.Automata)
		}
		if len(c.MaskDepths) > 0 && c.MaskDepths[12*runtime.MaskDepthStride] == 1 {
			t.Errorf("%d tables: length 12 on tables, want the automaton", n)
		}
	}
}

// TestMaskCostThreshold: two deterministic automata for names of 4
// elements cost 2 x 4 steps (800); t tables hashing 4 elements cost
// 400 + 200 + 50t, so 4 tables are chosen and 5 are not. One automaton
// admitting every length (beside one of 4 elements) keeps the other
// lengths out.
func TestMaskCostThreshold(t *testing.T) {
	two := &runtime.Compact{Automata: []uint32{0, 1, 4, 0, 1, 4}}
	for _, tc := range []struct {
		tables int
		masks  bool
	}{{3, true}, {4, true}, {5, false}, {6, false}} {
		var pats []string
		for m := 1; m <= tc.tables; m++ { // mask m: '*' where its bits are
			elems := []string{"x", "y", "z", "w"}
			for i := range elems {
				if m>>i&1 == 1 {
					elems[i] = "*"
				}
			}
			pats = append(pats, strings.Join(elems, "."))
		}
		var wild []*model.Destination
		for _, d := range load(t, configJSON(true, pats...)).Destinations {
			wild = append(wild, d)
		}
		on := chooseMasks(groupMasks(wild), two, MasksAuto)
		if on[4] != tc.masks {
			t.Errorf("%d tables: length 4 on tables %v, want %v", tc.tables, on[4], tc.masks)
		}
		if one := (&runtime.Compact{Automata: []uint32{0, 1, 0}}); chooseMasks(groupMasks(wild), one, MasksAuto)[4] {
			t.Errorf("%d tables: length 4 on tables with one automaton", tc.tables)
		}
	}
}

// TestMaskLongest: tables for names of MaxElements elements, a literal at
// the last position (the high word of a table's positions) and a '>'
// pattern of MaxElements-1 elements before it; names one shorter, at and
// one longer than the limit.
func TestMaskLongest(t *testing.T) {
	n := runtime.MaxElements
	star := slices.Repeat([]string{"*"}, n)
	star[n-1] = "a"
	tail := slices.Repeat([]string{"b"}, n)
	tail[n-1] = ">"
	data := configJSON(true, strings.Join(star, "."), strings.Join(tail, "."), "b.*.>")
	var names []string
	for _, l := range []int{n - 1, n, n + 1} {
		for _, last := range []string{"a", "c"} {
			el := slices.Repeat([]string{"b"}, l)
			el[l-1] = last
			names = append(names, strings.Join(el, "."))
		}
	}
	compare(t, data, names)
	mt := &BuildWith(load(t, data), Options{Masks: MasksAll}).Matcher
	for _, c := range []struct {
		name string
		want int
	}{{names[2], 0}, {names[3], 1}, {names[1], 2}} {
		if d, _ := mt.Resolve(c.name); d != c.want {
			t.Errorf("Resolve(%d elements, last %q) = %d, want %d", strings.Count(c.name, ".")+1, c.name[len(c.name)-1:], d, c.want)
		}
	}
}

// TestMaskCollisions puts 2,000 patterns in one table, so that many
// keys sit past their first slot, and checks every one's names.
func TestMaskCollisions(t *testing.T) {
	var pats, names []string
	for i := range 2000 {
		pats = append(pats, fmt.Sprintf("p%d.*", i))
		if i%7 == 0 {
			names = append(names, fmt.Sprintf("p%d.x", i), fmt.Sprintf("p%d.x", i+2000))
		}
	}
	mt := &BuildWith(load(t, configJSON(false, pats...)), Options{Masks: MasksAll}).Matcher
	for i := range 2000 {
		if d, _ := mt.Resolve(fmt.Sprintf("p%d.x", i)); d != i {
			t.Fatalf("Resolve(p%d.x) = %d", i, d)
		}
	}
	compare(t, configJSON(true, pats[:300]...), names[:40])
}

// TestMaskTablesWrittenAreProbed: writeMasks writes exactly the tables a
// length the tables decide probes, in order, and numbers MaskProbes by
// them. With length 4 on: the three '*' tables of 4 elements and the '>'
// tables of 3 or fewer (x.y.z.>, x.>), not the '*' table of 3 (x.*.z)
// nor the '>' table of 4 elements (x.y.z.w.>), whose patterns the
// automata keep; with no length on, none; with every length on, all.
func TestMaskTablesWrittenAreProbed(t *testing.T) {
	pats := []string{"x.*.z", "x.y.*.w", "*.y.z.w", "x.y.z.>", "x.>", "x.y.z.w.>", "a.*.c.d"}
	var wild []*model.Destination
	for _, d := range load(t, configJSON(true, pats...)).Destinations {
		wild = append(wild, d)
	}
	mt := groupMasks(wild)
	for _, tc := range []struct {
		lengths []int
		want    []maskKey // in probe order
	}{
		{[]int{4}, []maskKey{{lits: 0b1011, elems: 4}, {lits: 0b1101, elems: 4}, {lits: 0b1110, elems: 4}, {lits: 0b111, elems: 3, tail: true}, {lits: 0b1, elems: 1, tail: true}}},
		{nil, nil},
		{[]int{1, 2, 3, 4, 5, 6}, mt.keys},
	} {
		var on [runtime.MaxElements + 1]bool
		for _, d := range tc.lengths {
			on[d] = true
		}
		p := &Plan{}
		p.writeMasks(mt, on)
		c := &p.Compact
		var got []maskKey
		for i := 0; i+runtime.MaskStride <= len(c.Masks); i += runtime.MaskStride {
			got = append(got, maskKey{lits: uint64(c.Masks[i]) | uint64(c.Masks[i+1])<<32, elems: int(c.Masks[i+2]), tail: c.Masks[i+3] == 1})
		}
		if !slices.Equal(got, tc.want) || len(c.MaskEnds) != len(tc.want) {
			t.Errorf("lengths %v: tables %v (%d ends), want %v", tc.lengths, got, len(c.MaskEnds), tc.want)
		}
		seen := make([]bool, len(got))
		start := uint32(0)
		for d := 0; d <= runtime.MaxElements; d++ {
			end := c.MaskDepths[2*d+1]
			for _, x := range c.MaskProbes[start:end] {
				if !got[x].admits(d) {
					t.Errorf("lengths %v: names of %d elements probe table %d, %v", tc.lengths, d, x, got[x])
				}
				seen[x] = true
			}
			start = end
		}
		if slices.Contains(seen, false) {
			t.Errorf("lengths %v: a written table no length probes: %v", tc.lengths, seen)
		}
	}
}
