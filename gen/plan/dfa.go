package plan

import (
	"sort"
	"strconv"
	"strings"

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
// The construction can blow up (patterns like *.a.*.b.*.c multiply
// subsets), so it stops past maxDFASize and the plan keeps the trie, which
// the runtime walks with backtracking instead.

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

// buildNFA puts every wildcard pattern into the trie. Literal patterns
// stay out: they are found in the exact table, and a name that is not
// there cannot match any of them.
func (p *Plan) buildNFA() *nfa {
	a := &nfa{index: map[nfaKey]int32{}}
	a.newNode()
	for _, d := range p.Model.Destinations {
		if d.Pattern.IsLiteral() {
			continue
		}
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

// maxDFASize bounds the deterministic automaton (states plus edges) to a
// multiple of the trie's size, plus slack for small configs. Realistic
// configs stay within about twice the trie; the bound only stops
// pathological blow-up from making the generated package huge.
func maxDFASize(trie int) int { return 8*trie + 4096 }

// dfaState is a set of trie nodes, ascending.
type dfaState []int32

func (s dfaState) key() string {
	var b strings.Builder
	for _, n := range s {
		b.WriteString(strconv.Itoa(int(n)))
		b.WriteByte(',')
	}
	return b.String()
}

// determinizer runs the subset construction.
type determinizer struct {
	a      *nfa
	states []dfaState
	ids    map[string]int32
	star   []int32 // per state: default edge, or -1
	edges  [][]nfaEdge
	size   int
}

// state returns the id of set s, adding it if new.
func (d *determinizer) state(s dfaState) int32 {
	k := s.key()
	if id, ok := d.ids[k]; ok {
		return id
	}
	id := int32(len(d.states))
	d.ids[k] = id
	d.states = append(d.states, s)
	d.star = append(d.star, -1)
	d.edges = append(d.edges, nil)
	d.size++
	return id
}

// determinize returns the deterministic automaton of a, or false if it
// exceeds maxDFASize. States are numbered in breadth-first order and
// edges sorted by element, so the result depends only on the trie.
func determinize(a *nfa) (*determinizer, bool) {
	d := &determinizer{a: a, ids: map[string]int32{}}
	d.state(dfaState{0})
	limit := maxDFASize(a.size())
	for i := 0; i < len(d.states); i++ {
		stars, lits := d.successors(d.states[i])
		if len(stars) > 0 {
			d.star[i] = d.state(stars)
		}
		elems := make([]string, 0, len(lits))
		for e := range lits {
			elems = append(elems, e)
		}
		sort.Strings(elems)
		for _, e := range elems {
			// An element with a literal edge also follows every '*'.
			to := d.state(union(lits[e], stars))
			d.edges[i] = append(d.edges[i], nfaEdge{e, to})
			d.size++
		}
		if d.size > limit {
			return nil, false
		}
	}
	return d, true
}

// successors returns the '*' children of s's nodes and, per element, their
// literal children.
func (d *determinizer) successors(s dfaState) (dfaState, map[string]dfaState) {
	var stars dfaState
	lits := map[string]dfaState{}
	for _, n := range s {
		if c := d.a.star[n]; c >= 0 {
			stars = append(stars, c)
		}
		for _, e := range d.a.edges[n] {
			lits[e.elem] = append(lits[e.elem], e.to)
		}
	}
	sortInt32s(stars)
	return stars, lits
}

// union returns the sorted union of two sets of distinct trie nodes; the
// two are disjoint (a node has one parent edge).
func union(a, b dfaState) dfaState {
	u := append(append(dfaState{}, a...), b...)
	sortInt32s(u)
	return u
}

func sortInt32s(s []int32) {
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
}

// writeDFA stores the automaton in Compact: per state its default edge,
// best term and best tail (Nodes), its literal edges, and in States its
// tail and term lists and their ACL unions.
func (p *Plan) writeDFA(d *determinizer, sets *setInterner) {
	c := &p.Compact
	c.Deterministic = true
	var keys []string
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
		c.Nodes = append(c.Nodes, d.star[i], p.bestRanked(terms), p.bestRanked(tails))
		c.States = append(c.States, p.appendList(tails), uint32(len(tails)), p.appendList(terms), uint32(len(terms)))
		for _, list := range [][]int{tails, terms} {
			for op := range runtime.NumOps {
				c.States = append(c.States, sets.union(list, op))
			}
		}
		for _, e := range d.edges[i] {
			keys = append(keys, e.elem)
			c.EdgeFrom = append(c.EdgeFrom, uint32(i))
			c.EdgeTo = append(c.EdgeTo, uint32(e.to))
		}
	}
	c.EdgeKeys, c.EdgeEnds = Blob(keys)
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

// writeNFA stores the trie itself, for the runtime's backtracking walk.
func (p *Plan) writeNFA(a *nfa) {
	c := &p.Compact
	var keys []string
	for n := range a.star {
		c.Nodes = append(c.Nodes, a.star[n], a.term[n], a.tail[n])
		for _, e := range a.edges[n] {
			keys = append(keys, e.elem)
			c.EdgeFrom = append(c.EdgeFrom, uint32(n))
			c.EdgeTo = append(c.EdgeTo, uint32(e.to))
		}
	}
	c.EdgeKeys, c.EdgeEnds = Blob(keys)
}
