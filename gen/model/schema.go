package model

import (
	"strings"
	"unicode"

	"github.com/destgen/destgen/gen/config"
)

// schema infers one Go type per property key across all destinations and
// fills each destination's values in schema order.
func (b *builder) schema(ds []config.Destination) {
	index := map[string]int{}
	byGoName := map[string]int{}
	// The field of each property in config order, or -1 when rejected, so
	// that the fill below need not look every key up again.
	var fieldOf []int32
	for _, d := range ds {
		for _, p := range d.Properties {
			fieldOf = append(fieldOf, int32(b.field(p, index, byGoName)))
		}
	}
	// One allocation each for every destination's values and flags, where
	// a 100k destination config made 200k. Destinations is empty when the
	// count was over the limit; there is then nothing to fill.
	k := len(b.m.Schema)
	props := make([]config.Scalar, k*len(b.m.Destinations))
	has := make([]bool, k*len(b.m.Destinations))
	for i, dst := range b.m.Destinations {
		dst.Props = props[i*k : (i+1)*k : (i+1)*k]
		dst.Has = has[i*k : (i+1)*k : (i+1)*k]
		for _, p := range ds[i].Properties {
			if j := fieldOf[0]; j >= 0 {
				dst.Props[j], dst.Has[j] = p.Value, true
			}
			fieldOf = fieldOf[1:]
		}
	}
}

// field returns the schema field of property p, adding one at a key's
// first appearance, or -1 after reporting a type that differs from the
// field's or a Go name that another key's field has. index and byGoName
// map keys and Go names to fields.
func (b *builder) field(p config.Property, index, byGoName map[string]int) int {
	if i, ok := index[p.Key]; ok {
		if f := b.m.Schema[i]; f.Type != p.Value.Type {
			b.diags.Errorf(b.cfg.Position(p.Pos), "property %q is %s here but %s at %s", p.Key, article(p.Value.Type), article(f.Type), f.Pos)
			return -1
		}
		return i
	}
	name := goName(p.Key)
	if j, clash := byGoName[name]; clash {
		b.diags.Errorf(b.cfg.Position(p.KeyPos), "property %q and property %q (at %s) both become Go field %s", p.Key, b.m.Schema[j].Key, b.m.Schema[j].Pos, name)
		return -1
	}
	index[p.Key] = len(b.m.Schema)
	byGoName[name] = len(b.m.Schema)
	b.m.Schema = append(b.m.Schema, Field{Key: p.Key, GoName: name, Type: p.Value.Type, Pos: b.cfg.Position(p.KeyPos)})
	return len(b.m.Schema) - 1
}

// goName turns a property key into an exported Go identifier: words split
// at any non-letter, non-digit, each capitalised ("max-msgs" -> MaxMsgs).
// A leading digit gets a "P" so the result is always an identifier.
func goName(key string) string {
	var b strings.Builder
	up := true
	for _, r := range key {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	s := b.String()
	if s == "" || unicode.IsDigit(rune(s[0])) || !unicode.IsUpper([]rune(s)[0]) {
		s = "P" + s
	}
	return s
}

// article names a type with its indefinite article ("an integer").
func article(t config.ScalarType) string {
	if t == config.TypeInt {
		return "an " + t.String()
	}
	return "a " + t.String()
}
