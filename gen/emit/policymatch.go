package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/plan"
)

// matchCond emits the whole condition of a General policy (the index
// decides every other shape without calling policyMatch): its required
// literals, each a cheap substring test that rejects most names, then its
// compiled regexp, which keeps Java's meaning exactly (see javaregex).
// The index may already have proved the policy's key; the condition does
// not rely on it, so it stays correct for any caller.
//
//	strings.Contains(name, ".v") && policy3.MatchString(name)
func matchCond(pol plan.Policy) jen.Code {
	c := &jen.Statement{}
	for _, lit := range pol.Required {
		c = c.Qual("strings", "Contains").Call(jen.Id("name"), jen.Lit(lit)).Op("&&")
	}
	return c.Id(fmt.Sprintf("policy%d", pol.Index)).Dot("MatchString").Call(jen.Id("name"))
}
