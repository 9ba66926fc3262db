package runtime

// PolicyIndex narrows the auto-creation policies worth trying for a name.
// Every policy has one or more literal prefixes that any name it matches
// must start with (a policy of literals has each literal; `rob\.x\..*`
// has "rob.x."; a general regex has the literal prefix of its program,
// often ""). The index is a byte trie over those prefixes: walking it
// along the name meets exactly the policies whose prefix the name has, so
// a thousand policies cost a walk of the name plus a few checks, not a
// thousand checks.
type PolicyIndex struct {
	nodes   []policyNode
	edgeKey []byte   // edges of a node, sorted by key byte
	edgeTo  []uint32 //
	cands   []uint32 // policies whose prefix ends at a node, ascending
	ops     []uint8  // per policy: bit op set when enabled for op
}

type policyNode struct {
	edges, edgesEnd uint32
	cands, candsEnd uint32
}

// CompactPolicies is a PolicyIndex as generated code carries it: entry i
// says that policy Policy[i] needs prefix Prefixes[PrefixEnds[i-1]:
// PrefixEnds[i]]; Ops[p] has bit op set when policy p is enabled for op.
type CompactPolicies struct {
	Prefixes   string
	PrefixEnds []uint32
	Policy     []uint32
	Ops        []uint8
}

// NewPolicyIndex builds the trie, once, at package initialisation.
func NewPolicyIndex(c *CompactPolicies) *PolicyIndex {
	type edge = policyEdge
	children := map[edge]uint32{}
	var kids [][]edge // per node: its edges, in creation order
	var cands [][]uint32
	newNode := func() uint32 {
		kids = append(kids, nil)
		cands = append(cands, nil)
		return uint32(len(kids) - 1)
	}
	newNode()
	for i, p := range keys(c.Prefixes, c.PrefixEnds) {
		n := uint32(0)
		for j := 0; j < len(p); j++ {
			e := edge{n, p[j]}
			child, ok := children[e]
			if !ok {
				child = newNode()
				children[e] = child
				kids[n] = append(kids[n], e)
			}
			n = child
		}
		cands[n] = append(cands[n], c.Policy[i])
	}
	x := &PolicyIndex{ops: c.Ops}
	for n := range kids {
		sortEdges(kids[n])
		pn := policyNode{edges: uint32(len(x.edgeKey)), cands: uint32(len(x.cands))}
		for _, e := range kids[n] {
			x.edgeKey = append(x.edgeKey, e.key)
			x.edgeTo = append(x.edgeTo, children[e])
		}
		sortUint32(cands[n])
		x.cands = append(x.cands, cands[n]...)
		pn.edgesEnd, pn.candsEnd = uint32(len(x.edgeKey)), uint32(len(x.cands))
		x.nodes = append(x.nodes, pn)
	}
	return x
}

type policyEdge struct {
	node uint32
	key  byte
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

// maxPrefixNodes bounds how many nodes with candidates Find gathers
// along one name: as many policy prefixes nested in one another as any
// real config has, many times over. Past it Find falls back to findAll.
const maxPrefixNodes = 32

// Find returns the lowest-numbered policy enabled for op whose full
// condition, match(policy, name), holds: Broker-J's first match in config
// order. It gathers the candidate lists of the trie nodes along the name,
// then tries their policies in ascending order, merged, and stops at the
// first match: no policy numbered above the answer is ever tried, which
// matters when some are regexps.
func (x *PolicyIndex) Find(name string, op Op, match func(policy int, name string) bool) (int, bool) {
	if op >= NumOps || len(x.nodes) == 0 {
		return -1, false
	}
	var lists [maxPrefixNodes][2]uint32 // [next, end) in cands
	k := 0
	n := uint32(0)
	for i := 0; ; i++ {
		node := &x.nodes[n]
		if node.candsEnd > node.cands {
			if k == len(lists) {
				return x.findAll(name, op, match)
			}
			lists[k] = [2]uint32{node.cands, node.candsEnd}
			k++
		}
		if i == len(name) {
			break
		}
		next, ok := x.child(node, name[i])
		if !ok {
			break
		}
		n = next
	}
	for {
		j := -1
		for l := 0; l < k; l++ {
			if lists[l][0] < lists[l][1] && (j < 0 || x.cands[lists[l][0]] < x.cands[lists[j][0]]) {
				j = l
			}
		}
		if j < 0 {
			return -1, false
		}
		p := x.cands[lists[j][0]]
		lists[j][0]++
		if x.ops[p]&(1<<op) != 0 && match(int(p), name) {
			return int(p), true
		}
	}
}

// findAll is Find without the bound on gathered nodes: it tries each
// node's candidates as it walks, keeping the lowest match.
func (x *PolicyIndex) findAll(name string, op Op, match func(policy int, name string) bool) (int, bool) {
	best := len(x.ops)
	n := uint32(0)
	for i := 0; ; i++ {
		node := &x.nodes[n]
		for _, p := range x.cands[node.cands:node.candsEnd] {
			if int(p) >= best {
				break
			}
			if x.ops[p]&(1<<op) != 0 && match(int(p), name) {
				best = int(p)
				break
			}
		}
		if i == len(name) {
			break
		}
		next, ok := x.child(node, name[i])
		if !ok {
			break
		}
		n = next
	}
	return best, best < len(x.ops)
}

// child follows node's edge for byte b, by binary search.
func (x *PolicyIndex) child(node *policyNode, b byte) (uint32, bool) {
	lo, hi := node.edges, node.edgesEnd
	for lo < hi {
		mid := (lo + hi) / 2
		if x.edgeKey[mid] < b {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < node.edgesEnd && x.edgeKey[lo] == b {
		return x.edgeTo[lo], true
	}
	return 0, false
}
