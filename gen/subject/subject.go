// Package subject parses destination patterns and names and defines, once,
// what they mean: matching, the precedence between co-matching patterns and
// overlap. It assumes nothing of its input strings.
//
// A pattern is elements separated by '.'; '*' is an element that matches
// exactly one element, '>' a last element that matches one or more. A
// wildcard is a whole element: "foo*" is an error, not a literal. Names and
// patterns obey TIBCO FTL's limits (see runtime.MaxNameBytes and friends).
// An application destination name is a pattern without wildcards.
package subject

import (
	"fmt"
	"strings"

	"github.com/destgen/destgen/runtime"
)

// Kind is the kind of a pattern element.
type Kind uint8

const (
	Literal Kind = iota
	Star         // '*': exactly one element
	Tail         // '>': one or more trailing elements
)

// Elem is one pattern element.
type Elem struct {
	Kind Kind
	Lit  string // for Literal
}

// Pattern is a parsed destination pattern.
type Pattern struct {
	Text  string
	Elems []Elem
}

// Error is an invalid pattern or name, at a byte offset of the text.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("column %d: %s", e.Offset+1, e.Msg) }

// Parse parses a destination pattern.
func Parse(s string) (Pattern, *Error) {
	elems, err := split(s, true)
	return Pattern{Text: s, Elems: elems}, err
}

// ParseName parses an application destination name: a pattern with no
// wildcards. It returns the elements.
func ParseName(s string) ([]string, *Error) {
	elems, err := split(s, false)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(elems))
	for i, e := range elems {
		out[i] = e.Lit
	}
	return out, nil
}

func split(s string, wild bool) ([]Elem, *Error) {
	if s == "" {
		return nil, &Error{0, "empty destination"}
	}
	if len(s) > runtime.MaxNameBytes {
		return nil, &Error{runtime.MaxNameBytes, fmt.Sprintf("destination is %d bytes, over the limit of %d", len(s), runtime.MaxNameBytes)}
	}
	parts := strings.Split(s, ".")
	if len(parts) > runtime.MaxElements {
		return nil, &Error{0, fmt.Sprintf("destination has %d elements, over the limit of %d", len(parts), runtime.MaxElements)}
	}
	elems := make([]Elem, len(parts))
	off := 0
	for i, p := range parts {
		e, err := element(p, off, wild, i == len(parts)-1)
		if err != nil {
			return nil, err
		}
		elems[i] = e
		off += len(p) + 1
	}
	return elems, nil
}

func element(p string, off int, wild, last bool) (Elem, *Error) {
	switch {
	case p == "":
		return Elem{}, &Error{off, "empty element"}
	case len(p) > runtime.MaxElementBytes:
		return Elem{}, &Error{off, fmt.Sprintf("element is %d bytes, over the limit of %d", len(p), runtime.MaxElementBytes)}
	case wild && p == "*":
		return Elem{Kind: Star}, nil
	case wild && p == ">" && last:
		return Elem{Kind: Tail}, nil
	case wild && p == ">":
		return Elem{}, &Error{off, "'>' may only be the last element"}
	}
	if i := strings.IndexAny(p, "*>"); i >= 0 {
		if wild {
			return Elem{}, &Error{off + i, fmt.Sprintf("wildcard %q must be a whole element", p[i])}
		}
		return Elem{}, &Error{off + i, fmt.Sprintf("wildcard %q in a destination name", p[i])}
	}
	return Elem{Kind: Literal, Lit: p}, nil
}

// Match reports whether the name's elements match the pattern.
func (p Pattern) Match(name []string) bool {
	for i, e := range p.Elems {
		switch {
		case e.Kind == Tail:
			return len(name) > i
		case i >= len(name):
			return false
		case e.Kind == Literal && e.Lit != name[i]:
			return false
		}
	}
	return len(name) == len(p.Elems)
}

// HasTail reports whether the pattern ends in '>'.
func (p Pattern) HasTail() bool {
	return len(p.Elems) > 0 && p.Elems[len(p.Elems)-1].Kind == Tail
}

// IsLiteral reports whether the pattern has no wildcards.
func (p Pattern) IsLiteral() bool {
	for _, e := range p.Elems {
		if e.Kind != Literal {
			return false
		}
	}
	return true
}
