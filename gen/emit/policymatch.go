package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/plan"
)

// matchCond emits the whole condition of a General policy (the index
// decides every other shape without calling policyMatch): the literals it
// must start and end with and contain, each a compare or a substring
// search that rejects most names the index lets through, then its
// compiled regexp, which keeps Java's meaning exactly (see javaregex).
// The index may already have proved some of them; the condition does not
// rely on it, so it stays correct for any caller.
//
//	strings.HasPrefix(name, "acme.") && strings.HasSuffix(name, ".work") && policy3.MatchString(name)
func matchCond(pol plan.Policy) jen.Code {
	c := &jen.Statement{}
	if pol.Prefix != "" {
		c = c.Qual("strings", "HasPrefix").Call(jen.Id("name"), jen.Lit(pol.Prefix)).Op("&&")
	}
	if pol.Suffix != "" {
		c = c.Qual("strings", "HasSuffix").Call(jen.Id("name"), jen.Lit(pol.Suffix)).Op("&&")
	}
	for _, lit := range pol.Required {
		c = c.Qual("strings", "Contains").Call(jen.Id("name"), jen.Lit(lit)).Op("&&")
	}
	return c.Id(fmt.Sprintf("policy%d", pol.Index)).Dot("MatchString").Call(jen.Id("name"))
}
