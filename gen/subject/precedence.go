package subject

import "strings"

// Class is a pattern's preference class: when several configured
// destinations match a name, one from the lowest class supplies the
// properties (TIBCO FTL's order of preference).
type Class uint8

const (
	ExactClass Class = iota // no wildcards
	StarClass               // '*' somewhere, no '>'
	TailClass               // ends in '>'
)

var classNames = [...]string{"exact", "*", ">"}

func (c Class) String() string { return classNames[c] }

// Class returns the pattern's preference class. FTL only names "'*' as the
// last element"; a '*' anywhere without '>' ranks with it.
func (p Pattern) Class() Class {
	switch {
	case p.HasTail():
		return TailClass
	case p.IsLiteral():
		return ExactClass
	}
	return StarClass
}

// Compare orders patterns by precedence: negative when a is preferred to b.
//
// The order: class (exact, then '*', then '>'); among '>' patterns more
// elements first; then the first element position where exactly one of the
// two has a wildcard decides, the literal side winning. Two distinct
// patterns that both match some name are always decided by these rules (in
// the same class they have the same length, and at the first position where
// they differ one must be a wildcard, since two different literals cannot
// match the same element). For patterns that can never co-match the text
// breaks the tie, so that Compare is a total order usable for sorting.
func Compare(a, b Pattern) int {
	if ca, cb := a.Class(), b.Class(); ca != cb {
		return int(ca) - int(cb)
	}
	if a.HasTail() && len(a.Elems) != len(b.Elems) {
		return len(b.Elems) - len(a.Elems)
	}
	for i := 0; i < len(a.Elems) && i < len(b.Elems); i++ {
		wa, wb := a.Elems[i].Kind != Literal, b.Elems[i].Kind != Literal
		if wa != wb {
			if wb {
				return -1
			}
			return 1
		}
	}
	if len(a.Elems) != len(b.Elems) {
		return len(a.Elems) - len(b.Elems)
	}
	return strings.Compare(a.Text, b.Text)
}
