package config

import (
	"strconv"
	"strings"
)

// A Broker-J virtual host's attributes are converted as Broker-J's
// AttributeValueConverter converts them, with its context variables
// expanded (expand.go) in every string it expands:
//
//   - nodeAutoCreationPolicies (GenericListConverter): an array; null, for
//     the attribute's default []; a single policy object; or a string,
//     expanded, that holds a JSON array, else is "" for no policies, else
//     holds one policy. The elements of a list read from a string are
//     expanded again, as Broker-J converts them after the list.
//   - a policy (ManageableAttributeTypeConverter): an object, or a string,
//     expanded, that holds one.
//   - pattern and nodeType: strings, expanded.
//   - createdOnPublish and createdOnConsume: booleans, or strings, which
//     Boolean.valueOf reads after expansion.
//   - attributes (a map): an object, null for none, or a string holding
//     an object; its top-level keys and string values are expanded.
//   - context (a map of strings): expanded once as the attribute is set.
//
// Broker-J leaves a reference to an unknown name as it is. destgen does so
// where Broker-J's reading goes on to expand the text again (a list or
// policy in a string; an attribute, which the created node expands), and
// makes it an error where it would only surprise (pattern, nodeType, the
// two flags).

// onMissing is what an expansion does with a reference to an unknown name.
type onMissing int

const (
	missingError onMissing = iota // an error
	missingWarn                   // left as "${NAME}", with a warning
	missingKeep                   // left silently: the text is expanded again where it is used
)

// scope is the scope of the virtual host's references.
func (d *decoder) scope() *scope {
	if d.ctx == nil {
		d.ctx = &scope{vars: d.vars}
	}
	return d.ctx
}

// expandValue expands v's text in place; ok is false, after an error about
// what, if it cannot be expanded.
func (d *decoder) expandValue(v *Value, what label, missing onMissing) (ok bool) {
	return d.expandIn(d.scope(), v, what, missing)
}

func (d *decoder) expandIn(sc *scope, v *Value, what label, missing onMissing) bool {
	text, spans, e := sc.expand(v.Str, missing == missingError)
	if e.err != nil {
		d.errorf(v.PosAt(e.err.at), "%s: %s", what, e.err.msg)
		return false
	}
	if missing == missingWarn && len(e.missed) > 0 {
		m := e.missed[0]
		d.warnf(v.PosAt(m.at), "%s: no such variable: %s; Broker-J leaves \"${%s}\" in it, for the node it creates to expand", what, m.name, m.name)
	}
	if spans != nil {
		if v.ext == nil {
			v.ext = &valueExt{}
		}
		v.Str, v.ext.spans = text, spans
	}
	return true
}

// shown quotes a value for a message, with its text before expansion
// when that differs.
func shown(src string, v *Value) string {
	if src == v.Str {
		return strconv.Quote(src)
	}
	return strconv.Quote(src) + " (expanded to " + strconv.Quote(v.Str) + ")"
}

// javaBoolean reads a string as Broker-J reads a boolean attribute:
// Boolean.valueOf of its expansion, true for "true" in any case and false
// for anything else. A string other than "true" or "false" is false with a
// warning: "yes" or "1" surely meant true.
func (d *decoder) javaBoolean(what label) (b, failed bool) {
	v := d.value(what)
	src := v.Str
	if !d.expandValue(v, what, missingError) {
		return false, true
	}
	switch {
	case strings.EqualFold(v.Str, "true"):
		return true, false
	case strings.EqualFold(v.Str, "false"):
		return false, false
	}
	d.warnf(v.Pos, "%s %s is false: Broker-J reads a string as true only if it is \"true\", in any case (Boolean.valueOf)", what, shown(src, v))
	return false, false
}

// javaTrim is Java's String.trim: it drops every character up to ' '.
func javaTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}

