package javaregex

import "sort"

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
	level, _, free := e.sharedConditions(x)
	shared := make([]bool, n)
	for p := range shared {
		shared[p] = level[p] > 0
	}
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
			y[p][q] = firstPart(x[p][q], firstCharTracker(free), true)
		}
		if shared[p] {
			y[p][n] = &node{kind: kEmpty}
		}
		y[n][p] = firstPart(x[0][p], firstCharTracker(free.complement()), false)
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

// sharedConditions picks the conditions whose rows go through a shared
// state, by level: level[g] = 1 for state 0 and the conditions of
// longestSeqs (a few marks each; free1 is their union), 2 for conditions
// shared above them (free2 is the union of all shared sets), 0 for rows
// kept whole. Sharing a condition takes its row's iterations that start
// outside free2 out of it, but adds its set to free2, which moves
// iterations of every level-2 row into their own parts (after a character
// all marks are refused: shared, the marks' big sets would sit in every
// row). So the conditions are tried in the order of how much of state 0's
// row starts inside their sets, and the prefix of that order with the
// fewest printed bytes in all the rows together is taken.
func (e *canonElim) sharedConditions(x matrix) (level []int, free1, free2 runeSet) {
	k := len(x)
	level = make([]int, k)
	level[0] = 1
	var cands []int
	for g := 1; g < k; g++ {
		if e.small[g] {
			level[g] = 1
			free1 = free1.union(e.joins[g])
		} else {
			cands = append(cands, g)
		}
	}
	inside := make([]int, k)
	full := make([]int, k)
	for _, g := range cands {
		inside[g] = rowBytes(x[0], firstCharTracker(e.joins[g]))
		full[g] = rowBytes(x[g], nil)
	}
	sort.SliceStable(cands, func(i, j int) bool { return inside[cands[i]] < inside[cands[j]] })
	best, bestCost := 0, -1
	free2 = free1
	for i := 0; i <= len(cands); i++ {
		if i > 0 {
			free2 = free2.union(e.joins[cands[i-1]])
		}
		in := firstCharTracker(free2)
		cost := rowBytes(x[0], firstCharTracker(free2.complement())) + rowBytes(x[0], in)
		for j, g := range cands {
			if j < i {
				cost += rowBytes(x[g], in)
			} else {
				cost += full[g]
			}
		}
		if bestCost < 0 || cost < bestCost {
			best, bestCost = i, cost
		}
	}
	free2 = free1
	for _, g := range cands[:best] {
		level[g] = 2
		free2 = free2.union(e.joins[g])
	}
	return level, free1, free2
}

// rowBytes is the printed size of a row's entries, each cut to its empty
// match and the matches whose first code point keep takes (all, if nil).
func rowBytes(row []*node, keep *tracker) int {
	b := 0
	for _, r := range row {
		if keep != nil {
			r = firstPart(r, keep, true)
		}
		if r != nil {
			b += printedBytes(r, maxTranslatedBytes)
		}
	}
	return b
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
