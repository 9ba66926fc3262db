package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ambiguous writes a config with n ambiguity warnings: kI.*.c and kI.b.*
// both match kI.b.c and neither holds the other.
func ambiguous(t *testing.T, n int) string {
	var dests []string
	for i := range n {
		dests = append(dests, fmt.Sprintf(`{"name": "k%d.*.c"}, {"name": "k%d.b.*"}`, i, i))
	}
	path := filepath.Join(t.TempDir(), "amb.json")
	if err := os.WriteFile(path, []byte(`{"destinations": [`+strings.Join(dests, ",\n")+`]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestWarningLimit: check prints DefaultLimit warnings and counts the
// rest by kind; -warnings=all (Limit -1) or a larger limit lists them;
// -strict still fails on every one, listing as many.
func TestWarningLimit(t *testing.T) {
	for _, n := range []int{DefaultLimit - 1, DefaultLimit, DefaultLimit + 1, 1234} {
		cfg := ambiguous(t, n)
		more := fmt.Sprintf("… and %s more ambiguity warnings; -warnings=all lists them\n", thousands(n-DefaultLimit))
		count := fmt.Sprintf("0 error(s), %d warning(s)\n", n)
		code, _, stderr := runCmd(Options{Command: CmdCheck, Config: cfg})
		shown := strings.Count(stderr, ": warning: ")
		if code != 0 || shown != min(n, DefaultLimit) || n > DefaultLimit != strings.Contains(stderr, more) || !strings.HasSuffix(stderr, count) {
			t.Errorf("%d warnings: exit %d, %d shown, stderr:\n%s", n, code, shown, stderr)
		}
		for _, limit := range []int{-1, n} {
			_, _, all := runCmd(Options{Command: CmdCheck, Config: cfg, Limit: limit})
			if strings.Count(all, ": warning: ") != n || strings.Contains(all, "more ambiguity") {
				t.Errorf("%d warnings, limit %d: not all listed", n, limit)
			}
		}
		code, _, strict := runCmd(Options{Command: CmdCheck, Config: cfg, Strict: true})
		errs := strings.Count(strict, ": error: ")
		if code != 1 || errs != min(n, DefaultLimit) || !strings.HasSuffix(strict, fmt.Sprintf("%d error(s), 0 warning(s)\n", n)) ||
			n > DefaultLimit != strings.Contains(strict, "more ambiguity errors") {
			t.Errorf("%d warnings, -strict: exit %d, %d errors shown, stderr:\n%s", n, code, errs, strict)
		}
	}
}

func TestParseLimit(t *testing.T) {
	for s, want := range map[string]int{"all": -1, "ALL": -1, "1": 1, "20": 20, "100000": 100000} {
		if got, err := ParseLimit(s); got != want || err != nil {
			t.Errorf("ParseLimit(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "0", "-1", "x", "1x", " 1", "01"} {
		if _, err := ParseLimit(s); err == nil {
			t.Errorf("ParseLimit(%q) accepted", s)
		}
	}
}
