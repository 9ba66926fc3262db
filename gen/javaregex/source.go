package javaregex

import "unicode/utf8"

// Limits on what Translate accepts. Patterns come from broker configs and
// name queues; real ones are tens of bytes.
const (
	// maxPatternBytes bounds the work and the size of the printed RE2 (a
	// single "." prints as a 30-byte class), far above any real pattern.
	maxPatternBytes = 4096
	// maxNesting bounds group nesting so the recursive-descent parser, the
	// tree walks and Go's regexp (limit 1000 levels) stay far from deep
	// recursion.
	maxNesting = 100
	// maxRepeat is Go's regexp limit on a counted repetition {n,m}, also on
	// the product of nested counts; Java's is 2^31-1. Larger counts are
	// written out as copies (a{1001} as a{1000}a) by expandRepeats.
	maxRepeat = 1000
	// maxExpanded bounds the character positions of a pattern with its
	// repetitions written out (weight), so an expanded count stays a
	// program of at most this many instructions or so: ten times what
	// Go's own limit of 1000 allows for a single character.
	maxExpanded = 10_000
	// maxTranslatedBytes bounds the printed RE2, which Go's regexp then
	// parses and compiles: explicit Unicode sets are large (\p{L} prints as
	// some 9 kB), and 1 MB still holds about a hundred of them.
	maxTranslatedBytes = 1 << 20
)

// source is the pattern as Java's parser sees it: an array of code points,
// after Java's \Q...\E rewriting, followed by two 0 sentinels like Java's
// temp array; offs maps each entry back to a byte offset in the original
// pattern so errors point at what the user wrote.
type source struct {
	cps  []rune
	offs []int
	n    int // code points before the sentinels (Java's patternLength)
}

// decode splits pattern into code points, rejecting invalid UTF-8 (a
// Java String cannot hold it). A raw NUL stays: Java's parser reads 0 as
// its end-of-pattern sentinel only at or past patternLength, and the port
// makes the same checks, so before it a NUL is a literal as in Java.
func decode(pattern string) ([]rune, []int, *Error) {
	if len(pattern) > maxPatternBytes {
		return nil, nil, &Error{Offset: maxPatternBytes, Construct: ConstructTooLong,
			Msg: "pattern is longer than 4096 bytes"}
	}
	cps := make([]rune, 0, len(pattern))
	offs := make([]int, 0, len(pattern))
	for i, r := range pattern {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(pattern[i:]); size == 1 {
				return nil, nil, &Error{Offset: i, Construct: ConstructInvalidUTF8,
					Msg: "pattern is not valid UTF-8"}
			}
		}
		cps = append(cps, r)
		offs = append(offs, i)
	}
	return cps, offs, nil
}

// newSource ports Pattern.RemoveQEQuoting (JDK 17): Java rewrites \Q...\E
// into escaped characters before parsing, so quoted text can interact with
// what surrounds it (a quoted letter can end a class range, \Q\E between an
// atom and its quantifier vanishes). Rewriting the same way keeps those
// cases exact.
func newSource(cps []rune, offs []int, end int) *source {
	i := firstQuote(cps)
	if i < 0 {
		return finishSource(cps, offs, end)
	}
	q := &quoter{cps: cps, offs: offs}
	q.out = append(make([]rune, 0, 3*len(cps)), cps[:i]...)
	q.outOffs = append(make([]int, 0, 3*len(cps)), offs[:i]...)
	q.rewrite(i + 2)
	return finishSource(q.out, q.outOffs, end)
}

// firstQuote returns the index of the first \Q that is not itself escaped,
// or -1.
func firstQuote(cps []rune) int {
	for i := 0; i < len(cps)-1; {
		switch {
		case cps[i] != '\\':
			i++
		case cps[i+1] != 'Q':
			i += 2
		default:
			return i
		}
	}
	return -1
}

type quoter struct {
	cps, out      []rune
	offs, outOffs []int
}

func (q *quoter) at(i int) rune {
	if i < len(q.cps) {
		return q.cps[i]
	}
	return 0
}

// emit appends runes that stand for the source character at offset off.
func (q *quoter) emit(off int, rs ...rune) {
	for _, r := range rs {
		q.out = append(q.out, r)
		q.outOffs = append(q.outOffs, off)
	}
}

// rewrite is the main loop of RemoveQEQuoting, from just after the first \Q.
func (q *quoter) rewrite(i int) {
	inQuote, beginQuote := true, true
	for i < len(q.cps) {
		c, off := q.cps[i], q.offs[i]
		i++
		switch {
		case c > 0x7f || isASCIILetter(c):
			q.emit(off, c)
		case c >= '0' && c <= '9':
			if beginQuote { // keep a quoted digit from extending a preceding escape
				q.emit(off, '\\', 'x', '3')
			}
			q.emit(off, c)
		case c != '\\':
			if inQuote {
				q.emit(off, '\\')
			}
			q.emit(off, c)
		case inQuote:
			if q.at(i) == 'E' {
				i++
				inQuote = false
			} else {
				q.emit(off, '\\', '\\')
			}
		case q.at(i) == 'Q':
			i++
			inQuote, beginQuote = true, true
			continue
		default:
			q.emit(off, c)
			if i != len(q.cps) {
				q.emit(q.offs[i], q.cps[i])
				i++
			}
		}
		beginQuote = false
	}
}

func finishSource(cps []rune, offs []int, end int) *source {
	n := len(cps)
	return &source{cps: append(cps, 0, 0), offs: append(offs, end, end), n: n}
}
