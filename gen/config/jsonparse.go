package config

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/destgen/destgen/gen/diag"
)

type parser struct {
	file      string
	data      string // a copy of the input: decoded strings are substrings of it
	off       int
	line      int
	lineStart int
	err       *SyntaxError
	// Values are carved from slabs and members and elements gathered on
	// scratch stacks, then copied once at their exact size: a 100k
	// destination config holds over a million values, and one allocation
	// each dominated decoding.
	slab    []Value
	members []Member
	elems   []*Value
}

// slabSize is how many Values one allocation holds.
const slabSize = 1024

func (p *parser) newValue(k Kind) *Value {
	if len(p.slab) == 0 {
		p.slab = make([]Value, slabSize)
	}
	v := &p.slab[0]
	p.slab = p.slab[1:]
	v.Kind, v.Pos = k, p.pos()
	return v
}

func (p *parser) pos() diag.Pos {
	return diag.Pos{File: p.file, Line: p.line, Col: p.off - p.lineStart + 1, Offset: p.off}
}

func (p *parser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = &SyntaxError{p.pos(), fmt.Sprintf(format, args...)}
	}
}

func (p *parser) describe() string {
	if p.off >= len(p.data) {
		return "end of file"
	}
	r, _ := utf8.DecodeRuneInString(p.data[p.off:])
	return strconv.QuoteRune(r)
}

func (p *parser) skipSpace() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case '\n':
			p.line++
			p.lineStart = p.off + 1
		case ' ', '\t', '\r':
		default:
			return
		}
		p.off++
	}
}

// value parses one value; the caller has skipped leading space.
func (p *parser) value(depth int) *Value {
	if depth > MaxNesting {
		p.fail("JSON nested deeper than %d levels", MaxNesting)
		return nil
	}
	if p.off >= len(p.data) {
		p.fail("unexpected end of file, expecting a value")
		return nil
	}
	switch c := p.data[p.off]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't', c == 'f', c == 'n':
		return p.keyword()
	}
	p.fail("unexpected %s, expecting a value", p.describe())
	return nil
}

func (p *parser) object(depth int) *Value {
	v := p.newValue(Object)
	p.off++
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == '}' {
		p.off++
		return v
	}
	base := len(p.members)
	defer func() {
		v.Members = append([]Member(nil), p.members[base:]...)
		p.members = p.members[:base]
	}()
	for p.err == nil {
		if p.off >= len(p.data) || p.data[p.off] != '"' {
			p.fail("unexpected %s, expecting a string key", p.describe())
			return nil
		}
		key := p.str()
		p.skipSpace()
		if !p.expect(':') {
			return nil
		}
		p.skipSpace()
		val := p.value(depth + 1)
		if p.err != nil {
			return nil
		}
		p.members = append(p.members, Member{Key: key.Str, KeyPos: key.Pos, Value: val})
		if !p.endOrComma('}') {
			return v
		}
	}
	return nil
}

func (p *parser) array(depth int) *Value {
	v := p.newValue(Array)
	p.off++
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == ']' {
		p.off++
		return v
	}
	base := len(p.elems)
	defer func() {
		v.Elems = append([]*Value(nil), p.elems[base:]...)
		p.elems = p.elems[:base]
	}()
	for p.err == nil {
		e := p.value(depth + 1)
		if p.err != nil {
			return nil
		}
		p.elems = append(p.elems, e)
		if !p.endOrComma(']') {
			return v
		}
	}
	return nil
}

// endOrComma consumes a ',' (true: more follows) or the closing byte (false).
func (p *parser) endOrComma(closing byte) bool {
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == closing {
		p.off++
		return false
	}
	if !p.expect(',') {
		return false
	}
	p.skipSpace()
	return true
}

func (p *parser) expect(c byte) bool {
	if p.off < len(p.data) && p.data[p.off] == c {
		p.off++
		return true
	}
	p.fail("unexpected %s, expecting %q", p.describe(), c)
	return false
}

