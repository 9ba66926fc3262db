package proptest

import (
	"reflect"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Limits of generated configs: small, because bugs in a lookup plan show
// on a few overlapping patterns, and small failures shrink fast.
const (
	maxDests       = 6
	maxPatternLen  = 3
	maxPolicies    = 3
	maxRecipes     = 12
	maxPicks       = 6
	maxRxDepth     = 2
	maxRxKids      = 3
	maxPrincipals  = 2
	maxPropsPerDst = 2
)

// upTo is gen.SliceOf with 0..n elements whatever the run's size
// parameter. Its shrinker first tries the empty slice, then SliceOf's
// (drop halves, quarters... then shrink each element), which on its own
// can never drop the last element of a one-element slice.
func upTo(n int, g gopter.Gen) gopter.Gen {
	return sliceGen(0, n, g)
}

// oneToN is upTo with at least one element; shrinking may still reach
// zero, which Config tolerates (an empty pattern is dropped).
func oneToN(n int, g gopter.Gen) gopter.Gen {
	return sliceGen(1, n, g)
}

func sliceGen(lo, hi int, g gopter.Gen) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		q := *p
		q.MinSize, q.MaxSize = lo, hi+1
		r := gen.SliceOf(g)(&q)
		elems := gen.SliceShrinker(g(&q).Shrinker)
		r.Shrinker = func(v interface{}) gopter.Shrink {
			rv := reflect.ValueOf(v)
			if rv.Len() == 0 {
				return gopter.NoShrink
			}
			empty := reflect.MakeSlice(rv.Type(), 0, 0).Interface()
			done := false
			first := func() (interface{}, bool) {
				if done {
					return nil, false
				}
				done = true
				return empty, true
			}
			return gopter.ConcatShrinks(first, elems(v))
		}
		return r
	}
}

// small draws 0..n-1 and shrinks towards 0, the first entry of every
// alphabet (the literal "a", the first key, the first form).
func small(n int) gopter.Gen { return gen.IntRange(0, n-1) }

// GenDest draws destinations. Elements are uniform over {a, b, c, *, >},
// so two in five are wildcards.
func GenDest() gopter.Gen {
	return gen.Struct(reflect.TypeOf(Dest{}), map[string]gopter.Gen{
		"Elems": oneToN(maxPatternLen, small(len(patternElems))),
		"Props": upTo(maxPropsPerDst, small(2*len(propKeys))),
		"Pub":   upTo(maxPrincipals, small(4)),
		"Sub":   upTo(maxPrincipals, small(4)),
	})
}

// GenRx draws regular expressions of the grammar up to depth nested
// constructs.
func GenRx(depth int) gopter.Gen {
	kids := gen.Const([]Rx(nil))
	ops := numRxOps
	if depth > 0 {
		kids = oneToN(maxRxKids, GenRx(depth-1))
	} else {
		ops = rxConcat // leaves only: literals, `.*`, classes
	}
	return gen.Struct(reflect.TypeOf(Rx{}), map[string]gopter.Gen{
		"Op":   small(ops),
		"Arg":  small(8),
		"Kids": kids,
	})
}

// GenPolicy draws policies, the simple forms (which the emitter matches
// without regexp) as often as the general one.
func GenPolicy() gopter.Gen {
	return gen.Struct(reflect.TypeOf(Policy{}), map[string]gopter.Gen{
		"Form": small(numForms),
		"Lit":  small(len(policyLits)),
		"Lit2": small(len(policyLits)),
		"Rx":   GenRx(maxRxDepth),
		"Ops":  small(len(policyOps)),
		"Flag": small(2),
	})
}

// GenRecipe draws name recipes.
func GenRecipe() gopter.Gen {
	return gen.Struct(reflect.TypeOf(NameRecipe{}), map[string]gopter.Gen{
		"Kind":  small(numRecipes),
		"Src":   small(maxDests),
		"Picks": upTo(maxPicks, small(8)),
	})
}

// GenConfig draws whole configs.
func GenConfig() gopter.Gen {
	return gen.Struct(reflect.TypeOf(Config{}), map[string]gopter.Gen{
		"PermOff":   small(4), // one config in four has permissions off
		"StoreMode": small(3),
		"Dests":     upTo(maxDests, GenDest()),
		"Policies":  upTo(maxPolicies, GenPolicy()),
		"Names":     upTo(maxRecipes, GenRecipe()),
	})
}
