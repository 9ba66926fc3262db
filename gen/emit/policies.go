package emit

import (
	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/plan"
)

// policies emits the Policy type, the Policies table (init fills it from
// the plan), the policy index, the matchers of the policies it cannot
// decide alone, and AutoCreate.
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
	f.Comment("Policies are the auto-creation policies, in config order.")
	f.Var().Id("Policies").Index(jen.Lit(len(p.Policies))).Id("Policy")
	f.Comment("policyIndex decides AutoCreate, with the plan's policy automata, calling")
	f.Comment("policyMatch for the policies whose regexp only can decide; see")
	f.Comment("runtime.PolicyIndex and runtime.PolicyMatchers.")
	f.Var().Defs(
		jen.Id("policyIndex").Op("=").Qual(runtimePath, "NewPolicyIndex").Call(jen.Op("&").Id("destgenPlan").Dot("PolicyIndex")),
		jen.Id("policyMatch").Op("=").Qual(runtimePath, "MustCompilePolicyMatchers").Call(jen.Id("destgenPlan").Dot("Policies")).Dot("Match"),
	)
	autoCreate(f)
}

// autoCreate emits
//
//	func AutoCreate(name string, op runtime.Op) (p *Policy, ok bool) {
//		i, ok := policyIndex.Find(name, op, policyMatch)
//		if ok {
//			p = &Policies[i]
//		}
//		return
//	}
//
// which fits the inliner's budget (cost 76 of 80, go build -gcflags=-m=2;
// an early return of nil, false cost 81): a broker's call then pays no
// frame on a 10-40 ns answer, as live.Realm's AutoCreate, written the
// same way, does not either.
func autoCreate(f *jen.File) {
	f.Comment("AutoCreate returns the policy that auto-creates a node named name for op,")
	f.Comment("as Broker-J chooses it: the first policy in config order whose pattern")
	f.Comment("matches the whole name (Java's String.matches) and that is enabled for op.")
	f.Comment("Any string is a node name. It never allocates.")
	f.Func().Id("AutoCreate").Params(jen.Id("name").String(), jen.Id("op").Qual(runtimePath, "Op")).Params(jen.Id("p").Op("*").Id("Policy"), jen.Id("ok").Bool()).Block(
		jen.List(jen.Id("i"), jen.Id("ok")).Op(":=").Id("policyIndex").Dot("Find").Call(jen.Id("name"), jen.Id("op"), jen.Id("policyMatch")),
		jen.If(jen.Id("ok")).Block(jen.Id("p").Op("=").Op("&").Id("Policies").Index(jen.Id("i"))),
		jen.Return(),
	)
}
