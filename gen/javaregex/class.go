package javaregex

import (
	"fmt"
	"strings"
)

// class ports Pattern.clazz, cursor on '['. Go's regexp reads both nested
// classes ([a[bc]] is a union in Java) and intersections ([a-z&&[^e]])
// differently, so they are rejected; everything else becomes one exact set.
func (p *parser) class() runeSet {
	start := p.cur
	var set runeSet
	nonEmpty := false
	neg := false
	ch := p.next()
	if ch == '^' && p.at(p.cur-1) == '[' {
		ch = p.next()
		neg = true
	}
	for {
		switch ch {
		case '[':
			p.fail(p.cur, ConstructNestedClass, "nested character class [..[..]..] is not supported: Go's regexp reads it differently")
		case '&':
			if p.next() == '&' {
				p.fail(p.cur-1, ConstructClassIntersect, "character class intersection && is not supported by Go's regexp")
			}
			p.unread() // a single '&' is a literal
		case 0:
			if p.cur >= p.n {
				p.syntax(start, "unclosed character class")
			}
		case ']':
			if nonEmpty { // a ']' first in the class is a literal, as in Java
				p.next()
				if neg {
					return set.complement()
				}
				return set
			}
		}
		set = set.union(p.classItem())
		nonEmpty = true
		ch = p.peek()
	}
}

// classItem ports Pattern.range: one character, a range, an escape or a
// property. Java's rule for '-': it makes a range unless followed by ']'
// or '[', so it is literal at either edge of the class.
func (p *parser) classItem() runeSet {
	start := p.cur
	ch := p.peek()
	if ch == '\\' {
		if c := p.next(); c == 'p' || c == 'P' {
			return p.property(start)
		}
		p.unread()
		e := p.escape(true)
		if e.node != nil {
			return e.node.set // \d \s \w and complements; no range after them
		}
		ch = e.char
	} else {
		p.next()
	}
	if p.peek() == '-' {
		if end := p.at(p.cur + 1); end != '[' && end != ']' {
			p.next()
			var m rune
			if p.peek() == '\\' {
				e := p.escape(true)
				if e.node != nil {
					p.syntax(start, "illegal character range")
				}
				m = e.char
			} else {
				m = p.read()
			}
			if m < ch {
				p.syntax(start, "illegal character range")
			}
			return p.rangeSet(ch, m, start)
		}
	}
	return p.charSet(ch, start)
}

// posixClasses are Java's ASCII-only POSIX properties (without (?U)),
// plus Java's "all" and "L1" (Latin-1), which are plain ranges too.
var posixClasses = map[string]runeSet{
	"all":    allRunes,
	"L1":     {{0, 0xff}},
	"ASCII":  {{0, 0x7f}},
	"Alnum":  asciiAlnum,
	"Alpha":  asciiAlpha,
	"Blank":  {{'\t', '\t'}, {' ', ' '}},
	"Cntrl":  asciiControl,
	"Digit":  asciiDigit,
	"Graph":  {{0x21, 0x7e}},
	"Lower":  {{'a', 'z'}},
	"Print":  {{0x20, 0x7e}},
	"Punct":  asciiPunct,
	"Space":  asciiSpace,
	"Upper":  {{'A', 'Z'}},
	"XDigit": asciiXDigit,
}

// property ports the \p / \P handling and Pattern.family; the cursor is on
// 'p' or 'P' and start is the index of the backslash.
func (p *parser) property(start int) runeSet {
	comp := p.at(p.cur) == 'P'
	oneLetter := p.next() != '{'
	if oneLetter {
		p.unread()
	}
	set := p.propertySet(p.propertyName(oneLetter, start), start)
	if comp {
		return set.complement()
	}
	return set
}

func (p *parser) propertyName(oneLetter bool, start int) string {
	p.next()
	if oneLetter {
		if p.cur >= p.n {
			p.syntax(start, "unknown character property name")
		}
		return string(p.read())
	}
	i := p.cur
	j := i
	for j < p.n && p.cps[j] != '}' {
		j++
	}
	if j >= p.n {
		p.syntax(start, "unclosed character family")
	}
	if p.cur = j + 1; j == i {
		p.syntax(start, "empty character family")
	}
	return string(p.cps[i:j])
}

// propertySet accepts only the POSIX classes, whose Java meaning is plain
// ASCII, and the two fixed ranges above. Unicode categories, scripts and blocks are rejected: Java 17 uses
// Unicode 13 tables and Go's regexp a newer version, so they differ on
// recently assigned characters.
func (p *parser) propertySet(name string, start int) runeSet {
	switch {
	case strings.HasPrefix(name, "In") || strings.HasPrefix(name, "blk=") || strings.HasPrefix(name, "block="):
		p.fail(start, ConstructUnicodeBlock, fmt.Sprintf("Unicode block \\p{%s} is not supported", name))
	case strings.HasPrefix(name, "java"):
		p.fail(start, ConstructJavaProperty, fmt.Sprintf("Java character property \\p{%s} is not supported", name))
	}
	if (name == "Lower" || name == "Upper") && p.flags.has(flagCaseInsensitive) {
		return asciiAlpha // Java: under CASE_INSENSITIVE both mean Alpha
	}
	if set, ok := posixClasses[name]; ok {
		return set
	}
	p.fail(start, ConstructUnicodeProperty, fmt.Sprintf("Unicode property \\p{%s} is not supported: Java 17 uses Unicode 13 tables, Go's regexp a newer version", name))
	return nil
}
