package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	realm    = filepath.Join("..", "examples", "realm.json")
	realmNew = filepath.Join("diff", "testdata", "realm-new.json")
)

// TestDiffRealm: the human and JSON output of a real change to the main
// example (golden files; go test ./gen -update rewrites them).
func TestDiffRealm(t *testing.T) {
	code, stdout, stderr := runCmd(Options{Command: CmdDiff, Names: []string{realm, realmNew}})
	if code != 1 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	checkGolden(t, filepath.Join("testdata", "diff.golden"), stdout)
	code, stdout, _ = runCmd(Options{Command: CmdDiff, JSON: true, Names: []string{realm, realmNew}})
	if code != 1 {
		t.Fatalf("-json: exit %d", code)
	}
	checkGolden(t, filepath.Join("testdata", "diff-json.golden"), stdout)
}

func TestDiffExitStatus(t *testing.T) {
	bad := filepath.Join("testdata", "errors", "stores.json")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"same config", []string{realm, realm}, 0, "no changes in behaviour\n", ""},
		{"invalid new config", []string{realm, bad}, 2, "", "stores.json:5:5: error: destination 2 \"foo.baz\""},
		{"missing file", []string{realm, "nope.json"}, 2, "", "destgen: open nope.json: no such file or directory"},
		{"one file", []string{realm}, 2, "", "destgen diff: want two config files, OLD and NEW"},
	}
	for _, tc := range tests {
		code, stdout, stderr := runCmd(Options{Command: CmdDiff, Names: tc.args})
		if code != tc.code || !strings.HasPrefix(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) || tc.stderr == "" && stderr != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tc.name, code, stdout, stderr)
		}
	}
}

// manyChanges writes two configs whose diff has n added destinations and
// as many precedence changes.
func manyChanges(t *testing.T, n int) (string, string) {
	dir := t.TempDir()
	var dests []string
	for i := range n {
		dests = append(dests, fmt.Sprintf(`{"name": "k%d.*"}`, i))
	}
	old, new := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	os.WriteFile(old, []byte(`{"destinations": []}`), 0o644)
	os.WriteFile(new, []byte(`{"destinations": [`+strings.Join(dests, ",")+`]}`), 0o644)
	return old, new
}

// TestDiffLimit: human output lists DefaultLimit changes of a kind and
// counts the rest; -all (Limit -1) and -json list every one.
func TestDiffLimit(t *testing.T) {
	for _, n := range []int{DefaultLimit - 1, DefaultLimit, DefaultLimit + 1, 1234} {
		old, new := manyChanges(t, n)
		_, stdout, _ := runCmd(Options{Command: CmdDiff, Names: []string{old, new}})
		shown := strings.Count(stdout, "\n  k")
		more := fmt.Sprintf("  … and %s more destination-added changes; -all lists them\n", thousands(n-DefaultLimit))
		if want := min(n, DefaultLimit); shown != want || n > DefaultLimit != strings.Contains(stdout, more) {
			t.Errorf("%d changes of a kind: %d lines shown, want %d; output:\n%s", n, shown, want, stdout)
		}
		_, all, _ := runCmd(Options{Command: CmdDiff, Limit: -1, Names: []string{old, new}})
		_, js, _ := runCmd(Options{Command: CmdDiff, JSON: true, Names: []string{old, new}})
		if strings.Count(all, "\n  k") != n || strings.Count(js, "\n") != 2*n || strings.Contains(all, "more") {
			t.Errorf("%d changes of a kind: -all or -json does not list them all", n)
		}
	}
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	if len(s) > 3 {
		s = s[:len(s)-3] + "," + s[len(s)-3:]
	}
	return s
}

// TestDiffExamine: at most Examine changed destinations are searched for
// the names they affect; one more and only the structural changes are
// listed, each with its note, and stderr says why. The default bound
// applies when Examine is 0.
func TestDiffExamine(t *testing.T) {
	const n = 30
	old, new := manyChanges(t, n)
	for _, examine := range []int{n - 1, n, n + 1, -1} {
		code, js, stderr := runCmd(Options{Command: CmdDiff, JSON: true, Examine: examine, Names: []string{old, new}})
		bounded := examine == n-1
		want := 2 * n // each added destination and the names it now takes
		if bounded {
			want = n
		}
		if lines := strings.Count(js, "\n"); code != 1 || lines != want {
			t.Errorf("-examine %d on %d changes: exit %d, %d changes, want exit 1, %d", examine, n, code, lines, want)
		}
		if bounded != strings.Contains(stderr, "only they are listed") || bounded != strings.Contains(js, "not examined") {
			t.Errorf("-examine %d on %d changes: stderr %q, notes in output %v", examine, n, stderr, strings.Contains(js, "not examined"))
		}
	}
	for _, n := range []int{DefaultExamine, DefaultExamine + 1} {
		old, new := manyChanges(t, n)
		_, _, stderr := runCmd(Options{Command: CmdDiff, JSON: true, Names: []string{old, new}})
		if bounded := n > DefaultExamine; bounded != strings.Contains(stderr, "only they are listed") {
			t.Errorf("default bound, %d changes: stderr %q", n, stderr)
		}
	}
}
