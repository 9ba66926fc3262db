package javaregex

import (
	"fmt"
	"unicode/utf8"
)

// escaped is what a backslash escape denotes: one character (node == nil),
// or a class (a kChar node) or an anchor.
type escaped struct {
	char rune
	node *node
}

// charEscapes are Java's escapes for one fixed character.
var charEscapes = map[rune]rune{'a': 0x07, 'e': 0x1b, 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// classEscapes are Java's predefined classes, ASCII-only without (?U).
var classEscapes = map[rune]runeSet{
	'd': asciiDigit, 'D': asciiDigit.complement(),
	's': asciiSpace, 'S': asciiSpace.complement(),
	'w': asciiWord, 'W': asciiWord.complement(),
}

// unsupported are escapes Java accepts that have no exact RE2 form. Those
// marked assertion are Java errors inside a class (reported as syntax).
var unsupported = map[rune]struct {
	construct, msg string
	assertion      bool
}{
	'b': {ConstructWordBoundary, `\b word boundary is not supported: its meaning changed between Java versions`, true},
	'B': {ConstructNonWordBoundary, `\B non-word boundary is not supported: its meaning changed between Java versions`, true},
	'G': {ConstructLastMatch, `\G (end of the previous match) is not supported by Go's regexp`, true},
	'Z': {ConstructEndZ, `\Z (end of input but for a final line terminator) is not supported; use $ at the end of the pattern, or \z`, true},
	'R': {ConstructLinebreak, `\R linebreak matcher is not supported`, true},
	'X': {ConstructGrapheme, `\X grapheme cluster is not supported by Go's regexp`, true},
	'k': {ConstructBackreference, `backreference \k<name> is not supported by Go's regexp`, true},
	'h': {ConstructHorizSpace, `\h horizontal whitespace class is not supported`, false},
	'H': {ConstructNonHorizSpace, `\H non-horizontal-whitespace class is not supported`, false},
	'v': {ConstructVertSpace, `\v vertical whitespace class is not supported (it was VT before Java 8)`, false},
	'V': {ConstructNonVertSpace, `\V non-vertical-whitespace class is not supported`, false},
	'N': {ConstructNamedChar, `\N{name} named character is not supported`, false},
	'0': {ConstructOctal, `octal escape \0 is not supported; write \xhh or \uhhhh`, false},
}

// escape ports Pattern.escape with the cursor on the backslash.
func (p *parser) escape(inclass bool) escaped {
	start := p.cur
	ch := p.skip()
	if c, ok := charEscapes[ch]; ok {
		return escaped{char: c}
	}
	if set, ok := classEscapes[ch]; ok {
		return escaped{node: charNode(set)}
	}
	if u, ok := unsupported[ch]; ok {
		if inclass && u.assertion {
			p.illegalEscape(start, ch)
		}
		p.fail(start, u.construct, u.msg)
	}
	switch {
	case ch >= '1' && ch <= '9':
		if inclass {
			p.illegalEscape(start, ch)
		}
		p.fail(start, ConstructBackreference, fmt.Sprintf(`backreference \%c is not supported by Go's regexp`, ch))
	case ch == 'A' || ch == 'z':
		if inclass {
			p.illegalEscape(start, ch)
		}
		if ch == 'A' {
			return escaped{node: &node{kind: kBeginText, off: p.offs[start]}}
		}
		return escaped{node: &node{kind: kEndText}}
	case ch == 'c':
		return escaped{char: p.control(start)}
	case ch == 'x':
		return escaped{char: p.noSurrogate(p.hex(start), start)}
	case ch == 'u':
		return escaped{char: p.noSurrogate(p.unicode(start), start)}
	case isASCIILetter(ch):
		p.illegalEscape(start, ch)
	case p.cur-1 >= p.n:
		p.syntax(start, "trailing backslash")
	}
	return escaped{char: ch} // any other escaped character is itself
}

func (p *parser) illegalEscape(start int, ch rune) {
	p.syntax(start, fmt.Sprintf(`illegal/unsupported escape sequence \%c`, ch))
}

// control ports Pattern.c: \cX is X with bit 6 flipped, for any X.
func (p *parser) control(start int) rune {
	if p.cur >= p.n {
		p.syntax(start, "illegal control escape sequence")
	}
	return p.read() ^ 64
}

func hexValue(c rune) (rune, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// hex ports Pattern.x: \xhh or \x{h...h}.
func (p *parser) hex(start int) rune {
	n := p.read()
	if hi, ok := hexValue(n); ok {
		if lo, ok := hexValue(p.read()); ok {
			return hi*16 + lo
		}
	} else if _, ok := hexValue(p.peek()); ok && n == '{' {
		var c rune
		for {
			d, ok := hexValue(p.read())
			if !ok {
				break
			}
			if c = c<<4 + d; c > utf8.MaxRune {
				p.syntax(start, "hexadecimal codepoint is too big")
			}
		}
		if p.at(p.cur-1) != '}' {
			p.syntax(start, "unclosed hexadecimal escape sequence")
		}
		return c
	}
	p.syntax(start, "illegal hexadecimal escape sequence")
	return 0
}

// unicode ports Pattern.u: \uhhhh, where a high surrogate followed by a
// \u-escaped low surrogate makes one supplementary character.
func (p *parser) unicode(start int) rune {
	n := p.hex4(start)
	if n >= 0xd800 && n <= 0xdbff {
		save := p.cur
		if p.read() == '\\' && p.read() == 'u' {
			if n2 := p.hex4(start); n2 >= 0xdc00 && n2 <= 0xdfff {
				return 0x10000 + (n-0xd800)<<10 + (n2 - 0xdc00)
			}
		}
		p.cur = save
	}
	return n
}

func (p *parser) hex4(start int) rune {
	var n rune
	for range 4 {
		d, ok := hexValue(p.read())
		if !ok {
			p.syntax(start, "illegal Unicode escape sequence")
		}
		n = n*16 + d
	}
	return n
}

// noSurrogate rejects a lone UTF-16 surrogate: no valid name contains one,
// and Java would compare it against halves of supplementary characters.
func (p *parser) noSurrogate(c rune, start int) rune {
	if c >= 0xd800 && c <= 0xdfff {
		p.fail(start, ConstructSurrogate, fmt.Sprintf(`escape denotes the lone surrogate U+%04X, which cannot occur in a valid name`, c))
	}
	return c
}
