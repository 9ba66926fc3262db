package main

import (
	"flag"
	"fmt"
	"runtime/debug"
)

// usage is the top-level -h, listing the commands as the go command does.
func usage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, `destgen compiles a broker's destination config into a Go package.

Usage:

	destgen -config file [-config file] -o file [-pkg name] [flags]
	destgen <command> [flags] [arguments]

The commands are:

	check    validate a config and print its warnings
	diff     show which names a config change affects, with witnesses
	explain  show what a config means for destination names
	schema   print the JSON Schema of the config format
	benchgate  fail on a benchmark regression between two go test -bench outputs

Use "destgen <command> -h" for the flags of a command.

Flags:
`)
	fs.PrintDefaults()
}

// version is the destgen module's version as the Go toolchain recorded
// it: a tag for `go install ...@v1.2.3` or a tool dependency (with its
// replacement, if go.mod replaces the module), "devel" for a build inside
// this repository.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return "devel"
	}
	if r := bi.Main.Replace; r != nil {
		return bi.Main.Version + " (replaced by " + r.Path + ")"
	}
	return bi.Main.Version
}
