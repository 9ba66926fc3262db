package emit

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
)

const testGolden = "testdata/realm.testfile.golden"

func renderTest(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, diags := model.Load(path, data)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	src, err := GeneratedTest(m, "routes", []string{path}, "routes_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestTestFileGolden compares the test file generated for
// testdata/realm.json with its golden file; -update rewrites it.
func TestTestFileGolden(t *testing.T) {
	checkGolden(t, testGolden, renderTest(t, "testdata/realm.json"))
}

// TestTestFileShape checks what the golden file cannot: the bytes do not
// depend on map order, the header is Go's generated-code marker, the file
// parses, and it imports only the standard library, runtime/ and the
// reference interpreter.
func TestTestFileShape(t *testing.T) {
	src := renderTest(t, "testdata/realm.json")
	for range 3 {
		if again := renderTest(t, "testdata/realm.json"); !bytes.Equal(src, again) {
			t.Fatal("two generations of one test file differ")
		}
	}
	first, _, _ := strings.Cut(string(src), "\n")
	if !regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`).MatchString(first) {
		t.Errorf("header %q", first)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "routes_gen_test.go", src, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		p := strings.Trim(imp.Path.Value, `"`)
		if strings.Contains(p, ".") && p != runtimePath && p != referencePath {
			t.Errorf("generated test imports %s", p)
		}
	}
}

func TestRelConfig(t *testing.T) {
	for _, tc := range []struct{ config, output, want string }{
		{"../../examples/realm.json", "routes_gen.go", "../../examples/realm.json"},
		{"realm.json", "routes/routes_gen.go", "../realm.json"},
		{"cfg/realm.json", "routes/gen.go", "../cfg/realm.json"},
		{"realm.json", "gen.go", "realm.json"},
	} {
		if got := RelConfig(filepath.FromSlash(tc.config), filepath.FromSlash(tc.output)); got != tc.want {
			t.Errorf("RelConfig(%q, %q) = %q, want %q", tc.config, tc.output, got, tc.want)
		}
	}
	if got := TestPath("routes_gen.go"); got != "routes_gen_test.go" {
		t.Errorf("TestPath = %q", got)
	}
}

func TestGeneratedTestNeedsOneConfig(t *testing.T) {
	_, err := GeneratedTest(&model.Model{}, "routes", []string{"a.json", "b.json"}, "x.go")
	if err == nil || err.Error() != "-tests needs exactly one -config: the test loads it into the reference interpreter" {
		t.Errorf("err = %v", err)
	}
}
