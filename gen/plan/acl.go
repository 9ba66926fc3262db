package plan

import (
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
			words := make([]uint64, c.SetWords)
			for _, pr := range acl {
				words[bit[pr]/64] |= 1 << (bit[pr] % 64)
			}
			c.DestACL[d.Index*int(runtime.NumOps)+op] = sets.intern(words)
		}
	}
}

// setInterner stores each distinct bit set once in Compact.Sets.
type setInterner struct {
	c   *runtime.Compact
	ids map[string]uint32
}

func newSetInterner(c *runtime.Compact) *setInterner {
	s := &setInterner{c: c, ids: map[string]uint32{}}
	for id := 0; id < len(c.Sets)/c.SetWords; id++ {
		s.ids[s.key(c.Sets[id*c.SetWords:(id+1)*c.SetWords])] = uint32(id)
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
	id := uint32(len(s.c.Sets) / s.c.SetWords)
	s.c.Sets = append(s.c.Sets, words...)
	s.ids[k] = id
	return id
}

// union interns the union of the given destinations' sets for op.
func (s *setInterner) union(dests []int, op runtime.Op) uint32 {
	w := s.c.SetWords
	words := make([]uint64, w)
	for _, d := range dests {
		set := int(s.c.DestACL[d*int(runtime.NumOps)+int(op)])
		for i := range words {
			words[i] |= s.c.Sets[set*w+i]
		}
	}
	return s.intern(words)
}
