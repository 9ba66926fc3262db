package javaregex

// The whole pattern is rewritten from its end: z[p] are the strings that
// the rest of the pattern matches from state p (at the end, "" in every
// state: the end of input satisfies every condition). A condition only
// restricts the next code point, so z[p] is z[0] without the strings that
// start inside joins[p]; the products below rely on that to write each
// loop at the top level of the pattern with its big parts once: a matrix
// closure would hold them once per pair of states ((?c)\pL+ printed more
// than a megabyte that way).

// suffix is the rewrite of n from state 0.
func (e *canonElim) suffix(n *node) *node {
	parts := []*node{n}
	if n.kind == kConcat {
		parts = n.subs
	}
	z := make([]*node, len(e.joins))
	for p := range z {
		z[p] = &node{kind: kEmpty}
	}
	all := make([]bool, len(e.joins))
	for p := range all {
		all[p] = true
	}
	for i := len(parts) - 1; i >= 0; i-- {
		part := parts[i]
		if part.kind == kRepeat && part.max < 0 && part.min <= 1 && findKind(part, kNotNext) && !javaLoopDiffers(part) {
			z = e.loopSuffix(part, z, i > 0)
			continue
		}
		z = e.apply(e.product(part, all), z)
	}
	return z[0]
}

// javaLoopDiffers reports whether Java's Loop leaves n early (repeat).
func javaLoopDiffers(n *node) bool {
	_, nullable := first(n.subs[0])
	return nullable && n.min >= 2 && hasAnchor(n.subs[0])
}

// apply is m z.
func (e *canonElim) apply(m matrix, z []*node) []*node {
	out := make([]*node, len(z))
	for p := range m {
		for q, x := range m[p] {
			if x != nil && z[q] != nil {
				out[p] = altNodes(out[p], catNodes(x, z[q]))
			}
		}
	}
	e.bound(matrixNode(matrix{out}))
	return out
}

// loopSuffix is x* z (min 0) or x+ z (min 1) for the loop n, as the
// solution of W[p] = z[p] | x[p][q] W[q] (and Y = x[0][q] W[q] for x+).
// As in star, the iterations that start outside the shared conditions'
// sets go through shared variables, so that the big ones appear in few
// equations: for p of level 1, W[p] = (the part of z[p] that is "" or
// starts in free1) | (the part of x[p][q] that does) W[q] | L1, where L1
// = (the part of z[0] and x[0][q] W[q] that starts in free2 but not in
// free1) | L2, and L2 = (the part that starts outside free2); level 2 rows
// likewise with free2 and L2; the other rows keep their whole equations.
// Eliminating the conditions first, then L1, L2, W[0] (then Y) leaves each
// big part in a few places. The other states' values are z[0]'s
// restrictions, made only when a part before the loop needs them.
func (e *canonElim) loopSuffix(n *node, z []*node, more bool) []*node {
	k := len(e.joins)
	all := make([]bool, k)
	for p := range all {
		all[p] = true
	}
	x := e.product(n.subs[0], all)
	a, c := e.loopEquations(x, z)
	target, y := 0, k+2
	order := make([]int, 0, k+3)
	for g := 1; g < k+2; g++ { // the conditions, then L1 and L2
		order = append(order, g)
	}
	if n.min == 1 {
		copy(a[y], x[0][:k])
		target = y
		order = append(order, 0)
	}
	top := e.solve(a, c, order, target)
	out := make([]*node, k)
	out[0] = top
	if more {
		for p := 1; p < k; p++ {
			out[p] = firstPart(top, firstCharTracker(e.joins[p].complement()), true)
		}
	}
	return out
}

