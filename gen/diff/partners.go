package diff

import (
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
)

// Sides of a diff, indexing per-side arrays.
const (
	oldSide = iota
	newSide
)

// changed is a destination whose pattern text is in one config only, or
// in both with other attributes. Only names matching a changed pattern can
// get other answers.
type changed struct {
	pat      subject.Pattern
	dest     [2]*model.Destination // per side; nil where absent
	partners [2][]*model.Destination
	// partners lists, per side and in config order, every destination
	// whose pattern overlaps pat (ignoring the byte limit), its own
	// destinations included: every name matching pat matches only these.
}

// changedTrie holds the changed patterns, so that one walk per configured
// destination finds the changed patterns it overlaps.
type changedTrie struct {
	nodes []ctNode
}

type ctNode struct {
	lit        map[string]int32
	star       int32
	term, tail int32 // changed pattern ending here / ending here with '>', or -1
}

func newChangedTrie(cs []*changed) *changedTrie {
	t := &changedTrie{nodes: []ctNode{{star: -1, term: -1, tail: -1}}}
	for i, c := range cs {
		n := int32(0)
		for _, e := range c.pat.Elems {
			if e.Kind == subject.Tail {
				t.nodes[n].tail = int32(i)
				break
			}
			n = t.child(n, e)
		}
		if !c.pat.HasTail() {
			t.nodes[n].term = int32(i)
		}
	}
	return t
}

func (t *changedTrie) child(n int32, e subject.Elem) int32 {
	if e.Kind == subject.Star {
		if t.nodes[n].star < 0 {
			t.nodes[n].star = t.newNode()
		}
		return t.nodes[n].star
	}
	if t.nodes[n].lit == nil {
		t.nodes[n].lit = map[string]int32{}
	}
	c, ok := t.nodes[n].lit[e.Lit]
	if !ok {
		c = t.newNode()
		t.nodes[n].lit[e.Lit] = c
	}
	return c
}

func (t *changedTrie) newNode() int32 {
	t.nodes = append(t.nodes, ctNode{star: -1, term: -1, tail: -1})
	return int32(len(t.nodes) - 1)
}

// overlapping calls f with every changed pattern that some name (of any
// length) matches together with p. Each trie node is visited at most
// once, so f sees each changed pattern at most once.
func (t *changedTrie) overlapping(p subject.Pattern, f func(int32)) {
	t.walk(0, p.Elems, f)
}

func (t *changedTrie) walk(n int32, rest []subject.Elem, f func(int32)) {
	node := &t.nodes[n]
	if len(rest) == 0 {
		call(f, node.term)
		return
	}
	call(f, node.tail) // a changed prefix.'>' takes any one or more elements
	switch e := rest[0]; e.Kind {
	case subject.Tail:
		t.forChildren(n, func(c int32) { t.all(c, f) })
	case subject.Star:
		t.forChildren(n, func(c int32) { t.walk(c, rest[1:], f) })
	default:
		if c, ok := node.lit[e.Lit]; ok {
			t.walk(c, rest[1:], f)
		}
		if node.star >= 0 {
			t.walk(node.star, rest[1:], f)
		}
	}
}

// all calls f with every changed pattern in the subtree at n.
func (t *changedTrie) all(n int32, f func(int32)) {
	call(f, t.nodes[n].term)
	call(f, t.nodes[n].tail)
	t.forChildren(n, func(c int32) { t.all(c, f) })
}

func (t *changedTrie) forChildren(n int32, f func(int32)) {
	for _, c := range t.nodes[n].lit {
		f(c)
	}
	if t.nodes[n].star >= 0 {
		f(t.nodes[n].star)
	}
}

func call(f func(int32), i int32) {
	if i >= 0 {
		f(i)
	}
}

// findPartners fills every changed pattern's partners with one pass over
// both configs. The walk order inside the trie does not matter: each
// destination is appended to a list at most once, in config order.
func findPartners(cs []*changed, ms [2]*model.Model) {
	t := newChangedTrie(cs)
	for s, m := range ms {
		for _, d := range m.Destinations {
			t.overlapping(d.Pattern, func(i int32) {
				cs[i].partners[s] = append(cs[i].partners[s], d)
			})
		}
	}
}
