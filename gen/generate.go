package gen

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/destgen/destgen/gen/emit"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
)

// Source generates the Go source for a valid model, for a file named
// routes_gen.go (it embeds routes_gen.plan: see Files).
func Source(m *model.Model, pkg string) ([]byte, error) {
	src, _, err := Files(m, pkg, "routes_gen.go")
	return src, err
}

// Files generates the Go source of goFile for a valid model, and the plan
// artifact it embeds, which belongs at emit.PlanPath(goFile).
func Files(m *model.Model, pkg, goFile string) (src, planBytes []byte, err error) {
	return files(plan.Build(m), pkg, goFile)
}

func files(p *plan.Plan, pkg, goFile string) ([]byte, []byte, error) {
	return emit.Files(p, emit.Options{Package: pkg, Source: p.Model.File, PlanFile: emit.PlanPath(goFile)})
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
	src, planBytes, err := files(p, pkg, o.Output)
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
	// The plan first: a Go file is never written beside a plan older than
	// itself. If writing the Go file then fails, the old one finds a plan
	// it was not generated with, and its package's initialisation says so
	// (runtime.MustLoadPlan) instead of answering from the wrong tables.
	if err := writeFileAtomic(emit.PlanPath(o.Output), planBytes); err != nil {
		fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
		return 2
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
