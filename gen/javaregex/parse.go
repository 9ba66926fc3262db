package javaregex

import "fmt"

// The parser ports the recursive descent of java.util.regex.Pattern (JDK
// 17: expr, sequence, atom, group0, closure, escape, clazz, range, family)
// closely, down to its cursor moves, so that it accepts no pattern Java
// rejects and reads every accepted one as Java does. Where Java would build
// matcher nodes it builds the small tree of tree.go, resolving flags into
// exact character sets as it goes. Errors are raised by panicking with an
// *Error, as Java throws, and recovered in translate.

// flags are Java's inline flags that this package supports.
type flags uint8

const (
	flagCaseInsensitive flags = 1 << iota // i
	flagMultiline                         // m
	flagDotAll                            // s
	flagUnixLines                         // d
	flagUnicodeCase                       // u
	flagComments                          // x
	flagUnicodeClass                      // U (UNICODE_CHARACTER_CLASS)
	flagCanonEq                           // c (CANON_EQ, inline only)
)

func (f flags) has(g flags) bool { return f&g != 0 }

type parser struct {
	*source
	cur    int   // Java's cursor, an index into cps
	flags  flags // Java's flags0
	depth  int   // current group and class nesting
	names  map[string]bool
	groups int       // Java's capturingGroupCount: 1 + capturing groups opened so far
	refs   []backref // numbered backreferences, checked once all groups are known
}

// parse reads a Java pattern into a tree, or panics with an *Error.
func parse(pattern string) *node {
	cps, offs, err := decode(pattern)
	if err != nil {
		panic(err)
	}
	p := &parser{source: newSource(cps, offs, len(pattern)), names: map[string]bool{}, groups: 1}
	tree := p.expr()
	if p.cur != p.n { // Java's "Check extra pattern characters"
		if p.peek() == ')' {
			p.syntax(p.cur, "unmatched closing ')'")
		}
		p.syntax(min(p.cur, p.n), "unexpected end of pattern")
	}
	p.checkBackrefs()
	return tree
}

// at reads like Java's temp[i]: past the end there is only the 0 sentinel.
func (p *parser) at(i int) rune {
	if i >= 0 && i < len(p.cps) {
		return p.cps[i]
	}
	return 0
}

// The cursor moves of Java's parser. peek, read and next skip whitespace
// and # comments under COMMENTS (?x), as Java's do; nextEscaped, skip and
// at never do.
func (p *parser) peek() rune {
	if p.flags.has(flagComments) {
		return p.peekPastWhitespace(p.at(p.cur))
	}
	return p.at(p.cur)
}

func (p *parser) read() rune {
	p.cur++
	if p.flags.has(flagComments) {
		return p.parsePastWhitespace(p.at(p.cur - 1))
	}
	return p.at(p.cur - 1)
}

func (p *parser) next() rune {
	p.cur++
	return p.peek()
}

func (p *parser) nextEscaped() rune { p.cur++; return p.at(p.cur) }
func (p *parser) skip() rune        { p.cur += 2; return p.at(p.cur - 1) }
func (p *parser) unread()           { p.cur-- }

// fail raises an *Error for the construct starting at source index i.
func (p *parser) fail(i int, construct, msg string) {
	i = max(0, min(i, len(p.offs)-1))
	panic(&Error{Offset: p.offs[i], Construct: construct, Msg: msg})
}

// canonEq is the node of a class or a \p{...} outside a class that
// starts at start: under (?c) a kCanon, which Java 17 matches against the
// canonical composition of grapheme clusters (see canon.go) and
// resolveCanon rewrites once what follows it is known.
func (p *parser) canonEq(start int, set runeSet) *node {
	if p.flags.has(flagCanonEq) {
		w := canonSequences(set).node()
		if w == nil {
			w = charNode(nil)
		}
		return &node{kind: kCanon, set: set, subs: []*node{w}, off: p.offs[start]}
	}
	return charNode(set)
}

// syntax raises an error for a pattern that Java itself rejects.
func (p *parser) syntax(i int, msg string) {
	p.fail(i, ConstructSyntax, "Java rejects this pattern: "+msg)
}

// expr parses alternatives separated by '|'.
func (p *parser) expr() *node {
	var branches []*node
	for {
		branches = append(branches, p.sequence())
		if p.peek() != '|' {
			return alternate(branches)
		}
		p.next()
	}
}

// sequence parses the concatenation up to '|', ')' or the end.
func (p *parser) sequence() *node {
	var parts []*node
	for {
		start := p.cur
		var n *node
		switch ch := p.peek(); ch {
		case '(':
			if g := p.group(); g != nil { // nil: inline flags only
				parts = append(parts, g)
			}
			continue // a group applies its own quantifier, as in Java
		case '[':
			n = p.canonEq(start, p.class())
		case '\\':
			if c := p.nextEscaped(); c == 'p' || c == 'P' {
				n = p.canonEq(start, p.property(start))
			} else {
				p.unread()
				n = p.atom()
			}
		case '^':
			n = p.caret(start)
		case '$':
			p.next()
			n = &node{kind: kDollar, off: p.offs[start], dollar: p.flags & (flagMultiline | flagUnixLines)}
		case '.':
			p.next()
			n = charNode(p.dotSet())
		case '|', ')':
			return concat(parts)
		case '?', '*', '+':
			p.syntax(start, fmt.Sprintf("dangling meta character '%c'", ch))
		case 0:
			if p.cur >= p.n {
				return concat(parts)
			}
			n = p.atom()
		default: // including ']' and '}', which Java reads as literals
			n = p.atom()
		}
		r := p.closure(n)
		if r != n && n.kind == kCanon {
			n.committed = true
		}
		parts = append(parts, r)
	}
}

