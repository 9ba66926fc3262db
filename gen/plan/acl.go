package plan

import (
	"slices"
	"sort"

	"github.com/destgen/destgen/runtime"
)

// buildACLSets numbers every principal (sorted, so bit numbers do not
// depend on map order) and gives each destination one bit set per
// operation. Identical sets are stored once; set 0 is the empty set.
func (p *Plan) buildACLSets() {
	c := &p.Compact
	seen := map[string]bool{}
	for _, d := range p.Model.Destinations {
		for _, acl := range d.ACL {
			for _, pr := range acl {
				if !seen[pr] {
					seen[pr] = true
					p.Principals = append(p.Principals, pr)
				}
			}
		}
	}
	sort.Strings(p.Principals)
	c.PrincipalKeys, c.PrincipalEnds = Blob(p.Principals)
	c.SetWords = max(1, (len(p.Principals)+63)/64)
	c.Sets = make([]uint64, c.SetWords) // set 0: empty
	bit := make(map[string]int, len(p.Principals))
	for i, pr := range p.Principals {
		bit[pr] = i
	}
	sets := newSetInterner(c)
	c.DestACL = make([]uint32, len(p.Model.Destinations)*int(runtime.NumOps))
	for _, d := range p.Model.Destinations {
		for op, acl := range d.ACL {
			words := sets.words()
			for _, pr := range acl {
				words[bit[pr]/64] |= 1 << (bit[pr] % 64)
			}
			c.DestACL[d.Index*int(runtime.NumOps)+op] = sets.intern(words)
		}
	}
}

// setInterner stores each distinct bit set once in Compact.Sets. Sets are
// found by a hash of their words, then compared: a 100k-destination plan
// interns half a million unions, and building a string key for each was
// most of the plan's time.
type setInterner struct {
	c       *runtime.Compact
	ids     map[uint64][]uint32 // hash -> sets with it
	scratch []uint64
}

func newSetInterner(c *runtime.Compact) *setInterner {
	s := &setInterner{c: c, ids: map[uint64][]uint32{}}
	for id := 0; id < len(c.Sets)/c.SetWords; id++ {
		words := c.Sets[id*c.SetWords : (id+1)*c.SetWords]
		h := hashWords(words)
		s.ids[h] = append(s.ids[h], uint32(id))
	}
	return s
}

// hashWords is FNV-1a over the words.
func hashWords(words []uint64) uint64 {
	h := uint64(14695981039346656037)
	for _, w := range words {
		h = (h ^ w) * 1099511628211
	}
	return h
}

// intern returns the number of the set words, adding it if new; words is
// not retained.
func (s *setInterner) intern(words []uint64) uint32 {
	h := hashWords(words)
	w := s.c.SetWords
	for _, id := range s.ids[h] {
		if slices.Equal(s.c.Sets[int(id)*w:int(id+1)*w], words) {
			return id
		}
	}
	id := uint32(len(s.c.Sets) / w)
	s.c.Sets = append(s.c.Sets, words...)
	s.ids[h] = append(s.ids[h], id)
	return id
}

// words returns a zeroed scratch set for intern, which copies it.
func (s *setInterner) words() []uint64 {
	if cap(s.scratch) < s.c.SetWords {
		s.scratch = make([]uint64, s.c.SetWords)
	}
	w := s.scratch[:s.c.SetWords]
	clear(w)
	return w
}

// union interns the union of the given destinations' sets for op.
func (s *setInterner) union(dests []int, op runtime.Op) uint32 {
	w := s.c.SetWords
	words := s.words()
	for _, d := range dests {
		set := int(s.c.DestACL[d*int(runtime.NumOps)+int(op)])
		for i := range words {
			words[i] |= s.c.Sets[set*w+i]
		}
	}
	return s.intern(words)
}
