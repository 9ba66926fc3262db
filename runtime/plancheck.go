package runtime

import (
	"strconv"
	"unicode/utf8"
)

// maxPlanNodes bounds the automata's nodes: EdgeTable packs a node
// number with an element's length into 32 bits (shortEdge.from), 28 bits
// of them, far above MaxDestinations*MaxElements.
const maxPlanNodes = 1<<28 - 1

// minScratchWords is the least a check's scratch bitmap takes: over the
// 32 bytes the compiler keeps on the stack for a small make, so that a
// plan's checks make as many allocations at 100 destinations as at 10k
// (TestInitAllocs).
const minScratchWords = 5

// planCheck validates decoded columns: every rule the runtime's
// constructors and lookups rely on, each failure a PlanError at the
// offset of the element at fault.
type planCheck struct {
	d *planDecoder
	c *planColumns
	// Counts the rules share: destinations, principals, ACL sets,
	// automaton nodes, policies, property keys.
	dests, principals, sets, nodes, policies, keys int
	// automated[p]: an automaton lists policy p (policyAutomata).
	automated []bool
	// recordsChecked: exact checked the kept name table's records
	// (nameRecords), so names does not again.
	recordsChecked bool
}

// validate runs every rule; the first failure is the error. Later rules
// may rely on earlier ones (the counts, the ends).
func (d *planDecoder) validate(c *planColumns) error {
	v := &planCheck{d: d, c: c, dests: len(c.Matcher.Rank), principals: len(c.Matcher.PrincipalEnds),
		nodes: len(c.Matcher.Nodes) / NodeStride, policies: len(c.PolPatterns), keys: len(c.PropNames)}
	for _, rule := range []func() error{
		v.meta, v.blobs, v.checkPrincipals, v.checkSets, v.destinations, v.exact, v.destSig2, v.lists,
		v.checkNodes, v.states, v.automata, v.edges, v.edgeSlots, v.policyIndex, v.policyAutomata, v.checkPolicies, v.properties,
		v.masks, v.names, v.policySteps, v.aclSigs, v.sigs, v.maskIndex, v.maskSlots,
	} {
		if err := rule(); err != nil {
			return err
		}
	}
	return nil
}

// at is the offset of element j of the column named name.
func (v *planCheck) at(name string, j int) int {
	for i, f := range v.c.fields() {
		if f.name == name {
			size := elemBytes(f.col)
			switch col := f.col.(type) {
			case *[]string:
				size = 4 // a string's end
			case *uints:
				return v.d.data[i] + 1 + j*col.w // past the width byte
			}
			return v.d.data[i] + j*size
		}
	}
	return -1
}

// fail is the error for element j of column name.
func (v *planCheck) fail(name string, j int, msg string) error {
	return &PlanError{Offset: v.at(name, j), Msg: name + "[" + strconv.Itoa(j) + "]: " + msg}
}

// count is the error for a column of got elements that must have want.
func (v *planCheck) count(name string, got, want int, per string) error {
	if got == want {
		return nil
	}
	return &PlanError{Offset: v.at(name, 0) - 4, Msg: name + ": " + strconv.Itoa(got) + " elements, want " + strconv.Itoa(want) + " (" + per + ")"}
}

// inRange is the error for a reference x of element j of column name
// that must be below n things.
// It inlines, so that the loops over whole columns that call it per
// element pay a comparison, not a call (outOfRange builds the error).
func (v *planCheck) inRange(name string, j int, x uint64, n int, things string) error {
	if x < uint64(n) {
		return nil
	}
	return v.outOfRange(name, j, x, n, things)
}

func (v *planCheck) outOfRange(name string, j int, x uint64, n int, things string) error {
	return v.fail(name, j, strconv.FormatUint(x, 10)+" out of range ("+strconv.Itoa(n)+" "+things+")")
}

func itoa(n int) string { return strconv.Itoa(n) }

