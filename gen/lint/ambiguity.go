package lint

import (
	"fmt"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
)

// Two patterns a and b are ambiguous when some name matches both, they rank
// in the same place (same class; for '>' patterns, the same element count)
// and neither's names are a subset of the other's. Then Compare's last rule,
// the first position where exactly one has a wildcard, picks the winner: a
// rule a reader may not expect, unlike "the more specific pattern wins",
// which is what the subset case amounts to.
//
// For two patterns of one class and one length (a '>' counts as a position
// where both have a wildcard) names(a) ⊆ names(b) exactly when b has a
// wildcard wherever a has one: a position where a has a wildcard and b a
// literal admits a name of a with another one-byte element there, which
// fits the byte limit because a's own text does. So a and b are ambiguous
// exactly when they overlap (subject.Overlap, which knows the limits) and
// there are both a position where only a has a wildcard and one where only
// b has one. A literal pattern is never ambiguous: two distinct literals
// never share a name.

type ambiguity struct {
	later, earlier int // destination indices, earlier < later
	witness        string
}

type groupKey struct {
	class subject.Class
	elems int
}

// ambiguities reports, for each destination ambiguous with some earlier
// one, the earliest such, so that the report is linear in the config.
//
// Only patterns of one class and length can be ambiguous, so each (class,
// length) group has its own trie keyed by element, '*' having its own
// child. A query for pattern d follows, at each position, d's literal and
// the '*' child, or every child where d has a wildcard: so it only ever
// reaches patterns whose elements agree with d's at every position
// (subject.Overlap then applies the byte limit). It also skips subtrees
// whose first destination comes after the best found so far (children are
// kept in insertion order, which is config order, so the scan stops early)
// and subtrees where no pattern can still supply a position where d has a
// literal and it a wildcard, or the reverse, known from per-node masks of
// the positions where patterns below have wildcards and literals (at most
// 64 elements, so a mask is a uint64). Pruning never drops a candidate.
func ambiguities(pats []subject.Pattern) []ambiguity {
	tries := map[groupKey]*tnode{}
	var out []ambiguity
	for i, p := range pats {
		if p.Class() == subject.ExactClass {
			continue
		}
		k := groupKey{p.Class(), len(p.Elems)}
		root := tries[k]
		if root == nil {
			root = newNode("")
			tries[k] = root
		}
		q := newQuery(pats, p, i)
		q.walk(root, 0, false, false)
		if q.best < i {
			w, _ := subject.Overlap(pats[q.best], p)
			out = append(out, ambiguity{later: i, earlier: q.best, witness: w})
		}
		root.insert(p, i, q.span)
	}
	return out
}

// tnode is a trie node. A node at depth k stands for the patterns sharing
// its path at positions 0..k-1.
type tnode struct {
	lit   string
	kids  []*tnode          // literal children, in insertion order
	index map[string]*tnode // kids by literal, once there are many
	star  *tnode
	first int // the first destination inserted below: the smallest index
	dest  int // at a leaf, the destination
	// Positions, from this node's depth on, where some pattern below has
	// a wildcard / a literal.
	wildBelow, litBelow uint64
	// covers are the patterns whose path ends here (dead.go's trie).
	covers []cover
}

// indexAt is when a node starts indexing its children by literal: below
// it a linear scan of a few strings is cheaper than a map.
const indexAt = 8

func newNode(lit string) *tnode { return &tnode{lit: lit, first: -1, dest: -1} }

func (n *tnode) child(lit string) *tnode {
	if n.index != nil {
		return n.index[lit]
	}
	for _, k := range n.kids {
		if k.lit == lit {
			return k
		}
	}
	return nil
}

func (n *tnode) addChild(lit string) *tnode {
	k := newNode(lit)
	n.kids = append(n.kids, k)
	if n.index != nil {
		n.index[lit] = k
	} else if len(n.kids) > indexAt {
		n.index = make(map[string]*tnode, 2*len(n.kids))
		for _, k := range n.kids {
			n.index[k.lit] = k
		}
	}
	return k
}

