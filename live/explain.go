package live

import (
	"fmt"

	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// Explanation is what `destgen explain -json` prints for one name: a
// broker's admin API can answer it from the Realm it serves, without the
// reference interpreter, and the answer encodes to the same bytes.
type Explanation = reference.Explanation

// Explain answers the four questions for name, for a caller holding the
// named principals, from the Realm's own lookups. Unlike the lookups it
// allocates: it is for people and admin tools, not for every message.
func (r *Realm) Explain(name string, principals []string) Explanation {
	e := Explanation{Name: name, Matches: []string{}}
	if _, err := subject.ParseName(name); err != nil {
		// The runtime says only "invalid"; explain says why, in the
		// words of the reference interpreter.
		e.Error = fmt.Errorf("%w: %s", runtime.ErrInvalidName, err.Msg).Error()
	}
	ms, _ := r.Matches(name, nil)
	for _, i := range ms {
		e.Matches = append(e.Matches, r.dests[i].Pattern())
	}
	if d, _ := r.Resolve(name); d != nil {
		// Copies: an Explanation is the caller's, the Realm is not.
		e.Chosen = ptr(d.Pattern())
		if store, ok := r.plan.Store(d.index); ok {
			e.Store = ptr(store)
		}
		if cluster, ok := r.plan.Cluster(d.index); ok {
			e.Cluster = ptr(cluster)
		}
		e.Properties = r.properties(d)
	}
	ps := make([]Principal, len(principals))
	for i, p := range principals {
		ps[i] = r.LookupPrincipal(p)
	}
	e.Allowed = map[string]bool{
		"publish":   r.Allowed(runtime.Publish, name, ps...),
		"subscribe": r.Allowed(runtime.Subscribe, name, ps...),
	}
	e.AutoCreate = map[string]*int{"publish": nil, "consume": nil}
	if p, ok := r.AutoCreate(name, runtime.Publish); ok {
		e.AutoCreate["publish"] = ptr(p.Index)
	}
	if p, ok := r.AutoCreate(name, runtime.Consume); ok {
		e.AutoCreate["consume"] = ptr(p.Index)
	}
	return e
}

// properties are d's set properties as explain shows them: each value as
// its Go type (int64, float64, bool, string), so that JSON encodes it as
// destgen does.
func (r *Realm) properties(d *Destination) map[string]any {
	props := map[string]any{}
	for i, k := range r.plan.PropertyKeys {
		v := d.PropertyAt(i)
		if !v.Set {
			continue
		}
		switch k.Kind {
		case runtime.PropInt:
			props[k.Name] = v.Int
		case runtime.PropFloat:
			props[k.Name] = v.Float
		case runtime.PropBool:
			props[k.Name] = v.Bool
		default:
			props[k.Name] = v.Str
		}
	}
	return props
}

func ptr[T any](v T) *T { return &v }
