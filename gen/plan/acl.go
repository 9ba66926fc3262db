package plan

import (
	"sort"

	"github.com/destgen/destgen/runtime"
)

// buildACLSets numbers every principal (sorted, so bit numbers do not
// depend on map order) and gives each destination one bit set per
// operation. Identical sets are stored once; set 0 is the empty set.
func (p *Plan) buildACLSets() {
	mt := &p.Matcher
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
	var entries []entry
	for i, pr := range p.Principals {
		entries = append(entries, entry{key: pr, value: uint32(i), hash: runtime.Hash(pr, runtime.PrincipalSeed)})
	}
	mt.Principals = buildTable(entries)
	mt.SetWords = max(1, (len(p.Principals)+63)/64)
	mt.Sets = make([]uint64, mt.SetWords) // set 0: empty
	bit := make(map[string]int, len(p.Principals))
	for i, pr := range p.Principals {
		bit[pr] = i
	}
	sets := newSetInterner(mt)
	mt.DestACL = make([][runtime.NumOps]uint32, len(p.Model.Destinations))
	for _, d := range p.Model.Destinations {
		for op, acl := range d.ACL {
			words := make([]uint64, mt.SetWords)
			for _, pr := range acl {
				words[bit[pr]/64] |= 1 << (bit[pr] % 64)
			}
			mt.DestACL[d.Index][op] = sets.intern(words)
		}
	}
}

// setInterner stores each distinct bit set once in Matcher.Sets.
type setInterner struct {
	mt  *runtime.Matcher
	ids map[string]uint32
}

func newSetInterner(mt *runtime.Matcher) *setInterner {
	s := &setInterner{mt: mt, ids: map[string]uint32{}}
	for id := 0; id < len(mt.Sets)/mt.SetWords; id++ {
		s.ids[s.key(mt.Sets[id*mt.SetWords:(id+1)*mt.SetWords])] = uint32(id)
	}
	return s
}

func (s *setInterner) key(words []uint64) string {
	b := make([]byte, 0, 8*len(words))
	for _, w := range words {
		for i := 0; i < 64; i += 8 {
			b = append(b, byte(w>>i))
		}
	}
	return string(b)
}

func (s *setInterner) intern(words []uint64) uint32 {
	k := s.key(words)
	if id, ok := s.ids[k]; ok {
		return id
	}
	id := uint32(len(s.mt.Sets) / s.mt.SetWords)
	s.mt.Sets = append(s.mt.Sets, words...)
	s.ids[k] = id
	return id
}

// union interns the union of the given destinations' sets for op.
func (s *setInterner) union(dests []int, op runtime.Op) uint32 {
	w := s.mt.SetWords
	words := make([]uint64, w)
	for _, d := range dests {
		set := int(s.mt.DestACL[d][op])
		for i := range words {
			words[i] |= s.mt.Sets[set*w+i]
		}
	}
	return s.intern(words)
}
