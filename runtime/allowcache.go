package runtime

// Allowed's result cache. Allowed's answer depends on the caller, so what
// is cached per name is what the caller's signature is tested against:
// the union of the signatures of the sets, for one op, of every
// destination matching the name (unionOf). That union decides as an
// exact name's signature does (acl.go): a caller none of whose bits it
// holds is denied, one holding a principal's own bit (headMask) in it is
// granted (some matching set holds that principal), and only a caller
// meeting its Bloom bits alone walks or probes the tables, as Allowed did
// without the cache. An invalid name is never cached, so it is denied by
// the split after a probe that misses.
//
// Every valid name is cached, whether its length walks the automata or
// probes the mask tables, and the cache is looked up before the split.
// Until session 17 only names of the tables' lengths were: a walk for
// Allowed stops as soon as no set it can still meet grants the caller
// (stepSigs), and with 2,048 ways against streams of 2,400-2,600
// distinct names at 10k, filling the whole union for every walked name
// cost Allowed 1.1-1.4x Resolve against 0.7-0.8x. With the caches sized
// by the wildcard patterns (cacheSetsFor) the streams fit, and caching
// the walked names too made Allowed on mixed names at 10k 0.28-0.48x
// what it cost on wild and wild-telemetry, 0.83x on wild-events and
// 0.47-0.97x on the exact configs, left wild-long and wild-market (mask
// tables, cached before) unchanged, and at N = 100 read 0.73-1.03x
// (bench/README.md, "Wildcard-only names, session 17").
//
// A Matcher keeps one cache per op, made as Resolve's is (resultcache.go:
// its words allocated by the first name cached), so that the answers of
// two ops for one name, equal in bytes, are never in one cache.

// setACLCaches makes the per-op caches of a Matcher, sized as Resolve's
// is: none (nil) where every lookup is the exact table's (newResultCache).
func (m *Matcher) setACLCaches() {
	for op := range m.aclCache {
		m.aclCache[op] = newResultCache(m)
	}
}

// allowedCached is Allowed for a name not in the exact table, with
// permissions on, a cache for op, and csig the caller's first signature;
// h is the exact table's hash of name, or 0 (nameHash).
func (m *Matcher) allowedCached(op Op, name string, h uint64, principals []Principal, csig uint32) bool {
	var p path
	if len(name) > maxCachedName {
		return m.allowedSlow(op, name, principals, csig) // invalid: denied by the split
	}
	c := m.aclCache[op]
	w := cacheWords{c.first(), c.mask} // see resultCache.first
	// Only a valid name is ever put, so a hit needs no split but where
	// the union does not decide: it spares the split, 15-20 ns on the
	// events family's names of 100-120 bytes.
	h = nameHash(&m.Exact, name, h)
	if u, ok := w.get(name, h); ok {
		return m.unionDecides(op, &p, name, u, principals, csig)
	}
	if !p.split(name) {
		return false
	}
	// A valid name has at most MaxNameBytes, which a way holds.
	u := m.unionOf(op, &p)
	w.put(name, h, uint64(u))
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
	return m.allowedPath(op, p, principals, csig)
}

// unionOf is the union of the signatures of the sets for op of every
// destination matching p: unionMasks for a length of the mask tables,
// else each automaton's walk (unionDFA).
func (m *Matcher) unionOf(op Op, p *path) uint32 {
	if m.maskOn[p.n] {
		return m.unionMasks(op, p)
	}
	var u uint32
	for _, v := range m.visits[p.n] {
		u = m.unionDFA(op, p, v.a.Start, u)
		if v.b != nil {
			u = m.unionDFA(op, p, v.b.Start, u)
		}
	}
	return u
}

// unionDFA adds to u the signatures of the tails of every state p passes
// from s and of the terms of the state it ends in. It stops where no set
// the walk can still meet would add a bit (reach, which holds the
// state's own tails and terms).
func (m *Matcher) unionDFA(op Op, p *path, s int32, u uint32) uint32 {
	sigs := m.stepSig[op]
	s = m.walkStates(p, s, func(s int32) bool {
		u |= sigs[s].tail
		return sigs[s].reach&^u != 0
	})
	if s >= 0 {
		u |= m.termSig[op][s]
	}
	return u
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
