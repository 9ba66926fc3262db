package runtime

import "slices"

// exact returns the exact-name record of name, if it is configured
// exactly: value 0 is its destination, value 1+op its ACL set for op.
func (m *Matcher) exact(name string) (rec int, ok bool) {
	if len(name) > MaxNameBytes {
		return 0, false // also keeps hashing a megabyte input off the hot path
	}
	return m.Exact.Find(name)
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
	if m.maskOn[p.n] {
		return int(m.resolveMasks(&p)), nil
	}
	best := int32(-1)
	for _, v := range m.visits[p.n] {
		var d int32
		var term bool
		if v.b != nil {
			d, term = m.resolvePair(&p, v.a, v.b)
		} else {
			d, term = m.resolveDFA(&p, v.a.Start)
		}
		if term {
			return int(d), nil // see Matcher.Automata: no later automaton does better
		}
		if d >= 0 && (best < 0 || m.Rank[d] < m.Rank[best]) {
			best = d
		}
	}
	return int(best), nil
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
	if m.maskOn[p.n] {
		buf = m.matchesMasks(&p, buf)
		return buf[:start+sortSet(buf[start:])], nil
	}
	for i := range m.Automata {
		a := &m.Automata[i]
		if !a.admits(p.n) {
			continue
		}
		buf = m.matchesDFA(&p, a.Start, buf)
	}
	return buf[:start+sortSet(buf[start:])], nil
}

// sortSet sorts a, moves each destination's first copy to the front and
// returns how many there are. A generated plan's walk meets each
// destination once, but a plan that passes the plan check need not
// (FuzzDecodePlan: a state's tail list stretched by a flipped bit over
// a destination the walk's terms hold), and Matches lists each once.
func sortSet(a []int) int {
	slices.Sort(a) // generic, so a does not escape as through sort.Ints
	n := min(len(a), 1)
	for _, d := range a[n:] {
		if d != a[n-1] {
			a[n] = d
			n++
		}
	}
	return n
}

// allowedSlow is Allowed for a name that is not configured exactly; see
// resolveSlow.
//
//go:noinline
func (m *Matcher) allowedSlow(op Op, name string, principals []Principal, csig uint32) bool {
	var p path
	if !p.split(name) {
		return false
	}
	if !m.Permissions {
		return true
	}
	return m.allowedPath(op, &p, principals, csig)
}

// allowedPath is allowedSlow for the split name p, with permissions on:
// whether the set of some destination matching p grants (eachSet). The
// caches keep a name's union beside it (allowcache.go), so it walks only
// for a name whose union's row does not fit a way.
func (m *Matcher) allowedPath(op Op, p *path, principals []Principal, csig uint32) bool {
	return m.eachSet(op, p, csig, func(set uint32) bool { return m.grantedSet(set, principals, csig) })
}
