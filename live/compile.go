package live

import (
	"errors"
	"fmt"
	"strings"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/diag"
	"github.com/destgen/destgen/gen/lint"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
)

// Format is how to read a Source.
type Format int

const (
	// Auto reads a Broker-J virtual host (a JSON object with
	// "modelVersion") as one, and anything else as a native config, as
	// destgen -format auto does.
	Auto Format = iota
	// Native is destgen's own config format.
	Native
	// BrokerJ is a Broker-J virtual host, of which only
	// nodeAutoCreationPolicies is read.
	BrokerJ
)

// configFormat is f as package config numbers it.
func (f Format) configFormat() config.Format {
	switch f {
	case Native:
		return config.Native
	case BrokerJ:
		return config.Qpid
	}
	return config.Auto
}

// Source is one config file: its name, which diagnostics give as their
// file, its contents, and how to read them. Several sources merge into one
// config as repeated destgen -config flags do: destinations and policies
// concatenated in order, numbered across the sources.
type Source struct {
	Name   string
	Data   []byte
	Format Format
}

// Options are how Compile checks a config.
type Options struct {
	// Strict rejects a config that has warnings, as destgen -strict does.
	Strict bool
	// NoChanges makes a Holder's Update leave Report.Changes out: it
	// then neither compares configs nor keeps the served config's model
	// (about 1 KB per destination) beside its Realm.
	NoChanges bool
}

// Severity says whether a diagnostic rejects the config.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Diagnostic is one problem in a config, at a 1-based line and byte
// column of the source named File. Line is 0 for a problem with a whole
// source (or with the set of sources, when File is "" too).
type Diagnostic struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Col      int      `json:"col"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
}

// String is the diagnostic as destgen prints it: file:line:col: severity: message.
func (d Diagnostic) String() string {
	pos := diag.Pos{File: d.File, Line: d.Line, Col: d.Col}
	return fmt.Sprintf("%s: %s: %s", pos, d.Severity, d.Message)
}

// Report is what Compile and Holder.Update say about a config they
// accepted.
type Report struct {
	// Warnings are the surprises lint found (ambiguous destinations,
	// dead properties, dead policies), sorted by position.
	Warnings []Diagnostic `json:"warnings"`
	// Changes is what Holder.Update's config changes from the one it
	// replaced (changes.go); nil from Compile, and from an Update that
	// has no compiled config to compare with.
	Changes *Changes `json:"changes,omitempty"`
}

// Error is a rejected config: every diagnostic found, errors and warnings,
// sorted by position. At least one is an error (under Options.Strict a
// warning counts as one, and is reported as an error).
type Error struct {
	Diagnostics []Diagnostic
	// Syntax is true when some source could not be read as JSON at all
	// (a syntax error, invalid UTF-8, nesting or size over the limits),
	// so nothing of the config was checked beyond it: an admin API
	// answers 400 rather than 422.
	Syntax bool
}

// maxErrorLines bounds the diagnostics Error's message lists, as
// go/scanner.ErrorList does: a config with thousands of errors would
// otherwise make one log line of megabytes. Diagnostics keeps them all.
const maxErrorLines = 10

func (e *Error) Error() string {
	var b strings.Builder
	for i, d := range e.Diagnostics {
		if i == maxErrorLines {
			fmt.Fprintf(&b, "\n(and %d more)", len(e.Diagnostics)-i)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}

// ErrNoSources is Compile's error when it is given no config at all: an
// empty realm is a config of its own (everything denied), never a default.
var ErrNoSources = errors.New("live: no config sources")

// Compile checks the config the sources make and builds its Realm, as
// Options{}.Compile does.
func Compile(sources ...Source) (*Realm, Report, error) {
	return Options{}.Compile(sources...)
}

// Compile runs destgen's pipeline in-process: decode and merge the
// sources, validate the model, lint it, and plan its lookups, exactly as
// `destgen check` and generation do. A config with errors gives an *Error
// holding every diagnostic; otherwise the Realm, and the warnings in the
// Report.
func (o Options) Compile(sources ...Source) (*Realm, Report, error) {
	r, _, rep, err := o.compile(sources)
	return r, rep, err
}

// compile is Compile, also returning the config's model.
func (o Options) compile(sources []Source) (*Realm, *model.Model, Report, error) {
	if len(sources) == 0 {
		return nil, nil, Report{}, ErrNoSources
	}
	m, diags, read := o.check(sources)
	if diags.Errors() > 0 {
		return nil, nil, Report{}, &Error{Diagnostics: convert(diags), Syntax: !read}
	}
	pl := plan.Build(m)
	// The Realm copies the plan's matcher, built from the tables the
	// artifact shares: it then retains neither the plan nor the model.
	r, err := newRealmWith(pl.Artifact(), &pl.Matcher)
	if err != nil {
		// The plan of a valid model always loads; this is a destgen bug,
		// reported rather than served.
		return nil, nil, Report{}, fmt.Errorf("live: planning a valid config: %w", err)
	}
	return r, m, Report{Warnings: convert(diags)}, nil
}

// check is the front of the pipeline: the model and every diagnostic,
// sorted. The model is nil or unusable when the list holds an error; read
// is false when some source was not JSON.
func (o Options) check(sources []Source) (m *model.Model, diags diag.List, read bool) {
	srcs := make([]config.Source, len(sources))
	formats := make([]config.Format, len(sources))
	for i, s := range sources {
		srcs[i] = config.Source{File: s.Name, Data: s.Data}
		formats[i] = s.Format.configFormat()
	}
	cfg, diags := config.DecodeEach(srcs, formats)
	m, diags = model.LoadConfig(cfg, diags)
	if m != nil && diags.Errors() == 0 {
		diags = append(diags, lint.Check(m)...)
	}
	if o.Strict {
		diags = lint.Strict(diags)
	}
	diags.Sort()
	return m, diags, cfg != nil
}

func convert(l diag.List) []Diagnostic {
	out := make([]Diagnostic, len(l))
	for i, d := range l {
		out[i] = Diagnostic{File: d.Pos.File, Line: d.Pos.Line, Col: d.Pos.Col, Severity: Severity(d.Severity.String()), Message: d.Msg}
	}
	return out
}
