package config

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/destgen/destgen/gen/diag"
)

// parser reads a JSON text front to back for the decoder, which asks for
// one value at a time and says what it expects of it: a pull parser. It
// builds nothing of its own but the file's line table. A syntax error
// stops it (err), since nothing after one can be trusted; every method
// then does nothing.
type parser struct {
	file  *srcFile // its name, Locs and line table, filled as lines go by
	data  string
	off   int
	depth int // nesting of the value about to be read; the top level is 0
	err   *SyntaxError
	// in is the string whose text is data, when the parser reads JSON
	// embedded in a string of the file (a Broker-J virtual host's):
	// positions map back through it, and its line breaks are not the
	// file's. nil: data is the file.
	in *Value
}

func newParser(file, data string, base Loc) *parser {
	p := &parser{file: &srcFile{name: file, base: base, size: len(data), lines: []uint32{0}}, data: data}
	if len(data) > MaxConfigBytes {
		p.err = &SyntaxError{diag.Pos{File: file}, "config is " + strconv.Itoa(len(data)) + " bytes, over the limit of " + strconv.Itoa(MaxConfigBytes)}
		return p
	}
	// Every line break is one between tokens (a string cannot hold one),
	// so counting them sizes the line table exactly.
	p.file.lines = make([]uint32, 1, strings.Count(data, "\n")+1)
	return p
}

// mark is where a token starts, from which to report a position later.
type mark struct{ off, line int }

func (p *parser) mark() mark { return mark{p.off, len(p.file.lines) - 1} }

func (p *parser) posOf(m mark) diag.Pos {
	if p.in != nil {
		return p.in.PosAt(m.off)
	}
	return diag.Pos{File: p.file.name, Line: m.line + 1, Col: m.off - int(p.file.lines[m.line]) + 1, Offset: m.off}
}

// pos is the current position.
func (p *parser) pos() diag.Pos { return p.posOf(p.mark()) }

// loc is the current position as a Loc.
func (p *parser) loc() Loc { return p.locOf(p.mark()) }

// locOf is the Loc of mark m.
func (p *parser) locOf(m mark) Loc {
	if p.in != nil {
		return p.file.base + Loc(p.in.fileOffset(m.off))
	}
	return p.file.base + Loc(m.off)
}

// next returns the kind of the value that starts here (the caller has
// skipped space), judged by its first byte; ok is false after a syntax
// error. The caller must then read the value with the method for its
// kind, or skip it.
func (p *parser) next() (k Kind, ok bool) {
	switch {
	case p.err != nil:
		return Null, false
	case p.depth > MaxNesting:
		p.fail("JSON nested deeper than %d levels", MaxNesting)
		return Null, false
	case p.off >= len(p.data):
		p.fail("unexpected %s, expecting a value", p.describe())
		return Null, false
	}
	switch c := p.data[p.off]; {
	case c == '{':
		return Object, true
	case c == '[':
		return Array, true
	case c == '"':
		return String, true
	case c == '-' || c >= '0' && c <= '9':
		return Number, true
	case c == 't', c == 'f':
		return Bool, true
	case c == 'n':
		return Null, true
	}
	p.fail("unexpected %s, expecting a value", p.describe())
	return Null, false
}

// skip reads a value of any kind and forgets it.
func (p *parser) skip() {
	k, ok := p.next()
	if !ok {
		return
	}
	switch k {
	case Object:
		p.object(func(string, mark) { p.skip() })
	case Array:
		p.array(func(int) { p.skip() })
	case String:
		p.str()
	case Number:
		p.number()
	default:
		p.keyword()
	}
}

// object reads an object, calling member for each key with the parser at
// the start of the key's value, which member must read or skip.
func (p *parser) object(member func(key string, at mark)) {
	p.off++
	p.depth++
	defer func() { p.depth-- }()
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == '}' {
		p.off++
		return
	}
	for p.err == nil {
		if p.off >= len(p.data) || p.data[p.off] != '"' {
			p.fail("unexpected %s, expecting a string key", p.describe())
			return
		}
		at := p.mark()
		key, _ := p.str()
		p.skipSpace()
		if !p.expect(':') {
			return
		}
		p.skipSpace()
		member(key, at)
		if p.err != nil || !p.endOrComma('}') {
			return
		}
	}
}