// descend returns n's child for element e, creating it.
func (n *tnode) descend(e subject.Elem) *tnode {
	if e.Kind == subject.Literal {
		if c := n.child(e.Lit); c != nil {
			return c
		}
		return n.addChild(e.Lit)
	}
	if n.star == nil {
		n.star = newNode("")
	}
	return n.star
}

// insert adds pattern p, destination i, over its first span positions.
func (n *tnode) insert(p subject.Pattern, i, span int) {
	wild, lit := masks(p, span)
	for pos := 0; ; pos++ {
		if n.first < 0 {
			n.first = i
		}
		from := ^uint64(0) << pos
		n.wildBelow |= wild & from
		n.litBelow |= lit & from
		if pos == span {
			n.dest = i
			return
		}
		e := p.Elems[pos]
		n = n.descend(e)
	}
}

// masks returns the positions before span where p has a wildcard and
// where it has a literal.
func masks(p subject.Pattern, span int) (wild, lit uint64) {
	for k, e := range p.Elems[:span] {
		if e.Kind == subject.Literal {
			lit |= 1 << k
		} else {
			wild |= 1 << k
		}
	}
	return wild, lit
}

type query struct {
	pats      []subject.Pattern
	d         subject.Pattern
	span      int
	wild, lit uint64 // d's masks
	best      int
}

// newQuery prepares the search for the earliest destination ambiguous with
// d (index i). A '>' is the same in both patterns of a group, so only the
// positions before it are compared.
func newQuery(pats []subject.Pattern, d subject.Pattern, i int) *query {
	span := len(d.Elems)
	if d.HasTail() {
		span--
	}
	q := &query{pats: pats, d: d, span: span, best: i}
	q.wild, q.lit = masks(d, span)
	return q
}

// walk visits the subtree of n, at depth pos. a records that some position
// so far has a literal in d and a wildcard in the other pattern; b the
// reverse. Both must hold at a leaf.
func (q *query) walk(n *tnode, pos int, a, b bool) {
	switch {
	case n.first >= q.best:
		return
	case !a && q.lit&n.wildBelow == 0:
		return
	case !b && q.wild&n.litBelow == 0:
		return
	case pos == q.span:
		if _, ok := subject.Overlap(q.pats[n.dest], q.d); ok {
			q.best = n.dest
		}
		return
	}
	if e := q.d.Elems[pos]; e.Kind == subject.Literal {
		if k := n.child(e.Lit); k != nil {
			q.walk(k, pos+1, a, b)
		}
		if n.star != nil {
			q.walk(n.star, pos+1, true, b)
		}
		return
	}
	if n.star != nil {
		q.walk(n.star, pos+1, a, b)
	}
	for _, k := range n.kids {
		if k.first >= q.best {
			break // kids are in config order: the rest come later still
		}
		q.walk(k, pos+1, a, true)
	}
}

func (a ambiguity) message(d, e *model.Destination) string {
	win, pos := e, decisive(e.Pattern, d.Pattern)
	if subject.Compare(d.Pattern, e.Pattern) < 0 {
		win = d
	}
	return fmt.Sprintf("destination %d %q and destination %d %q (at %s) both match %q and neither is more specific; %q wins by the tie-break (element %d is the first where only one has a wildcard)",
		d.Index, d.Pattern.Text, e.Index, e.Pattern.Text, e.Pos, a.witness, win.Pattern.Text, pos+1)
}

// decisive returns the first position where exactly one of a and b has a
// wildcard: the one Compare decides on for ambiguous patterns.
func decisive(a, b subject.Pattern) int {
	for i := range min(len(a.Elems), len(b.Elems)) {
		if (a.Elems[i].Kind == subject.Literal) != (b.Elems[i].Kind == subject.Literal) {
			return i
		}
	}
	return -1
}
