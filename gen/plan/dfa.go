package plan

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// The wildcard patterns form a trie of elements in which a '*' edge
// matches any element: a nondeterministic automaton, since a name element
// may follow both a literal edge and a '*' edge. Walking it means
// backtracking (the previous runtime walked it depth-first, literal
// first). Here it is made deterministic by the subset construction: each
// state is the set of trie nodes one name prefix reaches, and its edges
// are the literal elements leaving any of them, plus a default edge for
// every other element. A lookup then follows one edge per element and
// never backtracks, and each state carries what its nodes contribute
// (precomputed best matches, match lists and ACL unions).
//
// The construction can blow up: a pattern with '*' at element i joins the
// state of every name prefix whose first i elements it matches, so
// patterns branching at different depths multiply subsets (the benchmark's
// wildcard-heavy 10k config: a trie of 33k nodes and edges, a 1.1M
// automaton). The plan then splits the patterns by the position of their
// first '*' and merges adjacent groups while the automata stay within
// maxDFASize in all; each group's automaton runs on its own at lookup
// (three or four on that config, 63k in all). A group that does not fit
// even alone is split further, by its patterns' wildcard masks, down to
// groups of one mask, whose tries are deterministic already.

// nfa is the wildcard trie.
type nfa struct {
	star, term, tail []int32 // per node; -1 for none
	edges            [][]nfaEdge
	index            map[nfaKey]int32 // (node, element) -> child
}

type nfaKey struct {
	node int32
	elem string
}

type nfaEdge struct {
	elem string
	to   int32
}

func (a *nfa) newNode() int32 {
	a.star, a.term, a.tail = append(a.star, -1), append(a.term, -1), append(a.tail, -1)
	a.edges = append(a.edges, nil)
	return int32(len(a.star) - 1)
}

// child returns node's child for element e, creating it.
func (a *nfa) child(node int32, e subject.Elem) int32 {
	if e.Kind == subject.Star {
		if a.star[node] < 0 {
			c := a.newNode()
			a.star[node] = c
		}
		return a.star[node]
	}
	k := nfaKey{node, e.Lit}
	if c, ok := a.index[k]; ok {
		return c
	}
	c := a.newNode()
	a.index[k] = c
	a.edges[node] = append(a.edges[node], nfaEdge{e.Lit, c})
	return c
}

// size is the automaton's size as maxDFASize counts it.
func (a *nfa) size() int {
	n := len(a.star)
	for _, es := range a.edges {
		n += len(es)
	}
	return n
}

// buildNFA puts the patterns of dests into a trie.
func buildNFA(dests []*model.Destination) *nfa {
	a := &nfa{index: map[nfaKey]int32{}}
	a.newNode()
	for _, d := range dests {
		node := int32(0)
		for _, e := range d.Pattern.Elems {
			if e.Kind == subject.Tail {
				a.tail[node] = int32(d.Index)
				break
			}
			node = a.child(node, e)
		}
		if !d.Pattern.HasTail() {
			a.term[node] = int32(d.Index)
		}
	}
	return a
}

// maxDFASize bounds the deterministic automata (states plus edges) to a
// multiple of the trie's size, plus slack for small configs: the generated
// data grows with them, and past a few times the trie a split into more
// automata (more lookups per element) is the better trade.
func maxDFASize(trie int) int { return 4*trie + 4096 }

// buildWildcards builds the automata of the wildcard patterns. Literal
// patterns stay out: they are found in the exact table, and a name that is
// not there cannot match any of them.
func (p *Plan) buildWildcards() {
	var wild []*model.Destination
	for _, d := range p.Model.Destinations {
		if !d.Pattern.IsLiteral() {
			wild = append(wild, d)
		}
	}
	if len(wild) == 0 {
		return
	}
	mode := p.opts.Masks
	if forceSplit || forceMaskSplit {
		mode = MasksOff // those tests are of the automata
	}
	if mode == MasksOff {
		p.writeAutomata(wild)
		return
	}
	t := groupMasks(wild)
	var on [runtime.MaxElements + 1]bool
	if mode == MasksAll {
		on = chooseMasks(t, nil, mode)
	} else {
		// The cost model weighs the automata of every pattern; where the
		// tables win, their lengths' patterns leave the automata, which
		// are built again from the rest.
		p.writeAutomata(wild)
		on = chooseMasks(t, &p.Compact, mode)
		if on == ([runtime.MaxElements + 1]bool{}) {
			return
		}
		p.resetAutomata()
	}
	p.writeAutomata(automataPatterns(wild, on))
	p.writeMasks(t, on)
}

