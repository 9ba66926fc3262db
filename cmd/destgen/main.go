// Command destgen compiles a broker's destination config into a Go package.
//
//	destgen -config realm.json -o routes_gen.go [-pkg routes]
//	destgen check -config realm.json
//	destgen explain -config realm.json [-json] [-principal P]... NAME...
//
// It only parses flags; everything else is in package gen.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/destgen/destgen/gen"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

type stringList []string

func (l *stringList) String() string     { return fmt.Sprint(*l) }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

var commands = map[string]gen.Command{"check": gen.CmdCheck, "explain": gen.CmdExplain}

func run(args []string) int {
	o := gen.Options{Stdout: os.Stdout, Stderr: os.Stderr, Package: os.Getenv("GOPACKAGE")}
	name := "destgen"
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			o.Command, name, args = c, "destgen "+args[0], args[1:]
		}
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.StringVar(&o.Config, "config", "", "destination config `file` (JSON)")
	var principals stringList
	switch o.Command {
	case gen.CmdGenerate:
		fs.StringVar(&o.Output, "o", "", "output Go `file`")
		fs.StringVar(&o.Package, "pkg", o.Package, "Go package `name` (default $GOPACKAGE)")
	case gen.CmdExplain:
		fs.BoolVar(&o.JSON, "json", false, "print one JSON object per name")
		fs.Var(&principals, "principal", "a `principal` the caller holds (repeatable)")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h asked for the usage, as flag.ExitOnError treats it
		}
		return 2
	}
	o.Principals, o.Names = principals, fs.Args()
	if o.Command != gen.CmdExplain && len(o.Names) > 0 {
		fmt.Fprintf(os.Stderr, "%s: unexpected arguments %q\n", name, o.Names)
		return 2
	}
	return gen.Run(o)
}
