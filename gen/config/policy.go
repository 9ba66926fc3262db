package config

import "strings"

// policy decodes one QPID-6954 policy and validates it as Broker-J's
// NodeAutoCreationPolicy does; the pattern itself is checked by package
// model, which knows the Java regex dialect.
func (d *decoder) policy(p *Policy, i int) {
	what := indexed("policy", d.policyBase+i)
	at := d.p.mark()
	p.Pos, p.Attributes = d.loc(at), "{}"
	var publishType, consumeType bool // a flag had a type error
	var consumeAt mark
	f := fields{known: policyKeys}
	ok := d.object(what, &f, func(key string) {
		switch key {
		case "pattern":
			v := d.value(what.and("pattern"))
			if v != nil && (!d.qpid || d.expandValue(v, what.and("pattern"), missingError)) {
				p.PatternVal = v // else reported, and not a regex to check
			}
			if v != nil {
				p.Pattern = v.Str
			}
		case "nodeType":
			p.NodeType = d.nodeType(what)
		case "createdOnPublish":
			p.CreatedOnPublish, publishType = d.boolean(what.and("createdOnPublish"))
		case "createdOnConsume":
			consumeAt = d.p.mark()
			p.ConsumePos = d.loc(consumeAt)
			p.CreatedOnConsume, consumeType = d.boolean(what.and("createdOnConsume"))
		case "attributes":
			if d.qpid {
				p.Attributes = d.qpidAttributes(what.and("attributes"))
			} else if d.expect(Object, what.and("attributes")) {
				p.Attributes = d.attributes(what.and("attributes"))
			}
		}
	})
	if ok {
		d.checkPolicy(p, &f, at, consumeAt, publishType || consumeType, what)
	}
	d.done(f.group)
}

// checkPolicy reports what a policy lacks, with the ranks of the keys
// concerned; policy is at at, and its createdOnConsume at consumeAt.
func (d *decoder) checkPolicy(p *Policy, f *fields, at, consumeAt mark, flagType bool, what label) {
	if !f.has("pattern") {
		d.rankFrom(f.rank("pattern", false))
		d.errorf(d.p.posOf(at), "%s has no pattern", what)
	}
	if !f.has("nodeType") {
		d.rankFrom(f.rank("nodeType", false))
		d.errorf(d.p.posOf(at), "%s has no nodeType (want \"queue\" or \"exchange\")", what)
	}
	d.rankFrom(f.rank("createdOnConsume", true))
	if !p.CreatedOnPublish && !p.CreatedOnConsume && !flagType {
		d.errorf(d.p.posOf(at), "%s has neither createdOnPublish nor createdOnConsume true: it can never create a node", what)
	}
	if p.CreatedOnConsume && p.NodeType == Exchange {
		d.errorf(d.p.posOf(consumeAt), "%s creates an exchange on consume, but an exchange cannot be consumed from", what)
	}
}

// nodeType reads a nodeType as Broker-J matches it against the virtual
// host's child types: trimmed as Java trims, in any case.
func (d *decoder) nodeType(what label) NodeType {
	what = what.and("nodeType")
	v := d.value(what)
	if v == nil || d.qpid && !d.expandValue(v, what, missingError) {
		return Queue
	}
	switch strings.ToLower(javaTrim(v.Str)) {
	case "queue":
		return Queue
	case "exchange":
		return Exchange
	}
	d.errorf(v.Pos, "%s %q is neither \"queue\" nor \"exchange\"", what, v.Str)
	return Queue
}

// attributes re-encodes the attributes object compactly in file order,
// dropping "id" as Broker-J drops it. In a virtual host its keys and string
// values are expanded (qpidconv.go).
func (d *decoder) attributes(what label) string {
	var attrs attributes
	d.seen.reset()
	d.p.object(func(key string, at mark) {
		if d.seen.has(key) {
			d.errorf(d.p.posOf(at), "duplicate key %q in attributes", key)
			d.p.skip()
			return
		}
		d.seen.add(key)
		name := key
		if d.qpid {
			name, _ = d.expandKey(d.scope(), key, at, what.keyed(key), missingWarn)
		}
		var b strings.Builder
		if k, ok := d.p.next(); ok && k == String && d.qpid {
			v := d.value(what.keyed(key))
			d.expandValue(v, what.keyed(key), missingWarn)
			quoteJSON(&b, v.Str)
		} else {
			d.p.encode(&b)
		}
		attrs.set(name, b.String())
	})
	return encodeAttributes(attrs.list)
}

// encode reads a value, writing it to b as compact JSON. Strings are
// re-quoted as JSON, not Go.
func (p *parser) encode(b *strings.Builder) {
	k, ok := p.next()
	if !ok {
		return
	}
	switch k {
	case Null, Bool:
		start := p.off
		p.keyword()
		b.WriteString(p.data[start:p.off])
	case Number:
		b.WriteString(p.number())
	case String:
		s, _ := p.str()
		quoteJSON(b, s)
	case Array:
		b.WriteByte('[')
		p.array(func(i int) {
			if i > 0 {
				b.WriteByte(',')
			}
			p.encode(b)
		})
		b.WriteByte(']')
	case Object:
		b.WriteByte('{')
		i := 0
		p.object(func(key string, _ mark) {
			if i++; i > 1 {
				b.WriteByte(',')
			}
			quoteJSON(b, key)
			b.WriteByte(':')
			p.encode(b)
		})
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