// loopEquations are loopSuffix's equations for the body's matrix x and
// what follows z: variables 0..k-1 the states, k L1, k+1 L2, k+2 Y (left
// empty).
func (e *canonElim) loopEquations(x matrix, z []*node) (matrix, []*node) {
	k := len(x)
	level, free1, free2 := e.sharedConditions(x)
	l1, l2 := k, k+1
	a := make(matrix, k+3)
	for i := range a {
		a[i] = make([]*node, k+3)
	}
	c := make([]*node, k+3)
	in1, in2 := firstCharTracker(free1), firstCharTracker(free2)
	between, outside := firstCharTracker(free2.intersect(free1.complement())), firstCharTracker(free2.complement())
	for p := range k {
		in, via := in1, l1
		switch level[p] {
		case 0:
			copy(a[p], x[p])
			c[p] = z[p]
			continue
		case 2:
			in, via = in2, l2
		}
		for q := range k {
			a[p][q] = firstPart(x[p][q], in, true)
		}
		c[p] = firstPart(z[p], in, true)
		a[p][via] = &node{kind: kEmpty}
	}
	for q := range k {
		a[l1][q] = firstPart(x[0][q], between, false)
		a[l2][q] = firstPart(x[0][q], outside, false)
	}
	c[l1], c[l2] = firstPart(z[0], between, false), firstPart(z[0], outside, false)
	a[l1][l2] = &node{kind: kEmpty}
	return a, c
}

// firstPart is the part of n whose first code point t takes, and with
// empty its empty match too.
func firstPart(n *node, t *tracker, empty bool) *node {
	if n == nil {
		return nil
	}
	m := t.product(n)
	if empty {
		return altNodes(m[0][0], m[0][1])
	}
	return m[0][1]
}

// solve eliminates the variables of order from the equations
// X[v] = c[v] | a[v][w] X[w] and returns X[target]: through v, a term is a
// step to v, any number of loops on v, and v's other terms. Eliminating v
// copies its equation into every equation that refers to it, so the next
// one eliminated is the cheapest such copy (the printed size of v's
// equation, and the step to it once per term of it, for each equation that
// refers to it; order breaks ties, so the result is deterministic).
func (e *canonElim) solve(a matrix, c []*node, order []int, target int) *node {
	live := make([]bool, len(a))
	for i := range live {
		live[i] = true
	}
	size := make([]int, len(a))
	for v := range a {
		size[v] = rowBytes(a[v], nil) + rowBytes(c[v:v+1], nil)
	}
	pending := append([]int(nil), order...)
	for len(pending) > 0 {
		bi := cheapest(a, c, size, live, pending)
		v := pending[bi]
		pending = append(pending[:bi], pending[bi+1:]...)
		live[v] = false
		loop := &node{kind: kEmpty}
		if a[v][v] != nil {
			loop = &node{kind: kRepeat, subs: []*node{a[v][v]}, min: 0, max: -1}
		}
		for w := range a {
			if !live[w] || a[w][v] == nil {
				continue
			}
			via := catNodes(a[w][v], loop)
			for j := range a {
				if j != v && a[v][j] != nil {
					a[w][j] = altNodes(a[w][j], catNodes(via, a[v][j]))
				}
			}
			if c[v] != nil {
				c[w] = altNodes(c[w], catNodes(via, c[v]))
			}
			a[w][v] = nil
			size[w] = rowBytes(a[w], nil) + rowBytes(c[w:w+1], nil)
		}
		e.bound(matrixNode(append(matrix{c}, a...)))
	}
	if c[target] == nil {
		return nil
	}
	if a[target][target] != nil {
		return catNodes(&node{kind: kRepeat, subs: []*node{a[target][target]}, min: 0, max: -1}, c[target])
	}
	return c[target]
}

// cheapest is the index in pending of the variable whose elimination
// copies the fewest bytes (solve).
func cheapest(a matrix, c []*node, size []int, live []bool, pending []int) int {
	bi, bcost := 0, -1
	for i, v := range pending {
		out := 0
		for j, x := range a[v] {
			if j != v && x != nil {
				out++
			}
		}
		if c[v] != nil {
			out++
		}
		cost := 0
		for w := range a {
			if live[w] && w != v && a[w][v] != nil {
				cost += size[v] + out*printedBytes(a[w][v], maxTranslatedBytes)
			}
		}
		if bcost < 0 || cost < bcost {
			bi, bcost = i, cost
		}
	}
	return bi
}
