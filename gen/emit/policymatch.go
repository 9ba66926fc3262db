package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/plan"
)

// matchCond emits the condition that a policy's pattern matches name,
// without regexp where the pattern's shape allows. Each form keeps Java's
// meaning exactly: a Java `.*` without DOTALL stops at line terminators.
func matchCond(pol plan.Policy) jen.Code {
	s := pol.Shape
	name := jen.Id("name")
	switch s.Kind {
	case javaregex.Literals:
		// name == "a" || name == "b"
		var c *jen.Statement
		for i, lit := range s.Literals {
			if i == 0 {
				c = jen.Id("name").Op("==").Lit(lit)
			} else {
				c = c.Op("||").Id("name").Op("==").Lit(lit)
			}
		}
		return c
	case javaregex.Prefix:
		// strings.HasPrefix(name, "rob.") && runtime.NoLineTerminator(name[len("rob."):])
		lit := s.Literals[0]
		c := jen.Qual("strings", "HasPrefix").Call(name, jen.Lit(lit))
		if !s.DotAll {
			c = c.Op("&&").Qual(runtimePath, "NoLineTerminator").Call(jen.Id("name").Index(jen.Lit(len(lit)), jen.Empty()))
		}
		return c
	case javaregex.Suffix:
		// strings.HasSuffix(name, ".dlq") && runtime.NoLineTerminator(name[:len(name)-4])
		lit := s.Literals[0]
		c := jen.Qual("strings", "HasSuffix").Call(name, jen.Lit(lit))
		if !s.DotAll {
			c = c.Op("&&").Qual(runtimePath, "NoLineTerminator").Call(jen.Id("name").Index(jen.Empty(), jen.Len(jen.Id("name")).Op("-").Lit(len(lit))))
		}
		return c
	}
	// strings.Contains(name, ".v") && policy3.MatchString(name)
	c := &jen.Statement{}
	for _, lit := range pol.Required {
		c = c.Qual("strings", "Contains").Call(jen.Id("name"), jen.Lit(lit)).Op("&&")
	}
	return c.Id(fmt.Sprintf("policy%d", pol.Index)).Dot("MatchString").Call(name)
}