// resetAutomata drops the automata written so far, before anything else
// used Lists.
func (p *Plan) resetAutomata() {
	c := &p.Compact
	c.Automata, c.States, c.Nodes, c.Lists = nil, nil, nil, nil
	c.EdgeFrom, c.EdgeTo, p.edgeKeys = nil, nil, nil
}

// writeAutomata builds the automata of the patterns wild.
func (p *Plan) writeAutomata(wild []*model.Destination) {
	if len(wild) == 0 {
		return
	}
	// One interner for every automaton: building one per automaton
	// hashed every set again each time, and a group split by mask at
	// 100k destinations writes hundreds of automata.
	p.dfaSets = newSetInterner(&p.Compact)
	defer func() { p.dfaSets = nil }()
	all := buildNFA(wild)
	budget := maxDFASize(all.size())
	if d, ok := determinize(all, budget); ok && !forceSplit && !forceMaskSplit {
		p.writeGroup(wild, d, budget)
		return
	}
	p.writeMerged(byFirstStar(wild), budget)
}

// writeMerged writes the automata of buckets, in order, and returns the
// size of what it wrote: adjacent buckets share an automaton while it
// stays within budget. A bucket too large even alone gets an automaton
// per pattern length if it has no '>' pattern (writeLengths), as it did
// before masks split anything, else it is split by its patterns'
// wildcard masks (byMask) and written the same way; a bucket of one mask
// is deterministic as it is, its trie's size whatever the budget, so
// every automaton is deterministic. (Such a bucket, or a length too large
// alone, used to keep its trie, walked depth first with backtracking; no
// benchmark config's plan at N = 100 or 10k had one, and the runtime's
// walk, its signatures and their checks went: bench/README.md, "What
// each structure earns".)
func (p *Plan) writeMerged(buckets [][]*model.Destination, budget int) int {
	written := 0
	var group []*model.Destination // patterns of the automaton being grown
	var dfa *determinizer          // its automaton
	flush := func() {
		if dfa != nil {
			written += p.writeGroup(group, dfa, budget-written)
		}
		group, dfa = nil, nil
	}
	for _, bucket := range buckets {
		if dfa != nil && !forceSplit && !forceMaskSplit {
			merged := append(slices.Clone(group), bucket...)
			if d, ok := determinize(buildNFA(merged), budget-written); ok {
				group, dfa = merged, d
				continue
			}
		}
		flush()
		masks := byMask(bucket)
		d, ok := determinize(buildNFA(bucket), budget-written)
		switch {
		case !ok && len(byLength(bucket)) > 1:
			written += p.writeLengths(byLength(bucket), budget-written)
			continue
		case len(masks) == 1 && !ok:
			d, _ = determinize(buildNFA(bucket), math.MaxInt)
		case len(masks) > 1 && (!ok || forceMaskSplit):
			written += p.writeMerged(masks, budget-written)
			continue
		}
		group, dfa = bucket, d
	}
	flush()
	return written
}

// byMask groups dests by their elements' kinds (literal, '*', '>'), in
// precedence order: of two masks, the one with a literal where the other
// first has a wildcard comes first. Two '*'-class patterns matching one
// name have its length, and the first position where their masks differ
// ranks them (subject.Compare), so the first automaton of these groups
// to find one finds the best, as byFirstStar's order promises.
func byMask(dests []*model.Destination) [][]*model.Destination {
	groups := map[string][]*model.Destination{}
	var masks []string
	for _, d := range dests {
		k := make([]byte, len(d.Pattern.Elems))
		for i, e := range d.Pattern.Elems {
			k[i] = byte('0' + e.Kind) // the literal kind sorts first
		}
		if groups[string(k)] == nil {
			masks = append(masks, string(k))
		}
		groups[string(k)] = append(groups[string(k)], d)
	}
	slices.Sort(masks)
	out := make([][]*model.Destination, len(masks))
	for i, k := range masks {
		out[i] = groups[k]
	}
	return out
}

// writeGroup appends the automaton d of the patterns group and returns
// the size of the deterministic automata it wrote. When no pattern of the
// group ends in '>', a name can only match those of its own length, so
// the group gets an automaton per length instead, each for names of that
// many elements (runtime.Automaton.Elements): a name walks the one of its
// length, whose states die as soon as no pattern of that length can
// match. On the wild 10k benchmark config this cut Resolve's time on
// mixed names by about a tenth, and at wild 100k on misses by a third.
func (p *Plan) writeGroup(group []*model.Destination, d *determinizer, budget int) int {
	byLen := byLength(group)
	if len(byLen) > 1 {
		return p.writeLengths(byLen, budget)
	}
	elements := 0
	if len(byLen) == 1 {
		elements = len(group[0].Pattern.Elems)
	}
	p.writeDFA(d, elements)
	return d.size
}

