package runtime

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// automata checks the automata: each owns the nodes from its start to the
// next one's, starts ascend from node 0, and a node's '*' child is a later
// node of its automaton, so walks stay in it and every path ends (each
// step consumes an element, so an automaton is acyclic by construction).
func (v *planCheck) automata() error {
	c := v.c
	if len(c.Matcher.Automata)%AutomatonStride != 0 {
		return v.count("Automata", len(c.Matcher.Automata), len(c.Matcher.Automata)/AutomatonStride*AutomatonStride, strconv.Itoa(AutomatonStride)+" per automaton")
	}
	na := len(c.Matcher.Automata) / AutomatonStride
	if (na == 0) != (v.nodes == 0) {
		return v.count("Automata", len(c.Matcher.Automata), min(v.nodes, 1)*AutomatonStride, "automata own the "+itoa(v.nodes)+" nodes")
	}
	for a := range na {
		f := c.Matcher.Automata[a*AutomatonStride : (a+1)*AutomatonStride]
		j := a * AutomatonStride
		switch {
		case a == 0 && f[0] != 0:
			return v.fail("Automata", j, "the first automaton starts at node "+strconv.FormatUint(uint64(f[0]), 10)+", not 0")
		case a > 0 && f[0] <= c.Matcher.Automata[j-AutomatonStride]:
			return v.fail("Automata", j, "start "+strconv.FormatUint(uint64(f[0]), 10)+" does not follow the previous automaton's")
		case f[0] >= uint32(v.nodes):
			return v.inRange("Automata", j, uint64(f[0]), v.nodes, "nodes")
		case f[1] != AutomatonDFA:
			return v.fail("Automata", j+1, "kind "+strconv.FormatUint(uint64(f[1]), 10)+" is not 1 (deterministic; tries are walked no more)")
		case f[2] > MaxElements:
			return v.fail("Automata", j+2, "elements "+strconv.FormatUint(uint64(f[2]), 10)+" over "+itoa(MaxElements))
		}
	}
	for n := range v.nodes {
		if s := c.Matcher.Nodes[n*NodeStride]; s != -1 && (int(s) <= n || int(s) >= v.rangeEnd(uint32(n))) {
			return v.fail("Nodes", n*NodeStride, "'*' child "+itoa(int(s))+" is not a later node of node "+itoa(n)+"'s automaton")
		}
	}
	return nil
}

// rangeEnd is the end of the nodes of the automaton that owns node n.
func (v *planCheck) rangeEnd(n uint32) int {
	as := v.c.Matcher.Automata
	lo, hi := 0, len(as)/AutomatonStride // the owner is the last automaton starting at or before n
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if as[mid*AutomatonStride] <= n {
			lo = mid
		} else {
			hi = mid
		}
	}
	if hi*AutomatonStride < len(as) {
		return int(as[hi*AutomatonStride])
	}
	return v.nodes
}

// edges checks the literal edges: each element a valid element (one of a
// valid name), from a node to a later node of its automaton.
func (v *planCheck) edges() error {
	c := v.c
	n := len(c.Matcher.EdgeEnds)
	if err := v.count("EdgeFrom", len(c.Matcher.EdgeFrom), n, "one per edge element"); err != nil {
		return err
	}
	if err := v.count("EdgeTo", len(c.Matcher.EdgeTo), n, "one per edge element"); err != nil {
		return err
	}
	elem := keysOf(c.Matcher.EdgeKeys, c.Matcher.EdgeEnds)
	for j := range n {
		if e := elem(j); strings.IndexByte(e, '.') >= 0 || !Valid(e) {
			return v.fail("EdgeEnds", j, "element "+strconv.Quote(e)+" is not a valid name element")
		}
		from, to := c.Matcher.EdgeFrom[j], c.Matcher.EdgeTo[j]
		if err := v.inRange("EdgeFrom", j, uint64(from), v.nodes, "nodes"); err != nil {
			return err
		}
		if to <= from || int(to) >= v.rangeEnd(from) {
			return v.fail("EdgeTo", j, "child "+strconv.FormatUint(uint64(to), 10)+" is not a later node of node "+strconv.FormatUint(uint64(from), 10)+"'s automaton")
		}
	}
	return nil
}

