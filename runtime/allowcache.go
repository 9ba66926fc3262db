package runtime

// Allowed's result cache. Allowed's answer depends on the caller, so what
// is cached per name is what the caller is tested against: the union,
// for one op, of the sets of every destination matching the name
// (unionOf), as its signature (in the way's meta) and its row (in the
// way's words after the name's, where both fit: rowWords). The signature
// decides as an exact name's does (acl.go): a caller none of whose bits
// it holds is denied, one holding a principal's own bit (headMask) in it
// is granted; a caller meeting its Bloom bits alone is decided by the
// row, the principals' bits, so that no cached name walks. An invalid
// name is cached with an empty union. Every name up to maxCachedName
// bytes is cached, whether its length walks the automata or probes the
// mask tables, and the cache is looked up before the split.
//
// Until session 18 only the signature was cached, and a caller meeting
// its Bloom bits walked the name or probed its tables again: at 10k,
// 6-13% of the mixed names' calls on the wild configs (about 90% of them
// denied in the end), a walk of up to 2 us on wild-market's tables, so
// that Allowed cost 1.9-3.2x Resolve there. Where a row does not fit (a
// name of over 239 bytes at up to 128 principals, or configs of about
// 1,900 principals or more) such a caller still walks (allowedPath).
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
// h is the exact table's hash of name, or 0, and hc the caches' (nameHash
// of h). A name the cache answers is offered to the front (its second
// sighting).
func (m *Matcher) allowedCached(op Op, name string, h, hc uint64, principals []Principal, csig uint32) bool {
	if len(name) > maxCachedName {
		return m.allowedSlow(op, name, principals, csig) // invalid: denied by the split
	}
	c := m.aclCache[op]
	w := cacheWords{c.first(), c.mask} // see resultCache.first
	// Only a valid name is ever put, so a hit the signature decides
	// needs no split: it spares the split, 15-20 ns on the events
	// family's names of 100-120 bytes.
	u, ok := w.get(name, hc, nil)
	if ok && h != 0 {
		if _, room := m.place(name, h); room {
			m.enter(name, h, uint32(cacheAnswer(m.resolveSlow(name)))) // its second sighting (frontindex.go)
		}
	}
	if hit := u & csig; ok && (hit == 0 || hit&m.headMask != 0) {
		return hit != 0
	}
	return m.allowedRow(op, w, name, hc, ok, principals, csig)
}

// allowedRow is allowedCached where the name's cached signature does not
// decide (cached) or the name is not cached. The union's row decides
// then, read from the way after the name's words or, for a name not
// cached, made with the signature and offered with it; only where the
// row does not fit a way (rowWords) does the name walk (allowedPath).
func (m *Matcher) allowedRow(op Op, w cacheWords, name string, h uint64, cached bool, principals []Principal, csig uint32) bool {
	var buf [cacheWayWords - 1]uint64
	row := buf[:m.rowWords(len(name))]
	if cached && len(row) > 0 {
		if _, ok := w.get(name, h, row); ok {
			return m.rowGranted(row, principals)
		}
		cached = false // a writer changed the set since: make the row
	}
	var p path
	if !p.split(name) {
		w.put(name, h, 0, nil) // never cached before: an invalid name's union is empty
		return false
	}
	if !cached {
		u := m.unionOf(op, &p, row)
		w.put(name, h, uint64(u), row)
		if hit := u & csig; hit == 0 || hit&m.headMask != 0 || len(row) > 0 {
			return hit != 0 && (hit&m.headMask != 0 || m.rowGranted(row, principals))
		}
	}
	return m.allowedPath(op, &p, principals, csig)
}

// rowWords is how many words of a way the union's row takes after the
// words of a name of n bytes: SetWords, or 0 where they do not fit.
func (m *Matcher) rowWords(n int) int {
	if 1+n/8+m.SetWords > cacheWayWords {
		return 0
	}
	return m.SetWords
}

// unionOf is the union of the signatures of the sets for op of every
// destination matching p, and ORs their rows into row unless it is
// empty (eachSet: with the row, every walk goes to its end).
func (m *Matcher) unionOf(op Op, p *path, row []uint64) uint32 {
	var u uint32
	m.eachSet(op, p, ^uint32(0), func(set uint32) bool {
		u |= m.setSig[set]
		m.orRow(row, set)
		return false
	})
	return u
}

// orRow ORs set's row into row, unless row is empty.
func (m *Matcher) orRow(row []uint64, set uint32) {
	if len(row) > 0 {
		for i, x := range m.Sets[int(set)*m.SetWords : int(set+1)*m.SetWords] {
			row[i] |= x
		}
	}
}

// eachSet calls f with the set for op of every destination matching p
// until f returns true, and reports whether it did: each mask table's
// hit for a length of the tables (as matchesMasks finds them, through
// the mask index where the length has one), else each state every
// automaton's walk passes (its tails) and the state it ends in (its
// terms), a set possibly more than once. A walk stops at a state from
// which no set it can still meet shares a bit with csig (its reach).
func (m *Matcher) eachSet(op Op, p *path, csig uint32, f func(set uint32) bool) bool {
	if m.maskOn[p.n] {
		var x maskName
		x.load(p, int(m.maskNeed[p.n]))
		found := false
		hit := func(t uint32, h uint64) bool {
			if d := m.probe(&x, t, h); d >= 0 {
				found = f(m.DestACL[d][op])
			}
			return found
		}
		if l := m.maskIdx.list[p.n]; l > 0 {
			m.eachCandidate(&x, int(l-1), m.maskProbe[p.n], hit)
			return found
		}
		for _, t := range m.maskProbe[p.n] {
			if h := x.keyOf(&m.masks[t]); m.mayHold(h) && hit(t, h) {
				return true
			}
		}
		return false
	}
	for _, v := range m.visits[p.n] {
		for _, a := range [2]*Automaton{v.a, v.b} {
			if a == nil {
				continue
			}
			found := false
			s := m.walkStates(p, a.Start, func(s int32) bool {
				if m.stepSig[op][s].reach&csig == 0 {
					return false // no set from here on grants: the walk ends
				}
				found = f(m.States[s].TailACL[op])
				return !found
			})
			if found || s >= 0 && f(m.States[s].TermACL[op]) {
				return true
			}
		}
	}
	return false
}
