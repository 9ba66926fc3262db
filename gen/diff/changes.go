package diff

import (
	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// precedence records a witness whose chosen destination is another
// pattern, once per (old chosen, new chosen) pair. One of the two is in
// one config only (a pattern in both that matches the name would be
// chosen on both sides or on neither), so it is a changed pattern, whose
// partners hold every pattern overlapping the affected set.
func (x *destDiff) precedence(c *changed, name string, ev [2]side) {
	o, n := ev[oldSide].chosen, ev[newSide].chosen
	if textOf(o) == textOf(n) {
		return
	}
	key := "precedence\x00" + textOf(o) + "\x00" + textOf(n)
	if _, dup := x.keys[key]; dup {
		return
	}
	var aff subject.Pattern
	switch {
	case o == nil:
		aff = n.Pattern
	case n == nil:
		aff = o.Pattern
	default:
		aff, _ = meet(o.Pattern, n.Pattern) // both match name
	}
	owner := x.byText[textOf(o)]
	if owner == nil || owner.dest[newSide] != nil {
		owner = x.byText[textOf(n)]
	}
	x.add(key, Change{
		Kind: Precedence, Witness: ptr(name), Pattern: aff.Text,
		Exact: owner != nil && exactChoice(owner, aff, [2]*model.Destination{o, n}),
		Old:   x.destAnswer(oldSide, o), New: x.destAnswer(newSide, n),
	})
}

// exactChoice reports whether every name matching aff chooses want on
// each side: no other pattern overlapping aff is preferred to it. aff is
// within owner's pattern, so owner's partners are every candidate.
func exactChoice(owner *changed, aff subject.Pattern, want [2]*model.Destination) bool {
	for s, w := range want {
		for _, d := range owner.partners[s] {
			if d == w || !overlaps(d.Pattern, aff) {
				continue
			}
			if w == nil || subject.Compare(d.Pattern, w.Pattern) < 0 {
				return false
			}
		}
	}
	return true
}

// access records, per operation and principal of c's ACLs, witnesses
// newly allowed or newly denied. A name's access for p changes only if a
// changed pattern granting p (on the side that allows) matches it.
func (x *destDiff) access(c *changed, name string, ev [2]side) {
	if !x.acl {
		return
	}
	for op := range runtime.NumOps {
		for _, p := range principals(c, op) {
			was, is := ev[oldSide].allowed(op, p), ev[newSide].allowed(op, p)
			if was == is {
				continue
			}
			key := "access\x00" + opNames[op] + "\x00" + p + "\x00" + boolText(is) + "\x00" + c.pat.Text
			if _, dup := x.keys[key]; dup {
				continue
			}
			// Exact: the granting side's c grants p on all its names and
			// no pattern overlapping c grants it on the other side.
			grant, other := newSide, oldSide
			if !is {
				grant, other = oldSide, newSide
			}
			exact := grants(c.dest[grant], op, p)
			for _, d := range c.partners[other] {
				exact = exact && !grants(d, op, p)
			}
			x.add(key, Change{
				Kind: Access, Witness: ptr(name), Pattern: c.pat.Text, Exact: exact,
				Op: opNames[op], Principal: p, Old: Answer{Allowed: ptr(was)}, New: Answer{Allowed: ptr(is)},
			})
		}
	}
}

// principals returns the principals c's destinations grant op, old then
// new, without duplicates.
func principals(c *changed, op runtime.Op) []string {
	var out []string
	for _, d := range c.dest {
		if d == nil {
			continue
		}
		for _, p := range d.ACL[op] {
			if !contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

func grants(d *model.Destination, op runtime.Op, p string) bool {
	return d != nil && contains(d.ACL[op], p)
}

func contains(l []string, s string) bool {
	for _, e := range l {
		if e == s {
			return true
		}
	}
	return false
}

// destKind is c as an added, removed or changed destination, with its
// answers on both sides.
func (x *destDiff) destKind(c *changed) Change {
	ch := Change{Pattern: c.pat.Text, Old: x.destAnswer(oldSide, c.dest[oldSide]), New: x.destAnswer(newSide, c.dest[newSide])}
	switch {
	case c.dest[oldSide] == nil:
		ch.Kind = DestAdded
	case c.dest[newSide] == nil:
		ch.Kind = DestRemoved
	default:
		ch.Kind = DestChanged
	}
	return ch
}

// destChange records the destination itself: added or removed, with a
// name it matches (its Matches answer differs there), or changed, with a
// name choosing it on both sides when its store, cluster or properties
// changed (an ACL change shows as access changes).
func (x *destDiff) destChange(c *changed, first string, choosing *string, truncated bool) {
	ch := x.destKind(c)
	if ch.Kind != DestChanged {
		if first != "" {
			ch.Witness = ptr(first)
		}
	} else if samePlacement(c.dest[oldSide], c.dest[newSide]) && x.sameProps(c.dest[oldSide], c.dest[newSide]) {
		ch.Note = "ACL only: see the access changes"
		if !x.acl {
			ch.Note = "ACL only, and with permissions off ACLs grant nothing more"
		}
	} else if ch.Witness = choosing; choosing == nil {
		ch.Note = "no name chooses it in both configs, so no answer shows the change"
	}
	if ch.Witness == nil && ch.Note == "" {
		ch.Note = "every name it matches is over the length limits"
	}
	if truncated {
		ch.Note = joinNote(ch.Note, "it overlaps more than the "+itoa(maxGenerators)+" patterns whose meets the diff tries; precedence changes there may be missing")
	}
	x.out = append(x.out, ch)
}

func (x *destDiff) add(key string, c Change) {
	x.keys[key] = len(x.out)
	x.out = append(x.out, c)
}

func textOf(d *model.Destination) string {
	if d == nil {
		return "\x00none"
	}
	return d.Pattern.Text
}

func (x *destDiff) destAnswer(s int, d *model.Destination) Answer {
	return DestAnswer(x.ms[s], d)
}

// DestAnswer is d, a destination of m, as a change shows it; the empty
// answer for nil.
func DestAnswer(m *model.Model, d *model.Destination) Answer {
	if d == nil {
		return Answer{}
	}
	v := &Dest{Pattern: d.Pattern.Text, Store: optional(d.Store), Cluster: optional(d.Cluster)}
	for i, f := range m.Schema {
		if d.Has[i] {
			if v.Properties == nil {
				v.Properties = map[string]any{}
			}
			v.Properties[f.Key] = ScalarValue(d.Props[i])
		}
	}
	for op, ps := range d.ACL {
		if len(ps) > 0 {
			if v.ACL == nil {
				v.ACL = map[string][]string{}
			}
			v.ACL[opNames[op]] = ps
		}
	}
	return Answer{Destination: v}
}

func optional(o config.Optional) *string {
	if !o.Set {
		return nil
	}
	return ptr(o.Value)
}

// ScalarValue is a property value as JSON shows it (and as explain does).
func ScalarValue(s config.Scalar) any {
	switch s.Type {
	case config.TypeInt:
		return s.Int
	case config.TypeFloat:
		return s.Float
	case config.TypeBool:
		return s.Bool
	}
	return s.Str
}
