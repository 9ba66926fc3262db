package config

import (
	"strconv"
	"strings"
)

func (d *decoder) policies(v *Value) []Policy {
	if v == nil || !d.is(v, Array, "nodeAutoCreationPolicies") {
		return nil
	}
	ps := make([]Policy, 0, len(v.Elems))
	for i, e := range v.Elems {
		ps = append(ps, d.policy(i, e))
	}
	return ps
}

// policy decodes one QPID-6954 policy and validates it as Broker-J's
// NodeAutoCreationPolicy does; the pattern itself is checked by package
// model, which knows the Java regex dialect.
func (d *decoder) policy(i int, v *Value) Policy {
	what := "policy " + strconv.Itoa(d.policyBase+i)
	p := Policy{Pos: v.Pos, Attributes: "{}"}
	f := d.fields(v, what, policyKeys...)
	if f == nil {
		return p
	}
	if pat := f.get("pattern"); pat == nil {
		d.diags.Errorf(v.Pos, "%s has no pattern", what)
	} else if d.is(pat, String, what+" pattern") {
		p.Pattern, p.PatternVal = pat.Str, pat
	}
	p.NodeType = d.nodeType(v, f.get("nodeType"), what)
	if b := f.get("createdOnPublish"); b != nil {
		p.CreatedOnPublish = d.boolean(b, what+" createdOnPublish")
	}
	if b := f.get("createdOnConsume"); b != nil {
		p.CreatedOnConsume = d.boolean(b, what+" createdOnConsume")
		p.ConsumePos = b.Pos
	}
	d.checkFlags(&p, v, f, what)
	if a := f.get("attributes"); a != nil && d.is(a, Object, what+" attributes") {
		p.Attributes = d.attributes(a)
	}
	return p
}

func (d *decoder) nodeType(obj, v *Value, what string) NodeType {
	if v == nil {
		d.diags.Errorf(obj.Pos, "%s has no nodeType (want \"queue\" or \"exchange\")", what)
		return Queue
	}
	if !d.is(v, String, what+" nodeType") {
		return Queue
	}
	switch strings.ToLower(strings.TrimSpace(v.Str)) {
	case "queue":
		return Queue
	case "exchange":
		return Exchange
	}
	d.diags.Errorf(v.Pos, "%s nodeType %q is neither \"queue\" nor \"exchange\"", what, v.Str)
	return Queue
}

func (d *decoder) checkFlags(p *Policy, obj *Value, f fieldSet, what string) {
	if !p.CreatedOnPublish && !p.CreatedOnConsume && !d.wrongType(f.get("createdOnPublish"), f.get("createdOnConsume")) {
		d.diags.Errorf(obj.Pos, "%s has neither createdOnPublish nor createdOnConsume true: it can never create a node", what)
	}
	if p.CreatedOnConsume && p.NodeType == Exchange {
		d.diags.Errorf(p.ConsumePos, "%s creates an exchange on consume, but an exchange cannot be consumed from", what)
	}
}

// attributes re-encodes the attributes object compactly in file order,
// dropping "id" as Broker-J does (a created node gets a fresh id).
func (d *decoder) attributes(v *Value) string {
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	seen := map[string]bool{}
	for _, m := range v.Members {
		if seen[m.Key] {
			d.diags.Errorf(m.KeyPos, "duplicate key %q in attributes", m.Key)
			continue
		}
		seen[m.Key] = true
		if m.Key == "id" {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		b.WriteString(strconv.Quote(m.Key))
		b.WriteByte(':')
		encode(&b, m.Value)
	}
	b.WriteByte('}')
	return b.String()
}

// encode writes v as compact JSON. Strings are re-quoted as JSON, not Go.
func encode(b *strings.Builder, v *Value) {
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case Number:
		b.WriteString(v.Str)
	case String:
		quoteJSON(b, v.Str)
	case Array:
		b.WriteByte('[')
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteByte(',')
			}
			encode(b, e)
		}
		b.WriteByte(']')
	case Object:
		b.WriteByte('{')
		for i, m := range v.Members {
			if i > 0 {
				b.WriteByte(',')
			}
			quoteJSON(b, m.Key)
			b.WriteByte(':')
			encode(b, m.Value)
		}
		b.WriteByte('}')
	}
}

func quoteJSON(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// wrongType reports whether a flag was given with a type error already
// reported, so a second, derived error is not piled on.
func (d *decoder) wrongType(vs ...*Value) bool {
	for _, v := range vs {
		if v != nil && v.Kind != Bool && !(d.qpid && v.Kind == String && (v.Str == "true" || v.Str == "false")) {
			return true
		}
	}
	return false
}
