// Package examples_test builds the example broker module the way a broker
// would: its own module, destgen as a go tool dependency, go generate.
package examples_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrokerModule copies examples/broker to a temporary directory, points
// its replace directive at this repository, and runs go generate, go build,
// go vet and go test there (the broker's admin API tests). The module is not published, so nothing is fetched for
// destgen itself (never go get); -mod=mod lets the go command complete
// go.sum if this repository's requirements moved on. The regenerated file
// must equal the checked-in one: `cd examples/broker && go generate ./...`
// refreshes it.
func TestBrokerModule(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command on another module")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyDir(t, "broker", dir)
	mod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(mod)
	if err != nil {
		t.Fatal(err)
	}
	const replace = "github.com/destgen/destgen => ../.."
	if !bytes.Contains(data, []byte(replace)) {
		t.Fatalf("examples/broker/go.mod lacks %q", replace)
	}
	data = bytes.Replace(data, []byte(replace), []byte("github.com/destgen/destgen => "+repo), 1)
	if err := os.WriteFile(mod, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"generate", "./..."}, {"build", "./..."}, {"vet", "./..."}, {"test", "./..."}} {
		cmd := exec.Command(goBin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	for _, gen := range []string{"routes/routes_gen.go", "routes/routes_gen_test.go"} {
		got, err := os.ReadFile(filepath.Join(dir, gen))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("broker", gen))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("stale generated file examples/broker/%s: run go generate ./... in examples/broker", gen)
		}
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
