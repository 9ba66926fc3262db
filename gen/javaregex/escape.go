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

// Java's \h and \v (Pattern.HorizWS and VertWS), the same with or without
// (?U).
var (
	horizSpace = runeSet{{'\t', '\t'}, {' ', ' '}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x180e, 0x180e},
		{0x2000, 0x200a}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}}
	vertSpace = runeSet{{'\n', '\r'}, {0x85, 0x85}, {0x2028, 0x2029}}
)

// predefined are Java's \d \s \w: ASCII sets, or under (?U) the Unicode
// sets stored under a key of unicode_tables.go.
var predefined = map[rune]struct {
	ascii  runeSet
	uniKey string
}{
	'd': {asciiDigit, keyDigit},
	's': {asciiSpace, keyWhiteSpace},
	'w': {asciiWord, keyWord},
	'h': {horizSpace, ""},
	'v': {vertSpace, ""},
}

// classEscape is the set of Java's predefined class escapes (\d \s \w \h
// \v and their complements \D \S \W \H \V).
func (p *parser) classEscape(ch rune) (runeSet, bool) {
	c, ok := predefined[ch|0x20] // only ASCII letters collide under |0x20
	if !ok {
		return nil, false
	}
	set := c.ascii
	if c.uniKey != "" && p.flags.has(flagUnicodeClass) {
		set = uniSet(c.uniKey)
	}
	if ch >= 'A' && ch <= 'Z' {
		return set.complement(), true
	}
	return set, true
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
	'X': {ConstructGrapheme, `\X grapheme cluster is not supported by Go's regexp`, true},
	'k': {ConstructBackreference, `backreference \k<name> is not supported by Go's regexp`, true},
}

// escape ports Pattern.escape with the cursor on the backslash.
func (p *parser) escape(inclass bool) escaped {
	start := p.cur
	ch := p.skip()
	if c, ok := charEscapes[ch]; ok {
		return escaped{char: c}
	}
	if set, ok := p.classEscape(ch); ok {
		return escaped{node: charNode(set)}
	}
	if u, ok := unsupported[ch]; ok {
		if inclass && u.assertion {
			p.illegalEscape(start, ch)
		}
		p.fail(start, u.construct, u.msg)
	}
	switch {
	case ch >= '1' && ch <= '9' || ch == 'A' || ch == 'z' || ch == 'Z' || ch == 'R':
		if inclass {
			p.illegalEscape(start, ch)
		}
		return escaped{node: p.escapeNode(ch, start)}
	case ch == '0':
		return escaped{char: p.octal(start)}
	case ch == 'c':
		return escaped{char: p.control(start)}
	case ch == 'x':
		return escaped{char: p.hex(start)}
	case ch == 'u':
		return escaped{char: p.unicode(start)}
	case ch == 'N':
		return escaped{char: p.named(start)}
	case isASCIILetter(ch):
		p.illegalEscape(start, ch)
	case p.cur-1 >= p.n:
		p.syntax(start, "trailing backslash")
	}
	return escaped{char: ch} // any other escaped character is itself
}

// escapeNode is the node of an escape that is not a character or a class:
// a backreference, an anchor or \R.
func (p *parser) escapeNode(ch rune, start int) *node {
	switch ch {
	case 'A':
		return &node{kind: kBeginText, off: p.offs[start]}
	case 'z':
		return &node{kind: kEndText}
	case 'Z': // Java's Dollar(false): $ without MULTILINE
		return &node{kind: kDollar, off: p.offs[start], dollar: p.flags & flagUnixLines}
	case 'R':
		n := linebreak()
		n.off, n.linebreak = p.offs[start], true
		return n
	}
	return p.backref(ch-'0', start)
}

// linebreak is Java 17's \R (Pattern.LineEnding), which tries \r\n and
// then \r alone: unlike later Java versions it is not atomic, so it is
// exactly this alternation.
func linebreak() *node {
	crlf := concat([]*node{charNode(single('\r')), charNode(single('\n'))})
	return alternate([]*node{crlf, charNode(runeSet{{'\n', '\r'}, {0x85, 0x85}, {0x2028, 0x2029}})})
}

// backref ports Pattern.ref: the first digit always belongs to the
// reference, each further one only while the number names a group opened
// so far. A group that the whole pattern lacks never matches in Java (its
// start stays -1), which is the empty set; one that exists is a true
// backreference, rejected by checkBackrefs once all groups are counted.
func (p *parser) backref(num rune, start int) *node {
	for {
		ch := p.peek()
		if ch < '0' || ch > '9' {
			break
		}
		n := int(num)*10 + int(ch-'0')
		if p.groups-1 < n {
			break
		}
		num = rune(n)
		p.read()
	}
	p.refs = append(p.refs, backref{num: int(num), off: p.offs[start]})
	return charNode(nil)
}

type backref struct{ num, off int }

func (p *parser) checkBackrefs() {
	for _, r := range p.refs {
		if r.num <= p.groups-1 {
			panic(&Error{Offset: r.off, Construct: ConstructBackreference,
				Msg: fmt.Sprintf(`backreference \%d is not supported by Go's regexp`, r.num)})
		}
	}
}

// octal ports Pattern.o: \0n, \0nn, or \0mnn with m at most 3.
func (p *parser) octal(start int) rune {
	isOct := func(c rune) bool { return c >= '0' && c <= '7' }
	n := p.read()
	if !isOct(n) {
		p.syntax(start, "illegal octal escape sequence")
	}
	m := p.read()
	if !isOct(m) {
		p.unread()
		return n - '0'
	}
	o := p.read()
	if isOct(o) && n <= '3' {
		return (n-'0')*64 + (m-'0')*8 + (o - '0')
	}
	p.unread()
	return (n-'0')*8 + (m - '0')
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
