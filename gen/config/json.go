package config

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/destgen/destgen/gen/diag"
)

// Kind is the JSON type of a value.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

func (k Kind) String() string { return kindNames[k] }

func (k Kind) withArticle() string {
	if k == Array || k == Object {
		return "an " + k.String()
	}
	return "a " + k.String()
}

// Value is a JSON string that remembers where it stood in the file, so that
// a later stage can point at the exact byte of it that it rejects (a bad
// pattern element, a bad regex construct).
type Value struct {
	Pos diag.Pos // the opening quote
	Str string   // the decoded text
	raw string   // the source between the quotes, for PosAt
}

// PosAt returns the position of the byte at offset off of the value's
// decoded text, accounting for escapes, so that an error inside a string
// (a bad regex construct, say) points at the right column.
func (v *Value) PosAt(off int) diag.Pos {
	p := v.Pos
	p.Col++ // the opening quote
	p.Offset++
	decoded := 0
	for i := 0; i < len(v.raw) && decoded < off; {
		n, w := escapedWidth(v.raw[i:])
		i += w
		p.Col += w
		p.Offset += w
		decoded += n
	}
	return p
}

// escapedWidth returns how many decoded bytes the next source unit of a JSON
// string decodes to and how many source bytes it spans.
func escapedWidth(s string) (decoded, width int) {
	if s[0] != '\\' {
		return 1, 1
	}
	if len(s) < 2 || s[1] != 'u' || len(s) < 6 {
		return 1, 2
	}
	r, _ := strconv.ParseUint(s[2:6], 16, 32)
	if utf16.IsSurrogate(rune(r)) && len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
		lo, _ := strconv.ParseUint(s[8:12], 16, 32)
		return utf8.RuneLen(utf16.DecodeRune(rune(r), rune(lo))), 12
	}
	n := utf8.RuneLen(rune(r))
	if n < 0 {
		n = 3 // U+FFFD
	}
	return n, 6
}

// Limits on the JSON text. They bound the work and memory a hostile or
// mistaken config can cost before validation gets to say what is wrong.
const (
	// MaxConfigBytes admits 100k destinations with ACLs and properties
	// (about 300 bytes each) with room to spare. It also keeps every byte
	// offset within the uint32 of a line table.
	MaxConfigBytes = 128 << 20
	// MaxNesting bounds recursion in the parser; real configs nest about
	// six deep, Broker-J attributes a few more.
	MaxNesting = 100
)

// SyntaxError is a malformed JSON text.
type SyntaxError struct {
	Pos diag.Pos
	Msg string
}

func (e *SyntaxError) Error() string { return e.Pos.String() + ": error: " + e.Msg }