// array reads an array, calling elem for each element (numbered from 0)
// with the parser at its start; elem must read or skip it.
func (p *parser) array(elem func(i int)) {
	p.off++
	p.depth++
	defer func() { p.depth-- }()
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == ']' {
		p.off++
		return
	}
	for i := 0; p.err == nil; i++ {
		elem(i)
		if p.err != nil || !p.endOrComma(']') {
			return
		}
	}
}

// keyword reads true, false or null, returning a boolean's value.
func (p *parser) keyword() bool {
	rest := p.data[p.off:min(len(p.data), p.off+5)]
	switch {
	case strings.HasPrefix(rest, "true"):
		p.off += 4
		return true
	case strings.HasPrefix(rest, "false"):
		p.off += 5
	case strings.HasPrefix(rest, "null"):
		p.off += 4
	default:
		p.fail("unexpected %s, expecting a value", p.describe())
	}
	return false
}

// number accepts exactly JSON's number grammar and returns the literal.
func (p *parser) number() string {
	start := p.off
	p.accept('-', '-')
	if !p.accept('0', '0') && p.digits() == 0 {
		p.fail("malformed number")
		return ""
	}
	if p.accept('.', '.') && p.digits() == 0 {
		p.fail("malformed number: digits expected after '.'")
		return ""
	}
	if p.accept('e', 'E') {
		p.accept('+', '-')
		if p.digits() == 0 {
			p.fail("malformed number: digits expected in exponent")
			return ""
		}
	}
	return p.data[start:p.off]
}

// str reads a string, returning its decoded text and its source text
// between the quotes.
func (p *parser) str() (text, raw string) {
	p.off++
	start := p.off
	// Fast path: most strings are plain ASCII without escapes; their
	// decoded text is their source text, a substring of the input.
	for i := start; i < len(p.data); i++ {
		c := p.data[i]
		if c == '"' {
			p.off = i + 1
			return p.data[start:i], p.data[start:i]
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
	}
	text, ok := p.decodeString()
	if !ok {
		return "", ""
	}
	raw = p.data[start:p.off]
	p.off++
	if text == raw { // non-ASCII without escapes: keep one copy
		text = raw
	}
	return text, raw
}

func (p *parser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = &SyntaxError{p.pos(), fmt.Sprintf(format, args...)}
	}
}

func (p *parser) describe() string {
	if p.off >= len(p.data) && p.in != nil {
		return "end of string"
	}
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
			if p.in == nil {
				p.file.lines = append(p.file.lines, uint32(p.off+1))
			}
		case ' ', '\t', '\r':
		default:
			return
		}
		p.off++
	}
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

// accept consumes the next byte if it is a or b.
func (p *parser) accept(a, b byte) bool {
	if p.off < len(p.data) && (p.data[p.off] == a || p.data[p.off] == b) {
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

// decodeString decodes a string's text from just after its opening quote
// up to the closing quote, where it stops.
func (p *parser) decodeString() (string, bool) {
	var b strings.Builder
	for {
		if p.off >= len(p.data) {
			p.fail("unterminated string")
			return "", false
		}
		c := p.data[p.off]
		switch {
		case c == '"':
			return b.String(), true
		case c == '\\':
			if !p.escape(&b) {
				return "", false
			}
		case c < 0x20:
			p.fail("control character %U in string must be escaped", rune(c))
			return "", false
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			p.off++
		default:
			r, w := utf8.DecodeRuneInString(p.data[p.off:])
			if r == utf8.RuneError && w == 1 {
				p.fail("invalid UTF-8 in string")
				return "", false
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

// reread moves the parser back to m, the start of a value it has read
// past at nesting depth, to read that value again; back returns it to
// where it was. Reading again appends the same line starts as the first
// reading did, into the same array.
func (p *parser) reread(m mark, depth int) (back func()) {
	off, d, lines := p.off, p.depth, p.file.lines
	p.off, p.depth, p.file.lines = m.off, depth, lines[:m.line+1]
	return func() { p.off, p.depth, p.file.lines = off, d, lines }
}
