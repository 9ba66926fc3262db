// Package diag holds the positioned diagnostics every stage of destgen
// reports: a problem in a config is always shown as file:line:col, the way
// go/scanner and the Go compiler show theirs, so editors can jump to it.
//
// It assumes nothing of its input: positions are 1-based lines and byte
// columns, and a zero Pos means "the whole file".
package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a config file.
type Pos struct {
	File   string
	Line   int // 1-based
	Col    int // 1-based byte column
	Offset int // 0-based byte offset
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Severity orders what a diagnostic means for the build.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem found in a config.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Msg      string
	// Kind names a class of warning ("ambiguity"), so that a long list
	// can be summarised by kind; "" for config errors, which are always
	// listed.
	Kind string
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
}

// List collects diagnostics. Its zero value is ready to use.
type List []Diagnostic

// Errorf appends an error at pos.
func (l *List) Errorf(pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Error, Msg: fmt.Sprintf(format, args...)})
}

// Warnf appends a warning at pos.
func (l *List) Warnf(pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...)})
}

// WarnKindf appends a warning of a kind at pos.
func (l *List) WarnKindf(kind string, pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...), Kind: kind})
}

// Sort orders the list by file position, keeping the order in which equal
// positions were reported so that output is deterministic.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Errors counts the diagnostics of severity Error.
func (l List) Errors() int {
	n := 0
	for _, d := range l {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Warnings counts the diagnostics of severity Warning.
func (l List) Warnings() int { return len(l) - l.Errors() }

// Err returns the list as an error when it holds at least one error, else nil.
func (l List) Err() error {
	if l.Errors() == 0 {
		return nil
	}
	return l
}

// Error renders every diagnostic, one per line, sorted by position.
func (l List) Error() string {
	c := append(List(nil), l...)
	c.Sort()
	var b strings.Builder
	for i, d := range c {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}
