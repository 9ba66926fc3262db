// Package plan turns a validated model into the lookup plan: the data that
// generated code consults on every call (runtime.Matcher's tables) and the
// per-policy fast paths of auto-creation. It is an IR between the model and
// the emitter, as protobuf-go's file info is: everything is decided here,
// so the emitter only prints, and the plan can be tested and dumped without
// generating Go.
//
// It assumes a model built without errors; every pattern is valid and every
// policy has a translated regex.
package plan

import (
	"sort"
	"strings"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// Plan is the lookup plan for one config.
type Plan struct {
	Model *model.Model
	// Compact is the plan as generated code carries it; Matcher is what
	// it expands to, built by the same runtime.NewMatcher generated code
	// calls, so tests of the plan test what generated code runs.
	Compact runtime.Compact
	Matcher runtime.Matcher
	// PolicyIndex narrows the policies AutoCreate tries (see
	// runtime.PolicyIndex).
	PolicyIndex runtime.CompactPolicies
	Principals  []string // bit i of an ACL set is Principals[i]
	Policies    []Policy
}

// Build computes the plan of m.
func Build(m *model.Model) *Plan {
	p := &Plan{Model: m}
	c := &p.Compact
	c.Permissions = m.Permissions
	c.Rank = make([]uint32, len(m.Destinations))
	for _, d := range m.Destinations {
		c.Rank[d.Index] = uint32(d.Rank)
	}
	p.buildACLSets()
	p.buildTrie()
	p.buildExact()
	p.Matcher = *runtime.NewMatcher(c)
	p.buildPolicies()
	return p
}

// trieBuilder accumulates the wildcard trie in Compact's flat form.
type trieBuilder struct {
	c        *runtime.Compact
	edges    map[edgeKey]int32
	edgeKeys []string // in EdgeFrom order
}

type edgeKey struct {
	node int32
	elem string
}

func (t *trieBuilder) newNode() int32 {
	t.c.Nodes = append(t.c.Nodes, -1, -1, -1)
	return int32(len(t.c.Nodes)/runtime.NodeStride - 1)
}

// field returns node n's star, term or tail slot.
func (t *trieBuilder) field(n int32, f int) *int32 {
	return &t.c.Nodes[int(n)*runtime.NodeStride+f]
}

const (
	starField = iota
	termField
	tailField
)

// child returns the child of node for element e, creating it.
func (t *trieBuilder) child(node int32, e subject.Elem) int32 {
	if e.Kind == subject.Star {
		if *t.field(node, starField) < 0 {
			c := t.newNode()
			*t.field(node, starField) = c
		}
		return *t.field(node, starField)
	}
	k := edgeKey{node, e.Lit}
	c, ok := t.edges[k]
	if !ok {
		c = t.newNode()
		t.edges[k] = c
		t.edgeKeys = append(t.edgeKeys, e.Lit)
		t.c.EdgeFrom = append(t.c.EdgeFrom, uint32(node))
		t.c.EdgeTo = append(t.c.EdgeTo, uint32(c))
	}
	return c
}

// buildTrie puts every wildcard pattern into the element trie. Literal
// patterns stay out: they are found in the exact table, and a name that is
// not there cannot match any of them.
func (p *Plan) buildTrie() {
	t := &trieBuilder{c: &p.Compact, edges: map[edgeKey]int32{}}
	t.newNode()
	for _, d := range p.Model.Destinations {
		if d.Pattern.IsLiteral() {
			continue
		}
		node := int32(0)
		for _, e := range d.Pattern.Elems {
			if e.Kind == subject.Tail {
				*t.field(node, tailField) = int32(d.Index)
				break
			}
			node = t.child(node, e)
		}
		if !d.Pattern.HasTail() {
			*t.field(node, termField) = int32(d.Index)
		}
	}
	p.Compact.EdgeKeys, p.Compact.EdgeEnds = Blob(t.edgeKeys)
}

// Blob joins keys and returns their end offsets.
func Blob(keys []string) (string, []uint32) {
	var b strings.Builder
	ends := make([]uint32, len(keys))
	for i, k := range keys {
		b.WriteString(k)
		ends[i] = uint32(b.Len())
	}
	return b.String(), ends
}

// buildExact precomputes, for each literal pattern, everything a lookup of
// that exact name answers: itself as the chosen destination (an exact match
// always wins), every destination matching it, and the union of their ACLs.
func (p *Plan) buildExact() {
	c := &p.Compact
	wild := runtime.NewMatcher(c) // the trie alone, to find wildcard matches
	sets := newSetInterner(c)
	var names []string
	for _, d := range p.Model.Destinations {
		if !d.Pattern.IsLiteral() {
			continue
		}
		matches, _ := wild.Matches(d.Pattern.Text, nil)
		matches = append(matches, d.Index)
		sort.Ints(matches)
		c.Infos = append(c.Infos, int32(d.Index), int32(len(c.Lists)), int32(len(matches)))
		for _, i := range matches {
			c.Lists = append(c.Lists, uint32(i))
		}
		for op := range runtime.NumOps {
			c.Infos = append(c.Infos, int32(sets.union(matches, op)))
		}
		names = append(names, d.Pattern.Text)
	}
	c.ExactKeys, c.ExactEnds = Blob(names)
}
