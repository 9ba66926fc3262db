// Package javaregex translates Java 17 regular expressions, as used by the
// `pattern` of Apache Qpid Broker-J nodeAutoCreationPolicies (evaluated
// with Java's String.matches, a whole-string match), into equivalent
// patterns for Go's regexp (RE2), or rejects them with a precise error.
//
// # Input
//
// Translate accepts any Go string and reads it as a Java 17 regular
// expression compiled with no flags (Pattern.compile(p); inline flags such
// as (?i) are honoured with Java's meaning and scoping). It never panics.
// Patterns longer than 4096 bytes, with groups or classes nested more than
// 100 deep, with a repetition that expands to more than 10,000 character
// positions (counts above Go's limit of 1000 are written out), whose
// rewrite of a $ not at the end or of classes under (?c) exceeds 40,000
// nodes (maxRewriteNodes), or
// whose translation is longer than 1 MB (each \p{L} prints its ranges, some
// 9 kB) are rejected.
// Translate and Analyze keep no state and are safe for concurrent use.
//
// # Guarantee
//
// If Translate(p) returns re without error, then for every string s that is
// valid UTF-8,
//
//	regexp.MustCompile(re).MatchString(s) == s.matches(p) in Java 17
//
// and re compiles. Otherwise it returns an *Error naming the construct and
// its byte offset. Every pattern Java rejects (PatternSyntaxException) is
// rejected. Every construct whose meaning is a regular language is
// translated, with Java 17's definition: nested classes and && with Java's
// precedence, \h \v \R, octal escapes, (?x) comments, Unicode categories,
// scripts, blocks and binary properties, the \p{javaXxx} family, (?U), and
// (?iu) case folding, all from Java 17's own tables (Unicode 13; see
// unicode_tables.go), never Go's; \N{NAME} with Java 17's names
// (charnames.z); $, \Z and (?m) $ anywhere (dollar_split.go,
// dollar_multiline.go); repetitions whose body can match "" through an anchor,
// with Java's Loop semantics; classes and \p under (?c) with Java 17's
// NFC of grapheme clusters (canon.go, canon_tables.go). Rejected are
// the constructs no RE2 pattern can express (lookaround, backreferences to
// existing groups, atomic groups, \b \B \X \G, ^ under (?m)) and a few
// uses this package does not model: possessive quantifiers and \R where
// they could differ from the greedy form or the plain alternation, and a
// quantifier directly on a class under (?c) where what follows could
// extend a composing sequence.
// Error.Construct names the reason. There is no silent difference: an
// accepted pattern has been parsed with a port of Java's own parser and
// printed with explicit character sets, so Go's differing notions of ".",
// \s, \d, \w, case folding, ^ and $ never come into play. The test suite
// checks the translations against results recorded from Java 17 itself
// (testdata/regen.sh re-records them); opt-in tests compare random patterns
// (TestJavaDifferential), every name (TestJavaCharNames), and every table
// range edge and case mapping (TestJavaTables, TestJavaCaseFolding), with a
// local Java 17.
//
// # Strings that are not valid UTF-8
//
// Java strings are UTF-16; a name that reaches Java from a config file or
// the wire is valid Unicode, so a Go string with invalid UTF-8 cannot arise
// from Java and has no Java answer to agree with. Go's regexp reads each
// invalid byte as U+FFFD, and the translation is simply matched that way
// (so a pattern that can match U+FFFD can match such a string); Shape's
// fast paths compare bytes and may answer differently. Callers that can
// receive arbitrary bytes should reject names that are not valid UTF-8
// before matching.
//
// # Other differences left alone
//
// Java's backtracking matcher can take exponential time, or throw
// StackOverflowError, on some patterns with nested quantifiers and inputs of
// a few dozen characters; Go's regexp answers in linear time. Where Java
// would never answer there is nothing to agree with, and the translation
// simply answers.
package javaregex

import (
	"fmt"
	"regexp"
)

// Translate parses a Java 17 regular expression and returns an RE2 (Go
// regexp) pattern that matches exactly the strings Java's
// String.matches(pattern) accepts: anchored for a whole-string match with
// \A(?:...)\z (not ^$, which change meaning under (?m)). The error is always
// an *Error.
func Translate(pattern string) (string, error) {
	re, _, err := translate(pattern)
	if err != nil {
		return "", err
	}
	return re, nil
}

// translate parses, resolves anchors, prints and checks that the result
// compiles. The parser reports errors by panicking with an *Error (as Java
// throws); they are recovered here. Any other panic is a bug and is turned
// into an "internal error" *Error rather than crashing the caller.
func translate(pattern string) (re string, tree *node, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				e = &Error{Construct: ConstructInternal, Msg: fmt.Sprintf("internal error: %v", r)}
			}
			re, tree, err = "", nil, e
		}
	}()
	tree = parse(pattern)
	resolveFollow(tree) // first: the anchors' rewrites drop the possessive and \R marks
	tree = resolveCanon(tree)
	tree = resolveAnchors(tree)
	tree = expandRepeats(tree)
	re = render(tree)
	if len(re) > maxTranslatedBytes {
		return "", nil, &Error{Offset: 0, Construct: ConstructTooLarge,
			Msg: fmt.Sprintf("the translated pattern is longer than %d bytes", maxTranslatedBytes)}
	}
	if _, cerr := regexp.Compile(re); cerr != nil {
		return "", nil, compileError(cerr)
	}
	return re, tree, nil
}
