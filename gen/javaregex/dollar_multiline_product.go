package javaregex

// The product of a pattern with the lineTracker (dollar_multiline.go).
// Entries are as in track.go's matrix: m[p][q] matches the strings of a
// node that take the tracker from p to q, nil nothing; but any state may
// lead to any other.

func (t *lineTracker) zero() matrix {
	m := make(matrix, len(t.states))
	for i := range m {
		m[i] = make([]*node, len(t.states))
	}
	return m
}

func (t *lineTracker) identity() matrix {
	m := t.zero()
	for p := range m {
		m[p][p] = &node{kind: kEmpty}
	}
	return m
}

// product computes n's matrix.
func (t *lineTracker) product(n *node) matrix {
	if findMultilineDollar(n) == nil {
		return t.plain(n)
	}
	switch n.kind {
	case kDollar:
		m := t.zero()
		for p, q := range t.dollarTo[b2i(n.dollar.has(flagUnixLines))] {
			m[p][q] = &node{kind: kEmpty}
		}
		return m
	case kConcat:
		return t.sequence(n.subs)
	case kAlt:
		m := t.zero()
		for _, s := range n.subs {
			t.addTo(m, t.product(s))
		}
		return m
	}
	return t.repeat(n) // the only other kind with subs
}

// sequence multiplies the items' matrices from the right (as track.go's
// mul), taking each run of items without a (?m) $ as one.
func (t *lineTracker) sequence(items []*node) matrix {
	var m matrix
	for end := len(items); end > 0; {
		start := end - 1
		if findMultilineDollar(items[start]) == nil {
			for start > 0 && findMultilineDollar(items[start-1]) == nil {
				start--
			}
		}
		if part := t.product(concat(items[start:end])); m == nil {
			m = part
		} else {
			m = t.mul(part, m)
		}
		end = start
	}
	return m
}

// plain is the matrix of a node with no (?m) $: from any state p, its
// empty matches stay in p; its other matches need a first character that
// may come next in p, and go to the state their last character leads to,
// which an ordered tracker (first character, any, last character) gives
// without closing over repetitions.
func (t *lineTracker) plain(n *node) matrix {
	m := t.zero()
	empty := firstCharTracker(allRunes).product(n)[0][0]
	free := t.step[0] // the start state has no constraint: step[0][q] is q's last characters
	for p := range m {
		m[p][p] = empty
		var first runeSet
		for _, set := range t.step[p] {
			first = first.union(set)
		}
		for q, last := range free {
			if len(last) == 0 || len(first) == 0 {
				continue
			}
			ft := &tracker{step: [][]runeSet{
				{nil, first, first.intersect(last)},
				{nil, allRunes, last},
				{nil, nil, nil},
			}, free: 1}
			m[p][q] = altNodes(m[p][q], ft.product(n)[0][2])
		}
	}
	return m
}

func (t *lineTracker) addTo(m, a matrix) {
	for p := range m {
		for q := range m[p] {
			m[p][q] = altNodes(m[p][q], a[p][q])
		}
	}
}

// mul multiplies a by b.
func (t *lineTracker) mul(a, b matrix) matrix {
	m := t.zero()
	for p := range m {
		for r, ar := range a[p] {
			if ar == nil {
				continue
			}
			for q, bq := range b[r] {
				if bq != nil {
					m[p][q] = altNodes(m[p][q], catNodes(ar, bq))
				}
			}
		}
	}
	return m
}

// repeat is x{min,max} for a body x that holds a (?m) $: x^min, then
// max-min optional iterations or the closure of x. Each step is checked
// against the size bound, so a large count fails early.
func (t *lineTracker) repeat(n *node) matrix {
	x := t.product(n.subs[0])
	m := t.identity()
	step := func(a matrix) {
		m = t.mul(m, a)
		for _, e := range m[0] {
			t.check(n, e)
		}
	}
	for range n.min {
		step(x)
	}
	if n.max < 0 {
		step(t.star(x))
		return m
	}
	opt := t.zero()
	t.addTo(opt, x)
	for p := range opt {
		opt[p][p] = optional(opt[p][p])
	}
	for range n.max - n.min {
		step(opt)
	}
	return m
}

// star is the closure x* by Kleene's state elimination: after eliminating
// state k, r[i][j] matches the nonempty paths from i to j through states up
// to k.
func (t *lineTracker) star(x matrix) matrix {
	r := x
	for k := range r {
		loop := &node{kind: kEmpty}
		if r[k][k] != nil {
			loop = &node{kind: kRepeat, subs: []*node{r[k][k]}, min: 0, max: -1}
		}
		next := t.zero()
		for i := range r {
			for j := range r {
				switch {
				case i == k && j == k:
					if r[k][k] != nil {
						next[i][j] = &node{kind: kRepeat, subs: []*node{r[k][k]}, min: 1, max: -1}
					}
				case i == k:
					next[i][j] = catNodes(loop, r[k][j])
				case j == k:
					next[i][j] = catNodes(r[i][k], loop)
				default:
					next[i][j] = altNodes(r[i][j], catNodes(r[i][k], loop, r[k][j]))
				}
			}
		}
		r = next
	}
	for p := range r {
		r[p][p] = optional(r[p][p])
	}
	return r
}

// optional is e?, or "" when e is nil.
func optional(e *node) *node {
	switch {
	case e == nil:
		return &node{kind: kEmpty}
	case e.kind == kRepeat && e.min == 1 && e.max < 0:
		return &node{kind: kRepeat, subs: e.subs, min: 0, max: -1} // (x+)? is x*
	}
	return &node{kind: kRepeat, subs: []*node{e}, min: 0, max: 1}
}
