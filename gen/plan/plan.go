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

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// Plan is the lookup plan for one config.
type Plan struct {
	Model      *model.Model
	Matcher    runtime.Matcher
	Principals []string // bit i of an ACL set is Principals[i]
	Policies   []Policy
}

// Policy is an auto-creation policy with the shape of its regex, which
// decides whether generated code can match it without regexp.
type Policy struct {
	*model.Policy
	Shape javaregex.Shape
}

// Build computes the plan of m.
func Build(m *model.Model) *Plan {
	p := &Plan{Model: m}
	mt := &p.Matcher
	mt.Permissions = m.Permissions
	mt.Rank = make([]uint32, len(m.Destinations))
	for _, d := range m.Destinations {
		mt.Rank[d.Index] = uint32(d.Rank)
	}
	p.buildACLSets()
	p.buildTrie()
	p.buildExact()
	for _, pol := range m.Policies {
		shape, err := javaregex.Analyze(pol.Pattern)
		if err != nil {
			shape = javaregex.Shape{Kind: javaregex.General}
		}
		p.Policies = append(p.Policies, Policy{Policy: pol, Shape: shape})
	}
	return p
}

// buildTrie puts every wildcard pattern into the element trie. Literal
// patterns stay out: they are found in the exact table, and a name that is
// not there cannot match any of them.
func (p *Plan) buildTrie() {
	mt := &p.Matcher
	newNode := func() int32 {
		mt.Nodes = append(mt.Nodes, runtime.Node{Star: -1, Term: -1, Tail: -1})
		return int32(len(mt.Nodes) - 1)
	}
	newNode()
	type edgeKey struct {
		node int32
		elem string
	}
	edges := map[edgeKey]int32{}
	var edgeList []entry
	for _, d := range p.Model.Destinations {
		if d.Pattern.IsLiteral() {
			continue
		}
		node := int32(0)
		for _, e := range d.Pattern.Elems {
			switch e.Kind {
			case subject.Tail:
				mt.Nodes[node].Tail = int32(d.Index)
				continue
			case subject.Star:
				if mt.Nodes[node].Star < 0 {
					c := newNode()
					mt.Nodes[node].Star = c
				}
				node = mt.Nodes[node].Star
				continue
			}
			k := edgeKey{node, e.Lit}
			c, ok := edges[k]
			if !ok {
				c = newNode()
				edges[k] = c
				edgeList = append(edgeList, entry{key: e.Lit, node: uint32(node), value: uint32(c),
					hash: runtime.EdgeHash(e.Lit, uint32(node))})
			}
			node = c
		}
		if !d.Pattern.HasTail() {
			mt.Nodes[node].Term = int32(d.Index)
		}
	}
	mt.Edges = buildTable(edgeList)
}

// buildExact precomputes, for each literal pattern, everything a lookup of
// that exact name answers: itself as the chosen destination (an exact match
// always wins), every destination matching it, and the union of their ACLs.
func (p *Plan) buildExact() {
	mt := &p.Matcher
	var entries []entry
	sets := newSetInterner(mt)
	for _, d := range p.Model.Destinations {
		if !d.Pattern.IsLiteral() {
			continue
		}
		matches := p.wildMatches(d.Pattern.Text)
		matches = append(matches, d.Index)
		sort.Ints(matches)
		info := runtime.Info{Best: int32(d.Index), List: uint32(len(mt.Lists)), Len: uint32(len(matches))}
		for _, i := range matches {
			mt.Lists = append(mt.Lists, uint32(i))
		}
		for op := range runtime.NumOps {
			info.ACL[op] = sets.union(matches, op)
		}
		entries = append(entries, entry{key: d.Pattern.Text, value: uint32(len(mt.Infos)), hash: runtime.Hash(d.Pattern.Text, runtime.NameSeed)})
		mt.Infos = append(mt.Infos, info)
	}
	mt.Exact = buildTable(entries)
}

// wildMatches returns the wildcard destinations matching a valid name, by
// walking the trie built so far.
func (p *Plan) wildMatches(name string) []int {
	var out []int
	out, _ = p.Matcher.Matches(name, out)
	return out
}
