package javaregex

// The product of a pattern with the lineTracker (dollar_multiline.go).
// Entries are as in track.go's matrix: m[p][q] matches the strings of a
// node that take the tracker from p to q, nil nothing; but any state may
// lead to any other.

func (t *lineTracker) zero() matrix { return newMatrix(len(t.states)) }

func (t *lineTracker) identity() matrix { return identityMatrix(len(t.states)) }

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

// mul multiplies a by b. Its sequences nest rather than flatten (as concat
// would), so that a power x^n costs time linear in n, not quadratic;
// resolveMultilineDollars flattens the result once.
func (t *lineTracker) mul(a, b matrix) matrix {
	m := t.zero()
	for p := range m {
		for r, ar := range a[p] {
			if ar == nil {
				continue
			}
			for q, bq := range b[r] {
				switch {
				case bq == nil:
				case ar.kind == kEmpty:
					m[p][q] = altNodes(m[p][q], bq)
				case bq.kind == kEmpty:
					m[p][q] = altNodes(m[p][q], ar)
				default:
					m[p][q] = altNodes(m[p][q], &node{kind: kConcat, subs: []*node{ar, bq}})
				}
			}
		}
	}
	return m
}

// flatten rebuilds n with nested sequences flattened, as concat builds
// them.
func flatten(n *node) *node {
	if len(n.subs) == 0 {
		return n
	}
	subs := make([]*node, len(n.subs))
	for i, s := range n.subs {
		subs[i] = flatten(s)
	}
	if n.kind == kConcat {
		return concat(subs)
	}
	return rebuilt(n, subs)
}

// repeat is x{min,max} for a body that holds a (?m) $, checked against the
// size bound.
func (t *lineTracker) repeat(n *node) matrix {
	x := t.product(n.subs[0])
	if s, ok := oneColumn(x); ok {
		m := t.repeatInto(n, x, s)
		for _, e := range m[0] {
			t.check(n, e)
		}
		return m
	}
	return t.powers(n, x)
}

// powers is x{min,max} in general: x^min, then max-min optional
// iterations or the closure of x. Each step is checked against the size
// bound, so a large count fails early.
func (t *lineTracker) powers(n *node, x matrix) matrix {
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

// oneColumn reports whether every iteration of x ends in the same state,
// and which.
func oneColumn(x matrix) (int, bool) {
	col := -1
	for p := range x {
		for q, e := range x[p] {
			if e == nil || q == col {
				continue
			}
			if col >= 0 {
				return 0, false
			}
			col = q
		}
	}
	return col, col >= 0
}

// repeatInto is x{min,max} when every iteration of x ends in state s: the
// first goes from p to s, the others from s to s, so the count applies to
// x[s][s] and the result stays linear in the count instead of multiplying
// matrices min times ((?m)(?:a$\n){5000}).
func (t *lineTracker) repeatInto(n *node, x matrix, s int) matrix {
	m := t.zero()
	for p := range m {
		switch {
		case p == s && x[s][s] != nil && n.max != 0:
			m[s][s] = &node{kind: kRepeat, subs: []*node{x[s][s]}, min: n.min, max: n.max}
			continue
		case n.min == 0:
			m[p][p] = &node{kind: kEmpty}
		}
		if x[p][s] == nil || n.max == 0 {
			continue
		}
		lo, hi := max(n.min, 1)-1, -1
		if n.max >= 0 {
			hi = n.max - 1
		}
		var rest *node = &node{kind: kEmpty}
		switch {
		case x[s][s] != nil && hi != 0:
			rest = &node{kind: kRepeat, subs: []*node{x[s][s]}, min: lo, max: hi}
		case lo > 0:
			rest = nil // more iterations needed, and none from s to s
		}
		m[p][s] = altNodes(m[p][s], catNodes(x[p][s], rest))
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
