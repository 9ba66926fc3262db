package runtime

// exact returns the exact-name record of name, if it is configured
// exactly: value 0 is its destination, value 1+op its ACL set for op.
func (m *Matcher) exact(name string) (rec int, ok bool) {
	if len(name) > MaxNameBytes {
		return 0, false // also keeps hashing a megabyte input off the hot path
	}
	return m.Exact.Find(name)
}

// Resolve returns the destination whose properties apply to name, or -1
// when nothing matches; err is ErrInvalidName for an invalid name.
func (m *Matcher) Resolve(name string) (int, error) {
	if rec, ok := m.exact(name); ok {
		return int(m.Exact.Value(rec, 0)), nil // a configured name is valid by construction
	}
	return m.resolveSlow(name)
}

// resolveSlow is Resolve for a name that is not configured exactly. It is
// a function of its own so that the walk's large frame is set up only for
// such names.
//
//go:noinline
func (m *Matcher) resolveSlow(name string) (int, error) {
	var p path
	if !p.split(name) {
		return -1, ErrInvalidName
	}
	if m.Deterministic {
		return m.resolveDFA(&p), nil
	}
	return m.resolveWild(&p), nil
}

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
func (m *Matcher) resolveDFA(p *path) int {
	best, bestRank := int32(-1), uint32(0)
	s := int32(0)
	for d := 0; d < p.n; d++ {
		if t := m.Nodes[s].Tail; t >= 0 && (best < 0 || m.Rank[t] < bestRank) {
			best, bestRank = t, m.Rank[t]
		}
		if s = m.step(s, p, d); s < 0 {
			return int(best)
		}
	}
	if t := m.Nodes[s].Term; t >= 0 && (best < 0 || m.Rank[t] < bestRank) {
		return int(t)
	}
	return int(best)
}

// resolveWild walks the trie literal-first. The first pattern without '>'
// that ends at the name's last element is the best match of the '*' class,
// which beats every '>' pattern; '>' candidates are compared by rank.
func (m *Matcher) resolveWild(p *path) int {
	best, bestRank := int32(-1), uint32(0)
	var w walk
	for {
		n := &m.Nodes[w.node]
		if w.depth == p.n {
			if n.Term >= 0 {
				return int(n.Term)
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
			return int(best)
		}
	}
}

// Matches appends to buf every destination that matches name, in config
// order.
func (m *Matcher) Matches(name string, buf []int) ([]int, error) {
	if rec, ok := m.exact(name); ok {
		info := &m.Infos[m.Exact.Value(rec, 0)]
		for _, d := range m.Lists[info.List : info.List+info.Len] {
			buf = append(buf, int(d))
		}
		return buf, nil
	}
	return m.matchesSlow(name, buf)
}

// matchesSlow is Matches for a name that is not configured exactly; see
// resolveSlow.
//
//go:noinline
func (m *Matcher) matchesSlow(name string, buf []int) ([]int, error) {
	var p path
	if !p.split(name) {
		return buf, ErrInvalidName
	}
	start := len(buf)
	if m.Deterministic {
		buf = m.matchesDFA(&p, buf)
	} else {
		m.walkAll(&p, func(d int32) bool {
			buf = append(buf, int(d))
			return false
		})
	}
	sortInts(buf[start:])
	return buf, nil
}

// matchesDFA appends the tails of every state the name passes and the
// terms of the state it ends in.
func (m *Matcher) matchesDFA(p *path, buf []int) []int {
	s := int32(0)
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

// walkAll calls visit for every wildcard destination matching p, in walk
// order, until visit returns true; it reports whether one did.
func (m *Matcher) walkAll(p *path, visit func(dest int32) bool) bool {
	var w walk
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

// sortInts is an insertion sort: match lists are short, and sort.Ints
// would make the slice escape.
func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Allowed reports whether a caller holding principals may perform op on
// name: some matching destination grants op to one of them. With
// permissions off every valid name is allowed; an invalid name, and a name
// that matches nothing, never is.
func (m *Matcher) Allowed(op Op, name string, principals []string) bool {
	if op >= NumOps {
		return false
	}
	if rec, ok := m.exact(name); ok {
		return !m.Permissions || m.granted(m.Exact.Value(rec, 1+int(op)), principals)
	}
	return m.allowedSlow(op, name, principals)
}

// allowedSlow is Allowed for a name that is not configured exactly; see
// resolveSlow.
//
//go:noinline
func (m *Matcher) allowedSlow(op Op, name string, principals []string) bool {
	var p path
	if !p.split(name) {
		return false
	}
	if !m.Permissions {
		return true
	}
	if m.Deterministic {
		return m.allowedDFA(op, &p, principals)
	}
	return m.walkAll(&p, func(d int32) bool {
		return m.granted(m.DestACL[d][op], principals)
	})
}

// allowedDFA asks, of each state the name passes, whether the union of
// its tails' ACLs grants op, and of the final state, its terms' union.
func (m *Matcher) allowedDFA(op Op, p *path, principals []string) bool {
	s := int32(0)
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

// granted reports whether set holds one of principals. A small set (most
// are: the union of a few destinations' ACLs) is compared string by
// string, which is cheaper than hashing each principal the caller holds;
// a large one is a bit set probed through the principal table.
func (m *Matcher) granted(set uint32, principals []string) bool {
	if set == 0 {
		return false
	}
	if members := m.small[set]; members != nil {
		for _, pr := range principals {
			for _, id := range members {
				if m.principals[id] == pr {
					return true
				}
			}
		}
		return false
	}
	bits := m.Sets[int(set)*m.SetWords : int(set+1)*m.SetWords]
	for _, pr := range principals {
		if len(pr) > MaxPrincipalBytes {
			continue // no configured principal is that long; skip hashing it
		}
		b, ok := m.Principals.Lookup(pr, 0, Hash(pr, PrincipalSeed))
		if ok && bits[b/64]&(1<<(b%64)) != 0 {
			return true
		}
	}
	return false
}
