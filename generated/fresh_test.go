// Package generated_test checks that every checked-in generated package is
// what destgen produces today from its config, as protobuf-go's
// integration test does: a stale file fails the build, not a user.
package generated_test

import (
	"bytes"
	"flag"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/emit"
)

const directive = "//go:generate go run ../../cmd/destgen "

var update = flag.Bool("update", false, "regenerate stale files")

func TestFresh(t *testing.T) {
	docs, _ := filepath.Glob("*/*.go")
	n := 0
	for _, doc := range docs {
		src, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			if args, ok := strings.CutPrefix(line, directive); ok {
				checkFresh(t, filepath.Dir(doc), packageName(t, doc), strings.Fields(args))
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("found no //go:generate directives")
	}
}

func packageName(t *testing.T, file string) string {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	return f.Name.Name
}

// checkFresh regenerates one directive's output in memory and compares.
func checkFresh(t *testing.T, dir, pkg string, args []string) {
	flags := map[string]string{"-pkg": pkg}
	for i := 0; i+1 < len(args); i += 2 {
		flags[args[i]] = args[i+1]
	}
	m, diags, err := gen.Load(filepath.Join(dir, flags["-config"]))
	if err != nil || diags.Errors() > 0 {
		t.Fatalf("%s: %v %v", dir, err, diags)
	}
	m.File = flags["-config"] // as go generate names it, for the header
	src, planBytes, err := gen.Files(m, flags["-pkg"], flags["-o"])
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, flags["-o"])
	for _, f := range []struct {
		path string
		want []byte
	}{{out, src}, {emit.PlanPath(out), planBytes}} {
		got, _ := os.ReadFile(f.path)
		if bytes.Equal(got, f.want) {
			continue
		}
		if *update {
			if err := os.WriteFile(f.path, f.want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("stale generated files: %s differs from what destgen generates from %s (run go generate ./generated/... or go test ./generated -update)\n%s",
			f.path, flags["-config"], firstDiff(got, f.want))
	}
}

func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n-" + gl + "\n+" + wl
		}
	}
	return ""
}
