package runtime

// The wildcard patterns are matched by a few automata over elements (see
// Matcher.Automata): deterministic ones, walked one edge per element, and,
// for patterns whose deterministic automaton would be too large, tries
// walked depth-first with backtracking. Each function here runs one
// automaton from its start node; the lookups combine them.

// step returns the state after element d of p from state s, or -1 when no
// pattern continues.
func (m *Matcher) step(s int32, p *path, d int) int32 {
	start, end := p.bounds(d)
	if c, ok := m.Edges.Child(uint32(s), p.name, start, end); ok {
		return int32(c)
	}
	return m.Nodes[s].Star
}

// resolveDFA follows one edge per element: each state visited before the
// last element offers its best '>' pattern, the final state its best
// pattern ending there, and the best ranked of those wins.
func (m *Matcher) resolveDFA(p *path, s int32) int32 {
	best, bestRank := int32(-1), uint32(0)
	for d := 0; d < p.n; d++ {
		if t := m.Nodes[s].Tail; t >= 0 && (best < 0 || m.Rank[t] < bestRank) {
			best, bestRank = t, m.Rank[t]
		}
		if s = m.step(s, p, d); s < 0 {
			return best
		}
	}
	if t := m.Nodes[s].Term; t >= 0 && (best < 0 || m.Rank[t] < bestRank) {
		return t
	}
	return best
}

// matchesDFA appends the tails of every state the name passes and the
// terms of the state it ends in.
func (m *Matcher) matchesDFA(p *path, s int32, buf []int) []int {
	for d := 0; d < p.n; d++ {
		buf = m.appendList(buf, m.States[s].Tails)
		if s = m.step(s, p, d); s < 0 {
			return buf
		}
	}
	return m.appendList(buf, m.States[s].Terms)
}

func (m *Matcher) appendList(buf []int, l ListRef) []int {
	for _, d := range m.Lists[l.Start : l.Start+l.Len] {
		buf = append(buf, int(d))
	}
	return buf
}

// allowedDFA asks, of each state the name passes, whether the union of
// its tails' ACLs grants op, and of the final state, its terms' union.
func (m *Matcher) allowedDFA(op Op, p *path, s int32, principals []string) bool {
	for d := 0; d < p.n; d++ {
		if m.granted(m.States[s].TailACL[op], principals) {
			return true
		}
		if s = m.step(s, p, d); s < 0 {
			return false
		}
	}
	return m.granted(m.States[s].TermACL[op], principals)
}

// resolveTrie walks a trie literal-first. The first pattern without '>'
// that ends at the name's last element is the best match of the '*' class,
// which beats every '>' pattern; '>' candidates are compared by rank.
func (m *Matcher) resolveTrie(p *path, root int32) int32 {
	best, bestRank := int32(-1), uint32(0)
	w := walk{node: root}
	for {
		n := &m.Nodes[w.node]
		if w.depth == p.n {
			if n.Term >= 0 {
				return n.Term
			}
		} else {
			if t := n.Tail; t >= 0 && (best < 0 || m.Rank[t] < bestRank) {
				best, bestRank = t, m.Rank[t]
			}
			if m.descend(&w, p, n) {
				continue
			}
		}
		if !w.next() {
			return best
		}
	}
}

// walkTrie calls visit for every destination of a trie matching p, in walk
// order, until visit returns true; it reports whether one did.
func (m *Matcher) walkTrie(p *path, root int32, visit func(dest int32) bool) bool {
	w := walk{node: root}
	for {
		n := &m.Nodes[w.node]
		if w.depth == p.n {
			if n.Term >= 0 && visit(n.Term) {
				return true
			}
		} else {
			if n.Tail >= 0 && visit(n.Tail) {
				return true
			}
			if m.descend(&w, p, n) {
				continue
			}
		}
		if !w.next() {
			return false
		}
	}
}
