package runtime

// Matcher is the lookup plan of one config as data: the generator builds it
// (package plan), the emitter writes it as composite literals, and these
// methods walk it. Keeping the plan as tables rather than code keeps the
// generated package's build time linear in the config's size.
//
// Destinations are numbered in config order. Literal patterns live in
// Exact, keyed by the whole name, with everything a lookup of that name
// needs precomputed in its Info. Wildcard patterns live in a trie of
// elements (Nodes, Edges), walked only when the name is not in Exact.
type Matcher struct {
	Permissions bool
	Exact       NameTable // name -> its destination
	Infos       []Info    // per destination; set for literal ones only
	Lists       []uint32  // Info.List slices, destination numbers in config order
	Nodes       []Node    // the wildcard trie; Nodes[0] is the root
	Edges       Table     // (node, element) -> child node, literal edges only
	Rank        []uint32  // per destination: its position in precedence order
	DestACL     [][NumOps]uint32
	Sets        []uint64 // principal bit sets, SetWords words each; set 0 is empty
	SetWords    int
	Principals  Table // principal -> bit number

	principals []string   // by bit number
	small      [][]uint32 // per set: its members when at most smallSet, else nil
}

// smallSet is the largest ACL set granted compares member by member: up to
// here a few string comparisons (most fail on the length) beat hashing
// every principal the caller holds.
const smallSet = 8

// Info is what a lookup of one exactly configured name returns, beyond the
// destination itself.
type Info struct {
	List, Len uint32         // every matching destination: Lists[List:List+Len]
	ACL       [NumOps]uint32 // union of the matching destinations' sets
}

// Node is a trie node: the path from the root spells a pattern prefix.
type Node struct {
	Star int32 // child for a '*' element, or -1
	Term int32 // destination whose pattern ends here, or -1
	Tail int32 // destination whose pattern is this prefix then '>', or -1
}

// path is a validated name split into elements, kept as end offsets so
// that the walk's frame stays small: Go zeroes it on every call, and a
// [MaxElements]string would cost a kilobyte of zeroing per lookup.
type path struct {
	name string
	n    int
	end  [MaxElements]uint8 // names are at most 249 bytes
}

func (p *path) split(name string) bool {
	if len(name) == 0 || len(name) > MaxNameBytes {
		return false
	}
	p.name = name
	start := 0
	for i := 0; i <= len(name); i++ {
		if i < len(name) {
			c := name[i]
			if c == '*' || c == '>' {
				return false
			}
			if c != '.' {
				continue
			}
		}
		if i == start || i-start > MaxElementBytes || p.n == MaxElements {
			return false
		}
		p.end[p.n] = uint8(i)
		p.n++
		start = i + 1
	}
	return true
}

// elem returns element i.
func (p *path) elem(i int32) string {
	start := 0
	if i > 0 {
		start = int(p.end[i-1]) + 1
	}
	return p.name[start:p.end[i]]
}

// frame is a pending trie node on the walk's explicit stack. A depth-first
// walk pushes at most two children per level and pops one, so the stack
// never holds more than MaxElements+2 frames.
type frame struct {
	node  int32
	depth int32
}

type stack struct {
	f  [MaxElements + 2]frame
	sp int
}

func (s *stack) push(node, depth int32) {
	s.f[s.sp] = frame{node, depth}
	s.sp++
}

func (s *stack) pop() frame {
	s.sp--
	return s.f[s.sp]
}

// children pushes f's '*' child, then its literal child, so that the walk
// tries the literal first: that order is the precedence order between
// patterns of one class and length.
func (m *Matcher) children(s *stack, p *path, f frame) {
	n := &m.Nodes[f.node]
	if n.Star >= 0 {
		s.push(n.Star, f.depth+1)
	}
	e := p.elem(f.depth)
	if c, ok := m.Edges.Lookup(e, uint32(f.node), EdgeHash(e, uint32(f.node))); ok {
		s.push(int32(c), f.depth+1)
	}
}
