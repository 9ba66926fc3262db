package benchgate

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPerfStaysOutOfBrokers: golang.org/x/perf (this package's
// dependency) and jennifer (the generator's) reach the destgen command
// only, never what a broker links: runtime/, a generated package, and the
// example broker's program. The command itself is the control that the
// check sees them.
func TestPerfStaysOutOfBrokers(t *testing.T) {
	banned := []string{"golang.org/x/perf", "github.com/dave/jennifer"}
	for _, tc := range []struct {
		dir, pkg string
		linked   bool // whether the banned modules must appear
	}{
		{"../..", "github.com/destgen/destgen/runtime", false},
		{"../..", "github.com/destgen/destgen/generated/example", false},
		{"../../examples/broker", "example.com/broker", false},
		{"../..", "github.com/destgen/destgen/cmd/destgen", true},
	} {
		cmd := exec.Command("go", "list", "-deps", tc.pkg)
		cmd.Dir = tc.dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", tc.pkg, err, out)
		}
		for _, mod := range banned {
			found := false
			for _, dep := range strings.Fields(string(out)) {
				found = found || dep == mod || strings.HasPrefix(dep, mod+"/")
			}
			if found != tc.linked {
				t.Errorf("%s: depends on %s: %v, want %v", tc.pkg, mod, found, tc.linked)
			}
		}
	}
}
