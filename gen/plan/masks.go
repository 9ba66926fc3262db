package plan

import (
	"math/bits"
	"sort"
	"strings"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// Mask tables (runtime/masks.go) are tuple-space search: per name length,
// one hash table per wildcard mask, probed in precedence order. Whether a
// length probes them or walks the automata is chosen per config and per
// length by the cost model below.

// MaskMode says how Build chooses between mask tables and automata.
type MaskMode uint8

const (
	MasksAuto MaskMode = iota // by the cost model, per length
	MasksOff                  // automata for every length (the structure before mask tables)
	MasksAll                  // mask tables for every length
)

// Options are Build's choices; the zero value is what generated code gets.
type Options struct {
	Masks MaskMode
}

// The cost model's constants, in units of one step of a deterministic
// automaton in cache (about 8 ns of CPU time on the development
// machine). Measured in CPU time (the thread's clock, not the wall's:
// the 2 shared cores ran at load average 15-28, which inflated wall
// times several times over and unevenly) on 2026-12-01:
//   - costFilter: one mask table the filter rejects (the key from the
//     name's XORs, one filter word): 4.0 ns, the slope between 1 and 16
//     tables of 2,048 patterns in BenchmarkMaskCosts' probe case;
//   - costHash: one element split off and hashed, and its share of the
//     XORs (maskName.load): about 4 ns;
//   - costMasks: the tables' fixed part, the name's XORs zeroed and the
//     table of the hit read: about 30 ns;
//   - costStep: a step of a deterministic automaton whose states stay
//     in cache, 5-14 ns on the family configs (wildcard-only names by
//     length, mask tables off), more on long elements.
const (
	costStep   = 100.0
	costFilter = 50.0
	costHash   = 50.0
	costMasks  = 400.0
)

// maskKey identifies one table: its patterns' literal positions, their
// elements before any '>', and whether they end in '>'.
type maskKey struct {
	lits  uint64
	elems int
	tail  bool
}

// maskOf returns the table key of a wildcard pattern.
func maskOf(pat subject.Pattern) maskKey {
	k := maskKey{tail: pat.HasTail(), elems: len(pat.Elems)}
	if k.tail {
		k.elems--
	}
	for i, e := range pat.Elems[:k.elems] {
		if e.Kind == subject.Literal {
			k.lits |= 1 << i
		}
	}
	return k
}

// before orders tables as a name's probes meet them (subject.Compare):
// '*' before '>', longer '>' prefixes first, then the mask whose first
// differing position is literal. Reversing the bits puts position 0 on
// top, so the larger reversed mask is the earlier one.
func (a maskKey) before(b maskKey) bool {
	switch {
	case a.tail != b.tail:
		return !a.tail
	case a.elems != b.elems:
		return a.elems > b.elems
	}
	return bits.Reverse64(a.lits) > bits.Reverse64(b.lits)
}

// admits reports whether names of d elements probe the table.
func (a maskKey) admits(d int) bool {
	if a.tail {
		return a.elems < d
	}
	return a.elems == d
}

// maskTables groups the wildcard patterns by table, tables in probe order.
type maskTables struct {
	keys  []maskKey
	dests [][]*model.Destination
}

func groupMasks(wild []*model.Destination) *maskTables {
	byKey := map[maskKey][]*model.Destination{}
	t := &maskTables{}
	for _, d := range wild {
		k := maskOf(d.Pattern)
		if _, ok := byKey[k]; !ok {
			t.keys = append(t.keys, k)
		}
		byKey[k] = append(byKey[k], d)
	}
	sort.Slice(t.keys, func(i, j int) bool { return t.keys[i].before(t.keys[j]) })
	for _, k := range t.keys {
		t.dests = append(t.dests, byKey[k])
	}
	return t
}

// probes returns the tables names of d elements probe, in order, and the
// elements they hash (one past the last literal position).
func (t *maskTables) probes(d int) (tables []int, need int) {
	var lits uint64
	for i, k := range t.keys {
		if k.admits(d) {
			tables = append(tables, i)
			lits |= k.lits
		}
	}
	return tables, bits.Len64(lits)
}

// maskCost is the cost model's estimate of a lookup of a name of d
// elements in the tables: its elements hashed, then every table tested
// against the filter (a name only '>' patterns match, or none, tests
// them all), one read; 0 when no table admits the length.
func (t *maskTables) maskCost(d int) float64 {
	tables, need := t.probes(d)
	if len(tables) == 0 {
		return 0
	}
	return costMasks + costHash*float64(need) + costFilter*float64(len(tables))
}

// automataCost is the cost model's estimate of a walk of the automata c
// holds for a name of d elements: a step per element of each that admits
// it.
func automataCost(c *runtime.Compact, d int) float64 {
	cost := 0.0
	for i := 0; i+runtime.AutomatonStride <= len(c.Automata); i += runtime.AutomatonStride {
		f := c.Automata[i:]
		if f[2] == 0 || int(f[2]) == d {
			cost += costStep * float64(d)
		}
	}
	return cost
}

// chooseMasks returns, per name length, whether the tables decide: by
// mode, or where the cost model says they cost no more than the automata
// c holds (built from every wildcard pattern). A length that a single
// deterministic automaton decides keeps it whatever the model says: one
// step per element, on automata small enough to stay in cache, beat
// every table set in BenchmarkMaskAB (wildcard-only names on the exact
// shapes at N = 100, one automaton each: 24-35% faster, p <= 0.009,
// load average 3-8, 2026-12-01), and again per length in CPU time with
// the filtered tables (1.1-3.6 times faster on every exact shape, at
// N = 100 and 10k). The tables win where a name walks several automata,
// a trie among them (wild-events and wild-long 10k).
func chooseMasks(t *maskTables, c *runtime.Compact, mode MaskMode) (on [runtime.MaxElements + 1]bool) {
	for d := 1; d <= runtime.MaxElements; d++ {
		switch {
		case mode == MasksAll:
			on[d] = true
		case mode != MasksAuto:
		case t.maskCost(d) > 0 && oneDeterministic(c, d):
		default:
			on[d] = t.maskCost(d) <= automataCost(c, d)
		}
	}
	return on
}

// oneDeterministic reports whether exactly one automaton of c admits
// names of d elements (every automaton is deterministic).
func oneDeterministic(c *runtime.Compact, d int) bool {
	n := 0
	for i := 0; i+runtime.AutomatonStride <= len(c.Automata); i += runtime.AutomatonStride {
		if f := c.Automata[i:]; f[2] == 0 || int(f[2]) == d {
			n++
		}
	}
	return n == 1
}

// automataPatterns returns the patterns of wild that a name of a length
// not decided by the tables can match.
func automataPatterns(wild []*model.Destination, on [runtime.MaxElements + 1]bool) []*model.Destination {
	var out []*model.Destination
	for _, d := range wild {
		k := maskOf(d.Pattern)
		for n := 1; n <= runtime.MaxElements; n++ {
			if !on[n] && k.admits(n) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// writeMasks appends the tables some length probes and, per length, the
// choice and the tables it probes. A table only lengths that walk the
// automata admit is left out (its patterns are in the automata): the
// exact shapes' plans wrote 30 such tables of 10,000 patterns at 100k
// destinations, which Load read and init built for no lookup.
func (p *Plan) writeMasks(t *maskTables, on [runtime.MaxElements + 1]bool) {
	c := &p.Compact
	num := usedTables(t, on)
	var keys []string
	for i, k := range t.keys {
		if num[i] < 0 {
			continue
		}
		c.Masks = append(c.Masks, uint32(k.lits), uint32(k.lits>>32), uint32(k.elems), boolWord(k.tail))
		for _, d := range t.dests[i] {
			c.MaskDests = append(c.MaskDests, uint32(d.Index))
			keys = append(keys, literalKey(d.Pattern))
		}
		c.MaskEnds = append(c.MaskEnds, uint32(len(c.MaskDests)))
	}
	c.MaskKeys, c.MaskKeyEnds = Blob(keys)
	for d := 0; d <= runtime.MaxElements; d++ {
		if on[d] {
			tables, _ := t.probes(d)
			for _, i := range tables {
				c.MaskProbes = append(c.MaskProbes, uint32(num[i]))
			}
		}
		c.MaskDepths = append(c.MaskDepths, boolWord(on[d]), uint32(len(c.MaskProbes)))
	}
}

// usedTables numbers, in order, the tables of t that a length the tables
// decide (on) probes; -1 for the others.
func usedTables(t *maskTables, on [runtime.MaxElements + 1]bool) []int {
	num := make([]int, len(t.keys))
	for i, k := range t.keys {
		num[i] = -1
		for d, o := range on {
			if o && k.admits(d) {
				num[i] = 0
				break
			}
		}
	}
	n := 0
	for i := range num {
		if num[i] == 0 {
			num[i], n = n, n+1
		}
	}
	return num
}

// literalKey is a pattern's literal elements joined by '.', as a table
// keys it.
func literalKey(pat subject.Pattern) string {
	var lits []string
	for _, e := range pat.Elems {
		if e.Kind == subject.Literal {
			lits = append(lits, e.Lit)
		}
	}
	return strings.Join(lits, ".")
}

func boolWord(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