func (v *planCheck) meta() error {
	c := v.c
	if err := v.count("Meta", len(c.Meta), 2, "Permissions, SetWords"); err != nil {
		return err
	}
	if c.Meta[0] > 1 {
		return v.fail("Meta", 0, "Permissions "+strconv.FormatUint(uint64(c.Meta[0]), 10)+" is not 0 or 1")
	}
	want := max(1, (v.principals+63)/64)
	if int64(c.Meta[1]) != int64(want) {
		return v.fail("Meta", 1, "SetWords "+strconv.FormatUint(uint64(c.Meta[1]), 10)+", want "+itoa(want)+" for "+itoa(v.principals)+" principals")
	}
	if len(c.Matcher.Sets)%want != 0 || len(c.Matcher.Sets) == 0 {
		return &PlanError{Offset: v.at("Sets", 0) - 4, Msg: "Sets: " + itoa(len(c.Matcher.Sets)) + " words, not whole rows of " + itoa(want) + " with set 0 first"}
	}
	v.sets = len(c.Matcher.Sets) / want
	return nil
}

// blobs checks the compact tables' end offsets: ascending, the last at
// the blob's end.
func (v *planCheck) blobs() error {
	c := v.c
	for _, b := range []struct {
		blob, ends string
		s          string
		e          []uint32
	}{
		{"ExactKeys", "ExactEnds", c.Matcher.ExactKeys, c.Matcher.ExactEnds},
		{"EdgeKeys", "EdgeEnds", c.Matcher.EdgeKeys, c.Matcher.EdgeEnds},
		{"PrincipalKeys", "PrincipalEnds", c.Matcher.PrincipalKeys, c.Matcher.PrincipalEnds},
		{"PolicyLiterals", "PolicyLiteralEnds", c.Index.Literals, c.Index.LiteralEnds},
	} {
		if err := v.ends(b.ends, b.e, len(b.s), b.blob); err != nil {
			return err
		}
	}
	return nil
}

// ends checks that ends ascend and the last is total, the length of
// what they cut (named of).
func (v *planCheck) ends(name string, ends []uint32, total int, of string) error {
	prev := uint32(0)
	for j, e := range ends {
		if e < prev {
			return v.fail(name, j, "end "+strconv.FormatUint(uint64(e), 10)+" before the previous end "+strconv.FormatUint(uint64(prev), 10))
		}
		prev = e
	}
	if uint64(prev) != uint64(total) {
		return &PlanError{Offset: v.at(name, len(ends)), Msg: name + ": last end " + strconv.FormatUint(uint64(prev), 10) + ", want " + itoa(total) + " (the length of " + of + ")"}
	}
	return nil
}

// keysOf splits a blob checked by blobs; the keys share it.
func keysOf(blob string, ends []uint32) func(j int) string {
	return func(j int) string {
		start := uint32(0)
		if j > 0 {
			start = ends[j-1]
		}
		return blob[start:ends[j]]
	}
}

func (v *planCheck) checkPrincipals() error {
	key := keysOf(v.c.Matcher.PrincipalKeys, v.c.Matcher.PrincipalEnds)
	for j := range v.principals {
		if k := key(j); len(k) == 0 || len(k) > MaxPrincipalBytes || !utf8.ValidString(k) {
			return v.fail("PrincipalEnds", j, "principal of "+itoa(len(k))+" bytes is empty, over "+itoa(MaxPrincipalBytes)+" or not UTF-8")
		}
	}
	return nil
}

// checkSets: set 0 is empty, and no row has a bit past the principals
// (NewMatcher counts each member's sets by its bit number).
func (v *planCheck) checkSets() error {
	c, w := v.c, int(v.c.Meta[1])
	for j := range w {
		if c.Matcher.Sets[j] != 0 {
			return v.fail("Sets", j, "set 0 is not empty")
		}
	}
	last := w - 1 // the one word of a row that may have unused bits
	var unused uint64
	if r := v.principals % 64; r != 0 || v.principals == 0 {
		unused = ^uint64(0) << r
	}
	for j := last; j < len(c.Matcher.Sets); j += w {
		if c.Matcher.Sets[j]&unused != 0 {
			return v.fail("Sets", j, "a bit past the "+itoa(v.principals)+" principals")
		}
	}
	return nil
}