// policyIndex checks CompactPolicies: an entry per literal, of a policy in
// range; per policy, flags of known bits and a known check; literals
// UTF-8 without U+FFFD (see PolicyIndex).
func (v *planCheck) policyIndex() error {
	c := v.c
	n := len(c.Index.LiteralEnds)
	if err := v.count("EntryPolicy", len(c.Index.EntryPolicy), n, "one per literal"); err != nil {
		return err
	}
	if err := v.count("AtEnd", len(c.Index.AtEnd), n, "one per literal"); err != nil {
		return err
	}
	if err := v.count("Flags", len(c.Index.Flags), v.policies, "one per policy"); err != nil {
		return err
	}
	lit := keysOf(c.Index.Literals, c.Index.LiteralEnds)
	for j, p := range c.Index.EntryPolicy {
		if err := v.inRange("EntryPolicy", j, uint64(p), v.policies, "policies"); err != nil {
			return err
		}
		if l := lit(j); !utf8.ValidString(l) || strings.ContainsRune(l, utf8.RuneError) {
			return v.fail("PolicyLiteralEnds", j, "literal is not UTF-8 or holds U+FFFD")
		}
	}
	for j, f := range c.Index.Flags {
		if f>>(checkShift+2) != 0 { // every check, CheckAutomaton included, is known
			return v.fail("Flags", j, "flags 0x"+strconv.FormatUint(uint64(f), 16)+" have unknown bits")
		}
	}
	return nil
}

// checkPolicies checks the policies: one of each column per policy, node
// type, attributes a JSON object's braces, a regexp exactly for the
// policies whose check is CheckMatch and which no automaton decides (a
// General policy whose automaton would pass the generator's bound keeps
// its regexp), which compiles.
func (v *planCheck) checkPolicies() error {
	c, q := v.c, v.policies
	for _, col := range []struct {
		name string
		got  int
	}{{"PolNodeTypes", len(c.PolNodeTypes)}, {"PolAttributes", len(c.PolAttributes)}, {"PolGoRegexps", len(c.PolGoRegexps)},
		{"PolPrefixes", len(c.PolPrefixes)}, {"PolSuffixes", len(c.PolSuffixes)}, {"PolRequiredEnds", len(c.PolRequiredEnds)}} {
		if err := v.count(col.name, col.got, q, "one per policy"); err != nil {
			return err
		}
	}
	if err := v.ends("PolRequiredEnds", c.PolRequiredEnds, len(c.PolRequired), "PolRequired"); err != nil {
		return err
	}
	for _, ss := range []struct {
		name string
		s    []string
	}{{"PolPatterns", c.PolPatterns}, {"PolAttributes", c.PolAttributes}, {"PolGoRegexps", c.PolGoRegexps},
		{"PolPrefixes", c.PolPrefixes}, {"PolSuffixes", c.PolSuffixes}, {"PolRequired", c.PolRequired}} {
		if err := v.utf8All(ss.name, ss.s); err != nil {
			return err
		}
	}
	for j := range q {
		if c.PolNodeTypes[j] > 1 {
			return v.fail("PolNodeTypes", j, "node type "+itoa(int(c.PolNodeTypes[j]))+" is not 0 (queue) or 1 (exchange)")
		}
		if a := c.PolAttributes[j]; len(a) < 2 || a[0] != '{' || a[len(a)-1] != '}' {
			return v.fail("PolAttributes", j, "attributes are not a JSON object")
		}
		re, match := c.PolGoRegexps[j], c.Index.Flags[j]&checkMask == CheckMatch && !v.automated[j]
		if (re != "") != match {
			return v.fail("PolGoRegexps", j, "a regexp is given exactly for the policies neither the index nor an automaton decides")
		}
		if re == "" {
			continue // it compiles; compiling it was 9 allocations a policy, most of a Load's
		}
		if _, err := regexp.Compile(re); err != nil {
			return v.fail("PolGoRegexps", j, err.Error())
		}
	}
	return nil
}

