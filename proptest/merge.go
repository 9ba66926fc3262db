package proptest

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"sync"
)

// renamer lets many generated files share one Go package, so that the
// exhaustive test compiles thousands of configs in dozens of packages: a
// package costs the Go toolchain about 0.1 s of CPU whatever its size,
// which for one package per config would dominate. It type-checks a
// generated file and prefixes every identifier that denotes a
// package-level object, and nothing else (not fields, methods, or other
// packages' names), so the renamed file is the generated code with
// different names.
type renamer struct {
	fset    *token.FileSet
	runtime *types.Package
	std     types.Importer
}

func newRenamer(root string) (*renamer, error) {
	r := &renamer{fset: token.NewFileSet(), std: importer.Default()}
	paths, err := filepath.Glob(filepath.Join(root, "runtime", "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, p := range paths {
		// Build constraints choose among runtime's files (load_fast.go or
		// load_safe.go), as the go command would.
		match, err := build.Default.MatchFile(filepath.Dir(p), filepath.Base(p))
		if err != nil {
			return nil, err
		}
		if !match || strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(r.fset, p, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: r.std}
	r.runtime, err = conf.Check(modulePath+"/runtime", r.fset, files, nil)
	return r, err
}

func (r *renamer) Import(path string) (*types.Package, error) {
	if path == modulePath+"/runtime" {
		return r.runtime, nil
	}
	return r.std.Import(path)
}

// rename returns src as a file of package pkg with prefix on every
// package-level name.
func (r *renamer) rename(src []byte, pkg, prefix string) ([]byte, error) {
	f, err := parser.ParseFile(r.fset, "gen.go", src, parser.ParseComments) // keeps //go:embed
	if err != nil {
		return nil, err
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: r}
	tpkg, err := conf.Check("gen", r.fset, []*ast.File{f}, info)
	if err != nil {
		return nil, fmt.Errorf("type-checking generated code: %v", err)
	}
	for _, m := range []map[*ast.Ident]types.Object{info.Defs, info.Uses} {
		for id, obj := range m {
			// init is in package scope for go/types, but may be declared
			// many times and must keep its name to run.
			if obj != nil && obj.Parent() == tpkg.Scope() && id.Name != "_" && id.Name != "init" {
				id.Name = prefix + id.Name
			}
		}
	}
	f.Name.Name = pkg
	var buf bytes.Buffer
	if err := format.Node(&buf, r.fset, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// AddMerged writes srcs (generated files) as files of one package, each
// under its own prefix, and returns their driver numbers. Files are
// renamed in parallel, one renamer per worker (go/types state is not
// shared across goroutines).
func (mod *Module) AddMerged(srcs, plans [][]byte) ([]int, error) {
	workers := goruntime.GOMAXPROCS(0)
	for len(mod.rens) < workers {
		ren, err := newRenamer(mod.root)
		if err != nil {
			return nil, err
		}
		mod.rens = append(mod.rens, ren)
	}
	pkg := fmt.Sprintf("b%d", mod.n)
	dir := filepath.Join(mod.Dir, pkg)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	nums, prefixes := make([]int, len(srcs)), make([]string, len(srcs))
	for i := range srcs {
		nums[i], prefixes[i] = mod.n+i, fmt.Sprintf("c%d_", mod.n+i)
	}
	errs := make([]error, len(srcs))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(srcs); i += workers {
				out, err := mod.rens[w].rename(srcs[i], pkg, prefixes[i])
				// Each file embeds its own plan, c<n>.plan.
				planFile := fmt.Sprintf("c%d.plan", nums[i])
				out = bytes.Replace(out, []byte("//go:embed routes_gen.plan\n"), []byte("//go:embed "+planFile+"\n"), 1)
				if err == nil {
					err = os.WriteFile(filepath.Join(dir, planFile), plans[i], 0o644)
				}
				if err == nil {
					err = os.WriteFile(filepath.Join(dir, fmt.Sprintf("c%d.go", nums[i])), out, 0o644)
				}
				errs[i] = err
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	mod.n += len(srcs)
	mod.pkgs = append(mod.pkgs, pkg)
	return nums, os.WriteFile(filepath.Join(dir, "adapter.go"), adapterSrc(pkg, nums, prefixes), 0o644)
}
