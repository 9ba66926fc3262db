package proptest

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	destgen "github.com/destgen/destgen/gen"
)

// TestTestsFlagEndToEnd runs destgen -tests as go generate would (in the
// package directory, the config given relative to it) on
// examples/realm.json in a temporary module, then runs the generated
// property test and the fuzz target's seeds with go test.
func TestTestsFlagEndToEnd(t *testing.T) {
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := NewModule(dir, root); err != nil {
		t.Fatal(err)
	}
	realm, err := os.ReadFile(filepath.Join(root, "examples", "realm.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "realm.json"), realm, 0o644); err != nil {
		t.Fatal(err)
	}
	pkgDir := filepath.Join(dir, "routes")
	if err := os.Mkdir(pkgDir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(pkgDir)
	var stderr bytes.Buffer
	code := destgen.Run(destgen.Options{Command: destgen.CmdGenerate, Config: "../realm.json", Output: "routes_gen.go",
		Package: "routes", Tests: true, Stdout: &stderr, Stderr: &stderr})
	if code != 0 {
		t.Fatalf("destgen -tests exited %d:\n%s", code, stderr.String())
	}
	checkImports(t, "routes_gen.go", func(p string) bool { return !strings.Contains(p, ".") || p == modulePath+"/runtime" })
	checkImports(t, "routes_gen_test.go", func(p string) bool {
		return !strings.Contains(p, ".") || p == modulePath+"/runtime" || p == modulePath+"/gen/reference"
	})
	test, _ := os.ReadFile("routes_gen_test.go")
	if !bytes.Contains(test, []byte(`const destgenConfig = "../realm.json"`)) {
		t.Errorf("the test does not load the config by its path from the package directory")
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "^(TestDestgenMatchesReference|FuzzDestgen)$", "-v", ".")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("--- PASS: TestDestgenMatchesReference")) || !bytes.Contains(out, []byte("--- PASS: FuzzDestgen")) {
		t.Fatalf("go test of the generated package: %v\n%s", err, out)
	}
}

// checkImports fails unless every import of the Go file is allowed.
func checkImports(t *testing.T, file string, allowed func(path string) bool) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		if p := strings.Trim(imp.Path.Value, `"`); !allowed(p) {
			t.Errorf("%s imports %s", file, p)
		}
	}
}
