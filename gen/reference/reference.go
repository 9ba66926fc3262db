// Package reference is destgen's reference interpreter: a deliberately
// simple, obviously correct implementation of the config's semantics, used
// by `destgen explain` and as the oracle that generated code is tested
// against. It loops over every destination and every policy; it shares no
// matching code with the lookup plan or the emitter, and it does not import
// jennifer, so generated tests can import it cheaply.
//
// It assumes a model.Model built without errors.
package reference

import (
	"fmt"
	"os"
	"regexp"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// Interp answers the four questions of the semantics for one config.
type Interp struct {
	Model *model.Model
	res   []*regexp.Regexp // one per policy
}

// New returns an interpreter for a valid model.
func New(m *model.Model) *Interp {
	r := &Interp{Model: m}
	for _, p := range m.Policies {
		r.res = append(r.res, regexp.MustCompile(p.GoRegexp))
	}
	return r
}

// Load reads, validates and interprets a config file, as generated tests
// do to compare a generated package with its source.
func Load(path string) (*Interp, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return LoadBytes(path, data)
}

// LoadBytes is Load on config bytes already read; file names the config in
// error messages.
func LoadBytes(file string, data []byte) (*Interp, error) {
	m, diags := model.Load(file, data)
	if err := diags.Err(); err != nil {
		return nil, err
	}
	return New(m), nil
}

// Explanation is what `destgen explain` reports for one name; its JSON
// form, encoded with HTML escaping off, is the -json output, one object
// per line. gen.Explain fills it from the interpreter and live.Realm.Explain
// from a compiled realm, and the two must be equal, byte for byte once
// encoded. It lives here, the package both may import, so that one
// definition says what the answer is.
type Explanation struct {
	Name       string          `json:"name"`
	Error      string          `json:"error,omitempty"`
	Matches    []string        `json:"matches"`
	Chosen     *string         `json:"chosen"`
	Store      *string         `json:"store,omitempty"`
	Cluster    *string         `json:"cluster,omitempty"`
	Properties map[string]any  `json:"properties,omitempty"`
	Allowed    map[string]bool `json:"allowed"`
	AutoCreate map[string]*int `json:"autoCreate"`
}

// Matches returns the indices, in config order, of every destination that
// matches name. An invalid name is an error.
func (r *Interp) Matches(name string) ([]int, error) {
	elems, err := subject.ParseName(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %s", runtime.ErrInvalidName, err.Msg)
	}
	var out []int
	for _, d := range r.Model.Destinations {
		if d.Pattern.Match(elems) {
			out = append(out, d.Index)
		}
	}
	return out, nil
}

// Resolve returns the index of the destination whose properties apply to
// name: the most preferred of the matching ones (subject.Compare). ok is
// false when nothing matches.
func (r *Interp) Resolve(name string) (index int, ok bool, err error) {
	ms, err := r.Matches(name)
	if err != nil || len(ms) == 0 {
		return -1, false, err
	}
	best := ms[0]
	for _, i := range ms[1:] {
		if subject.Compare(r.Model.Destinations[i].Pattern, r.Model.Destinations[best].Pattern) < 0 {
			best = i
		}
	}
	return best, true, nil
}

// Allowed reports whether a caller holding principals may perform op on
// name: the union of the ACLs of every matching destination. With
// permissions off every valid name is allowed; an invalid name never is,
// and a name that matches nothing is denied (fail closed).
func (r *Interp) Allowed(op runtime.Op, name string, principals ...string) bool {
	ms, err := r.Matches(name)
	if err != nil || op >= runtime.NumOps {
		return false
	}
	if !r.Model.Permissions {
		return true
	}
	for _, i := range ms {
		for _, granted := range r.Model.Destinations[i].ACL[op] {
			for _, p := range principals {
				if p == granted {
					return true
				}
			}
		}
	}
	return false
}

// AutoCreate returns the index of the policy that auto-creates a node named
// name for op, as Broker-J does: the first policy, in config order, whose
// pattern matches the whole name and which is enabled for op. Any string is
// a node name; it need not be a valid destination.
func (r *Interp) AutoCreate(name string, op runtime.Op) (index int, ok bool) {
	for i, p := range r.Model.Policies {
		enabled := op == runtime.Publish && p.CreatedOnPublish || op == runtime.Subscribe && p.CreatedOnConsume
		if enabled && r.res[i].MatchString(name) {
			return i, true
		}
	}
	return -1, false
}
