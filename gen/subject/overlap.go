package subject

import (
	"strings"

	"github.com/destgen/destgen/runtime"
)

// Filler is the element a witness uses where both patterns accept anything.
const Filler = "x"

// Overlap reports whether some valid name (within FTL's limits) matches both
// patterns, and if so returns the shortest such name as a witness: a literal
// wherever either pattern has one, Filler elsewhere.
func Overlap(a, b Pattern) (witness string, ok bool) {
	n, ok := witnessLen(a, b)
	if !ok {
		return "", false
	}
	elems := make([]string, n)
	size := n - 1
	for i := range elems {
		elems[i] = pick(elemAt(a, i), elemAt(b, i))
		size += len(elems[i])
	}
	if size > runtime.MaxNameBytes {
		return "", false // each alone fits; together they exceed the limit
	}
	return strings.Join(elems, "."), true
}

// witnessLen returns the element count of the shortest common name, or
// false when the patterns' lengths or literals are incompatible.
func witnessLen(a, b Pattern) (int, bool) {
	la, lb := len(a.Elems), len(b.Elems)
	ta, tb := a.HasTail(), b.HasTail()
	n := max(la, lb)
	switch {
	case !ta && !tb && la != lb:
		return 0, false
	case ta && !tb && lb < la:
		return 0, false
	case tb && !ta && la < lb:
		return 0, false
	}
	for i := 0; i < n; i++ {
		ea, eb := elemAt(a, i), elemAt(b, i)
		if ea.Kind == Literal && eb.Kind == Literal && ea.Lit != eb.Lit {
			return 0, false
		}
	}
	return n, true
}

// elemAt returns the element of p that covers position i: a '>' covers
// every position from its own on.
func elemAt(p Pattern, i int) Elem {
	if i < len(p.Elems) {
		return p.Elems[i]
	}
	return Elem{Kind: Tail}
}

func pick(a, b Elem) string {
	if a.Kind == Literal {
		return a.Lit
	}
	if b.Kind == Literal {
		return b.Lit
	}
	return Filler
}
