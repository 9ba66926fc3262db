package runtime

// Parts names the structures Find uses for this index, in a fixed order,
// for bench/cmd/structures (bench/README.md, "What each structure
// earns"): the tables by key length and side, the split buckets' deep
// tables, the inner-literal index, the always bucket, and the automata
// by role (whole, lead with its floors, after the index, standing for a
// policy's match) and by how they step (quad rows, columns, skip states).
func (x *PolicyIndex) Parts() []string {
	var ps []string
	add := func(name string, used bool) {
		if used {
			ps = append(ps, name)
		}
	}
	add("front8", x.front8.slots != nil)
	add("front8-fold", x.front8Fold)
	add("back8", x.back8.slots != nil)
	add("only8", x.only8)
	add("deep", x.front8.deep != nil || x.back8.deep != nil)
	add("small", len(x.small) > 0)
	add("always", x.always.end > x.always.start)
	add("infix", x.infix != nil)
	add("whole", x.whole != nil)
	add("lead", x.lead != nil)
	add("autos", len(x.autos) > 0)
	add("by-policy", x.byPolicy != nil)
	var quad, cols, skip bool
	for _, a := range append(x.autos, x.lead) {
		if a != nil {
			quad, cols, skip = quad || a.quadRows != nil, cols || a.cols != nil, skip || a.lastSkip > 0
		}
	}
	add("quad-rows", quad)
	add("cols", cols)
	add("skip", skip)
	return ps
}
