package javaregex

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// render prints the tree as an RE2 pattern anchored for a whole-string
// match. It uses no flags and no construct whose meaning depends on flags
// (no ., ^, $, \s, \b, (?i)): every character position is an explicit set,
// and the only anchors are \A and \z, so the result means the same thing
// wherever it is compiled.
func render(n *node) string {
	var b strings.Builder
	b.WriteString(`\A(?:`)
	if n.kind != kEmpty {
		printNode(&b, n)
	}
	b.WriteString(`)\z`)
	return b.String()
}

func printNode(b *strings.Builder, n *node) {
	switch n.kind {
	case kEmpty:
		b.WriteString(`(?:)`)
	case kChar:
		printSet(b, n.set)
	case kBeginText:
		b.WriteString(`\A`)
	case kEndText:
		b.WriteString(`\z`)
	case kConcat:
		for _, s := range n.subs {
			if s.kind == kAlt {
				printGroup(b, s)
			} else {
				printNode(b, s)
			}
		}
	case kAlt:
		for i, s := range n.subs {
			if i > 0 {
				b.WriteByte('|')
			}
			printNode(b, s)
		}
	case kRepeat:
		printRepeat(b, n)
	default: // kDollar is resolved before printing
		panic("javaregex: unresolved node kind " + strconv.Itoa(int(n.kind)))
	}
}

func printGroup(b *strings.Builder, n *node) {
	b.WriteString(`(?:`)
	printNode(b, n)
	b.WriteString(`)`)
}

// printsAsCount reports whether a repetition prints as {n,m} rather than
// *, + or ?; only those count towards Go's nested-repetition limit.
func printsAsCount(n *node) bool {
	switch {
	case n.min == 0 && n.max == 1, n.min == 0 && n.max < 0, n.min == 1 && n.max < 0:
		return false
	}
	return true
}

func printRepeat(b *strings.Builder, n *node) {
	if sub := n.subs[0]; sub.kind == kChar {
		printSet(b, sub.set)
	} else {
		printGroup(b, sub)
	}
	switch {
	case n.min == 0 && n.max == 1:
		b.WriteByte('?')
	case n.min == 0 && n.max < 0:
		b.WriteByte('*')
	case n.min == 1 && n.max < 0:
		b.WriteByte('+')
	case n.max < 0:
		b.WriteString("{" + strconv.Itoa(n.min) + ",}")
	case n.min == n.max:
		b.WriteString("{" + strconv.Itoa(n.min) + "}")
	default:
		b.WriteString("{" + strconv.Itoa(n.min) + "," + strconv.Itoa(n.max) + "}")
	}
	if n.lazy {
		b.WriteByte('?')
	}
}

// printSet writes a single character as a literal and anything else as a
// bracketed class, negated when that is shorter (as for Java's ".").
func printSet(b *strings.Builder, s runeSet) {
	if c, ok := s.only(); ok {
		printRune(b, c)
		return
	}
	if len(s) == 0 {
		b.WriteString(`[^\x00-\x{10FFFF}]`) // matches nothing, as Java's [^\x00-\x{10FFFF}]
		return
	}
	if s.equal(allRunes) {
		b.WriteString(`[\x{0}-\x{10ffff}]`)
		return
	}
	b.WriteByte('[')
	if s[len(s)-1].hi == utf8.MaxRune {
		b.WriteByte('^')
		s = s.complement()
	}
	for _, r := range s {
		printRune(b, r.lo)
		if r.hi > r.lo {
			if r.hi > r.lo+1 {
				b.WriteByte('-')
			}
			printRune(b, r.hi)
		}
	}
	b.WriteByte(']')
}

// printRune writes c so that it means itself both inside and outside a
// class: ASCII letters, digits and '_' as they are, other printable ASCII
// backslash-escaped (RE2 treats any escaped punctuation as itself), and
// everything else as a \n-style or \x{...} escape.
func printRune(b *strings.Builder, c rune) {
	switch {
	case c >= '0' && c <= '9', isASCIILetter(c), c == '_':
		b.WriteRune(c)
	case c > ' ' && c < 0x7f:
		b.WriteByte('\\')
		b.WriteRune(c)
	case c == '\n':
		b.WriteString(`\n`)
	case c == '\r':
		b.WriteString(`\r`)
	case c == '\t':
		b.WriteString(`\t`)
	case c == '\f':
		b.WriteString(`\f`)
	default:
		b.WriteString(`\x{` + strconv.FormatInt(int64(c), 16) + `}`)
	}
}
