// Package gen is destgen's compiler driver: it runs the pipeline stages
// (config decoding, the validated model, the lookup plan, the emitter) for
// each command and turns their diagnostics into file:line:col messages and
// an exit status. cmd/destgen only parses flags and calls Run, so every
// behaviour of the tool is testable here without building the binary.
package gen

import (
	"fmt"
	"io"
	"os"

	"github.com/destgen/destgen/gen/diag"
	"github.com/destgen/destgen/gen/model"
)

// Command is what destgen was asked to do.
type Command int

const (
	CmdGenerate Command = iota
	CmdCheck
	CmdExplain
)

// Options are a destgen invocation's parsed flags.
type Options struct {
	Command    Command
	Config     string   // -config
	Output     string   // -o
	Package    string   // -pkg
	JSON       bool     // explain -json
	Principals []string // explain -principal
	Names      []string // explain arguments
	Stdout     io.Writer
	Stderr     io.Writer
}

// Run executes one destgen command and returns the process exit status:
// 0 on success, 1 on a config error, 2 on a usage or I/O error.
func Run(o Options) int {
	if o.Config == "" {
		fmt.Fprintln(o.Stderr, "destgen: -config is required")
		return 2
	}
	m, diags, err := Load(o.Config)
	if err != nil {
		fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
		return 2
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
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	m, diags := model.Load(path, data)
	return m, diags, nil
}

// report prints diagnostics sorted by position, then a count.
func report(w io.Writer, diags diag.List) {
	if len(diags) == 0 {
		return
	}
	diags.Sort()
	for _, d := range diags {
		fmt.Fprintln(w, d)
	}
	fmt.Fprintf(w, "%d error(s), %d warning(s)\n", diags.Errors(), diags.Warnings())
}
