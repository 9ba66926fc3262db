// Command destgen compiles a broker's destination config into a Go package.
//
//	destgen -config realm.json -o routes_gen.go [-pkg routes] [-strict]
//	destgen -config realm.json -plan realm.plan
//	destgen check -config realm.json [-strict]
//	destgen explain -config realm.json [-json] [-principal P]... NAME...
//	destgen diff [-json] [-all] [-examine N|all] OLD NEW
//	destgen schema
//	destgen benchgate [-max-regression 10%] [-alpha 0.05] OLD.txt NEW.txt
//	destgen -version
//
// -config may be repeated (a Broker-J virtual host and a native config
// are merged); -format auto|native|qpid says how to read them.
//
// It only parses flags; everything else is in package gen.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/benchgate"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

type stringList []string

func (l *stringList) String() string     { return fmt.Sprint(*l) }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

var commands = map[string]gen.Command{"check": gen.CmdCheck, "explain": gen.CmdExplain, "schema": gen.CmdSchema, "diff": gen.CmdDiff}

func run(args []string) int {
	if len(args) > 0 && args[0] == "benchgate" {
		return benchgate.Main(args[1:], os.Stdout, os.Stderr)
	}
	o := gen.Options{Stdout: os.Stdout, Stderr: os.Stderr, Package: os.Getenv("GOPACKAGE")}
	name := "destgen"
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			o.Command, name, args = c, "destgen "+args[0], args[1:]
		}
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	var configs, principals, context stringList
	var showVersion bool
	if o.Command == gen.CmdDiff {
		diffFlags(fs, &o)
	} else {
		commandFlags(fs, &o, &configs, &principals, &context, &showVersion)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h asked for the usage, as flag.ExitOnError treats it
		}
		return 2
	}
	if showVersion {
		fmt.Fprintln(os.Stdout, "destgen version", version())
		return 0
	}
	o.Configs, o.Principals, o.Context, o.Names = configs, principals, context, fs.Args()
	if len(configs) > 0 {
		o.Config = configs[0]
	}
	if o.Command != gen.CmdExplain && o.Command != gen.CmdDiff && len(o.Names) > 0 {
		fmt.Fprintf(os.Stderr, "%s: unexpected arguments %q\n", name, o.Names)
		return 2
	}
	return gen.Run(o)
}

// commandFlags are the flags of destgen itself, check, explain and schema:
// they read their configs from -config.
func commandFlags(fs *flag.FlagSet, o *gen.Options, configs, principals, context *stringList, showVersion *bool) {
	if o.Command != gen.CmdSchema {
		fs.Var(configs, "config", "config `file` (JSON; repeat to merge, e.g. a Broker-J virtual host and a native config)")
		fs.StringVar(&o.Format, "format", "auto", "config `format`: auto (by the modelVersion key), native or qpid")
		fs.Var(context, "context", "a Broker-J context variable, `NAME=VALUE`, that a virtual host references and does not define (repeatable)")
		fs.BoolVar(&o.ContextEnv, "context-env", false, "let a Broker-J virtual host's context variables come from the environment too")
	}
	if o.Command == gen.CmdGenerate || o.Command == gen.CmdCheck {
		fs.BoolVar(&o.Strict, "strict", false, "treat warnings as errors")
		fs.Func("warnings", "print at most `n` warnings, the rest counted by kind, or all (default 20)", func(s string) (err error) {
			o.Limit, err = gen.ParseLimit(s)
			return err
		})
	}
	if o.Command == gen.CmdGenerate {
		fs.BoolVar(showVersion, "version", false, "print the destgen version and exit")
		fs.Usage = func() { usage(fs) }
	}
	switch o.Command {
	case gen.CmdGenerate:
		fs.StringVar(&o.Output, "o", "", "output Go `file`")
		fs.StringVar(&o.Plan, "plan", "", "also write the plan artifact to `file` (runtime.DecodePlan reads it); without -o, only it")
		fs.StringVar(&o.Package, "pkg", o.Package, "Go package `name` (default $GOPACKAGE)")
		fs.BoolVar(&o.Tests, "tests", false, "also write the output's _test.go: a property test and a fuzz target against the reference interpreter")
	case gen.CmdExplain:
		fs.BoolVar(&o.JSON, "json", false, "print one JSON object per name")
		fs.Var(principals, "principal", "a `principal` the caller holds (repeatable)")
	}
}

// diffFlags are diff's: it reads its two configs from arguments.
func diffFlags(fs *flag.FlagSet, o *gen.Options) {
	fs.StringVar(&o.Format, "format", "auto", "config `format`: auto (by the modelVersion key), native or qpid")
	fs.BoolVar(&o.JSON, "json", false, "print one JSON object per change")
	fs.BoolFunc("all", "list every change (default: the first 20 of each kind)", func(string) error { o.Limit = -1; return nil })
	fs.Func("examine", "search the names affected by at most `N` changed destinations and policies, or all (default 5000); above it only what changed is listed", func(s string) (err error) {
		o.Examine, err = gen.ParseLimit(s)
		return err
	})
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: destgen diff [flags] OLD NEW\n\nReports the names whose answers differ between configs OLD and NEW;\nexit status 0: none, 1: some, 2: an error.\n\nFlags:\n")
		fs.PrintDefaults()
	}
}