// destinations checks the per-destination columns: their lengths, ranks
// a permutation, ACL sets, store and cluster references, patterns (of
// the destinations that are not exact names: exact checks those).
func (v *planCheck) destinations() error {
	c, n := v.c, v.dests
	if err := v.count("DestPatterns", c.DestPatterns.len(), n-len(c.Matcher.ExactEnds), "one per destination that is not an exact name"); err != nil {
		return err
	}
	for _, col := range []struct {
		name string
		got  int
		mul  int
	}{{"DestStore", c.DestStore.len(), 1}, {"DestCluster", c.DestCluster.len(), 1}, {"DestACL", len(c.Matcher.DestACL), int(NumOps)}} {
		if err := v.count(col.name, col.got, n*col.mul, strconv.Itoa(col.mul)+" per destination"); err != nil {
			return err
		}
	}
	// A bit per rank, not a bool: in a fresh process each 4 KB page of
	// scratch costs its first touch (15-25 us here), and 100,000 bools
	// were 25 of them.
	seen := make([]uint64, max((n+63)/64, minScratchWords))
	for j, r := range c.Matcher.Rank {
		if err := v.inRange("Rank", j, uint64(r), n, "destinations"); err != nil {
			return err
		}
		if seen[r/64]&(1<<(r%64)) != 0 {
			return v.fail("Rank", j, "rank "+strconv.FormatUint(uint64(r), 10)+" given twice")
		}
		seen[r/64] |= 1 << (r % 64)
	}
	for j, s := range c.Matcher.DestACL {
		if err := v.inRange("DestACL", j, uint64(s), v.sets, "ACL sets"); err != nil {
			return err
		}
	}
	for j := range n {
		if err := v.inRange("DestStore", j, uint64(c.DestStore.at(j)), len(c.Strings)+1, "strings and unset"); err != nil {
			return err
		}
		if err := v.inRange("DestCluster", j, uint64(c.DestCluster.at(j)), len(c.Strings)+1, "strings and unset"); err != nil {
			return err
		}
	}
	bad := notUTF8(c.DestPatterns.blob, c.DestPatterns.ends)
	for j := range c.DestPatterns.len() {
		if p := c.DestPatterns.at(j); len(p) == 0 || len(p) > MaxNameBytes || j == bad {
			return v.fail("DestPatterns", j, "pattern of "+itoa(len(p))+" bytes is empty, over "+itoa(MaxNameBytes)+" or not UTF-8")
		}
	}
	return v.utf8All("Strings", c.Strings)
}

// notUTF8 is the first string that ends cuts from blob (ascending, the
// last at its end) that is not UTF-8, or -1. It checks blob in one pass,
// then that every cut is at the start of a rune: valid text cut only
// there is valid pieces, and a text of valid pieces is valid, so only a
// plan that fails needs the pass per string, which cost a call per
// string (70,000 patterns at iot 100k).
func notUTF8(blob string, ends []uint32) int {
	if utf8.ValidString(blob) {
		cut := true
		for _, e := range ends {
			if int(e) < len(blob) && !utf8.RuneStart(blob[e]) {
				cut = false
				break
			}
		}
		if cut {
			return -1
		}
	}
	start := uint32(0)
	for j, e := range ends {
		if !utf8.ValidString(blob[start:e]) {
			return j
		}
		start = e
	}
	return -1
}

// utf8All checks that every string of a string list is UTF-8.
func (v *planCheck) utf8All(name string, ss []string) error {
	for j, s := range ss {
		if !utf8.ValidString(s) {
			return v.fail(name, j, "not UTF-8")
		}
	}
	return nil
}

// exact checks the destinations' Infos (destInfos) and the exact
// names, each a valid name; where the plan's name table is kept, in the
// one pass that checks each name's record against it (nameRecords), so
// that the names' 3 MB at 100,000 exact names are read once.
func (v *planCheck) exact() error {
	if err := v.destInfos(); err != nil {
		return err
	}
	if v.namesKept() {
		v.recordsChecked = true
		return v.nameRecords()
	}
	c := v.c
	key := keysOf(c.Matcher.ExactKeys, c.Matcher.ExactEnds)
	for j := range c.Matcher.ExactEnds {
		if k := key(j); !Valid(k) {
			return v.invalidName(j, k)
		}
	}
	return nil
}

