package config

import (
	"math"
	"slices"
	"strconv"

	"github.com/destgen/destgen/runtime"
)

func (d *decoder) config(file string) *Config {
	cfg := &Config{File: file, Permissions: true, files: []*srcFile{d.p.file}}
	f := fields{known: configKeys, watch: "modelVersion"}
	d.document(func() {
		d.object(named("config"), &f, func(key string) {
			switch key {
			case "permissions":
				cfg.PermissionsPos = d.p.loc()
				cfg.Permissions, _ = d.boolean(named("permissions"))
			case "destinations":
				cfg.Destinations = list(d, named("destinations"), d.destination)
			case "nodeAutoCreationPolicies":
				cfg.Policies = list(d, named("nodeAutoCreationPolicies"), d.policy)
			}
		})
	})
	d.modelVersion = f.watched
	d.done(f.group)
	return cfg
}

// list reads an array of what, decoding each element into a slice with
// elem; it returns nil, after a type error, if the value is not an array.
func list[T any](d *decoder, what label, elem func(e *T, i int)) []T {
	if !d.expect(Array, what) {
		return nil
	}
	s := []T{}
	start := d.p.off
	d.p.array(func(i int) {
		s = growFor(s, d.p, start)
		s = s[:i+1]
		elem(&s[i], i)
	})
	return s
}

// growFor makes room for one more element in s, the decoded part of the
// array that started at offset start, for as many more as the rest of the
// file holds at the size its elements have had: appending one by one to a
// slice of 100k large structs copied them many times over.
func growFor[T any](s []T, p *parser, start int) []T {
	const first, slack = 16, 8 // room to start; 1/slack more to spare
	if len(s) < cap(s) {
		return s
	}
	if len(s) == 0 {
		return make([]T, 0, first)
	}
	per := max(1, (p.off-start)/len(s))
	more := (len(p.data) - p.off) / per
	return slices.Grow(s, more+more/slack+first)
}

func (d *decoder) destination(dst *Destination, i int) {
	what := indexed("destination", d.destBase+i)
	at := d.p.mark()
	dst.Pos = d.loc(at)
	f := fields{known: destinationKeys}
	ok := d.object(what, &f, func(key string) {
		switch key {
		case "name":
			if dst.NameVal = d.value(what.and("name")); dst.NameVal != nil {
				dst.Name = dst.NameVal.Str
			}
		case "store":
			dst.Store = d.optional(what.and("store"))
		case "cluster":
			dst.Cluster = d.optional(what.and("cluster"))
		case "properties":
			dst.Properties = d.properties(what)
		case "acl":
			dst.Publish, dst.Subscribe = d.acl(what)
		}
	})
	if ok && !f.has("name") {
		d.rankFrom(f.rank("name", false))
		d.errorf(d.p.posOf(at), "%s has no name", what)
	}
	d.done(f.group)
}

func (d *decoder) optional(what label) Optional {
	o := Optional{Set: true, Pos: d.p.loc()}
	o.Value = d.str(what)
	return o
}

// properties decodes a properties object: any key, each at most once.
// Duplicates are reported first, then the values, in file order.
func (d *decoder) properties(what label) []Property {
	if !d.expect(Object, what.and("properties")) {
		return nil
	}
	d.seen.reset()
	d.props = d.props[:0]
	const valueRank = ownRank + 1 // after the keys' messages
	g := d.group()
	d.p.object(func(key string, at mark) {
		if d.seen.has(key) {
			d.errorf(d.p.posOf(at), "duplicate key %q in %s", key, what.and("properties"))
			d.p.skip()
			return
		}
		d.seen.add(key)
		d.rankFrom(valueRank)
		pos := d.p.loc()
		if s, ok := d.scalar(what.property(key)); ok {
			d.props = append(d.props, Property{Key: key, KeyPos: d.loc(at), Value: s, Pos: pos})
		}
		d.rankFrom(ownRank)
	})
	d.done(g)
	return carve(&d.propSlab, d.props)
}

func (d *decoder) scalar(what label) (Scalar, bool) {
	at := d.p.mark()
	k, ok := d.p.next()
	switch {
	case !ok:
		return Scalar{}, false
	case k == String:
		s, _ := d.p.str()
		return Scalar{Type: TypeString, Str: s}, true
	case k == Bool:
		return Scalar{Type: TypeBool, Bool: d.p.keyword()}, true
	case k == Number:
		return d.number(d.p.number(), at, what)
	}
	d.errorf(d.p.posOf(at), "%s must be a string, number or boolean, not %s", what, k.withArticle())
	d.p.skip()
	return Scalar{}, false
}

// number reads an integer literal (no fraction or exponent) as int64 and
// anything else as float64, since the generated struct field types follow.
func (d *decoder) number(lit string, at mark, what label) (Scalar, bool) {
	if isInteger(lit) {
		n, err := strconv.ParseInt(lit, 10, 64)
		if err != nil {
			d.errorf(d.p.posOf(at), "%s: integer %s does not fit in 64 bits", what, lit)
			return Scalar{}, false
		}
		return Scalar{Type: TypeInt, Int: n}, true
	}
	x, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(x, 0) {
		d.errorf(d.p.posOf(at), "%s: number %s is out of range", what, lit)
		return Scalar{}, false
	}
	return Scalar{Type: TypeFloat, Float: x}, true
}

// isInteger reports whether a JSON number literal has neither a fraction
// nor an exponent.
func isInteger(lit string) bool {
	for i := 0; i < len(lit); i++ {
		if c := lit[i]; c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

func (d *decoder) acl(what label) (pub, sub []Principal) {
	what = what.and("acl")
	f := fields{known: aclKeys}
	d.object(what, &f, func(key string) {
		if key == "publish" {
			pub = d.principalList(what.and("publish"))
		} else {
			sub = d.principalList(what.and("subscribe"))
		}
	})
	d.done(f.group)
	return pub, sub
}

func (d *decoder) principalList(what label) []Principal {
	if !d.expect(Array, what) {
		return nil
	}
	d.seen.reset()
	d.principals = d.principals[:0]
	d.p.array(func(int) {
		at := d.p.mark()
		if !d.expect(String, what.and("principal")) {
			return
		}
		switch name, _ := d.p.str(); {
		case name == "":
			d.errorf(d.p.posOf(at), "%s: empty principal name", what)
		case len(name) > runtime.MaxPrincipalBytes:
			d.errorf(d.p.posOf(at), "%s: principal name is %d bytes, over the limit of %d", what, len(name), runtime.MaxPrincipalBytes)
		case d.seen.has(name):
			d.errorf(d.p.posOf(at), "%s: duplicate principal %q", what, name)
		default:
			d.seen.add(name)
			d.principals = append(d.principals, Principal{Name: name, Pos: d.loc(at)})
		}
	})
	return carve(&d.principalSlab, d.principals)
}
