package plan

import (
	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/runtime"
)

// propertyKinds maps the model's scalar types to the plan's kinds.
var propertyKinds = [...]runtime.PropertyKind{
	config.TypeString: runtime.PropString, config.TypeInt: runtime.PropInt,
	config.TypeFloat: runtime.PropFloat, config.TypeBool: runtime.PropBool,
}

// Artifact is the plan as one runtime.Plan: the data generated code
// carries (the matcher's and the policy index's compact tables, the
// destinations with store, cluster and typed property values, the
// policies with the condition of those neither the index nor a policy
// automaton can decide alone),
// ready for runtime.EncodePlan. It shares the plan's slices, which
// neither side modifies.
func (p *Plan) Artifact() *runtime.Plan {
	m := p.Model
	a := &runtime.Plan{
		Permissions:  p.Compact.Permissions,
		Matcher:      p.Compact,
		PolicyIndex:  p.PolicyIndex,
		PropertyKeys: make([]runtime.PropertyKey, len(m.Schema)),
		Destinations: make([]runtime.PlanDestination, len(m.Destinations)),
		Policies:     make([]runtime.PlanPolicy, len(p.Policies)),
	}
	for i, f := range m.Schema {
		a.PropertyKeys[i] = runtime.PropertyKey{Name: f.Key, Field: f.GoName, Kind: propertyKinds[f.Type]}
	}
	// One flat array of values, so that a plan of N destinations costs
	// one allocation for its properties, not N.
	values := make([]runtime.PropertyValue, len(m.Destinations)*len(m.Schema))
	for _, d := range m.Destinations {
		props := values[d.Index*len(m.Schema) : (d.Index+1)*len(m.Schema) : (d.Index+1)*len(m.Schema)]
		for j := range m.Schema {
			if d.Has[j] {
				props[j] = propertyValue(d.Props[j])
			}
		}
		a.Destinations[d.Index] = runtime.PlanDestination{
			Pattern: d.Pattern.Text,
			Store:   d.Store.Value, HasStore: d.Store.Set,
			Cluster: d.Cluster.Value, HasCluster: d.Cluster.Set,
			Properties: props,
		}
	}
	for i, pol := range p.Policies {
		pp := runtime.PlanPolicy{Pattern: pol.Pattern, NodeType: pol.NodeType.String(), Attributes: pol.Attributes}
		// A policy an automaton decides needs no regexp: the automata
		// travel in PolicyIndex; one past the automaton bound keeps it.
		if pol.Check == CheckMatch && !pol.Automaton {
			pp.GoRegexp, pp.Prefix, pp.Suffix, pp.Required = pol.GoRegexp, pol.Prefix, pol.Suffix, pol.Required
		}
		a.Policies[i] = pp
	}
	return a
}

// propertyValue is a set value of the model as the plan carries it: only
// the member of its type, the others zero.
func propertyValue(s config.Scalar) runtime.PropertyValue {
	v := runtime.PropertyValue{Set: true}
	switch s.Type {
	case config.TypeInt:
		v.Int = s.Int
	case config.TypeFloat:
		v.Float = s.Float
	case config.TypeBool:
		v.Bool = s.Bool
	default:
		v.Str = s.Str
	}
	return v
}

// Encode is runtime.EncodePlan of the Artifact, which carries the edge
// table Build made (runtime.Compact.EdgeSlots), and the automata's
// signatures, the exact names' table, the ACL signatures and the mask
// tables and index of its Matcher (Compact.Sigs, NameIndex, NameRecs,
// ACLSigs, MaskIndex, MaskSlots, MaskFilter) and its exact hits' second
// signatures (DestSig2), so that encoding does not build them again.
func (p *Plan) Encode() []byte {
	a := p.Artifact()
	a.Matcher.Sigs = p.Matcher.SigWords()
	a.Matcher.NameIndex, a.Matcher.NameRecs = p.Matcher.Exact.NameWords()
	a.Matcher.ACLSigs = p.Matcher.ACLSigWords()
	a.Matcher.MaskIndex = p.Matcher.MaskIndexWords()
	a.Matcher.MaskSlots, a.Matcher.MaskFilter = p.Matcher.MaskSlotWords()
	a.Matcher.DestSig2 = p.Matcher.DestSig2Words()
	return runtime.EncodePlan(a)
}