// writeLengths writes an automaton per pattern length of byLen, for names
// of that length, and returns the size written.
func (p *Plan) writeLengths(byLen map[int][]*model.Destination, budget int) int {
	size := 0
	for n := 1; n <= runtime.MaxElements; n++ {
		if byLen[n] != nil {
			size += p.writeAutomaton(byLen[n], n, budget-size)
		}
	}
	return size
}

// byLength groups dests by their number of elements, or returns nil when
// one ends in '>' (it matches names of any greater length).
func byLength(dests []*model.Destination) map[int][]*model.Destination {
	byLen := map[int][]*model.Destination{}
	for _, d := range dests {
		if d.Pattern.HasTail() {
			return nil
		}
		n := len(d.Pattern.Elems)
		byLen[n] = append(byLen[n], d)
	}
	return byLen
}

// writeAutomaton appends the automaton of dests, for names of elements
// elements (0 for any), split by mask (writeMerged) if it does not fit
// budget, and returns the size written.
func (p *Plan) writeAutomaton(dests []*model.Destination, elements, budget int) int {
	if d, ok := determinize(buildNFA(dests), budget); ok {
		p.writeDFA(d, elements)
		return d.size
	}
	return p.writeMerged(byMask(dests), budget)
}

// byFirstStar groups dests by the position of their first '*', in
// descending order, those without a '*' first. The runtime relies on that
// order (see runtime.Matcher.Automata): of two '*' patterns matching one
// name, the one whose first '*' comes later ranks first (at the earlier
// one's '*' it has a literal), so once an automaton finds a pattern
// without '>', none after it can find a better one.
func byFirstStar(dests []*model.Destination) [][]*model.Destination {
	buckets := make([][]*model.Destination, runtime.MaxElements+1)
	for _, d := range dests {
		pos := runtime.MaxElements
		for i, e := range d.Pattern.Elems {
			if e.Kind == subject.Star {
				pos = i
				break
			}
		}
		buckets[pos] = append(buckets[pos], d)
	}
	var out [][]*model.Destination
	for i := len(buckets) - 1; i >= 0; i-- {
		if len(buckets[i]) > 0 {
			out = append(out, buckets[i])
		}
	}
	return out
}

// dfaState is a set of trie nodes, ascending.
type dfaState []int32

// determinizer runs the subset construction. Its cost is the sum of the
// subsets' sizes (each state's nodes are read once, for their edges) plus
// a sort of each state's outgoing edges, with no allocation per edge:
// states are found by the bytes of their node numbers in one map, and
// successors are grouped by sorting (element, node) pairs in scratch
// slices (an earlier version built a map of slices per state and decimal
// keys per successor; on the iot 100k config its attempts took most of
// plan.Build's 9 s of CPU).
type determinizer struct {
	a      *nfa
	states []dfaState
	ids    map[string]int32
	star   []int32 // per state: default edge, or -1
	edges  [][]nfaEdge
	size   int

	key   []byte    // scratch: a set's bytes, for ids
	pairs []nfaEdge // scratch: the literal edges leaving a state
	set   dfaState  // scratch: one successor set
}

// state returns the id of set s, adding a copy of it if new.
func (d *determinizer) state(s dfaState) int32 {
	d.key = d.key[:0]
	for _, n := range s {
		d.key = binary.LittleEndian.AppendUint32(d.key, uint32(n))
	}
	if id, ok := d.ids[string(d.key)]; ok {
		return id
	}
	id := int32(len(d.states))
	d.ids[string(d.key)] = id
	d.states = append(d.states, slices.Clone(s))
	d.star = append(d.star, -1)
	d.edges = append(d.edges, nil)
	d.size++
	return id
}

// determinize returns the deterministic automaton of a, or false if it
// exceeds limit (states plus edges). States are numbered in breadth-first
// order and edges sorted by element, so the result depends only on the
// trie.
func determinize(a *nfa, limit int) (*determinizer, bool) {
	d := &determinizer{a: a, ids: map[string]int32{}}
	d.state(dfaState{0})
	var stars dfaState
	for i := 0; i < len(d.states); i++ {
		stars = d.successors(d.states[i], stars[:0])
		if len(stars) > 0 {
			d.star[i] = d.state(stars)
		}
		// d.pairs is sorted by element, then node: each run of one
		// element is the literal children reached by it, ascending.
		for lo := 0; lo < len(d.pairs); {
			hi := lo + 1
			for hi < len(d.pairs) && d.pairs[hi].elem == d.pairs[lo].elem {
				hi++
			}
			// An element with a literal edge also follows every '*'.
			to := d.state(d.merge(d.pairs[lo:hi], stars))
			d.edges[i] = append(d.edges[i], nfaEdge{d.pairs[lo].elem, to})
			d.size++
			lo = hi
		}
		if d.size > limit {
			return nil, false
		}
	}
	return d, true
}

