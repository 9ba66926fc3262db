package gen

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// Explanation is what `destgen explain` reports for one name; its JSON form
// is the -json output, one object per line. live.Realm.Explain answers the
// same type from a running broker's realm.
type Explanation = reference.Explanation

// Explain answers the four questions for name with the reference
// interpreter.
func Explain(r *reference.Interp, name string, principals []string) Explanation {
	e := Explanation{Name: name, Matches: []string{}}
	ms, err := r.Matches(name)
	if err != nil {
		e.Error = err.Error()
	}
	for _, i := range ms {
		e.Matches = append(e.Matches, r.Model.Destinations[i].Pattern.Text)
	}
	if i, ok, _ := r.Resolve(name); ok {
		d := r.Model.Destinations[i]
		e.Chosen = &d.Pattern.Text
		e.Store, e.Cluster = optional(d.Store), optional(d.Cluster)
		e.Properties = properties(r.Model, d)
	}
	e.Allowed = map[string]bool{
		"publish":   r.Allowed(runtime.Publish, name, principals...),
		"subscribe": r.Allowed(runtime.Subscribe, name, principals...),
	}
	e.AutoCreate = map[string]*int{"publish": nil, "consume": nil}
	if i, ok := r.AutoCreate(name, runtime.Publish); ok {
		e.AutoCreate["publish"] = &i
	}
	if i, ok := r.AutoCreate(name, runtime.Consume); ok {
		e.AutoCreate["consume"] = &i
	}
	return e
}

func optional(o config.Optional) *string {
	if !o.Set {
		return nil
	}
	return &o.Value
}

func properties(m *model.Model, d *model.Destination) map[string]any {
	props := map[string]any{}
	for i, f := range m.Schema {
		if d.Has[i] {
			props[f.Key] = diff.ScalarValue(d.Props[i])
		}
	}
	return props
}

func explain(o Options, m *model.Model) int {
	r := reference.New(m)
	enc := json.NewEncoder(o.Stdout)
	enc.SetEscapeHTML(false)
	for i, name := range o.Names {
		e := Explain(r, name, o.Principals)
		if o.JSON {
			if err := enc.Encode(e); err != nil {
				fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
				return 2
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(o.Stdout)
		}
		printExplanation(o.Stdout, m, e)
	}
	return 0
}

// printExplanation writes the human-readable form: one "key  value" row
// per fact.
func printExplanation(w io.Writer, m *model.Model, e Explanation) {
	row := func(k, format string, args ...any) { fmt.Fprintf(w, "  %-11s %s\n", k, fmt.Sprintf(format, args...)) }
	fmt.Fprintf(w, "%q\n", e.Name)
	if e.Error != "" {
		row("invalid", "%s", e.Error)
	} else {
		row("matches", "%s", orNone(strings.Join(e.Matches, ", ")))
	}
	if e.Chosen != nil {
		row("chosen", "%s (store %s, cluster %s)", *e.Chosen, orUnset(e.Store), orUnset(e.Cluster))
		props, _ := json.Marshal(e.Properties)
		row("properties", "%s", props)
	} else if e.Error == "" {
		row("chosen", "none")
	}
	row("publish", "%s", verdict(e.Allowed["publish"]))
	row("subscribe", "%s", verdict(e.Allowed["subscribe"]))
	row("autocreate", "publish: %s, consume: %s", policyName(m, e.AutoCreate["publish"]), policyName(m, e.AutoCreate["consume"]))
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func orUnset(s *string) string {
	if s == nil {
		return "unset"
	}
	return fmt.Sprintf("%q", *s)
}

func verdict(ok bool) string {
	if ok {
		return "allowed"
	}
	return "denied"
}

func policyName(m *model.Model, i *int) string {
	if i == nil {
		return "none"
	}
	p := m.Policies[*i]
	return fmt.Sprintf("policy %d %s (%s)", *i, p.Pattern, p.NodeType)
}
