package config

import (
	"math"
	"strconv"
	"strings"

	"github.com/destgen/destgen/gen/diag"
	"github.com/destgen/destgen/runtime"
)

// Decode reads a destgen config, in the native format or, when it has a
// top-level "modelVersion" key, as a Broker-J virtual host (see
// DecodeFormat). It reports every problem it finds, not just the first; a
// JSON syntax error ends decoding at that point.
func Decode(file string, data []byte) (*Config, diag.List) {
	return DecodeFormat(file, data, Auto)
}

type decoder struct {
	diags diag.List
	qpid  bool // Broker-J's lenient booleans
	// Indices of this file's first destination and policy when several
	// files make one config, so messages count as model's do (DecodeAll).
	destBase, policyBase int
}

// fieldSet is an object's accepted members. Objects have a handful of
// keys, so a linear scan beats building a map per object (a 100k
// destination config has 300k objects).
type fieldSet []Member

// get returns the value of key, or nil.
func (f fieldSet) get(key string) *Value {
	for _, m := range f {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// fields checks an object's keys against the known ones (any key when
// known is empty), reporting duplicates and unknown keys, and returns the
// accepted members; nil if v is not an object.
func (d *decoder) fields(v *Value, what string, known ...string) fieldSet {
	if !d.is(v, Object, what) {
		return nil
	}
	f := make(fieldSet, 0, len(v.Members))
	var seen map[string]bool // only for large objects, where a scan is quadratic
	if len(v.Members) > 16 {
		seen = make(map[string]bool, len(v.Members))
	}
	for _, mem := range v.Members {
		if seen != nil && seen[mem.Key] || seen == nil && f.get(mem.Key) != nil {
			d.diags.Errorf(mem.KeyPos, "duplicate key %q in %s", mem.Key, what)
			continue
		}
		if known != nil && !contains(known, mem.Key) {
			d.unknownKey(mem, what, known)
			continue
		}
		f = append(f, mem)
		if seen != nil {
			seen[mem.Key] = true
		}
	}
	return f
}

func (d *decoder) unknownKey(mem Member, what string, known []string) {
	if s := suggest(mem.Key, known); s != "" {
		d.diags.Errorf(mem.KeyPos, "unknown key %q in %s (did you mean %q?)", mem.Key, what, s)
		return
	}
	d.diags.Errorf(mem.KeyPos, "unknown key %q in %s (known keys: %s)", mem.Key, what, strings.Join(known, ", "))
}

func contains(list []string, s string) bool {
	for _, k := range list {
		if k == s {
			return true
		}
	}
	return false
}

// is reports whether v has kind k, reporting a type error if not.
func (d *decoder) is(v *Value, k Kind, what string) bool {
	if v.Kind == k {
		return true
	}
	d.diags.Errorf(v.Pos, "%s must be %s, not %s", what, k.withArticle(), v.Kind.withArticle())
	return false
}

func (d *decoder) boolean(v *Value, what string) bool {
	if d.qpid && v.Kind == String && (v.Str == "true" || v.Str == "false") {
		return v.Str == "true"
	}
	if d.is(v, Bool, what) {
		return v.Bool
	}
	return false
}

func (d *decoder) str(v *Value, what string) string {
	if d.is(v, String, what) {
		return v.Str
	}
	return ""
}

func (d *decoder) config(file string, root *Value) *Config {
	cfg := &Config{File: file, Permissions: true}
	f := d.fields(root, "config", configKeys...)
	if v := f.get("permissions"); v != nil {
		cfg.Permissions = d.boolean(v, "permissions")
		cfg.PermissionsPos = v.Pos
	}
	if v := f.get("destinations"); v != nil && d.is(v, Array, "destinations") {
		// Sized up front: growing a slice of these large structs while the
		// GC marks the parse tree cost over a second at 200k destinations.
		cfg.Destinations = make([]Destination, 0, len(v.Elems))
		for i, e := range v.Elems {
			cfg.Destinations = append(cfg.Destinations, d.destination(i, e))
		}
	}
	cfg.Policies = d.policies(f.get("nodeAutoCreationPolicies"))
	return cfg
}

func (d *decoder) destination(i int, v *Value) Destination {
	what := "destination " + strconv.Itoa(d.destBase+i)
	dst := Destination{Pos: v.Pos}
	f := d.fields(v, what, destinationKeys...)
	if f == nil {
		return dst
	}
	if n := f.get("name"); n == nil {
		d.diags.Errorf(v.Pos, "%s has no name", what)
	} else if d.is(n, String, what+" name") {
		dst.Name, dst.NameVal = n.Str, n
	}
	dst.Store = d.optional(f.get("store"), what+" store")
	dst.Cluster = d.optional(f.get("cluster"), what+" cluster")
	if p := f.get("properties"); p != nil {
		dst.Properties = d.properties(p, what)
	}
	if a := f.get("acl"); a != nil {
		dst.Publish, dst.Subscribe = d.acl(a, what)
	}
	return dst
}

func (d *decoder) optional(v *Value, what string) Optional {
	if v == nil {
		return Optional{}
	}
	return Optional{Set: true, Value: d.str(v, what), Pos: v.Pos}
}

func (d *decoder) properties(v *Value, what string) []Property {
	f := d.fields(v, what+" properties")
	if f == nil {
		return nil
	}
	var props []Property
	for _, mem := range v.Members {
		if f.get(mem.Key) != mem.Value {
			continue // a duplicate, already reported
		}
		if s, ok := d.scalar(mem.Value, what+" property "+strconv.Quote(mem.Key)); ok {
			props = append(props, Property{Key: mem.Key, KeyPos: mem.KeyPos, Value: s, Pos: mem.Value.Pos})
		}
	}
	return props
}

func (d *decoder) scalar(v *Value, what string) (Scalar, bool) {
	switch v.Kind {
	case String:
		return Scalar{Type: TypeString, Str: v.Str}, true
	case Bool:
		return Scalar{Type: TypeBool, Bool: v.Bool}, true
	case Number:
		return d.number(v, what)
	}
	d.diags.Errorf(v.Pos, "%s must be a string, number or boolean, not %s", what, v.Kind.withArticle())
	return Scalar{}, false
}

// number reads an integer literal (no fraction or exponent) as int64 and
// anything else as float64, since the generated struct field types follow.
func (d *decoder) number(v *Value, what string) (Scalar, bool) {
	if !strings.ContainsAny(v.Str, ".eE") {
		n, err := strconv.ParseInt(v.Str, 10, 64)
		if err != nil {
			d.diags.Errorf(v.Pos, "%s: integer %s does not fit in 64 bits", what, v.Str)
			return Scalar{}, false
		}
		return Scalar{Type: TypeInt, Int: n}, true
	}
	x, err := strconv.ParseFloat(v.Str, 64)
	if err != nil || math.IsInf(x, 0) {
		d.diags.Errorf(v.Pos, "%s: number %s is out of range", what, v.Str)
		return Scalar{}, false
	}
	return Scalar{Type: TypeFloat, Float: x}, true
}

func (d *decoder) acl(v *Value, what string) (pub, sub []Principal) {
	f := d.fields(v, what+" acl", aclKeys...)
	return d.principals(f.get("publish"), what+" acl publish"), d.principals(f.get("subscribe"), what+" acl subscribe")
}

func (d *decoder) principals(v *Value, what string) []Principal {
	if v == nil || !d.is(v, Array, what) {
		return nil
	}
	seen := map[string]bool{}
	var ps []Principal
	for _, e := range v.Elems {
		if !d.is(e, String, what+" principal") {
			continue
		}
		switch {
		case e.Str == "":
			d.diags.Errorf(e.Pos, "%s: empty principal name", what)
		case len(e.Str) > runtime.MaxPrincipalBytes:
			d.diags.Errorf(e.Pos, "%s: principal name is %d bytes, over the limit of %d", what, len(e.Str), runtime.MaxPrincipalBytes)
		case seen[e.Str]:
			d.diags.Errorf(e.Pos, "%s: duplicate principal %q", what, e.Str)
		default:
			seen[e.Str] = true
			ps = append(ps, Principal{Name: e.Str, Pos: e.Pos})
		}
	}
	return ps
}
