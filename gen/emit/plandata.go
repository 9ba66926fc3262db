package emit

import (
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/runtime"
)

// compactFields are runtime.Compact's bulk fields in the order written;
// each is emitted as a package variable named "plan" + field.
var compactFields = []string{
	"ExactKeys", "ExactEnds", "Infos", "Lists", "Automata", "States", "Nodes", "EdgeKeys", "EdgeEnds",
	"EdgeFrom", "EdgeTo", "Rank", "DestACL", "Sets", "PrincipalKeys", "PrincipalEnds",
}

// matcherVar emits
//
//	var matcher = runtime.NewMatcher(&runtime.Compact{
//		Permissions: true,
//		ExactKeys:   planExactKeys,
//		...
//		SetWords:    1,
//	})
func matcherVar(f *jen.File, c *runtime.Compact) {
	d := jen.Dict{
		jen.Id("Permissions"): jen.Lit(c.Permissions),
		jen.Id("SetWords"):    jen.Lit(c.SetWords),
	}
	for _, name := range compactFields {
		d[jen.Id(name)] = jen.Id("plan" + name)
	}
	f.Comment("matcher is the lookup plan, expanded once at initialisation from the")
	f.Comment("plan* tables at the end of this file; see runtime.Compact.")
	f.Var().Id("matcher").Op("=").Qual(runtimePath, "NewMatcher").Call(jen.Op("&").Qual(runtimePath, "Compact").Values(d))
}

// planData writes the plan* tables.
func planData(w *dataWriter, c *runtime.Compact) {
	w.b.WriteString("\n// The lookup plan's tables (see runtime.Compact).\n")
	w.str("planExactKeys", c.ExactKeys)
	w.uints("planExactEnds", "uint32", widen(c.ExactEnds))
	w.uints("planInfos", "int32", widen(c.Infos))
	w.uints("planLists", "uint32", widen(c.Lists))
	w.uints("planAutomata", "uint32", widen(c.Automata))
	w.uints("planStates", "uint32", widen(c.States))
	w.uints("planNodes", "int32", widen(c.Nodes))
	w.str("planEdgeKeys", c.EdgeKeys)
	w.uints("planEdgeEnds", "uint32", widen(c.EdgeEnds))
	w.uints("planEdgeFrom", "uint32", widen(c.EdgeFrom))
	w.uints("planEdgeTo", "uint32", widen(c.EdgeTo))
	w.uints("planRank", "uint32", widen(c.Rank))
	w.uints("planDestACL", "uint32", widen(c.DestACL))
	w.uints("planSets", "uint64", c.Sets)
	w.str("planPrincipalKeys", c.PrincipalKeys)
	w.uints("planPrincipalEnds", "uint32", widen(c.PrincipalEnds))
}

// policyData writes the policy* tables of the policy index.
func policyData(w *dataWriter, c *runtime.CompactPolicies) {
	w.b.WriteString("\n// The policy index's tables (see runtime.CompactPolicies).\n")
	w.str("policyLiterals", c.Literals)
	w.uints("policyLiteralEnds", "uint32", widen(c.LiteralEnds))
	w.uints("policyOfEntry", "uint32", widen(c.EntryPolicy))
	suffix := make([]string, len(c.AtEnd))
	for i, b := range c.AtEnd {
		suffix[i] = strconv.FormatBool(b)
	}
	w.values("policyAtEnd", "bool", suffix)
	ops := make([]uint64, len(c.Flags))
	for i, o := range c.Flags {
		ops[i] = uint64(o)
	}
	w.uints("policyFlags", "uint8", ops)
	for k, a := range c.Automata {
		name := func(field string) string { return "policyAutomaton" + strconv.Itoa(k) + field }
		w.uints(name("Policies"), "uint32", widen(a.Policies))
		w.str(name("ASCII"), a.ASCII)
		w.uints(name("RuneStarts"), "uint32", widen(a.RuneStarts))
		w.str(name("RuneClasses"), a.RuneClasses)
		next := make([]uint64, len(a.Next))
		for i, t := range a.Next {
			next[i] = uint64(t)
		}
		w.uints(name("Next"), "uint16", next)
		w.uints(name("Accept"), "uint32", widen(a.Accept))
	}
}
