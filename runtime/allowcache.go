package runtime

// Allowed's result cache. Allowed's answer depends on the caller, so what
// is cached per name is what the caller's signature is tested against:
// the union of the signatures of the sets, for one op, of every
// destination matching the name (unionMasks). That union decides as an
// exact name's signature does (acl.go): a caller none of whose bits it
// holds is denied, one holding a principal's own bit (headMask) in it is
// granted (some matching set holds that principal), and only a caller
// meeting its Bloom bits alone probes the tables, as Allowed did without
// the cache. An invalid name is denied before the cache.
//
// Only names whose length uses the mask tables are cached: a table has
// no early stop for Allowed, so such a name probes every table of its
// length, where a walk of the automata stops as soon as no set it can
// still meet grants the caller (stepSigs), which cost less than the
// cache's probe and a fill of the whole union on the benchmark families
// (with every name cached, Allowed on the classic wild 10k mixed names,
// mostly walked, cost 1.1-1.4x Resolve against 0.7-0.8x).
//
// A Matcher keeps one cache per op, made as Resolve's is (resultcache.go:
// its words allocated by the first name cached), so that the answers of
// two ops for one name, equal in bytes, are never in one cache; and only
// when some name length probes mask tables.

// setACLCaches makes the per-op caches of a Matcher some of whose name
// lengths probe mask tables (a length may use them with none to probe,
// when no pattern can match its names).
func (m *Matcher) setACLCaches() {
	for d, on := range m.maskOn {
		if on && len(m.maskProbe[d]) > 0 {
			for op := range m.aclCache {
				m.aclCache[op] = newResultCache(m)
			}
			m.aclFirst = m.allMasked()
			return
		}
	}
}

// allMasked reports whether no name length walks an automaton: then
// every valid name some pattern can match is one the caches hold, and
// allowedCached looks a name up before it splits it.
func (m *Matcher) allMasked() bool {
	for d, on := range m.maskOn {
		if !on && len(m.visits[d]) > 0 {
			return false
		}
	}
	return true
}

// ACLLookupFirst reports whether Allowed looks a name up in its caches
// before splitting it (see allMasked; for tests).
func (m *Matcher) ACLLookupFirst() bool { return m.aclFirst }

// allowedCached is Allowed for a name not in the exact table, with
// permissions on, a cache for op, and csig the caller's first signature;
// h is the exact table's hash of name, or 0 (nameHash).
func (m *Matcher) allowedCached(op Op, name string, h uint64, principals []Principal, csig uint32) bool {
	var p path
	c := m.aclCache[op]
	w := cacheWords{c.first(), c.mask} // see resultCache.first
	first := m.aclFirst && len(name) <= maxCachedName
	if first {
		// Only a valid name of a table length is ever put, so a hit needs
		// no split but where the row decides: it spares the split, 15-20
		// ns on the events family's names of 100-120 bytes.
		h = nameHash(&m.Exact, name, h)
		if u, ok := w.get(name, h); ok {
			return m.unionDecides(op, &p, name, u, principals, csig)
		}
	}
	if !p.split(name) {
		return false
	}
	if !m.maskOn[p.n] {
		return m.allowedPath(op, &p, principals, csig)
	}
	// A valid name has at most MaxNameBytes, which a way holds.
	u, ok := uint32(0), false
	if !first {
		h = nameHash(&m.Exact, name, h) // hashed above if first
		u, ok = w.get(name, h)
	}
	if !ok {
		u = m.unionMasks(op, &p)
		w.put(name, h, uint64(u))
	}
	return m.unionDecides(op, &p, name, u, principals, csig)
}

// unionDecides is Allowed given the cached union u of the name's sets'
// signatures: the signature decides most callers, the tables the rest
// (the name is split first if p is not yet).
func (m *Matcher) unionDecides(op Op, p *path, name string, u uint32, principals []Principal, csig uint32) bool {
	hit := u & csig
	if hit == 0 || hit&m.headMask != 0 {
		return hit != 0
	}
	if p.n == 0 && !p.split(name) {
		return false // never for a cached name
	}
	return m.allowedMasks(op, p, principals, csig)
}

// unionMasks is the union of the signatures of the sets for op of every
// destination matching p, a name whose length uses the mask tables:
// every table's hit, as matchesMasks finds them (through the mask index
// where the length has one).
func (m *Matcher) unionMasks(op Op, p *path) uint32 {
	var x maskName
	x.load(p, int(m.maskNeed[p.n]))
	var u uint32
	add := func(t uint32, h uint64) bool {
		if d := m.probe(&x, t, h); d >= 0 {
			u |= m.setSig[m.DestACL[d][op]]
		}
		return false
	}
	if l := m.maskIdx.list[p.n]; l > 0 {
		m.eachCandidate(&x, int(l-1), m.maskProbe[p.n], add)
		return u
	}
	for _, t := range m.maskProbe[p.n] {
		if h := x.keyOf(&m.masks[t]); m.mayHold(h) {
			add(t, h)
		}
	}
	return u
}
