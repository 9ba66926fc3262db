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
		if pol.Shape.Kind == javaregex.General {
			regexpVar(f, pol)
		}
	}
	autoCreate(f)
	policyChain(f, p, "autoCreatePublish", func(pol plan.Policy) bool { return pol.CreatedOnPublish })
	policyChain(f, p, "autoCreateConsume", func(pol plan.Policy) bool { return pol.CreatedOnConsume })
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
//		switch op {
//		case runtime.Publish:
//			return autoCreatePublish(name)
//		case runtime.Subscribe:
//			return autoCreateConsume(name)
//		}
//		return nil, false
//	}
func autoCreate(f *jen.File) {
	f.Comment("AutoCreate returns the policy that auto-creates a node named name for op,")
	f.Comment("as Broker-J chooses it: the first policy in config order whose pattern")
	f.Comment("matches the whole name (Java's String.matches) and that is enabled for op.")
	f.Comment("Any string is a node name. It never allocates.")
	f.Func().Id("AutoCreate").Params(jen.Id("name").String(), jen.Id("op").Qual(runtimePath, "Op")).Params(jen.Op("*").Id("Policy"), jen.Bool()).Block(
		jen.Switch(jen.Id("op")).Block(
			jen.Case(jen.Qual(runtimePath, "Publish")).Block(jen.Return(jen.Id("autoCreatePublish").Call(jen.Id("name")))),
			jen.Case(jen.Qual(runtimePath, "Subscribe")).Block(jen.Return(jen.Id("autoCreateConsume").Call(jen.Id("name")))),
		),
		jen.Return(jen.Nil(), jen.False()),
	)
}

// policyChain emits the ordered checks of the policies enabled for one
// operation, split into functions of at most policyChunk checks:
//
//	func autoCreatePublish(name string) (*Policy, bool) {
//		if p, ok := autoCreatePublish0(name); ok {
//			return p, true
//		}
//		return nil, false
//	}
func policyChain(f *jen.File, p *plan.Plan, name string, enabled func(plan.Policy) bool) {
	var pols []plan.Policy
	for _, pol := range p.Policies {
		if enabled(pol) {
			pols = append(pols, pol)
		}
	}
	var calls []jen.Code
	for c := 0; c*policyChunk < len(pols); c++ {
		chunk := fmt.Sprintf("%s%d", name, c)
		policyChunkFunc(f, chunk, pols[c*policyChunk:min(len(pols), (c+1)*policyChunk)])
		calls = append(calls, jen.If(jen.List(jen.Id("p"), jen.Id("ok")).Op(":=").Id(chunk).Call(jen.Id("name")), jen.Id("ok")).Block(
			jen.Return(jen.Id("p"), jen.True())))
	}
	calls = append(calls, jen.Return(jen.Nil(), jen.False()))
	f.Func().Id(name).Params(jen.Id("name").String()).Params(jen.Op("*").Id("Policy"), jen.Bool()).Block(calls...)
}

// policyChunkFunc emits one function of policy checks, in config order:
//
//	func autoCreatePublish0(name string) (*Policy, bool) {
//		if <match policy 0> {
//			return &Policies[0], true
//		}
//		return nil, false
//	}
func policyChunkFunc(f *jen.File, name string, pols []plan.Policy) {
	var body []jen.Code
	for _, pol := range pols {
		body = append(body, jen.Comment(fmt.Sprintf("policy %d: %s", pol.Index, quote(pol.Pattern))),
			jen.If(policyMatch(pol)).Block(jen.Return(jen.Op("&").Id("Policies").Index(jen.Lit(pol.Index)), jen.True())))
	}
	body = append(body, jen.Return(jen.Nil(), jen.False()))
	f.Func().Id(name).Params(jen.Id("name").String()).Params(jen.Op("*").Id("Policy"), jen.Bool()).Block(body...)
}
