package diff

import (
	"slices"

	"github.com/destgen/destgen/gen/model"
)

// Bounded is Diff for an update path (live.Holder.Update): when at most
// max destinations (by pattern) and policies are added, removed, changed
// or moved, it returns Diff's changes and true. Otherwise it returns only
// those structural changes, without witnesses and without the
// precedence, access and auto-creation changes they cause, and false:
// Diff examines each changed destination against every pattern
// overlapping it, so its cost grows with the size of the change times the
// overlaps, while the structural changes cost one pass over both configs.
func Bounded(old, new *model.Model, max int) ([]Change, bool) {
	x := &destDiff{ms: [2]*model.Model{old, new}, acl: old.Permissions && new.Permissions, keys: map[string]int{}, byText: map[string]*changed{}}
	x.align()
	p := &polDiff{ms: x.ms}
	p.align()
	if len(x.changed)+len(p.out) <= max {
		return Diff(old, new), true
	}
	x.permissions()
	for _, c := range x.changed {
		x.out = append(x.out, x.structural(c))
	}
	out := append(x.out, p.out...)
	slices.SortStableFunc(out, func(a, b Change) int {
		return slices.Index(Kinds, a.Kind) - slices.Index(Kinds, b.Kind)
	})
	return out, false
}

// notExamined is the note of a destination change Bounded reports
// without examining it.
const notExamined = "not examined for witnesses: the change is over the diff's bound"

// structural is c as an added, removed or changed destination, unexamined.
func (x *destDiff) structural(c *changed) Change {
	ch := x.destKind(c)
	ch.Note = notExamined
	return ch
}
