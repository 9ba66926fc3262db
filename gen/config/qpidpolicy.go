package config

import (
	"slices"
	"strings"
)

// policyList reads a virtual host's nodeAutoCreationPolicies as Broker-J's
// GenericListConverter does (qpidconv.go).
func (d *decoder) policyList(what label) []Policy {
	k, ok := d.p.next()
	switch {
	case !ok:
		return nil
	case k == Null:
		d.p.keyword()
		return []Policy{}
	case k == Object:
		ps := make([]Policy, 1)
		d.qpidPolicy(&ps[0], 0)
		return ps
	case k == String:
		return d.policyString(what)
	}
	return list(d, what, d.qpidPolicy)
}

// policyString reads the list from a string: Jackson's reading of it as a
// list, else "" for none, else one policy.
func (d *decoder) policyString(what label) []Policy {
	at := d.p.mark()
	v := d.value(what)
	src := v.Str
	if !d.expandValue(v, what, missingKeep) {
		return nil
	}
	var ps []Policy
	k, err := d.embedded(v, func(k Kind) {
		if k == Array {
			ps = list(d, what, d.qpidPolicy)
		}
	})
	switch {
	case err == nil && k == Array:
		return ps
	case err == nil && k == Null:
		d.errorf(v.Pos, "%s is the string %s: Broker-J reads it as no list at all, and fails on every auto-creation", what, shown(src, v))
		return nil
	case src == "":
		return []Policy{}
	}
	ps = make([]Policy, 1)
	d.policyFromString(&ps[0], 0, at, v, what)
	return ps
}

// qpidPolicy reads one policy: an object, or a string holding one.
func (d *decoder) qpidPolicy(p *Policy, i int) {
	if k, ok := d.p.next(); !ok || k != String {
		d.policy(p, i)
		return
	}
	at := d.p.mark()
	what := indexed("policy", d.policyBase+i)
	if v := d.value(what); d.expandValue(v, what, missingKeep) {
		d.policyFromString(p, i, at, v, what)
	}
}

// policyFromString reads policy i from the text of string v, at at, as
// Broker-J's ManageableAttributeTypeConverter does: blank is no policy
// (which Broker-J then fails on), else a JSON object. what names v.
func (d *decoder) policyFromString(p *Policy, i int, at mark, v *Value, what label) {
	p.Pos, p.Attributes = d.loc(at), "{}"
	if javaTrim(v.Str) == "" {
		d.errorf(v.Pos, "%s is a blank string, which Broker-J reads as no policy", what)
		return
	}
	k, err := d.embedded(v, func(k Kind) {
		if k == Object {
			d.policy(p, i)
		}
	})
	want := "a JSON object"
	if what.head != "policy" {
		want = "a JSON array or object"
	}
	switch {
	case err != nil:
		d.errorf(err.Pos, "%s is a string that is not %s: %s", what, want, err.Msg)
	case k != Object:
		d.errorf(v.Pos, "%s is a string holding %s, not %s", what, holding(k), want)
	}
}

// qpidAttributes reads a policy's attributes as Broker-J's map converter
// does: an object, null for none, or a string holding an object (or null).
func (d *decoder) qpidAttributes(what label) string {
	k, ok := d.p.next()
	switch {
	case !ok:
		return "{}"
	case k == Null:
		d.p.keyword()
		return "{}"
	case k != String:
		if !d.expect(Object, what) {
			return "{}"
		}
		return d.attributes(what)
	}
	v := d.value(what)
	if !d.expandValue(v, what, missingKeep) {
		return "{}"
	}
	attrs := "{}"
	kind, err := d.embedded(v, func(k Kind) {
		if k == Object {
			attrs = d.attributes(what)
		}
	})
	d.notObject(what, v, kind, err)
	return attrs
}

// attribute is one key of a policy's attributes and its value as JSON.
type attribute struct{ key, json string }

// attributes are a policy's attributes as Broker-J's LinkedHashMap holds
// them: a key where it first came, with the last value put (keys differ
// in the file, but may expand to the same).
type attributes struct {
	list []attribute
	at   map[string]int // index of list by key, past smallSet keys
}

func (a *attributes) set(key, json string) {
	i := -1
	if a.at != nil {
		if j, ok := a.at[key]; ok {
			i = j
		}
	} else {
		i = slices.IndexFunc(a.list, func(b attribute) bool { return b.key == key })
	}
	if i >= 0 {
		a.list[i].json = json
		return
	}
	a.list = append(a.list, attribute{key, json})
	if a.at == nil && len(a.list) > smallSet {
		a.at = make(map[string]int, 2*len(a.list))
		for j, b := range a.list {
			a.at[b.key] = j
		}
	} else if a.at != nil {
		a.at[key] = len(a.list) - 1
	}
}

// encodeAttributes writes attrs as a compact JSON object, without "id",
// which Broker-J drops (a created node gets a fresh id).
func encodeAttributes(attrs []attribute) string {
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	for _, a := range attrs {
		if a.key == "id" {
			continue
		}
		if n++; n > 1 {
			b.WriteByte(',')
		}
		quoteJSON(&b, a.key)
		b.WriteByte(':')
		b.WriteString(a.json)
	}
	b.WriteByte('}')
	return b.String()
}
