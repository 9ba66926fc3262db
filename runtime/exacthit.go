package runtime

import "unsafe"

// Resolve and Allowed each hold the first look of the front index
// (frontindex.go: the exact table's index with entries for cached names
// too; NameTable.find's hash, two index entries and comparison) written
// out rather than calling find: the generated Resolve and Allowed and
// live.Realm's inline into their callers, so a hit through find cost two
// calls, the second one's frame 1.2-2.6 ns of 7-14 ns hits (bench/README,
// "Exact hits and the hash, session 17"). A helper for the hash or the
// comparison cost as much again, so the two copies are kept, held to
// find's answers on keys of every length, their near misses and changed
// records (exacthit_test.go), with a mutant per comparison class. Names
// of 49-64 bytes are compared in words, not by memequal, whose call was
// 15% of telemetry hits (33-64 bytes; bench/README, "Session 26"). Longer
// ones are compared by memequal, in tail position (resolveLong,
// allowedRecord): its vector loop, which stops at the first difference,
// beat four words a step on the events and long families' names (60-200
// bytes) by 0.83-0.98x, and called there rather than inline it leaves
// shorter names' code as it was (inline: 1.02-1.06x; bench/README,
// "Session 32").

// Resolve returns the destination whose properties apply to name, or -1
// when nothing matches; err is ErrInvalidName for an invalid name.
func (m *Matcher) Resolve(name string) (int, error) {
	t, f := &m.Exact, &m.front // no slots for an empty table (or a Matcher not made by NewMatcher)
	n := len(name)
	// Like exact, hashes no name longer than a key can be.
	if len(f.slots) == 0 || n == 0 || n > maxNameKey {
		return m.resolveAside(name)
	}
	var h uint64
	switch {
	case n < 8:
		h = Hash(name, NameSeed)
	case t.sampled:
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^NameSeed^uint64(n)*hashK2) ^
			mix(loadAt(name, n/2-4)^hashK3, NameSeed) | 1
	case t.wide && n > wideFrom:
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^NameSeed^uint64(n)*hashK2) ^
			mix(loadAt(name, n/2-4)^hashK3, loadAt(name, n-16)^NameSeed) | 1
	case n <= 16:
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^(NameSeed^hashK0)^uint64(n)*hashK2) | 1
	case n <= 32:
		const seed = NameSeed ^ hashK0
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, 8)^seed) ^
			mix(loadAt(name, n-16)^hashK2, loadAt(name, n-8)^seed^uint64(n)*hashK3) | 1
	case n <= 64: // the rest is Hash's, without its call and switch
		h = hash33to64(name, NameSeed^hashK0)
	default:
		h = hashLong(name, NameSeed^hashK0)
	}
	want := f.tag(h)
	i := h & f.mask
	e0, e1 := f.slots[i].Load(), f.slots[i+1].Load()
	e := e0
	if e&f.tagMask != want {
		e = e1
	}
	if e&f.tagMask == want {
		// An exact name's record, or a cached name's in the front's arena.
		r := int(e & f.offMask)
		var w0 uint64
		var rec unsafe.Pointer
		if r < len(t.recs) {
			w0, rec = t.recs[r], unsafe.Pointer(&t.recs[r])
		} else {
			w0, rec = f.cached(e)
		}
		if uint32(w0) == uint32(n) { // frontMark cleared (cached)
			k := unsafe.String((*byte)(unsafe.Add(rec, 8*recordHeader)), n)
			var diff uint64
			switch {
			case n > 64:
				return m.resolveLong(name, k, w0, r, h, e0)
			case n > 48:
				diff = (loadAt(k, 0) ^ loadAt(name, 0)) | (loadAt(k, 8) ^ loadAt(name, 8)) |
					(loadAt(k, 16) ^ loadAt(name, 16)) | (loadAt(k, 24) ^ loadAt(name, 24)) |
					(loadAt(k, 32) ^ loadAt(name, 32)) | (loadAt(k, 40) ^ loadAt(name, 40)) |
					(loadAt(k, n-16) ^ loadAt(name, n-16)) | (loadAt(k, n-8) ^ loadAt(name, n-8))
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
			if diff == 0 && r < len(t.recs) {
				return int(uint32(w0 >> 32)), nil // a configured name is valid by construction
			} else if diff == 0 {
				return cacheResult(uint32(w0 >> 32))
			}
		}
	}
	// The first look saw every key name can be, a colliding one included
	// (entryMore marks a home whose two entries share a tag): no probe.
	if e0&entryMore == 0 {
		return m.resolveCached(name, h)
	}
	return m.resolvePast(name, h)
}

