package model

import (
	"math"

	"github.com/destgen/destgen/gen/subject"
)

// overlapTrie finds, for a destination, the earliest destination with a
// different placement whose pattern overlaps it, without comparing every
// pair: patterns share a trie of elements, and each node summarises the
// earliest destinations below it by placement, so that the walk skips any
// subtree that cannot hold an earlier conflict. In a valid config every
// subtree is consistent and a query costs about the pattern's depth.
type overlapTrie struct {
	dests     []*Destination
	nodes     []otNode
	placement []int32 // per destination
}

type otNode struct {
	lit        map[string]int32
	star       int32
	term, tail int32 // destination ending here / ending here with '>', or -1
	below      earliest
}

// earliest summarises destinations: first is the lowest index and firstAt
// its placement; other is the lowest index with a placement other than
// firstAt. Two such summaries merge exactly, which is all the walk needs.
type earliest struct {
	first, firstAt, other int32
}

var none = earliest{math.MaxInt32, -1, math.MaxInt32}

func (e earliest) add(i, at int32) earliest {
	switch {
	case i < e.first:
		if at != e.firstAt {
			e.other = e.first
		}
		e.first, e.firstAt = i, at
	case at != e.firstAt && i < e.other:
		e.other = i
	}
	return e
}

func (e earliest) merge(f earliest) earliest {
	e = e.add(f.first, f.firstAt)
	if f.other != math.MaxInt32 {
		// f.other's placement differs from f.firstAt, which is all add
		// needs to know when f.first was not the new first.
		e = e.add(f.other, -2-f.firstAt)
	}
	return e
}

// notAt returns the lowest index whose placement is not at.
func (e earliest) notAt(at int32) int32 {
	if e.firstAt != at {
		return e.first
	}
	return e.other
}

func newOverlapTrie(ds []*Destination, placement []int32) *overlapTrie {
	t := &overlapTrie{dests: ds, placement: placement}
	parent := []int32{-1}
	t.nodes = append(t.nodes, otNode{star: -1, term: -1, tail: -1, below: none})
	for _, d := range ds {
		n := int32(0)
		for _, e := range d.Pattern.Elems {
			if e.Kind == subject.Tail {
				t.nodes[n].tail = int32(d.Index)
				break
			}
			n = t.child(n, e, &parent)
		}
		if !d.Pattern.HasTail() {
			t.nodes[n].term = int32(d.Index)
		}
	}
	for i := len(t.nodes) - 1; i >= 0; i-- { // children come after parents
		n := &t.nodes[i]
		for _, d := range []int32{n.term, n.tail} {
			if d >= 0 {
				n.below = n.below.add(d, placement[d])
			}
		}
		if p := parent[i]; p >= 0 {
			t.nodes[p].below = t.nodes[p].below.merge(n.below)
		}
	}
	return t
}

func (t *overlapTrie) child(n int32, e subject.Elem, parent *[]int32) int32 {
	if e.Kind == subject.Star {
		if t.nodes[n].star < 0 {
			t.nodes[n].star = t.newNode(n, parent)
		}
		return t.nodes[n].star
	}
	if t.nodes[n].lit == nil {
		t.nodes[n].lit = map[string]int32{}
	}
	c, ok := t.nodes[n].lit[e.Lit]
	if !ok {
		c = t.newNode(n, parent)
		t.nodes[n].lit[e.Lit] = c
	}
	return c
}

func (t *overlapTrie) newNode(parent int32, parents *[]int32) int32 {
	t.nodes = append(t.nodes, otNode{star: -1, term: -1, tail: -1, below: none})
	*parents = append(*parents, parent)
	return int32(len(t.nodes) - 1)
}

// query is one search: the earliest destination before limit, with a
// placement other than at, overlapping pattern p (ignoring name length
// limits, which the caller checks with subject.Overlap) and not excluded.
type query struct {
	t        *overlapTrie
	p        subject.Pattern
	at       int32
	best     int32 // the answer so far, and the bound for pruning
	excluded map[int32]bool
}

func (t *overlapTrie) earliestConflict(p subject.Pattern, at, limit int32, excluded map[int32]bool) int32 {
	q := &query{t: t, p: p, at: at, best: limit, excluded: excluded}
	q.walk(0, 0)
	return q.best
}

func (q *query) consider(d int32) {
	if d >= 0 && d < q.best && q.t.placement[d] != q.at && !q.excluded[d] {
		q.best = d
	}
}

func (q *query) walk(n int32, pos int) {
	node := &q.t.nodes[n]
	if node.below.notAt(q.at) >= q.best && len(q.excluded) == 0 {
		return // nothing earlier with another placement down here
	}
	if pos == len(q.p.Elems) {
		q.consider(node.term)
		return
	}
	q.consider(node.tail) // path.'>' matches one or more further elements
	switch e := q.p.Elems[pos]; e.Kind {
	case subject.Tail:
		for _, c := range node.lit {
			q.all(c)
		}
		if node.star >= 0 {
			q.all(node.star)
		}
	case subject.Star:
		for _, c := range node.lit {
			q.walk(c, pos+1)
		}
		if node.star >= 0 {
			q.walk(node.star, pos+1)
		}
	default:
		if c, ok := node.lit[e.Lit]; ok {
			q.walk(c, pos+1)
		}
		if node.star >= 0 {
			q.walk(node.star, pos+1)
		}
	}
}

// all considers every destination in the subtree at n.
func (q *query) all(n int32) {
	node := &q.t.nodes[n]
	if len(q.excluded) == 0 {
		q.consider(node.below.notAt(q.at))
		return
	}
	q.consider(node.term)
	q.consider(node.tail)
	for _, c := range node.lit {
		q.all(c)
	}
	if node.star >= 0 {
		q.all(node.star)
	}
}

// conflict returns the earliest destination before d with another
// placement that overlaps it, with a witness name. A structural overlap
// whose shortest common name exceeds FTL's byte limit is no overlap; it is
// excluded and the search repeated, which real configs never need.
func (t *overlapTrie) conflict(d *Destination, placement []int32) (*Destination, string, bool) {
	var excluded map[int32]bool
	for {
		e := t.earliestConflict(d.Pattern, placement[d.Index], int32(d.Index), excluded)
		if e >= int32(d.Index) {
			return nil, "", false
		}
		if w, ok := subject.Overlap(t.dests[e].Pattern, d.Pattern); ok {
			return t.dests[e], w, true
		}
		if excluded == nil {
			excluded = map[int32]bool{}
		}
		excluded[e] = true
	}
}
