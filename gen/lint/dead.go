package lint

import (
	"fmt"
	"strings"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// A destination d is dead when no name takes its properties: every name d
// matches is matched by some e with Compare(e, d) < 0. The rule, by class:
//
// Exact d is never dead: the name d itself is matched by no other exact
// pattern, and every wildcard pattern ranks below exact ones.
//
// Call e a cover of d at length L when e beats d on class or element count
// (not on the tie-break) and e matches every name of d with L elements.
// Then d is dead if it has a cover at every length L its names can have:
// each name is matched by a more preferred pattern. Conversely, let x be a
// name of d of length L whose elements at d's wildcard positions are fresh
// (equal to no literal of any configured pattern at that position). A
// pattern e matching x has a wildcard wherever d has one and, where d has a
// literal, the same literal or a wildcard: names(e) ⊇ names(d) at length L.
// If e beats d it is either exact (impossible: x has a fresh element),
// a cover, or of d's class and length; in the last case the first position
// where exactly one of them has a wildcard is one where e has it and d a
// literal, so d wins. Hence, when fresh names exist, d is dead exactly when
// every length has a cover.
//
// '*'-class d, of length n: a cover would be '*'-class of length n
// (tail patterns rank lower), which beats d only on the tie-break. So d
// is never dead, and lint never says it is.
//
// '>'-class d = P.> with m = len(P): names have L in m+1..Lmax elements,
// Lmax bounded by the element and byte limits. A cover at L is a '*'-class
// pattern Q.*^(L-m) or a '>' pattern Q.*^j.> with j >= 1 (more elements
// than d, covering every L >= m+j+1), where Q has, position by position,
// P's literal or a wildcard, and a wildcard wherever P has one. (A cover
// must have wildcards past P, where x is fresh, and must beat d on class or
// count.) Lint warns exactly when every L in m+1..Lmax has a cover.
//
// Fresh elements: a position needs a fresh element of one byte unless the
// config spells all 253 one-byte elements there, and with at most 200,000
// destinations one of three bytes always exists. Only a pattern within a
// few bytes of the 249-byte limit, beside hundreds of one-byte literals,
// can lack fresh names; it may then be dead by the union of many exact
// patterns, which lint does not report (it never warns without proof).
// TestDeadExhaustive checks the rule against brute force over a small
// alphabet, with a letter no pattern uses standing for fresh elements.

// nameLimits are the bounds on names the rule ranges over; tests shrink
// them to brute-force the rule.
type nameLimits struct{ elems, bytes int }

var limits = nameLimits{runtime.MaxElements, runtime.MaxNameBytes}

// coverUse says that dest covers the lengths from..to (to < 0: and above).
type coverUse struct{ dest, from, to int }

type deadDest struct {
	index  int
	covers []coverUse
}

type cover struct {
	elems int
	tail  bool
	dest  int
}

// deadDestinations finds every dead '>' destination. Candidate covers are
// the wildcard patterns whose elements after their last literal are all
// wildcards (that is, every wildcard pattern), in a trie keyed by the
// elements up to the last literal. A query for P walks P's literal and the
// '*' child where P has a literal, the '*' child only where it has a
// wildcard, so it meets exactly the patterns whose head contains P.
func deadDestinations(pats []subject.Pattern, lim nameLimits) []deadDest {
	root := newNode("")
	for i, p := range pats {
		if p.Class() != subject.ExactClass {
			root.insertCover(p, i)
		}
	}
	var out []deadDest
	for i, p := range pats {
		if p.HasTail() {
			if dd, ok := deadTail(root, p, i, lim); ok {
				out = append(out, dd)
			}
		}
	}
	return out
}

func (n *tnode) insertCover(p subject.Pattern, i int) {
	h := 0
	for k, e := range p.Elems {
		if e.Kind == subject.Literal {
			h = k + 1
		}
	}
	for _, e := range p.Elems[:h] {
		n = n.descend(e)
	}
	c := cover{elems: len(p.Elems), tail: p.HasTail(), dest: i}
	for _, old := range n.covers {
		if old.elems == c.elems && old.tail == c.tail {
			return // keep the first, for a deterministic message
		}
	}
	n.covers = append(n.covers, c)
}

// coverSearch collects, for d = P.>, the first '*' cover of each length and
// the '>' cover with the fewest elements (the first among equals).
type coverSearch struct {
	p     []subject.Elem
	star  map[int]int // length -> destination
	tailN int         // elements of the best '>' cover; 0 if none
	tailD int
}

func (s *coverSearch) walk(n *tnode, pos int) {
	m := len(s.p)
	for _, c := range n.covers {
		switch {
		case !c.tail && c.elems >= m+1:
			if d, ok := s.star[c.elems]; !ok || c.dest < d {
				s.star[c.elems] = c.dest
			}
		case c.tail && c.elems >= m+2:
			if s.tailN == 0 || c.elems < s.tailN || c.elems == s.tailN && c.dest < s.tailD {
				s.tailN, s.tailD = c.elems, c.dest
			}
		}
	}
	if pos == m {
		return
	}
	if e := s.p[pos]; e.Kind == subject.Literal {
		if k := n.child(e.Lit); k != nil {
			s.walk(k, pos+1)
		}
	}
	if n.star != nil {
		s.walk(n.star, pos+1)
	}
}

// deadTail decides whether '>' pattern p (destination i) is dead.
func deadTail(root *tnode, p subject.Pattern, i int, lim nameLimits) (deadDest, bool) {
	m := len(p.Elems) - 1
	s := &coverSearch{p: p.Elems[:m], star: map[int]int{}}
	s.walk(root, 0)
	// Each element past P costs two bytes (one, and a dot); p's own text
	// is its shortest name's length.
	maxLen := min(lim.elems, m+1+(lim.bytes-len(p.Text))/2)
	dd := deadDest{index: i}
	for l := m + 1; l <= maxLen; l++ {
		if s.tailN != 0 && l >= s.tailN {
			dd.covers = append(dd.covers, coverUse{s.tailD, l, -1})
			return dd, true
		}
		d, ok := s.star[l]
		if !ok {
			return deadDest{}, false
		}
		dd.covers = append(dd.covers, coverUse{d, l, l})
	}
	return dd, true
}

// maxCovers bounds the covers a message lists.
const maxCovers = 4

func (dd deadDest) message(m *model.Model) string {
	var parts []string
	for i, c := range dd.covers {
		if i == maxCovers-1 && len(dd.covers) > maxCovers {
			parts = append(parts, fmt.Sprintf("and %d more", len(dd.covers)-i))
			break
		}
		text := m.Destinations[c.dest].Pattern.Text
		switch {
		case i == 0 && c.to < 0:
			parts = append(parts, fmt.Sprintf("%q for names of %d or more elements", text, c.from))
		case i == 0:
			parts = append(parts, fmt.Sprintf("%q for names of %d element%s", text, c.from, plural(c.from)))
		case c.to < 0:
			parts = append(parts, fmt.Sprintf("%q for %d or more", text, c.from))
		default:
			parts = append(parts, fmt.Sprintf("%q for %d", text, c.from))
		}
	}
	d := m.Destinations[dd.index]
	return fmt.Sprintf("destination %d %q never supplies properties: every name it matches has a more preferred match (%s); it still counts for ACLs",
		d.Index, d.Pattern.Text, strings.Join(parts, ", "))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