// resolveLong is Resolve for a name over 64 bytes from the first look's
// entry r, whose record begins with w0 and has key k (see the top of the
// file): a hit where k is name, else the first look's miss (e0).
func (m *Matcher) resolveLong(name, k string, w0 uint64, r int, h uint64, e0 uint32) (int, error) {
	if k == name {
		if r < len(m.Exact.recs) {
			return int(uint32(w0 >> 32)), nil
		}
		return cacheResult(uint32(w0 >> 32))
	}
	if e0&entryMore != 0 {
		return m.resolvePast(name, h)
	}
	return m.resolveCached(name, h)
}

// resolvePast is Resolve where the first look may not have seen name's
// key: entryMore says a key homed there lies past it, or its two entries
// share a tag. The probe is the plan index's, from the name's
// home there, whatever the front's layout: h is the table's hash.
func (m *Matcher) resolvePast(name string, h uint64) (int, error) {
	t := &m.Exact
	if _, v0, ok := t.probe(name, h&t.mask, t.tag(h)); ok {
		return int(v0), nil
	}
	return m.resolveCached(name, h)
}

// resolveAside is Resolve for a name it does not hash, or a Matcher
// without a front index.
func (m *Matcher) resolveAside(name string) (int, error) {
	_, h, v0, ok := m.Exact.find(name)
	if ok {
		return int(v0), nil
	}
	return m.resolveCached(name, h)
}

// Allowed reports whether a caller holding principals may perform op on
// name: some matching destination grants op to one of them. An invalid
// name never is allowed; with permissions on, neither is a name that
// matches nothing, and with them off every valid name is.
//
// A hit is decided where its record is compared, as Resolve's returns:
// kept for a common tail, it cost 1.04-1.14x (bench/README.md, "Exact
// hits and Allowed, session 19"). A cached name's record in the front
// holds its unions' signatures as an exact one's holds its, so it is
// decided there too: through op's cache instead, Allowed on mixed names
// cost 1.5-1.8x Resolve (bench/README, session 29).
func (m *Matcher) Allowed(op Op, name string, principals []Principal) bool {
	t, f := &m.Exact, &m.front
	n := len(name)
	// Like exact, hashes no name longer than a key can be.
	if len(f.slots) == 0 || n == 0 || n > maxNameKey || op >= NumOps {
		return m.allowedAside(op, name, principals)
	}
	var h uint64 // also keys the caches past the first look (nameHash)
	switch {
	case n < 8:
		h = Hash(name, NameSeed)
	case t.sampled:
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^NameSeed^uint64(n)*hashK2) ^
			mix(loadAt(name, n/2-4)^hashK3, NameSeed) | 1
	case t.wide && n > wideFrom:
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^NameSeed^uint64(n)*hashK2) ^
			mix(loadAt(name, n/2-4)^hashK3, loadAt(name, n-16)^NameSeed) | 1
	case n <= 16:
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, n-8)^(NameSeed^hashK0)^uint64(n)*hashK2) | 1
	case n <= 32:
		const seed = NameSeed ^ hashK0
		h = mix(loadAt(name, 0)^hashK1, loadAt(name, 8)^seed) ^
			mix(loadAt(name, n-16)^hashK2, loadAt(name, n-8)^seed^uint64(n)*hashK3) | 1
	case n <= 64:
		h = hash33to64(name, NameSeed^hashK0)
	default:
		h = hashLong(name, NameSeed^hashK0)
	}
	want := f.tag(h)
	i := h & f.mask
	e0, e1 := f.slots[i].Load(), f.slots[i+1].Load()
	e := e0
	if e&f.tagMask != want {
		e = e1
	}
	if e&f.tagMask == want {
		// An exact name's record, or a cached name's in the front's arena:
		// word 1 holds the signatures of both, per op (frontindex.go).
		r := int(e & f.offMask)
		var w0 uint64
		var rec unsafe.Pointer
		if r < len(t.recs) {
			w0, rec = t.recs[r], unsafe.Pointer(&t.recs[r])
		} else {
			w0, rec = f.cached(e)
		}
		if uint32(n) == uint32(w0) {
			k := unsafe.String((*byte)(unsafe.Add(rec, 8*recordHeader)), n)
			var diff uint64
			switch {
			case n > 64:
				return m.allowedRecord(op, name, k, h, w0, r, rec, e0, principals)
			case n > 48:
				diff = (loadAt(name, 0) ^ loadAt(k, 0)) | (loadAt(name, 8) ^ loadAt(k, 8)) |
					(loadAt(name, 16) ^ loadAt(k, 16)) | (loadAt(name, 24) ^ loadAt(k, 24)) |
					(loadAt(name, 32) ^ loadAt(k, 32)) | (loadAt(name, 40) ^ loadAt(k, 40)) |
					(loadAt(name, n-16) ^ loadAt(k, n-16)) | (loadAt(name, n-8) ^ loadAt(k, n-8))
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
			if diff == 0 {
				if !m.Permissions { // a cached name may be invalid (cacheAnswer)
					return r < len(t.recs) || uint32(w0>>32)&cacheInvalid == 0
				}
				// The signature, in the record just read, decides most calls.
				sigs := m.callerSigs(principals) // see acl.go
				hit := uint32(*(*uint64)(unsafe.Add(rec, 8))>>(32*(op&1))) & uint32(sigs)
				// Only when the caller's bits meet the signature's Bloom bits
				// and none of its own does the row decide.
				if head := hit & m.headMask; (uint64(head)-1)>>32&uint64(hit) != 0 {
					if r < len(t.recs) {
						return m.exactGranted(r, op, principals, sigs)
					}
					return m.allowedByRow(op, name, h, principals, uint32(sigs))
				}
				return hit != 0
			}
		}
	}
	return m.allowedPast(op, name, h, principals, e0&entryMore != 0) // as Resolve's
}

