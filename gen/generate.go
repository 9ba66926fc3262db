package gen

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/destgen/destgen/gen/emit"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
)

// Source generates the Go source for a valid model.
func Source(m *model.Model, pkg string) ([]byte, error) {
	return source(plan.Build(m), pkg)
}

func source(p *plan.Plan, pkg string) ([]byte, error) {
	return emit.File(p, emit.Options{Package: pkg, Source: p.Model.File})
}

// generate writes the Go package (-o), the plan artifact (-plan), or
// both, from one plan.
func generate(o Options, m *model.Model) int {
	if o.Output == "" && o.Plan == "" {
		fmt.Fprintln(o.Stderr, "destgen: -o or -plan is required")
		return 2
	}
	pkg := o.Package
	if pkg == "" && o.Output != "" {
		fmt.Fprintln(o.Stderr, "destgen: -pkg is required outside go generate ($GOPACKAGE is unset)")
		return 2
	}
	p := plan.Build(m)
	if o.Plan != "" {
		if err := writePlan(o.Plan, p); err != nil {
			fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
			return 2
		}
	}
	if o.Output == "" {
		return 0
	}
	src, err := source(p, pkg)
	if err != nil {
		fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
		return 2
	}
	if o.Tests {
		// Written before the package: if writing that fails, the new
		// test reports the stale package rather than passing.
		files := o.Configs
		if len(files) == 0 {
			files = []string{o.Config}
		}
		testSrc, err := emit.GeneratedTest(m, pkg, files, o.Output)
		if err == nil {
			err = writeFileAtomic(emit.TestPath(o.Output), testSrc)
		}
		if err != nil {
			fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
			return 2
		}
	}
	if err := writeFileAtomic(o.Output, src); err != nil {
		fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
		return 2
	}
	return 0
}

// writeFileAtomic writes through a temporary file and a rename, so that a
// failure at any point leaves the previous output untouched.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".destgen-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename this fails harmlessly
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
