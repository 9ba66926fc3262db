package config

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/destgen/destgen/gen/diag"
)

// Kind is the JSON type of a Value.
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

// Value is a JSON value that remembers where it stood in the file, so every
// later stage can point at the exact value it rejects.
type Value struct {
	Kind    Kind
	Bool    bool
	Pos     diag.Pos
	Str     string   // String: the decoded text; Number: the literal as written
	Elems   []*Value // Array
	Members []Member // Object, in file order
	raw     string   // String: the source between the quotes, for ColumnOf
}

// Member is one key of a JSON object.
type Member struct {
	Key    string
	KeyPos diag.Pos
	Value  *Value
}

// PosAt returns the position of the byte at offset off of a String value's
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
	// (about 300 bytes each) with room to spare.
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

// ParseJSON parses data as one JSON value, keeping positions. Duplicate keys
// are kept (the decoder reports them); syntax errors stop the parse, since
// nothing after a syntax error can be trusted.
func ParseJSON(file string, data []byte) (*Value, *SyntaxError) {
	if len(data) > MaxConfigBytes {
		return nil, &SyntaxError{diag.Pos{File: file}, "config is " + strconv.Itoa(len(data)) + " bytes, over the limit of " + strconv.Itoa(MaxConfigBytes)}
	}
	p := &parser{file: file, data: string(data), line: 1, lineStart: 0}
	p.skipSpace()
	v := p.value(0)
	if p.err != nil {
		return nil, p.err
	}
	p.skipSpace()
	if p.off < len(p.data) {
		p.fail("unexpected %s after the top-level value", p.describe())
		return nil, p.err
	}
	return v, nil
}
