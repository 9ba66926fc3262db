package runtime

// PolicyIndex narrows the auto-creation policies worth trying for a name.
// Every policy has literals one of which any name it matches must start
// with (a policy of literals has each literal; `rob\.x\..*` has "rob.x.";
// a general regexp has the literal prefix of its program, often ""), or,
// for `.*\.dlq`, a literal it must end with. The index is two byte tries,
// over those prefixes and (reversed) over those suffixes: walking them
// along the name, from each end, meets exactly the policies the name can
// match, so a thousand policies cost two short walks and a few checks,
// not a thousand checks.
type PolicyIndex struct {
	prefix, suffix byteTrie
	ops            []uint8 // per policy: bit op set when enabled for op
}

// CompactPolicies is a PolicyIndex as generated code carries it: entry i
// says that policy Policy[i] needs the prefix Prefixes[PrefixEnds[i-1]:
// PrefixEnds[i]], or with Suffix[i] set, that suffix; Ops[p] has bit op
// set when policy p is enabled for op.
type CompactPolicies struct {
	Prefixes   string
	PrefixEnds []uint32
	Policy     []uint32
	Suffix     []bool
	Ops        []uint8
}

// byteTrie is a trie of byte strings; each node lists the policies whose
// string ends there, ascending.
type byteTrie struct {
	nodes   []policyNode
	edgeKey []byte   // edges of a node, sorted by key byte
	edgeTo  []uint32 //
	cands   []uint32
}

type policyNode struct {
	edges, edgesEnd uint32
	cands, candsEnd uint32
}

type policyEdge struct {
	node uint32
	key  byte
}

// NewPolicyIndex builds the tries, once, at package initialisation.
func NewPolicyIndex(c *CompactPolicies) *PolicyIndex {
	var pre, suf []string
	var prePol, sufPol []uint32
	for i, k := range keys(c.Prefixes, c.PrefixEnds) {
		if i < len(c.Suffix) && c.Suffix[i] {
			suf, sufPol = append(suf, reverse(k)), append(sufPol, c.Policy[i])
		} else {
			pre, prePol = append(pre, k), append(prePol, c.Policy[i])
		}
	}
	return &PolicyIndex{prefix: newByteTrie(pre, prePol), suffix: newByteTrie(suf, sufPol), ops: c.Ops}
}

func reverse(s string) string {
	b := make([]byte, len(s))
	for i := range s {
		b[len(s)-1-i] = s[i]
	}
	return string(b)
}

func newByteTrie(strs []string, policies []uint32) byteTrie {
	children := map[policyEdge]uint32{}
	kids := [][]policyEdge{nil} // per node: its edges, in creation order
	cands := [][]uint32{nil}
	for i, s := range strs {
		n := uint32(0)
		for j := 0; j < len(s); j++ {
			e := policyEdge{n, s[j]}
			child, ok := children[e]
			if !ok {
				kids, cands = append(kids, nil), append(cands, nil)
				child = uint32(len(kids) - 1)
				children[e] = child
				kids[n] = append(kids[n], e)
			}
			n = child
		}
		cands[n] = append(cands[n], policies[i])
	}
	var t byteTrie
	for n := range kids {
		sortEdges(kids[n])
		pn := policyNode{edges: uint32(len(t.edgeKey)), cands: uint32(len(t.cands))}
		for _, e := range kids[n] {
			t.edgeKey = append(t.edgeKey, e.key)
			t.edgeTo = append(t.edgeTo, children[e])
		}
		sortUint32(cands[n])
		t.cands = append(t.cands, cands[n]...)
		pn.edgesEnd, pn.candsEnd = uint32(len(t.edgeKey)), uint32(len(t.cands))
		t.nodes = append(t.nodes, pn)
	}
	return t
}

// sortEdges is an insertion sort: a node has at most 256 edges, and
// usually a handful.
func sortEdges(es []policyEdge) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].key < es[j-1].key; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

func sortUint32(a []uint32) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// maxPrefixNodes bounds how many candidate lists Find gathers along one
// name: as many policy prefixes and suffixes nested in one another as any
// real config has, many times over. Past it Find tries every policy.
const maxPrefixNodes = 32

// candidates is the candidate lists gathered for one name.
type candidates struct {
	lists [maxPrefixNodes][]uint32
	n     int
}

// gather appends the lists of the nodes t's walk along name meets, from
// the front or (for the suffix trie) the back; false on overflow.
func (t *byteTrie) gather(name string, back bool, c *candidates) bool {
	if len(t.nodes) == 0 {
		return true
	}
	n := uint32(0)
	for i := 0; ; i++ {
		node := &t.nodes[n]
		if node.candsEnd > node.cands {
			if c.n == len(c.lists) {
				return false
			}
			c.lists[c.n] = t.cands[node.cands:node.candsEnd]
			c.n++
		}
		if i == len(name) {
			return true
		}
		b := name[i]
		if back {
			b = name[len(name)-1-i]
		}
		next, ok := t.child(node, b)
		if !ok {
			return true
		}
		n = next
	}
}

// Find returns the lowest-numbered policy enabled for op whose full
// condition, match(policy, name), holds: Broker-J's first match in config
// order. It gathers the candidate lists the name meets in both tries, then
// tries their policies in ascending order, merged, and stops at the first
// match: no policy numbered above the answer is ever tried, which matters
// when some are regexps.
func (x *PolicyIndex) Find(name string, op Op, match func(policy int, name string) bool) (int, bool) {
	if op >= NumOps {
		return -1, false
	}
	var c candidates
	if !x.prefix.gather(name, false, &c) || !x.suffix.gather(name, true, &c) {
		return x.findAll(name, op, match)
	}
	for {
		j := -1
		for l := 0; l < c.n; l++ {
			if len(c.lists[l]) > 0 && (j < 0 || c.lists[l][0] < c.lists[j][0]) {
				j = l
			}
		}
		if j < 0 {
			return -1, false
		}
		p := c.lists[j][0]
		c.lists[j] = c.lists[j][1:]
		if x.ops[p]&(1<<op) != 0 && match(int(p), name) {
			return int(p), true
		}
	}
}

// findAll tries every policy in order: the fallback for a name that meets
// more candidate lists than Find gathers.
func (x *PolicyIndex) findAll(name string, op Op, match func(policy int, name string) bool) (int, bool) {
	for p, ops := range x.ops {
		if ops&(1<<op) != 0 && match(p, name) {
			return p, true
		}
	}
	return -1, false
}

// child follows node's edge for byte b, by binary search.
func (t *byteTrie) child(node *policyNode, b byte) (uint32, bool) {
	lo, hi := node.edges, node.edgesEnd
	for lo < hi {
		mid := (lo + hi) / 2
		if t.edgeKey[mid] < b {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < node.edgesEnd && t.edgeKey[lo] == b {
		return t.edgeTo[lo], true
	}
	return 0, false
}
