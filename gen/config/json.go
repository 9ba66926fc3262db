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
	Str string   // the decoded text (in a virtual host, expanded: expand.go)
	raw string   // the source between the quotes, for PosAt
	ext *valueExt
}

// valueExt says how a Value's text came from the file when not just by
// decoding its escapes. Few values have one, so it sits behind a pointer:
// a 100k destination config holds 100k Values.
type valueExt struct {
	spans []span // Str is raw decoded, then expanded so; nil if not
	// in is the string whose text (after its own expansion) holds this
	// value's source, as JSON embedded in a string; inOff is where. nil:
	// the source is in the file.
	in    *Value
	inOff int
}

// PosAt returns the position of the byte at offset off of the value's
// text, accounting for escapes, expansion and embedding, so that an error
// inside a string (a bad regex construct, say) points at the right column.
func (v *Value) PosAt(off int) diag.Pos {
	root := v
	for root.ext != nil && root.ext.in != nil {
		root = root.ext.in
	}
	fo := v.fileOffset(off)
	p := root.Pos
	p.Col += fo - p.Offset
	p.Offset = fo
	return p
}

// fileOffset maps offset off of the value's text to an offset in the file.
func (v *Value) fileOffset(off int) int {
	if v.ext != nil {
		off = srcOffset(v.ext.spans, off)
	}
	raw := rawOffset(v.raw, off)
	if v.ext != nil && v.ext.in != nil {
		return v.ext.in.fileOffset(v.ext.inOff + raw)
	}
	return v.Pos.Offset + 1 + raw // after the opening quote
}

// rawOffset maps offset off of a JSON string's decoded text to its source.
func rawOffset(raw string, off int) int {
	i := 0
	for decoded := 0; i < len(raw) && decoded < off; {
		n, w := escapedWidth(raw[i:])
		i += w
		decoded += n
	}
	return i
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