// allowedPast is Allowed where the first look did not decide: a key past
// it (probe), or a name the exact table does not hold. As resolvePast,
// the probe is the plan index's, from the name's home there.
func (m *Matcher) allowedPast(op Op, name string, h uint64, principals []Principal, probe bool) bool {
	t := &m.Exact
	if probe {
		if rec, _, ok := t.probe(name, h&t.mask, t.tag(h)); ok {
			return !m.Permissions || m.exactGranted(rec, op, principals, m.callerSigs(principals))
		}
	}
	hc := nameHash(t, name, h) // computed once: over 72 bytes it is a whole hash
	if w0, rec := m.front.second(name, h, hc); rec != nil {
		return m.allowedRecord(op, name, name, h, w0, len(t.recs), rec, 0, principals) // not an exact record
	}
	csig := uint32(m.callerSigs(principals))
	if !m.Permissions || m.aclCache[op] == nil {
		return m.allowedSlow(op, name, principals, csig)
	}
	return m.allowedCached(op, name, h, hc, principals, csig) // see allowcache.go
}

// allowedRecord is Allowed for name where entry r leads to record rec,
// beginning with w0, whose key is key: an exact name's record (r below
// the exact table's records) or a cached name's in the front. Where key
// is not name, it goes on as the first look's miss (e0); where it is, it
// decides as the first look does. Allowed's first look calls it for a
// name over 64 bytes, compared here by memequal (see Resolve), and the
// second look for a name it has compared (key is name).
func (m *Matcher) allowedRecord(op Op, name, key string, h, w0 uint64, r int, rec unsafe.Pointer, e0 uint32, principals []Principal) bool {
	if key != name {
		return m.allowedPast(op, name, h, principals, e0&entryMore != 0)
	}
	exact := r < len(m.Exact.recs)
	if !m.Permissions {
		return exact || uint32(w0>>32)&cacheInvalid == 0
	}
	sigs := m.callerSigs(principals)
	hit := uint32(*(*uint64)(unsafe.Add(rec, 8))>>(32*(op&1))) & uint32(sigs)
	if head := hit & m.headMask; (uint64(head)-1)>>32&uint64(hit) != 0 {
		if exact {
			return m.exactGranted(r, op, principals, sigs)
		}
		return m.allowedByRow(op, name, h, principals, uint32(sigs))
	}
	return hit != 0
}

// allowedByRow is Allowed for a name the front holds whose signature
// did not decide: its union's row in op's cache decides, and the name is
// not offered to the front again (its second look, in a table that
// samples names, would take a second record of it). The op cache's
// signature for it is the front's, which did not decide, so only its row
// is looked up (allowedCached would look the name up for both).
func (m *Matcher) allowedByRow(op Op, name string, h uint64, principals []Principal, csig uint32) bool {
	c := m.aclCache[op]
	if c == nil || len(name) > maxCachedName {
		return m.allowedSlow(op, name, principals, csig)
	}
	return m.allowedRow(op, cacheWords{c.first(), c.mask}, name, nameHash(&m.Exact, name, h), true, principals, csig)
}

// allowedAside is Allowed for a name it does not hash, an op past
// NumOps, or a Matcher without a front index.
func (m *Matcher) allowedAside(op Op, name string, principals []Principal) bool {
	if op >= NumOps {
		return false
	}
	rec, h, _, ok := m.Exact.find(name)
	if ok {
		return !m.Permissions || m.exactGranted(rec, op, principals, m.callerSigs(principals))
	}
	return m.allowedPast(op, name, h, principals, false)
}