// successors appends the '*' children of s's nodes to stars, sorted, and
// leaves their literal edges in d.pairs, sorted by element, then child.
func (d *determinizer) successors(s, stars dfaState) dfaState {
	d.pairs = d.pairs[:0]
	for _, n := range s {
		if c := d.a.star[n]; c >= 0 {
			stars = append(stars, c)
		}
		d.pairs = append(d.pairs, d.a.edges[n]...)
	}
	slices.Sort(stars)
	slices.SortFunc(d.pairs, func(x, y nfaEdge) int {
		if c := strings.Compare(x.elem, y.elem); c != 0 {
			return c
		}
		return cmp.Compare(x.to, y.to)
	})
	return stars
}

// merge returns, in d.set, the sorted union of the children of edges
// (ascending) and stars (ascending); the two are disjoint (a node has one
// parent edge).
func (d *determinizer) merge(edges []nfaEdge, stars dfaState) dfaState {
	u := d.set[:0]
	i, j := 0, 0
	for i < len(edges) && j < len(stars) {
		if edges[i].to < stars[j] {
			u = append(u, edges[i].to)
			i++
		} else {
			u = append(u, stars[j])
			j++
		}
	}
	for ; i < len(edges); i++ {
		u = append(u, edges[i].to)
	}
	u = append(u, stars[j:]...)
	d.set = u
	return u
}

// writeDFA appends the automaton to Compact: per state its default edge,
// best term and best tail (Nodes), its literal edges, and in States its
// tail and term lists and their ACL unions.
func (p *Plan) writeDFA(d *determinizer, elements int) {
	c := &p.Compact
	base := p.startAutomaton(elements)
	sets := p.dfaSets
	for i, s := range d.states {
		var tails, terms []int
		for _, n := range s {
			if t := d.a.tail[n]; t >= 0 {
				tails = append(tails, int(t))
			}
			if t := d.a.term[n]; t >= 0 {
				terms = append(terms, int(t))
			}
		}
		c.Nodes = append(c.Nodes, offset(d.star[i], base), p.bestRanked(terms), p.bestRanked(tails))
		c.States = append(c.States, p.appendList(tails), uint32(len(tails)), p.appendList(terms), uint32(len(terms)))
		for _, list := range [][]int{tails, terms} {
			for op := range runtime.NumOps {
				c.States = append(c.States, sets.union(list, op))
			}
		}
		for _, e := range d.edges[i] {
			p.addEdge(base+int32(i), e.elem, base+e.to)
		}
	}
}

// startAutomaton records a deterministic automaton starting at the next
// node, for names of elements elements (0 for any), and returns that
// node's number, which offsets the automaton's own.
func (p *Plan) startAutomaton(elements int) int32 {
	c := &p.Compact
	base := int32(len(c.Nodes) / runtime.NodeStride)
	c.Automata = append(c.Automata, uint32(base), runtime.AutomatonDFA, uint32(elements))
	return base
}

func (p *Plan) addEdge(from int32, elem string, to int32) {
	c := &p.Compact
	p.edgeKeys = append(p.edgeKeys, elem)
	c.EdgeFrom = append(c.EdgeFrom, uint32(from))
	c.EdgeTo = append(c.EdgeTo, uint32(to))
}

// offset returns node n of an automaton starting at base; -1 stays.
func offset(n, base int32) int32 {
	if n < 0 {
		return n
	}
	return n + base
}

// bestRanked returns the destination of dests that ranks first, or -1.
func (p *Plan) bestRanked(dests []int) int32 {
	best := int32(-1)
	for _, d := range dests {
		if best < 0 || p.Compact.Rank[d] < p.Compact.Rank[best] {
			best = int32(d)
		}
	}
	return best
}

// appendList appends dests, sorted, to Compact.Lists and returns where.
func (p *Plan) appendList(dests []int) uint32 {
	sort.Ints(dests)
	start := uint32(len(p.Compact.Lists))
	for _, d := range dests {
		p.Compact.Lists = append(p.Compact.Lists, uint32(d))
	}
	return start
}
