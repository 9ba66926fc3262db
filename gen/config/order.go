package config

import (
	"sort"

	"github.com/destgen/destgen/gen/diag"
)

// The decoder reports messages as it reads, but in the order in which
// destgen has always reported them, from a tree of the whole file: an
// object's own messages (unknown and duplicate keys) in file order, then
// each field's, in the order of the object's key list, with the object's
// checks of missing keys between. So while an object is read, each message
// it reports has a rank (ranked marks where ranks change), and when the
// object ends (done) its messages are put in rank order, keeping file
// order within a rank. Real configs have few messages, and an object
// without any costs two appends per field.

// ranked says that messages from index from of the decoder's list on have
// rank rank, until the next ranked.
type ranked struct{ from, rank int }

// ownRank is the rank of an object's own messages; fieldRank gives the
// others.
const ownRank = 0

// fieldRank is the rank of the messages of the i'th key of an object's key
// list; its missing-key check takes the same rank (the two exclude each
// other), and after is the rank of checks that come after that field's.
func fieldRank(i int, after bool) int {
	if after {
		return 2*i + 3
	}
	return 2*i + 2
}

// rankFrom gives the messages reported from now on rank r.
func (d *decoder) rankFrom(r int) {
	d.ranks = append(d.ranks, ranked{len(d.diags), r})
}

// group is where an object's messages and ranks start.
type group struct{ diags, ranks int }

func (d *decoder) group() group { return group{len(d.diags), len(d.ranks)} }

// done puts the messages of the object that began at g in rank order.
func (d *decoder) done(g group) {
	marks := d.ranks[g.ranks:]
	d.ranks = d.ranks[:g.ranks]
	msgs := d.diags[g.diags:]
	if len(msgs) < 2 || len(marks) == 0 {
		return
	}
	rank := make([]int, len(msgs))
	r, next := ownRank, 0
	for i := range msgs {
		for next < len(marks) && marks[next].from <= g.diags+i {
			r = marks[next].rank
			next++
		}
		rank[i] = r
	}
	order := make([]int, len(msgs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rank[order[a]] < rank[order[b]] })
	sorted := make([]diag.Diagnostic, len(msgs))
	for i, j := range order {
		sorted[i] = msgs[j]
	}
	copy(msgs, sorted)
}
