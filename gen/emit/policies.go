package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/plan"
)

// policyChunk bounds how many policy checks one generated function holds,
// so that no function grows with the config (the Go compiler is superlinear
// in function size).
const policyChunk = 64

// policies emits the Policy type, the Policies table, one compiled regexp
// per policy that needs one, and AutoCreate.
func policies(f *jen.File, p *plan.Plan) {
	f.Comment("Policy is a node auto-creation policy, as Apache Qpid Broker-J defines it.")
	f.Type().Id("Policy").Struct(
		jen.Id("Index").Int().Comment("position in the config"),
		jen.Id("Pattern").String().Comment("the Java regular expression"),
		jen.Id("NodeType").String().Comment(`"queue" or "exchange"`),
		jen.Comment(`Attributes of the node to create, a JSON object without "id";`),
		jen.Comment(`the node's "name" is the name that matched.`),
		jen.Id("Attributes").String(),
	)
	var elems []jen.Code
	for _, pol := range p.Policies {
		elems = append(elems, jen.Line().Values(jen.Dict{
			jen.Id("Index"): jen.Lit(pol.Index), jen.Id("Pattern"): jen.Lit(pol.Pattern),
			jen.Id("NodeType"): jen.Lit(pol.NodeType.String()), jen.Id("Attributes"): jen.Lit(pol.Attributes),
		}))
	}
	f.Comment("Policies are the auto-creation policies, in config order.")
	f.Var().Id("Policies").Op("=").Index(jen.Op("...")).Id("Policy").Values(append(elems, jen.Line())...)
	for _, pol := range p.Policies {
		if needsRegexp(pol) {
			regexpVar(f, pol)
		}
	}
	compact := jen.Dict{
		jen.Id("Literals"): jen.Id("policyLiterals"), jen.Id("LiteralEnds"): jen.Id("policyLiteralEnds"),
		jen.Id("EntryPolicy"): jen.Id("policyOfEntry"), jen.Id("AtEnd"): jen.Id("policyAtEnd"), jen.Id("Flags"): jen.Id("policyFlags"),
	}
	if len(p.PolicyIndex.Automata) > 0 {
		automataVar(f, p)
		compact[jen.Id("Automata")] = jen.Id("policyAutomata")
	}
	f.Comment("policyIndex decides AutoCreate, calling policyMatch for the General")
	f.Comment("policies without an automaton only; see runtime.PolicyIndex.")
	f.Var().Id("policyIndex").Op("=").Qual(runtimePath, "NewPolicyIndex").Call(jen.Op("&").Qual(runtimePath, "CompactPolicies").Values(compact))
	autoCreate(f)
	policyMatch(f, p.Policies)
}

// needsRegexp reports whether only a regexp decides pol: a General
// policy without an automaton.
func needsRegexp(pol plan.Policy) bool {
	return pol.Shape.Kind == javaregex.General && !pol.Automaton
}

// automataVar emits the policy automata, their tables at the end of the
// file (policyData):
//
//	// policyAutomata decide the General policies (see runtime.PolicyAutomaton):
//	//	policy 4, Java: svc\.[a-z]+\.v[0-9]+\..*
//	var policyAutomata = []runtime.PolicyAutomaton{{
//		Policies: policyAutomaton0Policies,
//		...
//		Classes:  7,
//		Start:    1,
//	}}
func automataVar(f *jen.File, p *plan.Plan) {
	f.Comment("policyAutomata decide the General policies (see runtime.PolicyAutomaton):")
	for _, pol := range p.Policies {
		if pol.Automaton {
			f.Comment(fmt.Sprintf("\tpolicy %d, Java: %s", pol.Index, quote(pol.Pattern)))
		}
	}
	var elems []jen.Code
	for k, a := range p.PolicyIndex.Automata {
		id := func(field string) jen.Code { return jen.Id(fmt.Sprintf("policyAutomaton%d%s", k, field)) }
		elems = append(elems, jen.Values(jen.Dict{
			jen.Id("Policies"): id("Policies"), jen.Id("ASCII"): id("ASCII"), jen.Id("RuneStarts"): id("RuneStarts"),
			jen.Id("RuneClasses"): id("RuneClasses"), jen.Id("Next"): id("Next"), jen.Id("Accept"): id("Accept"),
			jen.Id("Classes"): jen.Lit(int(a.Classes)), jen.Id("Start"): jen.Lit(int(a.Start)),
		}))
	}
	f.Var().Id("policyAutomata").Op("=").Index().Qual(runtimePath, "PolicyAutomaton").Values(elems...)
}

