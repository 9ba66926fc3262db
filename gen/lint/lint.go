// Package lint finds configs that are valid but behave surprisingly, and
// reports them as warnings: `destgen check` and generation print them, and
// -strict turns them into errors.
//
//   - Ambiguity: two destinations that match a common name and rank in the
//     same place (same class, and for '>' patterns the same element count),
//     neither matching a subset of the other's names, so that only the
//     positional tie-break decides between them (ambiguity.go).
//   - Dead properties: a destination whose properties are never chosen,
//     because every name it matches has a more preferred match (dead.go).
//   - Dead policies: an auto-creation policy that never fires, because for
//     every operation it is enabled for, earlier policies take every name
//     it matches (policies.go).
//
// It assumes a model.Model built without errors: patterns parsed, names
// unique, every policy regex translated. Every warning is proven: where a
// question cannot be decided exactly, lint stays silent.
package lint

import (
	"github.com/destgen/destgen/gen/diag"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
)

// Check returns the warnings for a valid model, sorted by position.
func Check(m *model.Model) diag.List {
	var l diag.List
	pats := patterns(m)
	for _, a := range ambiguities(pats) {
		d, e := m.Destinations[a.later], m.Destinations[a.earlier]
		l.WarnKindf("ambiguity", d.Pos, "%s", a.message(d, e))
	}
	for _, dd := range deadDestinations(pats, limits) {
		d := m.Destinations[dd.index]
		l.WarnKindf("dead destination", d.Pos, "%s", dd.message(m))
	}
	for _, dp := range deadPolicies(m.Policies) {
		l.WarnKindf("dead policy", m.Policies[dp.index].Pos, "%s", dp.message(m))
	}
	l.Sort()
	return l
}

func patterns(m *model.Model) []subject.Pattern {
	pats := make([]subject.Pattern, len(m.Destinations))
	for i, d := range m.Destinations {
		pats[i] = d.Pattern
	}
	return pats
}

// Strict returns the list with every warning turned into an error, for
// -strict: a build that must not proceed past a surprising config.
func Strict(l diag.List) diag.List {
	out := make(diag.List, len(l))
	for i, d := range l {
		d.Severity = diag.Error
		out[i] = d
	}
	return out
}
