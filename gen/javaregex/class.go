package javaregex

import (
	"fmt"
	"slices"
)

// classExpr is a Java CharPredicate built while parsing a class. It is
// evaluated only when its class is complete, because Java's BitClass (the
// bits of single characters below 256) is one mutable object per class
// level that earlier predicates keep referring to: in [a&&&b] the
// intersection sees the '&' and 'b' added after it.
type classExpr struct {
	op   byte // 's' set, 'b' the level's bits, '|' union, '&' intersection
	set  runeSet
	bits *runeSet
	l, r *classExpr
}

func leaf(set runeSet) *classExpr { return &classExpr{op: 's', set: set} }

func unionExpr(a, b *classExpr) *classExpr {
	if a == nil {
		return b
	}
	return &classExpr{op: '|', l: a, r: b}
}

func (e *classExpr) eval() runeSet {
	switch e.op {
	case 's':
		return e.set
	case 'b':
		return slices.Clone(*e.bits).normalize()
	case '|':
		return e.l.eval().union(e.r.eval())
	}
	return e.l.eval().intersect(e.r.eval())
}

// class parses a class at the cursor ('[') into its exact set.
func (p *parser) class() runeSet {
	return p.clazz(true).eval()
}

// classLevel is the state of one Pattern.clazz call: prev and curr as in
// Java, and the level's BitClass.
type classLevel struct {
	prev, curr, bits *classExpr
	hasBits          bool
}

// clazz ports Pattern.clazz (JDK 17) with the cursor on '[' (consume) or
// just before the first item of an intersection's right operand (!consume,
// which stops before the closing ']'): nested classes are unions, &&
// intersects everything before it with everything after it up to the ']'.
func (p *parser) clazz(consume bool) *classExpr {
	start := p.cur
	if p.depth++; p.depth > maxNesting {
		p.fail(start, ConstructTooDeep, fmt.Sprintf("groups and classes are nested more than %d deep", maxNesting))
	}
	defer func() { p.depth-- }()
	l := &classLevel{bits: &classExpr{op: 'b', bits: new(runeSet)}}
	neg := false
	ch := p.next()
	if ch == '^' && p.at(p.cur-1) == '[' {
		ch = p.next()
		neg = true
	}
	for {
		switch ch {
		case '[':
			l.curr = p.clazz(true)
			l.prev = unionExpr(l.prev, l.curr)
			ch = p.peek()
			continue
		case '&':
			if ch = p.next(); ch == '&' {
				ch = p.intersection(l)
				continue
			}
			p.unread() // a single '&' is a literal
		case 0:
			if p.cur >= p.n {
				p.syntax(start, "unclosed character class")
			}
		case ']':
			if l.prev != nil || l.hasBits { // a ']' first in the class is a literal, as in Java
				if consume {
					p.next()
				}
				if l.prev == nil {
					l.prev = l.bits
				} else if l.hasBits {
					l.prev = unionExpr(l.prev, l.bits)
				}
				if neg {
					return leaf(l.prev.eval().complement())
				}
				return l.prev
			}
		}
		if l.curr = p.classItem(l.bits.bits); l.curr == nil {
			l.hasBits = true
		} else {
			l.prev = unionExpr(l.prev, l.curr)
		}
		ch = p.peek()
	}
}

// intersection ports the && case of Pattern.clazz, with the cursor on the
// second '&'; it returns the character it stopped at.
func (p *parser) intersection(l *classLevel) rune {
	amp := p.cur - 1
	right, ch := p.intersectOperand()
	if l.hasBits { // Java: "bits used, union has high precedence"
		if l.prev == nil {
			l.prev, l.curr = l.bits, l.bits
		} else {
			l.prev = unionExpr(l.prev, l.bits)
		}
		l.hasBits = false
	}
	if right != nil {
		l.curr = right
	}
	switch {
	case l.prev == nil && right == nil:
		p.syntax(amp, "bad class syntax")
	case l.prev == nil:
		l.prev = right
	case l.curr == nil:
		p.fail(amp, ConstructClassIntersect, "class intersection && with nothing on its right after a bare character: Java 17 throws NullPointerException when matching it")
	default:
		l.prev = &classExpr{op: '&', l: l.prev, r: l.curr}
	}
	return ch
}

// intersectOperand parses what follows "&&" up to the class's ']' (or a
// further '&'): nested classes and a run of items, all in union. It
// returns the operand (nil if there is none) and the character it stopped
// at.
func (p *parser) intersectOperand() (*classExpr, rune) {
	var right *classExpr
	ch := p.next()
	for ch != ']' && ch != '&' {
		if ch == '[' {
			right = unionExpr(right, p.clazz(true))
		} else { // abc&&def
			p.unread()
			right = unionExpr(right, p.clazz(false))
		}
		ch = p.peek()
	}
	return right, ch
}

// classItem ports Pattern.range: one character, a range, an escape or a
// property. Java's rule for '-': it makes a range unless followed by ']'
// or '[', so it is literal at either edge of the class. A single character
// below 256 goes into bits (and nil is returned), as in Java.
func (p *parser) classItem(bits *runeSet) *classExpr {
	start := p.cur
	ch := p.peek()
	if ch == '\\' {
		if c := p.nextEscaped(); c == 'p' || c == 'P' {
			return leaf(p.property(start))
		}
		p.unread()
		e := p.escape(true)
		if e.node != nil {
			return leaf(e.node.set) // \d \s \w \h \v and complements; no range after them
		}
		ch = e.char
	} else {
		p.next()
	}
	if p.peek() == '-' {
		end := p.at(p.cur + 1)
		if end == '[' {
			return p.bitsOrSingle(bits, ch)
		}
		if end != ']' {
			p.next()
			var m rune
			if p.peek() == '\\' {
				e := p.escape(true)
				if e.node != nil {
					p.syntax(start, "illegal character range")
				}
				m = e.char
			} else {
				m = p.peek()
				p.next()
			}
			if m < ch {
				p.syntax(start, "illegal character range")
			}
			return leaf(p.rangeSet(ch, m))
		}
	}
	return p.bitsOrSingle(bits, ch)
}
