// Package gen is destgen's compiler driver: it runs the pipeline stages
// (config decoding, the validated model, the lookup plan, the emitter) for
// each command and turns their diagnostics into file:line:col messages and
// an exit status. cmd/destgen only parses flags and calls Run, so every
// behaviour of the tool is testable here without building the binary.
package gen

import (
	"bufio"
	"fmt"
	"io"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/diag"
	"github.com/destgen/destgen/gen/lint"
	"github.com/destgen/destgen/gen/model"
)

// Command is what destgen was asked to do.
type Command int

const (
	CmdGenerate Command = iota
	CmdCheck
	CmdExplain
	CmdSchema
)

// Options are a destgen invocation's parsed flags.
type Options struct {
	Command    Command
	Config     string   // -config, when given once
	Configs    []string // -config, repeatable: merged in order (config.DecodeAll)
	Format     string   // -format: auto (or ""), native or qpid
	Strict     bool     // -strict: warnings are errors
	Output     string   // -o
	Plan       string   // -plan: also (or, without -o, only) write the plan artifact
	Package    string   // -pkg
	Tests      bool     // -tests: also write the output's _test.go (emit.TestFile)
	JSON       bool     // explain -json
	Principals []string // explain -principal
	Names      []string // explain arguments
	Stdout     io.Writer
	Stderr     io.Writer
}

// Run executes one destgen command and returns the process exit status:
// 0 on success, 1 on a config error, 2 on a usage or I/O error.
func Run(o Options) int {
	if o.Command == CmdSchema {
		return printSchema(o)
	}
	files := o.Configs
	if len(files) == 0 && o.Config != "" {
		files = []string{o.Config}
	}
	if len(files) == 0 {
		fmt.Fprintln(o.Stderr, "destgen: -config is required")
		return 2
	}
	format, err := config.ParseFormat(o.Format)
	if err != nil {
		fmt.Fprintf(o.Stderr, "destgen: -format: %v\n", err)
		return 2
	}
	m, diags, err := LoadFiles(files, format)
	if err != nil {
		fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
		return 2
	}
	if m != nil && diags.Errors() == 0 && o.Command != CmdExplain {
		diags = append(diags, lint.Check(m)...)
	}
	if o.Strict {
		diags = lint.Strict(diags)
	}
	report(o.Stderr, diags)
	if diags.Errors() > 0 {
		return 1
	}
	switch o.Command {
	case CmdCheck:
		return 0
	case CmdExplain:
		return explain(o, m)
	}
	return generate(o, m)
}

// Load reads a config file and validates it. err is an I/O error; config
// problems are in the list, with a nil model if decoding failed.
func Load(path string) (*model.Model, diag.List, error) {
	return LoadFiles([]string{path}, config.Auto)
}

// LoadFiles is Load on several config files merged into one config, each
// read in the given format (config.Auto: detected per file).
func LoadFiles(paths []string, format config.Format) (*model.Model, diag.List, error) {
	cfg, diags, err := config.DecodeFiles(paths, format)
	if err != nil {
		return nil, nil, err
	}
	m, diags := model.LoadConfig(cfg, diags)
	return m, diags, nil
}

// report prints diagnostics sorted by position, then a count. It
// buffers: a large config can have thousands of warnings, and a write each
// to an unbuffered stderr was a system call each.
func report(w io.Writer, diags diag.List) {
	if len(diags) == 0 {
		return
	}
	diags.Sort()
	b := bufio.NewWriter(w)
	for _, d := range diags {
		fmt.Fprintln(b, d)
	}
	fmt.Fprintf(b, "%d error(s), %d warning(s)\n", diags.Errors(), diags.Warnings())
	b.Flush()
}
