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
	// Automata match the wildcard patterns, each a part of them, and
	// share Nodes, States and Edges. They are ordered by the position of
	// their patterns' first '*', latest first, so that a '*' pattern one
	// finds beats any another finds later (see plan.byFirstStar).
	Automata   []Automaton
	visits     [MaxElements + 1][]visit // per name length: the automata to walk (visitsOf)
	Nodes      []Node
	States     []State   // per node of a deterministic automaton
	Edges      EdgeTable // (node, element) -> child node, literal edges only
	Rank       []uint32  // per destination: its position in precedence order
	DestACL    [][NumOps]uint32
	Sets       []uint64 // principal bit sets, SetWords words each; set 0 is empty
	SetWords   int
	Principals Table // principal -> bit number

	id         uint32             // this Matcher's Principal.owner
	principals []string           // by bit number
	sigBit     []uint32           // per principal bit number: its bit in a signature (see acl.go)
	headMask   uint32             // the signature bits that each belong to one principal
	destSig2   []uint64           // per destination with an exact name: its sets' second signatures (acl.go)
	setSig     []uint32           // per set number: its signature
	sigBit2    []uint32           // sigBit of the second signature (see acl.go)
	stepSig    [NumOps][]stepSigs // per op, per state (see stepSigs)
	termSig    [NumOps][]uint32   // per op, per state: stateSigs.term

	masks      []maskTable               // see masks.go
	maskKeys   string                    // the mask tables' keys (maskSlot.key)
	maskProbe  [MaxElements + 1][]uint32 // per name length: the tables to probe, in order
	maskNeed   [MaxElements + 1]uint8    // per name length: the elements its tables read
	maskOn     [MaxElements + 1]bool     // per name length: the tables decide, not the automata
	maskFilter []uint64                  // Bloom filter of every table's keys (masks.go)
	maskIdx    maskIndex                 // which tables can hold a name's key (maskindex.go)

	front frontIndex   // Resolve's index: Exact's, with cached names (frontindex.go); no slots for none
	cache *resultCache // Resolve's answers for names not in Exact (resultcache.go); nil for none
	// aclCache, per op: Allowed's unions for names not in Exact (allowcache.go); nil for none
	aclCache [NumOps]*resultCache
}

// Info is what a lookup of one exactly configured name returns, beyond the
// destination itself.
type Info struct {
	List, Len uint32         // every matching destination: Lists[List:List+Len]
	ACL       [NumOps]uint32 // union of the matching destinations' sets
}

// Automaton is one of the deterministic automata matching wildcard
// patterns (package plan builds it from the patterns' trie by the subset
// construction), whose Nodes are states and whose States say what each
// contributes. Splitting the patterns among a few automata keeps each
// small (see plan.buildWildcards).
type Automaton struct {
	Start int32
	// Elements is the length of every name the automaton can match, or 0
	// for any: its patterns' length, when they all have it and none ends
	// in '>'. Lookups skip it for names of other lengths.
	Elements uint8
	// first has firstBit set for each element Start has an edge for. A
	// start state has more edges than Node.Filter's 32 bits tell apart
	// (the wild 10k config's first two: 23 of 32 bits set), and a name
	// whose first element has none, as most misses, would otherwise
	// probe the edge table for it: a cache miss per automaton.
	first [firstWords]uint64
}

// admits reports whether the automaton can match a name of n elements.
func (a *Automaton) admits(n int) bool {
	return a.Elements == 0 || int(a.Elements) == n
}

// visit is one step of a lookup over the automata: automaton a, or, with
// b, two automata walked in lockstep (resolvePair).
type visit struct{ a, b *Automaton }

// minPairNodes is the fewest states each of two automata needs for a
// lookup to walk them in lockstep (resolvePair) rather than one after
// the other (resolveDFA). The lockstep walk overlaps the two walks' cache
// misses, which pays where both automata are large: walks of names the
// caches do not hold took 0.92-1.12x as long paired at wild 10k (automata
// of 15,926 and 6,979 states) and wild 100k (186,583 and 57,073). Where
// either is smaller it costs: the second automaton is walked to the
// name's end even when the first ends on a pattern, which a walk alone
// stops at, and such walks took 1.1-1.5x as long paired (wild-market and
// wild-events at N = 1,000, 826-1,562 states; exact-events 100k, 18,209
// with 2,641; bench/README.md, "Session 34"). 4,096 lies between the
// smaller automata that lost (3,238 at most) and the ones that won.
const minPairNodes = 4096

// setVisits fills visits for every name length, in one allocation: how
// many lengths have automata to walk depends on the config, and a slice
// per length would make the allocations depend on it too (see NewMatcher).
// Automata of pairNodes states or more each are paired (minPairNodes).
func (m *Matcher) setVisits(pairNodes int) {
	total := 0
	for n := range m.visits {
		total += m.visitsOf(n, nil, pairNodes)
	}
	all := make([]visit, total)
	for n := range m.visits {
		k := m.visitsOf(n, all, pairNodes)
		m.visits[n], all = all[:k:k], all[k:]
	}
}

// visitsOf writes to out the visits of a name of n elements, if out is
// not nil, and returns how many there are: the automata that can match
// it (Automaton.Elements), in order, two adjacent ones of at least
// pairNodes states each as a pair, every other one alone.
func (m *Matcher) visitsOf(n int, out []visit, pairNodes int) int {
	k := 0
	put := func(v visit) {
		if out != nil {
			out[k] = v
		}
		k++
	}
	var prev *Automaton // an admitted large automaton not yet visited
	for i := range m.Automata {
		a := &m.Automata[i]
		switch {
		case !a.admits(n):
		case m.automatonNodes(i) < pairNodes:
			if prev != nil { // visited first: the order is precedence's
				put(visit{a: prev})
				prev = nil
			}
			put(visit{a: a})
		case prev == nil:
			prev = a
		default:
			put(visit{a: prev, b: a})
			prev = nil
		}
	}
	if prev != nil {
		put(visit{a: prev})
	}
	return k
}

// automatonNodes returns the number of states of automaton i: its nodes
// run from its start to the next one's (the automata are ordered by
// start, automatonAt), or to the end of Nodes.
func (m *Matcher) automatonNodes(i int) int {
	end := len(m.Nodes)
	if i+1 < len(m.Automata) {
		end = int(m.Automata[i+1].Start)
	}
	return end - int(m.Automata[i].Start)
}

// Node is a trie node, whose path from the root spells a pattern prefix,
// or a state of the deterministic automaton, a set of such nodes.
type Node struct {
	Star int32 // next node for a '*' element (any other element, in a state), or -1
	Term int32 // destination whose pattern ends here (the best ranked, in a state), or -1
	Tail int32 // destination whose pattern is this prefix then '>' (best ranked), or -1
	// Filter has filterBit set for each element the node has an edge for.
	Filter uint32
	// TailRank is Tail's rank, or ^0 without one, so that a walk keeps
	// the best '>' pattern with one comparison and no Rank load.
	TailRank uint32
}

// State is what the trie nodes of a deterministic state contribute to a
// name that reaches it: the '>' patterns that match if more elements
// follow (Tails), those that match if the name ends here (Terms), and the
// unions of their ACLs.
type State struct {
	Tails, Terms     ListRef
	TailACL, TermACL [NumOps]uint32
}

// ListRef is a slice of Matcher.Lists.
type ListRef struct{ Start, Len uint32 }
