// Package benchgen writes the generated packages the benchmarks measure:
// for each workload, bench/gen/<name>/ holds the config, the package
// destgen generates from it (gen.Source, exactly as `destgen -o` would
// write it) and loops.go, which registers the package with the harness
// and holds benchmark loops that call it directly.
//
// The packages are not checked in: at 10k destinations one is about 7 MB
// of Go, and the emitter changes under the benchmarks. `make bench-gen`
// (or bench-ci, bench) regenerates them; bench/gen/ is gitignored.
package benchgen

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"text/template"

	"github.com/destgen/destgen/bench/harness"
	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/emit"
	"github.com/destgen/destgen/gen/model"
)

// ModulePath is the bench module's import path.
const ModulePath = "github.com/destgen/destgen/bench"

// Target is one generated package.
type Target struct {
	Package string
	Kind    harness.Kind
	Spec    workload.Spec
}

// policyWorkloadN is the number of destinations of a policy workload: its
// benchmarks only call AutoCreate.
const policyWorkloadN = 10

// policiesPerDestWorkload is the number of policies of a destination
// workload, so that its config is a realistic whole.
const policiesPerDestWorkload = 10

// Dest is the destination workload of a shape, topic family and size.
func Dest(shape workload.Shape, f workload.Family, n int) Target {
	return Target{
		Package: fmt.Sprintf("%s%s%d", shape, f, n), Kind: harness.Destinations,
		Spec: workload.Spec{Shape: shape, Family: f, N: n, Mix: workload.Mixed, Policies: policiesPerDestWorkload, Seed: workload.DefaultSeed},
	}
}

// Policy is the policy workload of a mix and size.
func Policy(mix workload.PolicyMix, p int) Target {
	return Target{
		Package: fmt.Sprintf("pol%s%d", mix, p), Kind: harness.Policies,
		Spec: workload.Spec{Shape: workload.Exact, N: policyWorkloadN, Mix: mix, Policies: p, Seed: workload.DefaultSeed},
	}
}

// Sizes of each set: CI's is the "N = 100 and 10k" with the two
// policy sizes the scaling target compares.
var (
	CISizes         = []int{100, 10_000}
	CIPolicySizes   = []int{10, 1000}
	FullSizes       = []int{10, 100, 1000, 10_000, 100_000}
	FullPolicySizes = []int{10, 100, 1000}
	// The General mix (issue 22) at 10 and 100 policies; CI checks none
	// of its targets (see gate.generalChecks).
	CIGeneralSizes   []int
	FullGeneralSizes = []int{10, 100}
	// FamilySizes are the sizes the other topic families are measured
	// at in the full set: the N = 100, 10k and 100k.
	FamilySizes = []int{100, 10_000, 100_000}
)

// Set returns the targets of a named set: "ci" or "full".
func Set(name string) ([]Target, error) {
	sizes, pols, general := FullSizes, FullPolicySizes, FullGeneralSizes
	switch name {
	case "ci":
		sizes, pols, general = CISizes, CIPolicySizes, CIGeneralSizes
	case "full":
	default:
		return nil, fmt.Errorf("unknown set %q (want ci or full)", name)
	}
	var out []Target
	for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
		for _, n := range sizes {
			out = append(out, Dest(shape, workload.Classic, n))
		}
		if name != "full" {
			continue
		}
		for _, f := range workload.Families[1:] {
			for _, n := range FamilySizes {
				out = append(out, Dest(shape, f, n))
			}
		}
	}
	for _, mix := range []workload.PolicyMix{workload.Fast, workload.Mixed} {
		for _, p := range pols {
			out = append(out, Policy(mix, p))
		}
	}
	for _, p := range general {
		out = append(out, Policy(workload.General, p))
	}
	return out, nil
}

// Filter keeps the targets whose package name matches the regexp expr.
func Filter(targets []Target, expr string) ([]Target, error) {
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, err
	}
	var out []Target
	for _, t := range targets {
		if re.MatchString(t.Package) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no package matches %q", expr)
	}
	return out, nil
}

// Write generates every target under dir/gen and writes dir's
// generated_test.go, which imports exactly these packages. dir is the
// bench module's root. A package whose stamp says this program wrote it
// for the same target is left as it is (see stamp); the others are
// written workers at a time.
func Write(dir string, targets []Target, log func(format string, args ...any)) error {
	writer, err := writerID()
	if err != nil {
		return err
	}
	var mu sync.Mutex
	var errs []error
	work := make(chan Target)
	var wg sync.WaitGroup
	for range min(workers, len(targets)) {
		wg.Go(func() {
			for t := range work {
				msg, err := writeIfStale(filepath.Join(dir, "gen", t.Package), t, writer)
				mu.Lock()
				if err != nil {
					errs = append(errs, fmt.Errorf("%s: %w", t.Package, err))
				} else {
					log("%s gen/%s", msg, t.Package)
				}
				mu.Unlock()
			}
		})
	}
	for _, t := range targets {
		work <- t
	}
	close(work)
	wg.Wait()
	if len(errs) > 0 {
		return errs[0]
	}
	return writeFile(filepath.Join(dir, "generated_test.go"), importsFile, targets)
}

// workers is how many packages are generated at once: planning one is
// single-threaded, and the machine the full set is made on has 2 cores
// (two 100k packages at once peak at about 2 GB).
const workers = 2

// writeIfStale writes t's package unless its stamp is this writer's for
// t, and says which it did.
func writeIfStale(dir string, t Target, writer string) (string, error) {
	want := stamp(t, writer)
	if got, err := os.ReadFile(filepath.Join(dir, stampFile)); err == nil && string(got) == want {
		return "kept", nil
	}
	if err := writeTarget(dir, t); err != nil {
		return "", err
	}
	// Last, so that a package cut short has no stamp and is written again.
	return "wrote", os.WriteFile(filepath.Join(dir, stampFile), []byte(want), 0o644)
}

func writeTarget(dir string, t Target) error {
	w, err := workload.Generate(t.Spec)
	if err != nil {
		return err
	}
	m, diags := model.Load("config.json", w.Config())
	if err := diags.Err(); err != nil {
		return err
	}
	goFile := t.Package + "_gen.go"
	src, planBytes, err := gen.Files(m, t.Package, goFile)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "config.json"), w.Config(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, emit.PlanPath(goFile)), planBytes, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, goFile), src, 0o644); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "loops.go"), loopsFile, struct {
		Target
		SHA256 string
	}{t, w.ConfigSHA256()})
}

func writeFile(path string, tmpl *template.Template, data any) error {
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, data); err != nil {
		return err
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return fmt.Errorf("benchgen template does not format (a bug): %v\n%s", err, buf.Bytes())
	}
	return os.WriteFile(path, src, 0o644)
}
