package runtime

// The wildcard patterns are matched by a few deterministic automata over
// elements (see Matcher.Automata), walked one edge per element. Each
// function here runs one automaton, or two in lockstep, from its start
// node; the lookups combine them.

// child returns the literal child of node s (n is m.Nodes[s]) along the
// element name[start:end]; a walk takes n.Star without one (a step). The
// node's filter skips the edge table (a
// likely cache miss) for most elements it has no edge for; an element of
// up to shortElem bytes is read by shortWords, without a call, when the
// name has 8 bytes.
func (m *Matcher) child(s int32, n *Node, name string, start, end int) (int32, bool) {
	l := end - start
	var w0, w1 uint64
	switch {
	case l <= shortElem && len(name) >= 8:
		w0, w1 = shortWords(name, start, end)
	case l <= shortElem:
		w0, w1 = elemWords(name, start, end)
	default:
		w0 = loadAt(name, start)
	}
	if n.Filter&filterBit(w0, l) == 0 {
		return 0, false
	}
	if l > shortElem {
		c, ok := m.Edges.longChild(uint32(s), name[start:end])
		return int32(c), ok
	}
	if e := m.Edges.shortEdge(uint32(s), l, edgeHash(w0, w1, l), w0, w1); e != nil {
		return int32(e.to), true
	}
	return 0, false
}

// shortWords is elemWords for an element of at most shortElem bytes of a
// name of at least 8, with loads only: the first word's load is clamped
// to end at the name's end (for the last element), and the shifts are
// masked to their known range, which spares the compiler's code for
// shifts of 64 or more. It is small enough to inline into the walks.
func shortWords(name string, start, end int) (w0, w1 uint64) {
	if end-start > 8 {
		return loadAt(name, start), loadAt(name, end-8) >> (128 - 8*(end-start))
	}
	// Shifted up past the bytes after the element, then down past those
	// before it.
	off := min(start, len(name)-8)
	return loadAt(name, off) << (8 * (off + 8 - end) & 63) >> ((64 - 8*(end-start)) & 63), 0
}

// resolveDFA follows one edge per element: each state visited before the
// last element offers its best '>' pattern, the final state its best
// pattern ending there, which beats every '>' pattern (term is then true).
//
// Its loop is written for few mispredicted branches, which cost more than
// the rest of a step when the names vary: the best '>' pattern is kept by
// one comparison of ranks (TailRank), and an element of up to shortElem
// bytes is read with loads at offsets clamped into the name (the last
// element too), not by a branch on its length and position.
func (m *Matcher) resolveDFA(p *path, s int32) (dest int32, term bool) {
	best, bestRank := int32(-1), ^uint32(0)
	name := p.name
	for start := 0; start <= len(name); {
		n := &m.Nodes[s]
		// Written so that the compiler selects (CMOV) rather than
		// branches: the load first, one variable per condition.
		t, r := n.Tail, n.TailRank
		if r < bestRank {
			best = t
		}
		bestRank = min(bestRank, r)
		end := p.endFrom(start)
		if l := end - start; l <= shortElem && len(name) >= 8 {
			w0, w1 := shortWords(name, start, end)
			next := n.Star
			if n.Filter&filterBit(w0, l) != 0 {
				if e := m.Edges.shortEdge(uint32(s), l, edgeHash(w0, w1, l), w0, w1); e != nil {
					next = int32(e.to)
				}
			}
			s = next
		} else if c, ok := m.child(s, n, name, start, end); ok {
			s = c
		} else {
			s = n.Star
		}
		if s < 0 {
			return best, false
		}
		start = end + 1
	}
	if t := m.Nodes[s].Term; t >= 0 {
		return t, true
	}
	return best, false
}

