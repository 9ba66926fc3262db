package runtime

// Allowed's result cache. Allowed's answer depends on the caller, so what
// is cached per name is what the caller's signature is tested against:
// the union of the signatures of the sets, for one op, of every
// destination matching the name (unionSig). That union decides as an
// exact name's signature does (acl.go): a caller none of whose bits it
// holds is denied, one holding a principal's own bit (headMask) in it is
// granted (some matching set holds that principal), and only a caller
// meeting its Bloom bits alone walks the name, as Allowed did without the
// cache. An invalid name, and one matching nothing, have the union 0.
//
// A Matcher keeps one cache per op, made as Resolve's is (resultcache.go:
// its words allocated by the first name cached), so that the answers of
// two ops for one name, equal in bytes, are never in one cache; and only
// when some name length uses the mask tables. Allowed's walk of the
// automata stops as soon as no set it can still meet grants the caller
// (stepSigs), which on the benchmark families at N = 100 cost less than
// the cache's probe and fill; a mask table has no such stop, so a name
// whose length uses them probes every table of its length.

// setACLCaches makes the per-op caches of a Matcher some of whose name
// lengths probe mask tables (a length may use them with none to probe,
// when no pattern can match its names).
func (m *Matcher) setACLCaches() {
	for d, on := range m.maskOn {
		if on && len(m.maskProbe[d]) > 0 {
			for op := range m.aclCache {
				m.aclCache[op] = newResultCache(m)
			}
			return
		}
	}
}

// allowedCached is Allowed for a name not in the exact table, with
// permissions on and csig the caller's first signature.
func (m *Matcher) allowedCached(op Op, name string, principals []Principal, csig uint32) bool {
	c := m.aclCache[op]
	n := len(name)
	if c == nil || n == 0 || n > maxCachedName {
		return m.allowedSlow(op, name, principals, csig)
	}
	w, h := c.table(), Hash(name, cacheSeed)
	u, ok := w.get(name, h)
	if !ok {
		u = m.unionSig(op, name)
		w.put(name, h, uint64(u))
	}
	hit := u & csig
	if hit == 0 || hit&m.headMask != 0 {
		return hit != 0
	}
	return m.allowedSlow(op, name, principals, csig)
}

// unionSig is the union of the signatures of the sets for op of every
// destination matching name: the walk of Matches, its sets' signatures
// ORed rather than its destinations listed.
//
//go:noinline
func (m *Matcher) unionSig(op Op, name string) uint32 {
	var p path
	if !p.split(name) {
		return 0
	}
	if m.maskOn[p.n] {
		return m.unionMasks(op, &p)
	}
	var u uint32
	for i := range m.Automata {
		a := &m.Automata[i]
		switch {
		case !a.admits(p.n):
		case a.Deterministic:
			u |= m.unionDFA(op, &p, a.Start)
		default:
			m.walkTrie(&p, a.Start, func(d int32) bool {
				u |= m.setSig[m.DestACL[d][op]]
				return false
			})
		}
	}
	return u
}

// unionMasks is unionSig for a name whose length uses the mask tables:
// every table's hit, as matchesMasks finds them.
func (m *Matcher) unionMasks(op Op, p *path) uint32 {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	var u uint32
	for _, t := range m.maskProbe[p.n] {
		if h := x.keyOf(&m.masks[t]); m.mayHold(h) {
			if d := m.probe(&x, t, h); d >= 0 {
				u |= m.setSig[m.DestACL[d][op]]
			}
		}
	}
	return u
}

// unionDFA is unionSig's walk of a deterministic automaton from state s,
// as matchesDFA walks it: each state's tails' union, then the last
// state's terms'.
func (m *Matcher) unionDFA(op Op, p *path, s int32) uint32 {
	steps, u := m.stepSig[op], uint32(0)
	for start := 0; start <= len(p.name); {
		u |= steps[s].tail
		end := p.endFrom(start)
		n := &m.Nodes[s]
		if c, ok := m.child(s, n, p.name, start, end); ok {
			s = c
		} else if s = n.Star; s < 0 {
			return u
		}
		start = end + 1
	}
	return u | m.termSig[op][s]
}