func (p *parser) keyword() *Value {
	v := p.newValue(Null)
	rest := p.data[p.off:min(len(p.data), p.off+5)]
	switch {
	case strings.HasPrefix(rest, "true"):
		v.Kind, v.Bool = Bool, true
		p.off += 4
	case strings.HasPrefix(rest, "false"):
		v.Kind = Bool
		p.off += 5
	case strings.HasPrefix(rest, "null"):
		v.Kind = Null
		p.off += 4
	default:
		p.fail("unexpected %s, expecting a value", p.describe())
		return nil
	}
	return v
}

// number accepts exactly JSON's number grammar and keeps the literal text.
func (p *parser) number() *Value {
	v := p.newValue(Number)
	start := p.off
	p.accept("-")
	if !p.accept("0") && p.digits() == 0 {
		p.fail("malformed number")
		return nil
	}
	if p.accept(".") && p.digits() == 0 {
		p.fail("malformed number: digits expected after '.'")
		return nil
	}
	if p.accept("eE") {
		p.accept("+-")
		if p.digits() == 0 {
			p.fail("malformed number: digits expected in exponent")
			return nil
		}
	}
	v.Str = p.data[start:p.off]
	return v
}

func (p *parser) accept(set string) bool {
	if p.off < len(p.data) && strings.IndexByte(set, p.data[p.off]) >= 0 {
		p.off++
		return true
	}
	return false
}

func (p *parser) digits() int {
	n := 0
	for p.off < len(p.data) && p.data[p.off] >= '0' && p.data[p.off] <= '9' {
		p.off++
		n++
	}
	return n
}

func (p *parser) str() *Value {
	v := p.newValue(String)
	p.off++
	start := p.off
	// Fast path: most strings are plain ASCII without escapes; their
	// decoded text is their source text, a substring of the input.
	for i := start; i < len(p.data); i++ {
		c := p.data[i]
		if c == '"' {
			v.Str = p.data[start:i]
			v.raw = v.Str
			p.off = i + 1
			return v
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
	}
	var b strings.Builder
	for {
		if p.off >= len(p.data) {
			p.fail("unterminated string")
			return nil
		}
		c := p.data[p.off]
		switch {
		case c == '"':
			v.raw = p.data[start:p.off]
			v.Str = b.String()
			p.off++
			return v
		case c == '\\':
			if !p.escape(&b) {
				return nil
			}
		case c < 0x20:
			p.fail("control character %U in string must be escaped", rune(c))
			return nil
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			p.off++
		default:
			r, w := utf8.DecodeRuneInString(p.data[p.off:])
			if r == utf8.RuneError && w == 1 {
				p.fail("invalid UTF-8 in string")
				return nil
			}
			b.WriteRune(r)
			p.off += w
		}
	}
}

var simpleEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

func (p *parser) escape(b *strings.Builder) bool {
	if p.off+1 >= len(p.data) {
		p.fail("unterminated string")
		return false
	}
	c := p.data[p.off+1]
	if d, ok := simpleEscapes[c]; ok {
		b.WriteByte(d)
		p.off += 2
		return true
	}
	if c != 'u' {
		p.fail("invalid escape \\%c in string", c)
		return false
	}
	r, ok := p.hex4(p.off + 2)
	if !ok {
		return false
	}
	p.off += 6
	if utf16.IsSurrogate(r) {
		lo, ok := rune(0), false
		if p.off+1 < len(p.data) && p.data[p.off] == '\\' && p.data[p.off+1] == 'u' {
			lo, ok = p.hex4(p.off + 2)
		}
		if d := utf16.DecodeRune(r, lo); ok && d != utf8.RuneError {
			p.off += 6
			r = d
		} else {
			p.err = nil
			p.off -= 6
			p.fail("unpaired UTF-16 surrogate \\u%04X in string", r)
			return false
		}
	}
	b.WriteRune(r)
	return true
}

func (p *parser) hex4(at int) (rune, bool) {
	if at+4 > len(p.data) {
		p.off = at
		p.fail("\\u escape needs four hex digits")
		return 0, false
	}
	n, err := strconv.ParseUint(p.data[at:at+4], 16, 32)
	if err != nil {
		p.off = at
		p.fail("\\u escape needs four hex digits")
		return 0, false
	}
	return rune(n), true
}
