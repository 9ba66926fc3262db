package javaregex

// star is I | x | x x | ..., the matrix of a loop of x, computed for the
// rows in need only; without I when plus (x{1,} written as x x* would copy
// x's big entries into every column of the product).
//
// A condition (state g >= 1) only restricts the first code point after it,
// so from state g the iterations that start outside every condition's set
// are the same as from state 0: x[g][r] = B_r | (those that start inside,
// or are empty). Closing x as it is copies the big B_r (a \pL or [^b] with
// its sequences) once per path between conditions, which grows with the
// number of conditions to the power of the path length. So star adds a
// state N, "the next iteration starts outside the shared sets", reached
// from state 0 and each shared condition by "" and left to r by B_r, and
// closes that matrix eliminating the conditions first, then N, then 0; the
// conditions' entries are then small, and B_r is copied a few times. A
// condition whose set covers much of what can follow (after a Prepend
// mark, almost anything joins) is not shared: with it in the union, B_r
// would be nearly empty and the conditions' entries big again
// (sharedCondition).
func (e *canonElim) star(x matrix, need []bool, plus bool) matrix {
	n := len(x)
	shared, free := e.sharedConditions(x)
	y := make(matrix, n+1)
	for p := range y {
		y[p] = make([]*node, n+1)
	}
	for p := range n {
		for q := range n {
			if x[p][q] == nil {
				continue
			}
			if !shared[p] {
				y[p][q] = x[p][q]
				continue
			}
			t := firstCharTracker(free).product(x[p][q])
			y[p][q] = altNodes(t[0][0], t[0][1]) // "" or starting in free
		}
		if shared[p] {
			y[p][n] = &node{kind: kEmpty}
		}
		if x[0][p] != nil {
			y[n][p] = firstCharTracker(free.complement()).product(x[0][p])[0][1]
		}
	}
	var order []int
	for g := 1; g < n; g++ {
		order = append(order, g)
	}
	a := e.kleene(y, append(order, n, 0), append(need[:n:n], false))
	out := e.zero()
	for p := range out {
		if need[p] {
			copy(out[p], a[p][:n])
			if !plus {
				out[p][p] = altNodes(&node{kind: kEmpty}, out[p][p])
			}
		}
	}
	return out
}

// sharedConditionShare is the most of state 0's iterations (in nodes) that
// may start inside a condition's set for the condition to be shared: at a
// quarter, B_r keeps most of each entry, so the copies star saves outweigh
// the sensitive parts it keeps per condition.
const sharedConditionShare = 4

// sharedConditions picks the conditions star shares (state 0 always is)
// and returns the union of their sets.
func (e *canonElim) sharedConditions(x matrix) ([]bool, runeSet) {
	shared := make([]bool, len(x))
	shared[0] = true
	total := 0
	for _, r := range x[0] {
		if r != nil {
			total += countNodes(r, maxRewriteNodes)
		}
	}
	var free runeSet
	for g := 1; g < len(x); g++ {
		inside := 0
		for _, r := range x[0] {
			if r != nil {
				if t := firstCharTracker(e.joins[g]).product(r)[0][1]; t != nil {
					inside += countNodes(t, maxRewriteNodes)
				}
			}
		}
		if inside*sharedConditionShare <= total {
			shared[g] = true
			free = free.union(e.joins[g])
		}
	}
	return shared, free
}

// kleene returns the non-empty paths of a, by eliminating one state at a
// time in order (McNaughton and Yamada): through state k, a path is a step
// into k, any number of loops on k, and a step out. Each round reads the
// previous round's entries only: updating row and column k in place would
// copy them into themselves and grow every later entry for nothing. Once
// k is eliminated its row is read no more, so it is dropped unless keep[k].
func (e *canonElim) kleene(a matrix, order []int, keep []bool) matrix {
	for _, k := range order {
		loop := &node{kind: kEmpty}
		if a[k][k] != nil {
			loop = &node{kind: kRepeat, subs: []*node{a[k][k]}, min: 0, max: -1}
		}
		b := make(matrix, len(a))
		for i := range a {
			b[i] = make([]*node, len(a))
			for j := range a {
				switch {
				case i == k && j == k:
					b[i][j] = catNodes(a[k][k], loop)
				case i == k:
					b[i][j] = catNodes(loop, a[k][j])
				case j == k:
					b[i][j] = catNodes(a[i][k], loop)
				default:
					b[i][j] = altNodes(a[i][j], catNodes(a[i][k], loop, a[k][j]))
				}
			}
		}
		if !keep[k] {
			clear(b[k])
		}
		a = b

		e.bound(matrixNode(a))
	}
	return a
}