// properties checks the property columns: keys named, of known kinds;
// each key's values of its kind (a string reference in range, a bool 0
// or 1, a finite float); every destination's reference to one in range.
func (v *planCheck) properties() error {
	c, k := v.c, v.keys
	for _, col := range []struct {
		name string
		got  int
	}{{"PropFields", len(c.PropFields)}, {"PropKinds", len(c.PropKinds)}, {"PropValueEnds", len(c.PropValueEnds)}} {
		if err := v.count(col.name, col.got, k, "one per property key"); err != nil {
			return err
		}
	}
	if err := v.ends("PropValueEnds", c.PropValueEnds, len(c.PropValues), "PropValues"); err != nil {
		return err
	}
	if err := v.propertyKeys(); err != nil {
		return err
	}
	start := uint32(0)
	for key, end := range c.PropValueEnds {
		kind := PropertyKind(c.PropKinds[key])
		for j := start; j < end; j++ {
			if err := v.propertyValue(int(j), kind); err != nil {
				return err
			}
		}
		start = end
	}
	if uint64(c.PropIndex.len()) != uint64(v.dests)*uint64(k) {
		return v.count("PropIndex", c.PropIndex.len(), v.dests*k, "one per destination and key")
	}
	// Each key's bound, its values and unset; the key of element j is j
	// mod k, counted rather than divided (a division per element was
	// half the rule's time at 100,000 destinations of 4 keys).
	bound := make([]uint32, k)
	for key := range k {
		bound[key] = c.PropValueEnds[key] + 1
		if key > 0 {
			bound[key] -= c.PropValueEnds[key-1]
		}
	}
	key := 0
	for j := range c.PropIndex.len() {
		if x := c.PropIndex.at(j); x >= bound[key] { // the message only then: no allocation per value
			return v.inRange("PropIndex", j, uint64(x), int(bound[key]), "values of key "+strconv.Quote(c.PropNames[key])+" and unset")
		}
		if key++; key == k {
			key = 0
		}
	}
	return nil
}

// propertyKeys checks names and fields: present, distinct, UTF-8; kinds
// known.
func (v *planCheck) propertyKeys() error {
	c := v.c
	names, fields := make(map[string]bool, v.keys), make(map[string]bool, v.keys)
	for j := range v.keys {
		if n := c.PropNames[j]; n == "" || names[n] || !utf8.ValidString(n) {
			return v.fail("PropNames", j, "key "+strconv.Quote(n)+" is empty, repeated or not UTF-8")
		}
		if f := c.PropFields[j]; f == "" || fields[f] || !utf8.ValidString(f) {
			return v.fail("PropFields", j, "field "+strconv.Quote(f)+" is empty, repeated or not UTF-8")
		}
		names[c.PropNames[j]], fields[c.PropFields[j]] = true, true
		if c.PropKinds[j] >= uint8(numPropertyKinds) {
			return v.fail("PropKinds", j, "kind "+itoa(int(c.PropKinds[j]))+" unknown")
		}
	}
	return nil
}

// propertyValue checks PropValues[j], a value of kind.
func (v *planCheck) propertyValue(j int, kind PropertyKind) error {
	x := v.c.PropValues[j]
	switch kind {
	case PropString:
		return v.inRange("PropValues", j, x, len(v.c.Strings), "strings")
	case PropBool:
		if x > 1 {
			return v.fail("PropValues", j, "bool "+strconv.FormatUint(x, 10)+" is not 0 or 1")
		}
	case PropFloat:
		if f := math.Float64frombits(x); math.IsInf(f, 0) || math.IsNaN(f) {
			return v.fail("PropValues", j, "float is not finite")
		}
	}
	return nil
}
