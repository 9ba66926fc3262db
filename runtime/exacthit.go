package runtime

// Resolve and Allowed each hold the exact names' table's first look
// (NameTable.find's hash, two index entries and comparison) written out
// rather than calling find: the generated Resolve and Allowed and
// live.Realm's inline into their callers, so a hit through find cost two
// calls, and the second one's frame (spills of m and name for the miss
// path, four results) was 1.2-2.6 ns of 7-14 ns hits at N = 100 and 10k
// on every family (bench/README, "Exact hits and the hash, session 17").
// Calling a helper for the hash or the comparison cost as much again, so
// the two copies are kept, and held to find's answers on keys of every
// length, their near misses and changed records (exacthit_test.go), with
// a mutant per comparison class.

// Resolve returns the destination whose properties apply to name, or -1
// when nothing matches; err is ErrInvalidName for an invalid name.
func (m *Matcher) Resolve(name string) (int, error) {
	t := &m.Exact
	n := len(name)
	// Like exact, hashes no name longer than a key can be.
	if len(t.index) == 0 || n == 0 || n > maxNameKey {
		return m.resolveCached(name, 0)
	}
	var h uint64
	switch {
	case n < 8:
		h = Hash(name, NameSeed)
	case t.sampled:
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^NameSeed^uint64(n)*hashK2) ^
			mix(loadAt(name, n/2-4)^hashK3, NameSeed) | 1
	case n <= 16:
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^(NameSeed^hashK0)^uint64(n)*hashK2) | 1
	case n <= 32:
		const seed = NameSeed ^ hashK0
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, 8)^seed) ^
			mix(loadAt(name, n-16)^hashK2, loadAt(name, n-8)^seed^uint64(n)*hashK3) | 1
	default:
		h = Hash(name, NameSeed)
	}
	want := t.tag(h)
	i := h & t.mask
	e0, e1 := t.index[i], t.index[i+1]
	e := e0
	if e&^t.offMask != want {
		e = e1
	}
	if e&^t.offMask == want {
		r := int(e & t.offMask)
		if w0 := t.recs[r]; uint8(w0) == uint8(n) {
			k := t.keyOf(r, n)
			var diff uint64
			switch {
			case n > 48:
				if k != name {
					diff = 1
				}
			case n > 32:
				diff = (loadAt(k, 0) ^ loadAt(name, 0)) | (loadAt(k, 8) ^ loadAt(name, 8)) |
					(loadAt(k, 16) ^ loadAt(name, 16)) | (loadAt(k, 24) ^ loadAt(name, 24)) |
					(loadAt(k, n-16) ^ loadAt(name, n-16)) | (loadAt(k, n-8) ^ loadAt(name, n-8))
			case n > 16:
				diff = (loadAt(k, 0) ^ loadAt(name, 0)) | (loadAt(k, 8) ^ loadAt(name, 8)) |
					(loadAt(k, n-16) ^ loadAt(name, n-16)) | (loadAt(k, n-8) ^ loadAt(name, n-8))
			case n >= 8:
				diff = (loadAt(k, 0) ^ loadAt(name, 0)) | (loadAt(k, n-8) ^ loadAt(name, n-8))
			default:
				if !sameBytes(k, name) {
					diff = 1
				}
			}
			if diff == 0 {
				return int(uint32(w0 >> 32)), nil // a configured name is valid by construction
			}
		}
	} else if e0 == 0 || e1 == 0 {
		return m.resolveCached(name, h) // see find: no key from this home is further
	}
	// The rest, as find: from the home for a key past a colliding tag
	// or length, from the third entry when neither of the first two
	// holds the tag.
	if _, v0, ok := t.probe(name, i, want); ok {
		return int(v0), nil
	}
	return m.resolveCached(name, h)
}

// Allowed reports whether a caller holding principals may perform op on
// name: some matching destination grants op to one of them. With
// permissions off every valid name is allowed; an invalid name, and a name
// that matches nothing, never is.
func (m *Matcher) Allowed(op Op, name string, principals []Principal) bool {
	if op >= NumOps {
		return false
	}
	sigs := m.callerSigs(principals) // see acl.go
	csig := uint32(sigs)
	t := &m.Exact
	n := len(name)
	var h uint64 // keys the cache below (nameHash); 0 when not hashed
	rec, ok := 0, false
	// Like exact, hashes no name longer than a key can be.
	if len(t.index) != 0 && n != 0 && n <= maxNameKey {
		switch {
		case n < 8:
			h = Hash(name, NameSeed)
		case t.sampled:
			h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^NameSeed^uint64(n)*hashK2) ^
				mix(loadAt(name, n/2-4)^hashK3, NameSeed) | 1
		case n <= 16:
			h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^(NameSeed^hashK0)^uint64(n)*hashK2) | 1
		case n <= 32:
			const seed = NameSeed ^ hashK0
			h = mix(loadAt(name, 0)^hashK1, loadAt(name, 8)^seed) ^
				mix(loadAt(name, n-16)^hashK2, loadAt(name, n-8)^seed^uint64(n)*hashK3) | 1
		default:
			h = Hash(name, NameSeed)
		}
		want := t.tag(h)
		i := h & t.mask
		e0, e1 := t.index[i], t.index[i+1]
		e := e0
		if e&^t.offMask != want {
			e = e1
		}
		if tagged := e&^t.offMask == want; tagged {
			r := int(e & t.offMask)
			if uint8(t.recs[r]) == uint8(n) {
				k := t.keyOf(r, n)
				var diff uint64
				switch {
				case n > 48:
					if name != k {
						diff = 1
					}
				case n > 32:
					diff = (loadAt(name, 0) ^ loadAt(k, 0)) | (loadAt(name, 8) ^ loadAt(k, 8)) |
						(loadAt(name, 16) ^ loadAt(k, 16)) | (loadAt(name, 24) ^ loadAt(k, 24)) |
						(loadAt(name, n-16) ^ loadAt(k, n-16)) | (loadAt(name, n-8) ^ loadAt(k, n-8))
				case n > 16:
					diff = (loadAt(name, 0) ^ loadAt(k, 0)) | (loadAt(name, 8) ^ loadAt(k, 8)) |
						(loadAt(name, n-16) ^ loadAt(k, n-16)) | (loadAt(name, n-8) ^ loadAt(k, n-8))
				case n >= 8:
					diff = (loadAt(name, 0) ^ loadAt(k, 0)) | (loadAt(name, n-8) ^ loadAt(k, n-8))
				default:
					if !sameBytes(name, k) {
						diff = 1
					}
				}
				rec, ok = r, diff == 0
			}
			if !ok {
				rec, _, ok = t.probe(name, i, want)
			}
		} else if e0 != 0 && e1 != 0 {
			rec, _, ok = t.probe(name, i, want) // see Resolve
		}
	}
	if ok {
		if !m.Permissions {
			return true
		}
		// The signature, in the record just read, decides most calls.
		hit := t.opValue(rec, op) & csig
		head := hit & m.headMask
		// Only when the caller's bits meet the signature's Bloom bits and
		// none of its own does the row decide.
		if (uint64(head)-1)>>32&uint64(hit) != 0 {
			return m.exactGranted(t.Value(rec, 0), op, principals, uint32(sigs>>32))
		}
		return hit != 0
	}
	if !m.Permissions || m.aclCache[op] == nil {
		return m.allowedSlow(op, name, principals, csig)
	}
	return m.allowedCached(op, name, h, principals, csig) // see allowcache.go
}