// caret: without MULTILINE Java's ^ is Begin, true only at index 0 of the
// input, which is exactly Go's \A. With MULTILINE it also matches after
// line terminators, but not at the end of input (so not even on ""), which
// RE2 cannot express.
func (p *parser) caret(start int) *node {
	p.next()
	if p.flags.has(flagMultiline) {
		p.fail(start, ConstructMultilineCaret, "^ under MULTILINE (?m) is not supported: Java's line-start rules cannot be expressed in Go's regexp")
	}
	return &node{kind: kBeginText, off: p.offs[start]}
}

// dotSet is Java's ".": every code point under DOTALL, all but \n under
// UNIX_LINES, otherwise all but the five Java line terminators.
func (p *parser) dotSet() runeSet {
	switch {
	case p.flags.has(flagDotAll):
		return allRunes
	case p.flags.has(flagUnixLines):
		return unixDotSet
	}
	return javaDotSet
}

// atom ports Pattern.atom: a run of literal characters (raw or escaped),
// or a single escape that is not a character. Like Java it gives back the
// last character when a quantifier follows, so the quantifier binds to it.
func (p *parser) atom() *node {
	type lit struct {
		c   rune
		pos int
	}
	var lits []lit
	prev := -1
	ch := p.peek()
loop:
	for {
		switch ch {
		case '*', '+', '?', '{':
			if len(lits) > 1 {
				p.cur = prev
				lits = lits[:len(lits)-1]
			}
			break loop
		case '$', '.', '^', '(', '[', '|', ')':
			break loop
		case '\\':
			if c := p.nextEscaped(); c == 'p' || c == 'P' {
				if len(lits) > 0 {
					p.unread()
					break loop
				}
				start := p.cur - 1
				return p.canonEq(start, p.property(start))
			}
			p.unread()
			prev = p.cur
			e := p.escape(false)
			if e.node == nil {
				lits = append(lits, lit{e.char, prev})
				ch = p.peek()
				continue
			}
			if len(lits) == 0 {
				return e.node
			}
			p.cur = prev // leave the class or anchor for the next atom
			break loop
		case 0:
			if p.cur >= p.n {
				break loop
			}
			fallthrough
		default:
			prev = p.cur
			lits = append(lits, lit{ch, p.cur})
			ch = p.next()
		}
	}
	if len(lits) == 1 { // Java's single(): a one-character atom
		return charNode(p.single(lits[0].c))
	}
	// Java's Slice (also when empty: an atom starting with '{' is an empty
	// slice, which the quantifier then repeats, as in Java).
	parts := make([]*node, len(lits))
	for i, l := range lits {
		parts[i] = charNode(p.sliceChar(l.c))
	}
	return concat(parts)
}

// isASCIISpace is Java's ASCII.isSpace: the whitespace (?x) skips.
func isASCIISpace(c rune) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// peekPastWhitespace ports Java's: under (?x) it moves the cursor past
// whitespace and # comments, returning the character there.
func (p *parser) peekPastWhitespace(ch rune) rune {
	for isASCIISpace(ch) || ch == '#' {
		for isASCIISpace(ch) {
			p.cur++
			ch = p.at(p.cur)
		}
		if ch == '#' {
			ch = p.peekPastLine()
		}
	}
	return ch
}

// parsePastWhitespace ports Java's: like peekPastWhitespace, but the
// cursor ends after the returned character.
func (p *parser) parsePastWhitespace(ch rune) rune {
	for isASCIISpace(ch) || ch == '#' {
		for isASCIISpace(ch) {
			ch = p.at(p.cur)
			p.cur++
		}
		if ch == '#' {
			ch = p.parsePastLine()
		}
	}
	return ch
}

func (p *parser) parsePastLine() rune {
	ch := p.at(p.cur)
	p.cur++
	for ch != 0 && !p.isLineSeparator(ch) {
		ch = p.at(p.cur)
		p.cur++
	}
	if ch == 0 && p.cur > p.n {
		p.cur = p.n
		ch = p.at(p.cur)
		p.cur++
	}
	return ch
}

func (p *parser) peekPastLine() rune {
	p.cur++
	ch := p.at(p.cur)
	for ch != 0 && !p.isLineSeparator(ch) {
		p.cur++
		ch = p.at(p.cur)
	}
	if ch == 0 && p.cur > p.n {
		p.cur = p.n
		ch = p.at(p.cur)
	}
	return ch
}

// isLineSeparator is what ends a # comment: \n under UNIX_LINES, else any
// of Java's line terminators.
func (p *parser) isLineSeparator(ch rune) bool {
	if p.flags.has(flagUnixLines) {
		return ch == '\n'
	}
	return ch == '\n' || ch == '\r' || ch|1 == 0x2029 || ch == 0x85
}
