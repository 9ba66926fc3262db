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

	edgeKeys []string     // the automata's edge elements, in EdgeFrom order
	dfaSets  *setInterner // writeAutomata's, shared by the automata it writes
	opts     Options
}

// Build computes the plan of m.
func Build(m *model.Model) *Plan { return BuildWith(m, Options{}) }

// BuildWith is Build with choices other than the defaults, for tests and
// benchmarks comparing them.
func BuildWith(m *model.Model, o Options) *Plan {
	p := &Plan{Model: m, opts: o}
	c := &p.Compact
	c.Permissions = m.Permissions
	c.Rank = make([]uint32, len(m.Destinations))
	for _, d := range m.Destinations {
		c.Rank[d.Index] = uint32(d.Rank)
	}
	p.buildACLSets()
	p.buildWildcards()
	c.EdgeKeys, c.EdgeEnds = Blob(p.edgeKeys)
	p.buildExact()
	p.dropUnusedSets()
	p.Matcher = *runtime.NewMatcher(c)
	p.buildPolicies()
	return p
}

// forceMaskSplit makes Build give every wildcard mask of a group of
// byFirstStar its own automaton (byMask), as it splits a group too large
// to determinize, so that tests cover the order of those automata on
// small configs.
var forceMaskSplit = false

// forceSplit makes Build give each group of byFirstStar its own automaton,
// so that tests cover lookups combining several.
var forceSplit = false

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
	// Its edge table is the final one (the edges are all built): the
	// Matcher Build ends with, and the artifact, adopt it rather than
	// build it again (about 1 s of CPU at 100k IoT-style patterns).
	c.EdgeSlots = wild.Edges.SlotWords()
	sets := newSetInterner(c)
	var names []string
	// By destination, as the Matcher reads them: the others' stay zero.
	c.DestInfos = make([]uint32, len(p.Model.Destinations)*runtime.InfoStride)
	for _, d := range p.Model.Destinations {
		if !d.Pattern.IsLiteral() {
			continue
		}
		matches, _ := wild.Matches(d.Pattern.Text, nil)
		matches = append(matches, d.Index)
		sort.Ints(matches)
		info := c.DestInfos[d.Index*runtime.InfoStride:]
		info[0], info[1] = uint32(len(c.Lists)), uint32(len(matches))
		for _, i := range matches {
			c.Lists = append(c.Lists, uint32(i))
		}
		for op := range runtime.NumOps {
			info[2+op] = uint32(sets.union(matches, op))
		}
		names = append(names, d.Pattern.Text)
	}
	c.ExactKeys, c.ExactEnds = Blob(names)
}
