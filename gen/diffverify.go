package gen

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"

	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/gen/subject"
)

// VerifyChange checks a diff change against explain: for its witness,
// Explain on the old and the new config must give exactly the answers the
// change reports, and they must differ. A change without a witness claims
// no answer and passes. The diff's soundness tests call it on every
// change they get.
func VerifyChange(old, new *reference.Interp, c diff.Change) error {
	if c.Witness == nil {
		return nil
	}
	w := *c.Witness
	var principals []string
	if c.Kind == diff.Access {
		principals = []string{c.Principal}
	}
	e := [2]Explanation{Explain(old, w, principals), Explain(new, w, principals)}
	ms := [2]*model.Model{old.Model, new.Model}
	want := [2]diff.Answer{c.Old, c.New}
	var got [2]diff.Answer
	switch c.Kind {
	case diff.DestAdded, diff.DestRemoved:
		for s := range got {
			if slices.Contains(e[s].Matches, c.Pattern) {
				got[s] = destAnswer(ms[s], c.Pattern)
			}
		}
	case diff.DestChanged, diff.Precedence:
		for s := range got {
			if e[s].Chosen != nil {
				got[s] = destAnswer(ms[s], *e[s].Chosen)
			}
		}
		if c.Kind == diff.DestChanged && !(chose(got[0], c.Pattern) && chose(got[1], c.Pattern)) {
			return fmt.Errorf("%s: witness %q does not choose %s", c.Kind, w, c.Pattern)
		}
	case diff.Access:
		for s := range got {
			got[s].Allowed = ptr(e[s].Allowed[c.Op])
		}
	case diff.Permissions:
		for s := range got {
			got[s].Permissions = ptr(!e[s].Allowed["publish"] && e[s].Error == "")
		}
	case diff.AutoCreate:
		for s := range got {
			if i := e[s].AutoCreate[c.Op]; i != nil {
				got[s].Policy = policyAnswer(ms[s].Policies[*i])
			}
		}
	default:
		return fmt.Errorf("%s: a witness on a kind that has none", c.Kind)
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("%s on %q: explain says %s, the diff %s", c.Kind, w, show(got), show(want))
	}
	if c.Kind != diff.DestChanged && reflect.DeepEqual(got[0], got[1]) || c.Kind == diff.DestChanged && same(got) {
		return fmt.Errorf("%s on %q: old and new answers agree: %s", c.Kind, w, show(got))
	}
	return witnessInPattern(c)
}

func chose(a diff.Answer, pattern string) bool {
	return a.Destination != nil && a.Destination.Pattern == pattern
}

func ptr[T any](v T) *T { return &v }

// same compares the answers without their ACLs, which a DestChanged
// witness does not show (explain shows access for given principals).
func same(a [2]diff.Answer) bool {
	x, y := *a[0].Destination, *a[1].Destination
	x.ACL, y.ACL = nil, nil
	return reflect.DeepEqual(x, y)
}

// destAnswer is a destination as the diff shows it, looked up by pattern
// text.
func destAnswer(m *model.Model, pattern string) diff.Answer {
	for _, d := range m.Destinations {
		if d.Pattern.Text == pattern {
			return diff.DestAnswer(m, d)
		}
	}
	return diff.Answer{}
}

func policyAnswer(p *model.Policy) *diff.Policy {
	return diff.PolicyAnswer(p).Policy
}

func show(a [2]diff.Answer) string {
	return fmt.Sprintf("old %+v new %+v", a[0], a[1])
}

// witnessInPattern checks that the witness is among the affected names.
func witnessInPattern(c diff.Change) error {
	switch c.Kind {
	case diff.Permissions:
		return nil
	case diff.AutoCreate:
		re, err := javaregex.Translate(c.Pattern)
		if err != nil || !regexp.MustCompile(re).MatchString(*c.Witness) {
			return fmt.Errorf("%s: witness %q does not match the affected policy %q", c.Kind, *c.Witness, c.Pattern)
		}
		return nil
	}
	p, err := subject.Parse(c.Pattern)
	elems, nerr := subject.ParseName(*c.Witness)
	if err != nil || nerr != nil || !p.Match(elems) {
		return fmt.Errorf("%s: witness %q does not match the affected pattern %q", c.Kind, *c.Witness, c.Pattern)
	}
	return nil
}
