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
	CmdDiff
)

// Options are a destgen invocation's parsed flags.
type Options struct {
	Command    Command
	Config     string   // -config, when given once
	Configs    []string // -config, repeatable: merged in order (config.DecodeAll)
	Format     string   // -format: auto (or ""), native or qpid
	Context    []string // -context NAME=VALUE, repeatable: for Broker-J virtual hosts
	ContextEnv bool     // -context-env: they may reference the environment too
	Strict     bool     // -strict: warnings are errors
	Output     string   // -o
	Plan       string   // -plan: also (or, without -o, only) write the plan artifact
	Package    string   // -pkg
	Tests      bool     // -tests: also write the output's _test.go (emit.TestFile)
	JSON       bool     // explain -json
	Principals []string // explain -principal
	Names      []string // explain arguments; diff's OLD and NEW
	Limit      int      // warnings (diff: changes) printed per kind: 0 for DefaultLimit, -1 for all
	Examine    int      // diff -examine: changed destinations and policies searched for witnesses: 0 for DefaultExamine, -1 for all
	Stdout     io.Writer
	Stderr     io.Writer
}

// Run executes one destgen command and returns the process exit status:
// 0 on success, 1 on a config error, 2 on a usage or I/O error.
func Run(o Options) int {
	switch o.Command {
	case CmdSchema:
		return printSchema(o)
	case CmdDiff:
		return runDiff(o)
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
	m, diags, err := loadContext(files, format, o.Context, o.ContextEnv)
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
	report(o.Stderr, diags, o.limit())
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

// loadContext is LoadFiles with -context flags and -context-env.
func loadContext(paths []string, format config.Format, flags []string, env bool) (*model.Model, diag.List, error) {
	lookup := os.LookupEnv
	if !env {
		lookup = nil
	}
	vars, err := config.ParseVars(flags, lookup)
	if err != nil {
		return nil, nil, err
	}
	cfg, diags, err := config.DecodeFilesVars(paths, format, vars)
	if err != nil {
		return nil, nil, err
	}
	m, diags := model.LoadConfig(cfg, diags)
	return m, diags, nil
}
