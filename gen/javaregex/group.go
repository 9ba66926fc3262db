package javaregex

import "fmt"

// group ports Pattern.group0, with the cursor on '('. It returns nil for a
// pure flag group such as (?i), whose flags, as in Java, stay in force to
// the end of the enclosing group (across later '|' alternatives too). Any
// other group restores the flags it started with when it closes.
func (p *parser) group() *node {
	start := p.cur
	save := p.flags
	if p.depth++; p.depth > maxNesting {
		p.fail(start, ConstructTooDeep, fmt.Sprintf("groups are nested more than %d deep", maxNesting))
	}
	var body *node
	if p.next() != '?' {
		p.groups++
		body = p.expr() // capturing group; captures do not matter here
	} else {
		switch ch := p.skip(); ch {
		case ':':
			body = p.expr()
		case '=', '!':
			p.fail(start, ConstructLookahead, fmt.Sprintf("lookahead (?%c...) is not supported by Go's regexp", ch))
		case '>':
			p.fail(start, ConstructAtomicGroup, "atomic group (?>...) is not supported by Go's regexp")
		case '<':
			body = p.namedGroup(start)
		case '$', '@':
			p.syntax(start, "unknown group type")
		case '#':
			p.fail(start, ConstructCommentGroup, "comment group (?#...) is not Java syntax (Java rejects it as an unknown inline modifier)")
		default:
			p.unread()
			p.addFlags()
			switch p.read() {
			case ')':
				p.depth--
				return nil
			case ':':
				body = p.expr()
			default:
				p.syntax(p.cur-1, "unknown inline modifier")
			}
		}
	}
	if p.read() != ')' {
		p.syntax(start, "unclosed group")
	}
	p.flags = save
	p.depth--
	return p.closure(body)
}

// namedGroup handles "(?<", cursor after '<': a named group (its name only
// needs Java's checks; the group itself is translated as non-capturing) or
// a lookbehind.
func (p *parser) namedGroup(start int) *node {
	ch := p.read()
	if ch == '=' || ch == '!' {
		p.fail(start, ConstructLookbehind, fmt.Sprintf("lookbehind (?<%c...) is not supported by Go's regexp", ch))
	}
	name := p.groupName(ch)
	if p.names[name] {
		p.syntax(start, "named capturing group <"+name+"> is already defined")
	}
	p.names[name] = true
	p.groups++
	return p.expr()
}

// groupName ports Pattern.groupname; ch is the name's first character,
// already read.
func (p *parser) groupName(ch rune) string {
	if !isASCIILetter(ch) {
		p.syntax(p.cur-1, "capturing group name does not start with a Latin letter")
	}
	var name []rune
	for isASCIILetter(ch) || ch >= '0' && ch <= '9' {
		name = append(name, ch)
		ch = p.read()
	}
	if ch != '>' {
		p.syntax(p.cur-1, "named capturing group is missing trailing '>'")
	}
	return string(name)
}

// addFlags ports Pattern.addFlag/subFlag, cursor on the first flag letter.
func (p *parser) addFlags() {
	for ch := p.peek(); ; ch = p.next() {
		switch ch {
		case 'i':
			p.flags |= flagCaseInsensitive
		case 'm':
			p.flags |= flagMultiline
		case 's':
			p.flags |= flagDotAll
		case 'd':
			p.flags |= flagUnixLines
		case 'u':
			p.flags |= flagUnicodeCase
		case 'x':
			p.flags |= flagComments
		case 'U':
			p.flags |= flagUnicodeClass | flagUnicodeCase
		case 'c':
			p.flags |= flagCanonEq
		case '-':
			p.next()
			p.subFlags()
			return
		default:
			return
		}
	}
}

func (p *parser) subFlags() {
	for ch := p.peek(); ; ch = p.next() {
		switch ch {
		case 'i':
			p.flags &^= flagCaseInsensitive
		case 'm':
			p.flags &^= flagMultiline
		case 's':
			p.flags &^= flagDotAll
		case 'd':
			p.flags &^= flagUnixLines
		case 'u':
			p.flags &^= flagUnicodeCase
		case 'U': // Java's -U clears UNICODE_CASE along with UNICODE_CHARACTER_CLASS
			p.flags &^= flagUnicodeClass | flagUnicodeCase
		case 'x':
			p.flags &^= flagComments
		case 'c':
			p.flags &^= flagCanonEq
		default:
			return
		}
	}
}

// closure ports Pattern.closure: an optional quantifier after n.
func (p *parser) closure(n *node) *node {
	q := p.cur
	switch p.peek() {
	case '?':
		return p.quantified(n, q, 0, 1)
	case '*':
		return p.quantified(n, q, 0, -1)
	case '+':
		return p.quantified(n, q, 1, -1)
	case '{':
		lo, hi := p.counts(q)
		return p.quantified(n, q, lo, hi)
	}
	return n
}

// counts parses "{n}", "{n,}" or "{n,m}" like Java, leaving the cursor on
// the closing brace.
func (p *parser) counts(q int) (lo, hi int) {
	ch := p.skip()
	if ch < '0' || ch > '9' {
		p.syntax(q, "illegal repetition")
	}
	lo, ch = p.number(ch, q)
	hi = lo
	if ch == ',' {
		if ch = p.read(); ch == '}' {
			hi = -1
		} else {
			hi, ch = p.number(ch, q)
		}
	}
	if ch != '}' {
		p.syntax(q, "unclosed counted closure")
	}
	if hi >= 0 && hi < lo {
		p.syntax(q, "illegal repetition range")
	}
	p.unread()
	return lo, hi
}

// number reads decimal digits starting with ch (possibly none), failing
// like Java's Math.addExact when the value overflows an int.
func (p *parser) number(ch rune, q int) (int, rune) {
	v := 0
	for ; ch >= '0' && ch <= '9'; ch = p.read() {
		if v = v*10 + int(ch-'0'); v > 1<<31-1 {
			p.syntax(q, "illegal repetition range")
		}
	}
	return v, ch
}

// quantified ports Pattern.qtype and builds the repetition; the cursor is
// on the quantifier's last character. A possessive quantifier is kept
// (resolvePossessive later accepts it only where it cannot differ from the
// greedy one); counts above Go's limit are expanded by expandRepeats, within
// maxExpanded.
func (p *parser) quantified(n *node, q, lo, hi int) *node {
	r := &node{kind: kRepeat, subs: []*node{n}, min: lo, max: hi, off: p.offs[q]}
	switch p.next() {
	case '?':
		p.next()
		r.lazy = true
	case '+':
		p.next()
		r.possessive = true
	}
	if n.kind == kEmpty { // Java repeats an empty atom: still empty
		return n
	}
	if w := weight(r); w > maxExpanded {
		p.fail(q, ConstructRepeatCount, fmt.Sprintf("repetition counts expand the pattern to more than %d characters", maxExpanded))
	}
	return r
}

// repeatFits mirrors Go's regexp/syntax repeatIsValid, which rejects
// nested counted repetitions whose counts multiply beyond 1000, so the
// rejection can point at the quantifier instead of failing at compile.
func repeatFits(n *node, limit int) bool {
	if n.kind == kRepeat && printsAsCount(n) {
		m := n.max
		if m == 0 {
			return true
		}
		if m < 0 {
			m = n.min
		}
		if m > limit {
			return false
		}
		if m > 0 {
			limit /= m
		}
	}
	for _, s := range n.subs {
		if !repeatFits(s, limit) {
			return false
		}
	}
	return true
}
