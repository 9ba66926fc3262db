package model

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// rank sorts destinations by precedence (subject.Compare), most preferred
// first, and records each one's rank.
func (b *builder) rank() {
	m := b.m
	keys := make([]rankKey, len(m.Destinations))
	for i, d := range m.Destinations {
		keys[i] = newRankKey(d.Pattern, i)
	}
	slices.SortFunc(keys, rankKey.compare)
	m.ByRank = make([]int, len(keys))
	for r, k := range keys {
		m.ByRank[r] = k.index
		m.Destinations[k.index].Rank = r
	}
}

// rankKey is what subject.Compare reads of a pattern, worked out once: the
// sort calls Compare about n log n times, and Compare rescanning both
// patterns for their class and wildcards was a fifth of checking a 100k
// destination config. compare must order keys as Compare orders their
// patterns (TestRankKeyAgreesWithCompare checks it exhaustively on small
// patterns). Compare is a total order on distinct patterns, so the result
// does not depend on the sort algorithm.
type rankKey struct {
	class subject.Class
	elems int
	wild  uint64 // bit i: element i is a wildcard
	text  string
	index int // the destination
}

// A wildcard mask has a bit per element.
const _ = uint(64 - runtime.MaxElements) // MaxElements must fit a uint64

func newRankKey(p subject.Pattern, index int) rankKey {
	k := rankKey{class: p.Class(), elems: len(p.Elems), text: p.Text, index: index}
	for i, e := range p.Elems {
		if e.Kind != subject.Literal {
			k.wild |= 1 << i
		}
	}
	return k
}

// compare is subject.Compare on keys: class; among '>' patterns more
// elements first; the first position where exactly one has a wildcard,
// the literal side winning; fewer elements; the text.
func (a rankKey) compare(b rankKey) int {
	if a.class != b.class {
		return int(a.class) - int(b.class)
	}
	if a.class == subject.TailClass && a.elems != b.elems {
		return b.elems - a.elems
	}
	if diff := (a.wild ^ b.wild) & lowBits(min(a.elems, b.elems)); diff != 0 {
		if b.wild&(1<<bits.TrailingZeros64(diff)) != 0 {
			return -1
		}
		return 1
	}
	if a.elems != b.elems {
		return a.elems - b.elems
	}
	return strings.Compare(a.text, b.text)
}

// lowBits returns a mask of the n lowest bits.
func lowBits(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}
