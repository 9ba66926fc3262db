package javaregex

import (
	"errors"
	"fmt"
	"regexp/syntax"
)

// Error reports a pattern that Translate (or Analyze) rejects: either Java
// itself rejects it (Construct "syntax"), or Java accepts it but it cannot be
// expressed exactly in Go's regexp. Translate and Analyze return no other
// error type.
type Error struct {
	Offset    int    // 0-based byte offset into pattern of the offending construct
	Construct string // stable short name: one of the Construct* constants
	Msg       string // stable human message
}

// Error formats the rejection with a 1-based column, as editors count.
func (e *Error) Error() string {
	return fmt.Sprintf("column %d: %s", e.Offset+1, e.Msg)
}

// Construct names used in Error.Construct. They are stable: callers and
// tests compare them. The offset of each points at the first byte of the
// construct's syntax (the "(" of a group, the "\" of an escape, the first
// character of a quantifier), except for inline flags, where it points at
// the flag letter.
const (
	// Java's own parser rejects the pattern (PatternSyntaxException).
	ConstructSyntax = "syntax"

	// Input limits and encoding.
	ConstructTooLong     = "pattern too long"
	ConstructInvalidUTF8 = "invalid UTF-8"
	ConstructTooDeep     = "nesting too deep"
	ConstructTooLarge    = "pattern too large"

	// Groups and flags.
	ConstructLookahead    = "lookahead"
	ConstructLookbehind   = "lookbehind"
	ConstructAtomicGroup  = "atomic group"
	ConstructCommentGroup = "comment group"
	ConstructFlagCanonEq  = "(?c) flag"

	// Escapes.
	ConstructBackreference   = "backreference"
	ConstructWordBoundary    = "\\b word boundary"
	ConstructNonWordBoundary = "\\B non-word boundary"
	ConstructLastMatch       = "\\G"
	ConstructLinebreak       = "\\R linebreak"
	ConstructGrapheme        = "\\X grapheme cluster"
	ConstructUnicodeProperty = "Unicode property" // a name with non-ASCII letters

	// Quantifiers and classes.
	ConstructPossessive     = "possessive quantifier"
	ConstructRepeatCount    = "repetition count"
	ConstructClassIntersect = "class intersection" // one Java 17 cannot match: [[a]b&&]

	// Anchors.
	ConstructMultilineCaret  = "(?m) ^"
	ConstructDollarNotAtEnd  = "$ not at end" // only when its rewrite is too large
	ConstructMultilineDollar = "(?m) $"       // only when its rewrite is too large

	// A bug in this package; should never be seen.
	ConstructInternal = "internal error"
)

// compileError converts a failure of the final regexp.Compile check into an
// *Error. The parser already rejects what Go's limits forbid, so reaching
// here means a size limit of the compiled program or a bug.
func compileError(err error) *Error {
	var se *syntax.Error
	if errors.As(err, &se) {
		switch se.Code {
		case syntax.ErrLarge, syntax.ErrInvalidRepeatSize, syntax.ErrNestingDepth:
			return &Error{Offset: 0, Construct: ConstructTooLarge,
				Msg: "the translated pattern exceeds Go's regexp size limits (" + string(se.Code) + ")"}
		}
	}
	return &Error{Offset: 0, Construct: ConstructInternal,
		Msg: "internal error: the translation does not compile: " + err.Error()}
}