func (v *planCheck) invalidName(j int, k string) error {
	return v.fail("ExactEnds", j, "exact name "+strconv.Quote(k)+" is not a valid destination name")
}

// listRef checks a slice of Lists (element j of column name holds its
// start, j+1 its length); ascending: its destinations must ascend, as
// Matches returns them.
func (v *planCheck) listRef(name string, j int, start, n uint32, ascending bool) error {
	if uint64(start)+uint64(n) > uint64(len(v.c.Matcher.Lists)) {
		return v.fail(name, j, "list "+strconv.FormatUint(uint64(start), 10)+"+"+strconv.FormatUint(uint64(n), 10)+" past Lists ("+itoa(len(v.c.Matcher.Lists))+")")
	}
	l := v.c.Matcher.Lists[start : start+n]
	for i := 1; ascending && i < len(l); i++ {
		if l[i] <= l[i-1] {
			return v.fail(name, j, "list does not ascend")
		}
	}
	return nil
}

func (v *planCheck) lists() error {
	for j, d := range v.c.Matcher.Lists {
		if err := v.inRange("Lists", j, uint64(d), v.dests, "destinations"); err != nil {
			return err
		}
	}
	return nil
}

// checkNodes checks each node's '*' child and destinations; where the
// child may lead is automata's. Its pass compares each value plus one,
// as a uint32, with its bound (-1 is 0, below every bound; any other
// negative value wraps above all), one comparison a value and no call;
// only a plan that fails it takes nodeError's loop, to say where.
func (v *planCheck) checkNodes() error {
	c := v.c
	if len(c.Matcher.Nodes)%NodeStride != 0 || v.nodes > maxPlanNodes {
		return v.count("Nodes", len(c.Matcher.Nodes), min(v.nodes, maxPlanNodes)*NodeStride, strconv.Itoa(NodeStride)+" per node, at most "+itoa(maxPlanNodes)+" nodes")
	}
	nodes, dests, ok := uint32(v.nodes), uint32(v.dests), true
	for j := 0; j+NodeStride <= len(c.Matcher.Nodes); j += NodeStride {
		f := c.Matcher.Nodes[j : j+NodeStride : j+NodeStride]
		ok = ok && uint32(f[0]+1) <= nodes && uint32(f[1]+1) <= dests && uint32(f[2]+1) <= dests
	}
	if ok {
		return nil
	}
	return v.nodeError()
}

// checkNodes reads a node's star, term and tail as f[0], f[1], f[2].
var _ = [1]struct{}{}[NodeStride-3]

// nodeError is the error for the first value checkNodes found out of
// range.
func (v *planCheck) nodeError() error {
	c := v.c
	for j, x := range c.Matcher.Nodes {
		limit, what := v.dests, "destinations"
		if j%NodeStride == 0 {
			limit, what = v.nodes, "nodes"
		}
		if x != -1 {
			if err := v.inRange("Nodes", j, uint64(uint32(x)), limit, what+", or -1"); err != nil {
				return err
			}
		}
	}
	return &PlanError{Offset: v.at("Nodes", 0), Msg: "Nodes: a value is out of range"} // not reached: the loop finds what checkNodes did
}

// states checks one State per node: list references and ACL sets.
func (v *planCheck) states() error {
	c := v.c
	if err := v.count("States", len(c.Matcher.States), v.nodes*StateStride, strconv.Itoa(StateStride)+" per node"); err != nil {
		return err
	}
	for j := 0; j < len(c.Matcher.States); j += StateStride {
		f := c.Matcher.States[j : j+StateStride]
		if err := v.listRef("States", j, f[0], f[1], false); err != nil {
			return err
		}
		if err := v.listRef("States", j+2, f[2], f[3], false); err != nil {
			return err
		}
		for i, s := range f[4:] {
			if err := v.inRange("States", j+4+i, uint64(s), v.sets, "ACL sets"); err != nil {
				return err
			}
		}
	}
	return nil
}
