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
	for _, d := range ds {
		for _, p := range d.Properties {
			if i, ok := index[p.Key]; ok {
				if f := b.m.Schema[i]; f.Type != p.Value.Type {
					b.diags.Errorf(p.Pos, "property %q is %s here but %s at %s", p.Key, article(p.Value.Type), article(f.Type), f.Pos)
				}
				continue
			}
			name := goName(p.Key)
			if j, clash := byGoName[name]; clash {
				b.diags.Errorf(p.KeyPos, "property %q and property %q (at %s) both become Go field %s", p.Key, b.m.Schema[j].Key, b.m.Schema[j].Pos, name)
				continue
			}
			index[p.Key] = len(b.m.Schema)
			byGoName[name] = len(b.m.Schema)
			b.m.Schema = append(b.m.Schema, Field{Key: p.Key, GoName: name, Type: p.Value.Type, Pos: p.KeyPos})
		}
	}
	// Destinations is empty when the count was over the limit; there is
	// then nothing to fill.
	for i, dst := range b.m.Destinations {
		d := ds[i]
		dst.Props = make([]config.Scalar, len(b.m.Schema))
		dst.Has = make([]bool, len(b.m.Schema))
		for _, p := range d.Properties {
			if j, ok := index[p.Key]; ok && b.m.Schema[j].Type == p.Value.Type {
				dst.Props[j], dst.Has[j] = p.Value, true
			}
		}
	}
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