// regexpVar emits, for a policy only a regexp can decide,
//
//	var policy3 = regexp.MustCompile(`\A(?:...)\z`) // Java: a+b
func regexpVar(f *jen.File, pol plan.Policy) {
	f.Var().Id(fmt.Sprintf("policy%d", pol.Index)).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(pol.GoRegexp)).Comment("Java: " + quote(pol.Pattern))
}

// autoCreate emits
//
//	func AutoCreate(name string, op runtime.Op) (*Policy, bool) {
//		i, ok := policyIndex.Find(name, op, policyMatch)
//		if !ok {
//			return nil, false
//		}
//		return &Policies[i], true
//	}
func autoCreate(f *jen.File) {
	f.Comment("AutoCreate returns the policy that auto-creates a node named name for op,")
	f.Comment("as Broker-J chooses it: the first policy in config order whose pattern")
	f.Comment("matches the whole name (Java's String.matches) and that is enabled for op.")
	f.Comment("Any string is a node name. It never allocates.")
	f.Func().Id("AutoCreate").Params(jen.Id("name").String(), jen.Id("op").Qual(runtimePath, "Op")).Params(jen.Op("*").Id("Policy"), jen.Bool()).Block(
		jen.List(jen.Id("i"), jen.Id("ok")).Op(":=").Id("policyIndex").Dot("Find").Call(jen.Id("name"), jen.Id("op"), jen.Id("policyMatch")),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil(), jen.False())),
		jen.Return(jen.Op("&").Id("Policies").Index(jen.Id("i")), jen.True()),
	)
}

// policyMatch emits the condition of each General policy, by number,
// split into functions of the policies numbered 64c to 64c+63, so that no
// function grows with the config (a chunk without General policies is
// left out; without any, the body is only return false):
//
//	func policyMatch(i int, name string) bool {
//		switch i / 64 {
//		case 0:
//			return policyMatch0(i, name)
//		}
//		return false
//	}
func policyMatch(f *jen.File, pols []plan.Policy) {
	var cases []jen.Code
	for c := 0; c*policyChunk < len(pols); c++ {
		var general []plan.Policy
		for _, pol := range pols[c*policyChunk : min(len(pols), (c+1)*policyChunk)] {
			if needsRegexp(pol) {
				general = append(general, pol)
			}
		}
		if len(general) == 0 {
			continue
		}
		chunk := fmt.Sprintf("policyMatch%d", c)
		policyMatchChunk(f, chunk, general)
		cases = append(cases, jen.Case(jen.Lit(c)).Block(jen.Return(jen.Id(chunk).Call(jen.Id("i"), jen.Id("name")))))
	}
	f.Comment("policyMatch reports whether General policy i's pattern matches the whole")
	f.Comment("name. The policy index decides every other policy without calling it.")
	var body []jen.Code // without General policies, only return false
	if len(cases) > 0 {
		body = append(body, jen.Switch(jen.Id("i").Op("/").Lit(policyChunk)).Block(cases...))
	}
	f.Func().Id("policyMatch").Params(jen.Id("i").Int(), jen.Id("name").String()).Bool().Block(
		append(body, jen.Return(jen.False()))...,
	)
}

// policyMatchChunk emits
//
//	func policyMatch0(i int, name string) bool {
//		switch i {
//		case 3: // [a-z]+\.v[0-9]+\..*
//			return strings.Contains(name, ".v") && policy3.MatchString(name)
//		}
//		return false
//	}
func policyMatchChunk(f *jen.File, name string, pols []plan.Policy) {
	var cases []jen.Code
	for _, pol := range pols {
		cases = append(cases, jen.Case(jen.Lit(pol.Index)).Comment(quote(pol.Pattern)).Line().Return(matchCond(pol)))
	}
	f.Commentf("%s is policyMatch for the General policies numbered %d to %d.", name, pols[0].Index, pols[len(pols)-1].Index)
	f.Func().Id(name).Params(jen.Id("i").Int(), jen.Id("name").String()).Bool().Block(
		jen.Switch(jen.Id("i")).Block(cases...),
		jen.Return(jen.False()),
	)
}
