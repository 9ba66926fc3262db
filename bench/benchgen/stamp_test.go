package benchgen

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/bench/workload"
)

// TestWriteKeepsStamped: a package this program wrote for the same
// target is kept; one without its stamp (cut short), with another
// writer's or another target's stamp is written again, and Write's
// imports list every target either way.
func TestWriteKeepsStamped(t *testing.T) {
	dir := t.TempDir()
	targets := []Target{Policy(workload.Fast, 10), Policy(workload.Mixed, 10)}
	write := func() []string {
		t.Helper()
		var log []string
		if err := Write(dir, targets, func(f string, a ...any) { log = append(log, fmt.Sprintf(f, a...)) }); err != nil {
			t.Fatal(err)
		}
		slices.Sort(log)
		return log
	}
	check := func(what string, want ...string) {
		t.Helper()
		if got := write(); !slices.Equal(got, want) {
			t.Errorf("%s: Write logged %q, want %q", what, got, want)
		}
		imports, err := os.ReadFile(filepath.Join(dir, "generated_test.go"))
		if err != nil || !strings.Contains(string(imports), "/gen/polfast10\"") || !strings.Contains(string(imports), "/gen/polmixed10\"") {
			t.Errorf("%s: generated_test.go does not import both packages (%v)", what, err)
		}
	}
	stampOf := filepath.Join(dir, "gen", "polfast10", stampFile)
	check("first", "wrote gen/polfast10", "wrote gen/polmixed10")
	check("again", "kept gen/polfast10", "kept gen/polmixed10")
	os.Remove(stampOf)
	check("no stamp", "kept gen/polmixed10", "wrote gen/polfast10")
	old, _ := os.ReadFile(stampOf)
	os.WriteFile(stampOf, []byte(strings.Replace(string(old), "writer ", "writer 0", 1)), 0o644)
	check("another writer", "kept gen/polmixed10", "wrote gen/polfast10")
	os.WriteFile(stampOf, []byte(strings.Replace(string(old), "Policies:10,", "Policies:100,", 1)), 0o644)
	check("another target", "kept gen/polmixed10", "wrote gen/polfast10")
	if got, _ := os.ReadFile(stampOf); string(got) != string(old) {
		t.Errorf("stamp rewritten as %q, want %q", got, old)
	}
}
