package javaregex

import (
	"sort"
	"strconv"
	"strings"
	"sync"
)

// A class or \p{...} under the inline flag (?c) (CANON_EQ) is Java 17's
// Pattern.NFCCharProperty with the class's set S. At position i it reads
// the grapheme cluster starting there (Grapheme.nextBoundary, up to the end
// of input). If the cluster is one code point c, it matches c when c is in
// S. Otherwise it tries the prefixes of the cluster of two or more code
// points, longest first, and matches one whose NFC is a single code point
// in S (so [a] does not match the "a" of "a\u0301", and [\r] not the "\r"
// of "\r\n"). Nothing else changes under an inline (?c): Pattern
// normalizes the pattern only for the CANON_EQ flag given to compile
// (Pattern.compile reads flags0 before any inline flag is parsed), and
// Pattern.sequence checks the flag only for classes and properties.
//
// So the construct followed by the rest R of the pattern matches exactly
//
//	W(S) R  |  the union over grapheme types t of  S_t F_t(R)
//
// where W(S) are the sequences of two or more code points, read as one
// cluster, whose NFC is in S (canonSeqs, and Hangul computed here); S_t the
// members of S of type t; and F_t(R) the matches of R that are empty (the
// end of input) or start with a code point that does not join a cluster
// after one of type t (graphemeJoins). A prefix of the cluster is exactly
// a sequence that nextBoundary reads as one cluster by itself, whatever
// follows: the boundary rule only looks ahead one code point at a time,
// from the start of the cluster. Java tries the prefixes longest first, but
// with backtracking into R, so outside a quantifier every one is tried and
// the order cannot change a whole-string match.
//
// A quantifier directly on the construct (Curly, Ques) is different: it
// calls the construct with nothing after it, so each iteration keeps the
// first prefix that matches, the longest, and the quantifier backtracks
// only over the count. Where nothing that can follow (another iteration or
// the rest) can start with a code point that extends a sequence of W(S)
// into a longer one (seqTrie.extensions), trying every prefix accepts
// nothing more ((?c)[a]*: a shorter prefix p, where Java takes the longer
// p x, would be followed by x, which nothing can match). Elsewhere each
// sequence gets the condition that the next code point does not extend it
// (canon_longest.go). A group around the construct ((?:[a])*) is a Loop,
// which backtracks fully.
//
// The conditions F_t are eliminated by a product with the pattern
// (resolveCanon), within maxRewriteNodes.

// hangul syllables compose arithmetically (Unicode 13, chapter 3.12):
// Canon.java checks that Java's Normalizer agrees for every syllable.
const (
	hangulBase  = 0xAC00
	hangulLast  = 0xD7A3
	hangulL     = 0x1100
	hangulV     = 0x1161
	hangulT     = 0x11A7 // T index 0 is "no trailing consonant"
	hangulTs    = 28
	hangulPerLs = 21 * hangulTs
)

// canonEntry is one sequence of canonSeqs.
type canonEntry struct {
	c   rune
	seq []rune
}

// canonEntries decodes canonSeqs once, sorted by c as generated.
var canonEntries = sync.OnceValue(func() []canonEntry {
	var out []canonEntry
	for i := 0; i+2 <= len(canonSeqs); {
		c, n := canonSeqs[i], int(canonSeqs[i+1])
		end := min(i+2+n, len(canonSeqs))
		out = append(out, canonEntry{c, canonSeqs[i+2 : end]})
		i = end
	}
	return out
})

// graphemeSets are graphemeTypes with type 0 (Other, not listed) filled
// in; joinSets[t] the code points that join a cluster after one of type t.
var graphemeSets = sync.OnceValues(func() (types, joins []runeSet) {
	types = make([]runeSet, len(graphemeTypes))
	var listed runeSet
	for t, s := range graphemeTypes {
		types[t] = s
		listed = listed.union(s)
	}
	types[0] = listed.complement()
	joins = make([]runeSet, len(types))
	for t := range types {
		for u := range types {
			if graphemeJoins[t][u] {
				joins[t] = joins[t].union(types[u])
			}
		}
	}
	return types, joins
})

// contains is s.contains by binary search, for the large property sets.
func (s runeSet) has(c rune) bool {
	i := sort.Search(len(s), func(i int) bool { return s[i].hi >= c })
	return i < len(s) && s[i].lo <= c
}

// canonSequences is the trie of W(set).
func canonSequences(set runeSet) *seqTrie {
	t := &seqTrie{}
	for _, e := range canonEntries() {
		if set.has(e.c) {
			t.add(e.seq...)
		}
	}
	for _, r := range set.intersect(runeSet{{hangulBase, hangulLast}}) {
		for c := r.lo; c <= r.hi; c++ {
			s := c - hangulBase
			l, v, tr := hangulL+s/hangulPerLs, hangulV+s%hangulPerLs/hangulTs, s%hangulTs
			if tr == 0 {
				t.add(l, v)
				continue
			}
			t.add(l, v, hangulT+tr)
			t.add(c-tr, hangulT+tr)
		}
	}
	return t
}

// seqTrie is a set of code point sequences.
type seqTrie struct {
	end  bool
	next map[rune]*seqTrie
}

func (t *seqTrie) add(seq ...rune) {
	for _, c := range seq {
		if t.next == nil {
			t.next = map[rune]*seqTrie{}
		}
		n := t.next[c]
		if n == nil {
			n = &seqTrie{}
			t.next[c] = n
		}
		t = n
	}
	t.end = true
}

// extensions are the code points that, right after a sequence of t,
// start a longer sequence of t.
func (t *seqTrie) extensions() runeSet {
	var out runeSet
	for _, n := range t.next {
		out = out.union(n.extensions())
	}
	if t.end {
		for c, n := range t.next {
			if n.hasEnd() {
				out = out.union(single(c))
			}
		}
	}
	return out
}

func (t *seqTrie) hasEnd() bool {
	if t.end {
		return true
	}
	for _, n := range t.next {
		if n.hasEnd() {
			return true
		}
	}
	return false
}

// node is the trie as a pattern, with the code points that lead to equal
// subtries merged into one set (all L V T of Hangul become three sets);
// nil when the trie is empty. Alternatives are in code point order, so the
// output is deterministic.
func (t *seqTrie) node() *node {
	return t.build(map[*seqTrie]string{})
}

func (t *seqTrie) build(keys map[*seqTrie]string) *node {
	type group struct {
		set  []rune
		next *seqTrie
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, c := range t.sortedRunes() {
		n := t.next[c]
		k := n.key(keys)
		g := byKey[k]
		if g == nil {
			g = &group{next: n}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.set = append(g.set, c)
	}
	var out *node
	if t.end {
		out = &node{kind: kEmpty}
	}
	for _, g := range groups {
		rest := g.next.build(keys)
		if rest == nil {
			rest = &node{kind: kEmpty}
		}
		out = altNodes(out, catNodes(charNode(runeSetOf(g.set)), rest))
	}
	return out
}

func (t *seqTrie) sortedRunes() []rune {
	rs := make([]rune, 0, len(t.next))
	for c := range t.next {
		rs = append(rs, c)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	return rs
}

// key identifies the set of sequences t holds.
func (t *seqTrie) key(keys map[*seqTrie]string) string {
	if k, ok := keys[t]; ok {
		return k
	}
	var b strings.Builder
	if t.end {
		b.WriteByte('$')
	}
	for _, c := range t.sortedRunes() {
		b.WriteString(strconv.Itoa(int(c)))
		b.WriteByte('(')
		b.WriteString(t.next[c].key(keys))
		b.WriteByte(')')
	}
	keys[t] = b.String()
	return keys[t]
}
