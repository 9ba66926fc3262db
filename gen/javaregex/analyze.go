package javaregex

import (
	"strings"
	"unicode/utf8"
)

// ShapeKind classifies the whole-match language of a pattern.
type ShapeKind int

const (
	// General: no simpler description; use the translated regexp.
	General ShapeKind = iota
	// Literals: the name equals one of Shape.Literals.
	Literals
	// Prefix: the name is Shape.Literals[0] followed by any rest (see DotAll).
	Prefix
	// Suffix: the name is any rest (see DotAll) followed by Shape.Literals[0].
	Suffix
)

func (k ShapeKind) String() string {
	switch k {
	case Literals:
		return "Literals"
	case Prefix:
		return "Prefix"
	case Suffix:
		return "Suffix"
	}
	return "General"
}

// Shape is an exact description of a pattern's whole-match language, for
// fast paths and static analysis. Only case-sensitive literal characters
// count as literal: a case-insensitive letter (as in (?i)abc) makes the
// shape General, which keeps fast paths to plain byte comparisons.
type Shape struct {
	Kind ShapeKind
	// Literals: the name equals one of these (in pattern order, without
	// duplicates); Prefix/Suffix: exactly one literal here.
	Literals []string
	// For Prefix (literal then `.*`) / Suffix (`.*` then literal): the rest
	// of the name is any string (DotAll, e.g. under (?s)) or any string
	// containing no Java line terminator (\n \r \u0085 \u2028 \u2029) when
	// DotAll is false.
	DotAll bool
}

// Analyze returns an exact description of the whole-match language when it
// is simple enough to match without regexp, for fast paths and static
// analysis. Pattern must be valid: Analyze returns Translate's *Error
// otherwise. As with Translate, the description is exact for names that are
// valid UTF-8 (see the package documentation).
func Analyze(pattern string) (Shape, error) {
	_, tree, err := translate(pattern)
	if err != nil {
		return Shape{}, err
	}
	return shapeOf(tree), nil
}

func shapeOf(n *node) Shape {
	if lits, ok := literalsOf(n); ok {
		return Shape{Kind: Literals, Literals: lits}
	}
	items := trimAnchors(items(n))
	if len(items) == 0 {
		return Shape{}
	}
	last := len(items) - 1
	if dotAll, ok := dotStar(items[last]); ok {
		if lit, ok := literal(items[:last]); ok {
			return Shape{Kind: Prefix, Literals: []string{lit}, DotAll: dotAll}
		}
	}
	if dotAll, ok := dotStar(items[0]); ok {
		if lit, ok := literal(items[1:]); ok {
			return Shape{Kind: Suffix, Literals: []string{lit}, DotAll: dotAll}
		}
	}
	return Shape{}
}

// literalsOf succeeds when n is an alternation (possibly of one) whose
// branches are all plain literal sequences.
func literalsOf(n *node) ([]string, bool) {
	var out []string
	seen := map[string]bool{}
	for _, b := range branches(n) {
		lit, ok := literal(trimAnchors(items(b)))
		if !ok {
			return nil, false
		}
		if !seen[lit] {
			seen[lit] = true
			out = append(out, lit)
		}
	}
	return out, true
}

// branches flattens top-level alternations, including those that were
// written inside groups, such as (a|(b|c)).
func branches(n *node) []*node {
	if n.kind != kAlt {
		return []*node{n}
	}
	var out []*node
	for _, s := range n.subs {
		out = append(out, branches(s)...)
	}
	return out
}

func items(n *node) []*node {
	switch n.kind {
	case kEmpty:
		return nil
	case kConcat:
		return n.subs
	}
	return []*node{n}
}

// trimAnchors drops \A at the start and \z at the end of a whole match,
// where they always hold.
func trimAnchors(items []*node) []*node {
	for len(items) > 0 && items[0].kind == kBeginText {
		items = items[1:]
	}
	for len(items) > 0 && items[len(items)-1].kind == kEndText {
		items = items[:len(items)-1]
	}
	return items
}

// literal succeeds when every item is a one-character set.
func literal(items []*node) (string, bool) {
	var b strings.Builder
	for _, it := range items {
		if it.kind != kChar {
			return "", false
		}
		c, ok := it.set.only()
		if !ok || !utf8.ValidRune(c) { // a class can leave one surrogate, which no string holds
			return "", false
		}
		b.WriteRune(c)
	}
	return b.String(), true
}

// dotStar recognizes a repetition {0,} of any character (DotAll) or of
// Java's default "." set, however it was written ((?s)., [\s\S], ...).
func dotStar(n *node) (dotAll, ok bool) {
	if n.kind != kRepeat || n.min != 0 || n.max >= 0 || n.subs[0].kind != kChar {
		return false, false
	}
	switch set := n.subs[0].set; {
	case set.equal(allRunes):
		return true, true
	case set.equal(javaDotSet):
		return false, true
	}
	return false, false
}
