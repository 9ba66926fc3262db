package proptest

import (
	"strconv"
	"strings"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/live"
	"github.com/destgen/destgen/proptest/wire"
	"github.com/destgen/destgen/runtime"
)

// Realm adapts a live.Realm to wire.Funcs, as the generated adapter does
// a package: principals are looked up in the realm on every call.
func Realm(r *live.Realm) wire.Funcs {
	return wire.Funcs{
		Resolve: func(name string) (int, error) {
			d, err := r.Resolve(name)
			if d == nil {
				return -1, err
			}
			return d.Index(), err
		},
		Matches: r.Matches,
		Allowed: func(op runtime.Op, name string, names []string) bool {
			ps := make([]live.Principal, len(names))
			for i, n := range names {
				ps[i] = r.LookupPrincipal(n)
			}
			return r.Allowed(op, name, ps...)
		},
		AutoCreate: func(name string, op runtime.Op) (int, bool) {
			p, ok := r.AutoCreate(name, op)
			if !ok {
				return -1, false
			}
			return p.Index, true
		},
	}
}

// DumpRealm formats a Realm's destinations and policies as Dump formats a
// model's: properties as %+v prints a generated Properties struct.
func DumpRealm(r *live.Realm) []string {
	var out []string
	keys := r.PropertyKeys()
	for i := range r.Destinations() {
		d := &r.Destinations()[i]
		fields := make([]string, 0, len(keys)+1)
		has := make([]string, len(keys))
		for j, k := range keys {
			v := d.PropertyAt(j)
			fields = append(fields, k.Field+":"+propertyString(k.Kind, v))
			has[j] = strconv.FormatBool(v.Set)
		}
		fields = append(fields, "Has:["+strings.Join(has, " ")+"]")
		out = append(out, wire.DumpDestination(i, d.Index(), d.Pattern(), d.Store(), d.HasStore(),
			d.Cluster(), d.HasCluster(), "{"+strings.Join(fields, " ")+"}"))
	}
	for i, p := range r.Policies() {
		out = append(out, wire.DumpPolicy(i, p.Index, p.Pattern, p.NodeType, p.Attributes))
	}
	return out
}

// propertyString prints a value as Dump's scalar does.
func propertyString(k runtime.PropertyKind, v runtime.PropertyValue) string {
	kinds := [...]config.ScalarType{runtime.PropString: config.TypeString, runtime.PropInt: config.TypeInt,
		runtime.PropFloat: config.TypeFloat, runtime.PropBool: config.TypeBool}
	return scalar(kinds[k], config.Scalar{Type: kinds[k], Str: v.Str, Int: v.Int, Float: v.Float, Bool: v.Bool}, v.Set)
}