// resolvePair is resolveDFA of two automata at once, a then b, walked in
// lockstep: the cache misses of a step in one overlap the other's, and
// each element is read and hashed once for both. A step along an edge of
// at most 8 bytes reads the next state's hotNode from the edge's entry.
// A name that only '>' patterns match, or none, walks every automaton to
// its end, and on the wild 10k benchmark config (three automata) pairing
// the first two cut Resolve on mixed names by about a tenth; only large
// automata are paired (minPairNodes). The first
// step also tests the automata's first-element filters (Automaton.first):
// at wild 10k, misses then skip two probes and take a sixth less time.
// resolveDFA does without: an automaton walked alone is small, its start
// state's edges cached, and the test cost it 8-14% at N = 100.
func (m *Matcher) resolvePair(p *path, x, y *Automaton) (dest int32, term bool) {
	best, bestRank := int32(-1), ^uint32(0) // see resolveDFA
	name := p.name
	a, b := x.Start, y.Start
	ca, cb := hotOf(&m.Nodes[a]), hotOf(&m.Nodes[b])
	// The loop reads the first element again: refining the filters there,
	// under a test of start in every step, made wildcard names 3% slower.
	w, l := p.first()
	ca.Filter &= x.firstFilter(w, l)
	cb.Filter &= y.firstFilter(w, l)
	for start := 0; start <= len(name); {
		end := p.endFrom(start)
		var k elemKey
		if k.l = end - start; k.l <= shortElem && len(name) >= 8 {
			k.w0, k.w1 = shortWords(name, start, end)
		} else {
			k.w0, k.w1 = elemWords(name, start, min(end, start+shortElem))
		}
		k.h, k.bit = edgeHash(k.w0, k.w1, k.l), filterBit(k.w0, k.l)
		if a >= 0 {
			if ca.TailRank < bestRank {
				best = ca.Tail
			}
			bestRank = min(bestRank, ca.TailRank)
			// step, by hand but for long elements: it is over the
			// inliner's budget, and a call per step cost more than
			// the lockstep saved.
			var e *shortEdge
			if ca.Filter&k.bit != 0 && k.l <= shortElem {
				e = m.Edges.shortEdge(uint32(a), k.l, k.h, k.w0, k.w1)
			}
			switch {
			case e != nil && k.l <= 8:
				a, ca = int32(e.to), e.hot()
			case e != nil:
				a, ca = int32(e.to), hotOf(&m.Nodes[e.to])
			case k.l > shortElem:
				a = m.stepLong(a, &ca, &k, name, start, end)
			default:
				if a = ca.Star; a >= 0 {
					ca = hotOf(&m.Nodes[a])
				}
			}
		}
		if b >= 0 {
			if cb.TailRank < bestRank {
				best = cb.Tail
			}
			bestRank = min(bestRank, cb.TailRank)
			// step, by hand but for long elements: it is over the
			// inliner's budget, and a call per step cost more than
			// the lockstep saved.
			var e *shortEdge
			if cb.Filter&k.bit != 0 && k.l <= shortElem {
				e = m.Edges.shortEdge(uint32(b), k.l, k.h, k.w0, k.w1)
			}
			switch {
			case e != nil && k.l <= 8:
				b, cb = int32(e.to), e.hot()
			case e != nil:
				b, cb = int32(e.to), hotOf(&m.Nodes[e.to])
			case k.l > shortElem:
				b = m.stepLong(b, &cb, &k, name, start, end)
			default:
				if b = cb.Star; b >= 0 {
					cb = hotOf(&m.Nodes[b])
				}
			}
		}
		if a < 0 && b < 0 {
			return best, false
		}
		start = end + 1
	}
	for _, s := range [2]int32{a, b} {
		if s >= 0 && m.Nodes[s].Term >= 0 {
			return m.Nodes[s].Term, true
		}
	}
	return best, false
}

// elemKey is what a step reads of an element: its words (the first only,
// over shortElem bytes), length, edgeHash and filterBit.
type elemKey struct {
	w0, w1, h uint64
	l         int
	bit       uint32
}

// stepLong moves from state s, whose hotNode is *cur, along element k
// (name[start:end]) of over shortElem bytes, and sets *cur to the next
// state's, if any. resolvePair steps along shorter elements by hand.
func (m *Matcher) stepLong(s int32, cur *hotNode, k *elemKey, name string, start, end int) int32 {
	next := cur.Star
	if cur.Filter&k.bit != 0 {
		if c, ok := m.Edges.longChild(uint32(s), name[start:end]); ok {
			next = int32(c)
		}
	}
	if next >= 0 {
		*cur = hotOf(&m.Nodes[next])
	}
	return next
}

// matchesDFA appends the tails of every state the name passes and the
// terms of the state it ends in.
func (m *Matcher) matchesDFA(p *path, s int32, buf []int) []int {
	s = m.walkStates(p, s, func(s int32) bool {
		buf = m.appendList(buf, m.States[s].Tails)
		return true
	})
	if s >= 0 {
		buf = m.appendList(buf, m.States[s].Terms)
	}
	return buf
}

// walkStates calls pass with every state the name p passes from s, until
// pass returns false, and returns the state it ends in, or -1 where the
// walk fell off the automaton or pass stopped it. It serves the walks
// that are not hot (Matches, and Allowed's: eachSet).
func (m *Matcher) walkStates(p *path, s int32, pass func(s int32) bool) int32 {
	for start := 0; start <= len(p.name); {
		if !pass(s) {
			return -1
		}
		end := p.endFrom(start)
		n := &m.Nodes[s]
		if c, ok := m.child(s, n, p.name, start, end); ok {
			s = c
		} else if s = n.Star; s < 0 {
			return -1
		}
		start = end + 1
	}
	return s
}

func (m *Matcher) appendList(buf []int, l ListRef) []int {
	for _, d := range m.Lists[l.Start : l.Start+l.Len] {
		buf = append(buf, int(d))
	}
	return buf
}
