package gen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// TestGeneratePlan writes the plan artifact alone (no -o, so no -pkg
// needed), and beside the Go file: the same bytes both times, which
// decode to the config's plan.
func TestGeneratePlan(t *testing.T) {
	dir := t.TempDir()
	alone := filepath.Join(dir, "alone.plan")
	o := Options{Command: CmdGenerate, Config: "../examples/realm.json", Plan: alone}
	if code, _, stderr := runCmd(o); code != 0 {
		t.Fatalf("-plan alone: exit %d: %s", code, stderr)
	}
	beside := filepath.Join(dir, "beside.plan")
	o = Options{Command: CmdGenerate, Config: "../examples/realm.json", Plan: beside, Output: filepath.Join(dir, "routes_gen.go"), Package: "routes"}
	if code, _, stderr := runCmd(o); code != 0 {
		t.Fatalf("-plan with -o: exit %d: %s", code, stderr)
	}
	a, _ := os.ReadFile(alone)
	b, _ := os.ReadFile(beside)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("plans of %d and %d bytes differ", len(a), len(b))
	}
	if _, err := os.Stat(o.Output); err != nil {
		t.Errorf("-o beside -plan: %v", err)
	}
	m, _, err := Load("../examples/realm.json")
	if err != nil {
		t.Fatal(err)
	}
	if want := runtime.EncodePlan(plan.Build(m).Artifact()); !bytes.Equal(a, want) {
		t.Error("-plan wrote other bytes than the config's artifact")
	}
	if _, err := runtime.DecodePlan(a); err != nil {
		t.Error(err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".destgen-*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// TestGeneratePlanFailure: neither output is a usage error; a plan that
// cannot be written is an I/O error that writes nothing else.
func TestGeneratePlanFailure(t *testing.T) {
	code, _, stderr := runCmd(Options{Command: CmdGenerate, Config: "../examples/realm.json"})
	if code != 2 || !strings.Contains(stderr, "-o or -plan is required") {
		t.Errorf("no output: exit %d, stderr %q", code, stderr)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "routes_gen.go")
	code, _, stderr = runCmd(Options{Command: CmdGenerate, Config: "../examples/realm.json", Plan: filepath.Join(dir, "missing", "x.plan"), Output: out, Package: "routes"})
	if code != 2 || !strings.Contains(stderr, "destgen: open ") {
		t.Errorf("unwritable plan: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("wrote the Go file although the plan failed")
	}
}
