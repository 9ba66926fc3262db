package runtime

// A trie, unlike a deterministic automaton, has no per-state ACL unions,
// and Allowed used to walk it to every matching destination, testing each
// one's set. At 100k wildcard patterns the tries were most of Allowed's
// cost. trieReach gives each trie node the union of the signatures (see
// acl.go) of the op sets of every destination at or below it, so that
// allowedTrie skips a subtree none of whose sets can grant the caller,
// as allowedDFA does with stepSigs.reach.

// trieReachSigs returns, per op and node, the signatures reachable below
// it when the node is in a trie, or nils when no automaton is a trie; kept
// by op for the reason stepSigs are (16 nodes to a cache line). from and
// to are the literal edges (Compact.EdgeFrom, EdgeTo); Nodes, Automata,
// DestACL and setSig must be set.
func (m *Matcher) trieReachSigs(from, to []uint32) (reach [NumOps][]uint32) {
	// One allocation for all of it, whether or not an automaton is a
	// trie, so that NewMatcher's allocations do not depend on the config
	// (TestInitAllocs): per node, whether it is in a trie, its parent
	// (^0 for none) and its reach per op.
	nodes := len(m.Nodes)
	buf := make([]uint32, (2+int(NumOps))*nodes)
	inTrie, parent := buf[:nodes], buf[nodes:2*nodes]
	tries := false
	for i, a := range m.Automata {
		end := int32(nodes)
		if i+1 < len(m.Automata) {
			end = m.Automata[i+1].Start
		}
		for n := a.Start; n < end && !a.Deterministic; n++ {
			inTrie[n], tries = 1, true
		}
	}
	if !tries {
		return reach
	}
	// In a trie every node but the root has one parent, numbered before
	// it (buildNFA creates a child after its parent), so one pass from
	// the last node down completes each node before its parent reads it.
	for i := range parent {
		parent[i] = ^uint32(0)
	}
	for i, f := range from {
		parent[to[i]] = f
	}
	for n, nd := range m.Nodes {
		if nd.Star >= 0 {
			parent[nd.Star] = uint32(n)
		}
	}
	for op := range NumOps {
		reach[op] = buf[(2+int(op))*nodes : (3+int(op))*nodes]
	}
	for n := nodes - 1; n >= 0; n-- {
		if inTrie[n] == 0 {
			continue
		}
		for op := range NumOps {
			for _, d := range [2]int32{m.Nodes[n].Tail, m.Nodes[n].Term} {
				if d >= 0 {
					reach[op][n] |= m.setSig[m.DestACL[d][op]]
				}
			}
			if p := parent[n]; p != ^uint32(0) {
				reach[op][p] |= reach[op][n]
			}
		}
	}
	return reach
}

// allowedTrie reports whether a destination of the trie at root that
// matches p grants op to a caller holding principals, of signature csig:
// walkTrie's walk, less every subtree trieReach rules out.
func (m *Matcher) allowedTrie(op Op, p *path, root int32, principals []Principal, csig uint32) bool {
	w := walk{node: root}
	w.ix.index(p)
	reach := m.trieReach[op]
	for {
		if reach[w.node]&csig != 0 {
			n := &m.Nodes[w.node]
			if w.depth == p.n {
				if n.Term >= 0 && m.grantedSet(m.DestACL[n.Term][op], principals, csig) {
					return true
				}
			} else {
				if n.Tail >= 0 && m.grantedSet(m.DestACL[n.Tail][op], principals, csig) {
					return true
				}
				if m.descend(&w, p, n) {
					continue
				}
			}
		}
		if !w.next() {
			return false
		}
	}
}