// embedded reads the JSON text that string v holds, as Broker-J hands a
// string to Jackson: all of it one JSON value, or a syntax error (and
// nothing read). Jackson 2, in Broker-J before 10.0.1, ignores text after
// the value; destgen refuses it. When it is JSON, read reads it (or not)
// with the decoder, whose positions then point into v.
func (d *decoder) embedded(v *Value, read func(k Kind)) (Kind, *SyntaxError) {
	p := &parser{file: d.p.file, data: v.Str, depth: d.p.depth, in: v}
	p.skipSpace()
	k, _ := p.next()
	p.skip()
	p.skipSpace()
	if p.err == nil && p.off < len(p.data) {
		p.fail("unexpected %s after the JSON value", p.describe())
	}
	if p.err != nil {
		return k, p.err
	}
	p.off, p.depth = 0, d.p.depth
	p.skipSpace()
	outer := d.p
	d.p = p
	read(k)
	d.p = outer
	return k, nil
}

// holding describes what a string holds, for a message.
func holding(k Kind) string {
	if k == Null {
		return "JSON null"
	}
	return k.withArticle()
}

// context reads the virtual host's context map and converts it as Broker-J
// does when it sets the attribute: each key and value expanded leniently
// in a scope without the map itself, which is not set yet. So "$$" in a
// value is read there once, and a reference to another of its variables
// is left for where the value is used.
func (d *decoder) context(what label) {
	own := map[string]string{}
	base := &scope{vars: d.vars}
	d.ctx = &scope{own: own, vars: d.vars}
	k, ok := d.p.next()
	switch {
	case !ok:
	case k == Null:
		d.p.keyword()
	case k == String:
		v := d.value(what)
		if !d.expandIn(base, v, what, missingKeep) {
			return
		}
		kind, err := d.embedded(v, func(k Kind) {
			if k == Object {
				d.contextObject(what, base, own)
			}
		})
		d.notObject(what, v, kind, err)
	case d.expect(Object, what):
		d.contextObject(what, base, own)
	}
}

// notObject reports that string v, read by embedded, did not hold an
// object, if so.
func (d *decoder) notObject(what label, v *Value, k Kind, err *SyntaxError) {
	switch {
	case err != nil:
		d.errorf(err.Pos, "%s is a string that is not a JSON object: %s", what, err.Msg)
	case k != Object && k != Null:
		d.errorf(v.Pos, "%s is a string holding %s, not a JSON object", what, holding(k))
	}
}

// contextObject reads the context's entries into own.
func (d *decoder) contextObject(what label, base *scope, own map[string]string) {
	d.seen.reset()
	d.p.object(func(key string, at mark) {
		if d.seen.has(key) {
			d.errorf(d.p.posOf(at), "duplicate key %q in %s", key, what)
			d.p.skip()
			return
		}
		d.seen.add(key)
		name, ok := d.expandKey(base, key, at, what.keyed(key), missingKeep)
		if val, set := d.contextValue(what.keyed(key), base); ok && set {
			own[name] = val
		}
	})
}

// expandKey expands an object's key, at at.
func (d *decoder) expandKey(sc *scope, key string, at mark, what label, missing onMissing) (string, bool) {
	k := &Value{Pos: d.p.posOf(at), Str: key, raw: d.p.data[at.off+1 : d.p.off]}
	k.raw = k.raw[:strings.LastIndexByte(k.raw, '"')]
	if d.p.in != nil {
		k.ext = &valueExt{in: d.p.in, inOff: at.off + 1}
	}
	return k.Str, d.expandIn(sc, k, what, missing)
}

// contextValue reads a context value as Broker-J's string converter does:
// a string, expanded; a boolean or an integer, as Java prints it; null,
// for no variable. Java's printing of a fraction, an object or an array is
// not reproduced: they are errors.
func (d *decoder) contextValue(what label, base *scope) (string, bool) {
	at := d.p.mark()
	k, ok := d.p.next()
	switch {
	case !ok:
		return "", false
	case k == Null:
		d.p.keyword()
		return "", false
	case k == Bool:
		return strconv.FormatBool(d.p.keyword()), true
	case k == Number:
		lit := d.p.number()
		if strings.ContainsAny(lit, ".eE") {
			d.errorf(d.p.posOf(at), "%s must be a string or an integer, not %s", what, lit)
			return "", false
		}
		if lit == "-0" {
			lit = "0"
		}
		return lit, true
	}
	v := d.value(what)
	if v == nil || !d.expandIn(base, v, what, missingKeep) {
		return "", false
	}
	return v.Str, true
}
