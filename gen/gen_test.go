package gen

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "update golden files")

// runCmd runs one destgen command in-process and returns its exit status and
// output.
func runCmd(o Options) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	o.Stdout, o.Stderr = &out, &errOut
	code = Run(o)
	return code, out.String(), errOut.String()
}

// checkGolden compares got with the golden file, rewriting it under -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

func TestCheckExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "examples", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range files {
		code, stdout, stderr := runCmd(Options{Command: CmdCheck, Config: f})
		if code != 0 || stdout != "" || stderr != "" {
			t.Errorf("check %s = %d\nstdout: %s\nstderr: %s", f, code, stdout, stderr)
		}
	}
}

// TestCheckErrors runs check on every config under testdata/errors and
// compares stderr with its .golden file: every problem, one per line as
// file:line:col: error: message, then the count, exit status 1.
func TestCheckErrors(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "errors", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no error cases: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			code, stdout, stderr := runCmd(Options{Command: CmdCheck, Config: f})
			if code != 1 || stdout != "" {
				t.Errorf("exit %d, stdout %q; want 1 and nothing", code, stdout)
			}
			checkGolden(t, strings.TrimSuffix(f, ".json")+".golden", stderr)
			// explain and generate refuse the config the same way.
			for _, cmd := range []Command{CmdExplain, CmdGenerate} {
				c, o, e := runCmd(Options{Command: cmd, Config: f, Output: filepath.Join(t.TempDir(), "x.go"), Package: "x", Names: []string{"a"}})
				if c != 1 || o != "" || e != stderr {
					t.Errorf("command %d: exit %d, stdout %q, stderr differs from check's: %q", cmd, c, o, e)
				}
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		o      Options
		stderr string
	}{
		{"no config", Options{Command: CmdCheck}, "destgen: -config is required\n"},
		{"missing file", Options{Command: CmdCheck, Config: filepath.Join("testdata", "nope.json")},
			"destgen: open testdata/nope.json: no such file or directory\n"},
		{"directory", Options{Command: CmdExplain, Config: "testdata", Names: []string{"a"}},
			"destgen: read testdata: is a directory\n"},
	} {
		code, stdout, stderr := runCmd(tc.o)
		if code != 2 || stdout != "" || stderr != tc.stderr {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2, nothing, %q", tc.name, code, stdout, stderr, tc.stderr)
		}
	}
}

var realmJSON = filepath.Join("..", "examples", "realm.json")

// TestExplainHuman pins the human-readable explain output for names that
// show each kind of answer.
func TestExplainHuman(t *testing.T) {
	code, stdout, stderr := runCmd(Options{Command: CmdExplain, Config: realmJSON, Principals: []string{"alice", "ops"},
		Names: []string{"foo.bar", "foo.boo", "orders.x.eu", "metrics.cpu", "nothing", "foo.*", "a..b", "rob.durable.x", "rob.exchange.x"}})
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	checkGolden(t, filepath.Join("testdata", "explain.golden"), stdout)
}

// jsonExplanation is the documented -json schema.
type jsonExplanation struct {
	Name    string   `json:"name"`
	Error   *string  `json:"error"`
	Matches []string `json:"matches"`
	Chosen  *string  `json:"chosen"`
	Allowed struct {
		Publish   bool `json:"publish"`
		Subscribe bool `json:"subscribe"`
	} `json:"allowed"`
	AutoCreate struct {
		Publish *int `json:"publish"`
		Consume *int `json:"consume"`
	} `json:"autoCreate"`
}

// explainWant is what explain -json must say for a name in realm.json to a
// caller holding bob and ops; -1 is a null policy index.
var explainWant = []struct {
	name             string
	invalid          bool
	matches, chosen  string // space-separated; "" for none / null
	pub, sub         bool
	acPub, acConsume int
}{
	{"foo.bar", false, "foo.bar foo.* foo.>", "foo.bar", true, true, -1, -1}, // publish via foo.*'s bob
	{"foo.boo", false, "foo.* foo.>", "foo.*", true, true, -1, -1},
	{"foo.a.b", false, "foo.>", "foo.>", false, false, -1, -1},
	{"orders.x.eu", false, "orders.*.eu orders.>", "orders.*.eu", false, true, -1, -1},
	{"metrics.cpu", false, "metrics.>", "metrics.>", false, true, -1, -1},
	{"nothing", false, "", "", false, false, -1, -1},
	{"foo.*", true, "", "", false, false, -1, -1},
	{"a..b", true, "", "", false, false, -1, -1},
	{"rob.durable.x", false, "", "", false, false, 0, 0},
	{"rob.exchange.x", false, "", "", false, false, 1, -1},
	{"rob.durable.*", true, "", "", false, false, 0, 0}, // auto-creation ignores FTL syntax
}

func TestExplainJSON(t *testing.T) {
	var names []string
	for _, w := range explainWant {
		names = append(names, w.name)
	}
	code, stdout, stderr := runCmd(Options{Command: CmdExplain, Config: realmJSON, JSON: true, Principals: []string{"bob", "ops"}, Names: names})
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != len(explainWant) {
		t.Fatalf("%d lines for %d names:\n%s", len(lines), len(explainWant), stdout)
	}
	for i, w := range explainWant {
		checkKeys(t, lines[i], w.invalid)
		var e jsonExplanation
		if err := json.Unmarshal([]byte(lines[i]), &e); err != nil {
			t.Fatalf("line %d: %v: %s", i, err, lines[i])
		}
		got := []any{e.Name, e.Error != nil, strings.Join(e.Matches, " "), strOrEmpty(e.Chosen), e.Allowed.Publish, e.Allowed.Subscribe, policyIndex(e.AutoCreate.Publish), policyIndex(e.AutoCreate.Consume)}
		want := []any{w.name, w.invalid, w.matches, w.chosen, w.pub, w.sub, w.acPub, w.acConsume}
		for j := range got {
			if got[j] != want[j] {
				t.Errorf("line %d: got %v, want %v\n%s", i, got, want, lines[i])
				break
			}
		}
	}
}

// checkKeys checks the key set of one -json line: error only for an invalid
// name, matches always an array, chosen always present, and exactly the
// documented keys under allowed and autoCreate.
func checkKeys(t *testing.T, line string, invalid bool) {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &raw); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	if _, ok := raw["error"]; ok != invalid {
		t.Errorf("error key present = %v, want %v: %s", ok, invalid, line)
	}
	if m := string(raw["matches"]); !strings.HasPrefix(m, "[") {
		t.Errorf("matches = %s, want an array: %s", m, line)
	}
	if _, ok := raw["chosen"]; !ok {
		t.Errorf("no chosen key: %s", line)
	}
	for key, want := range map[string]string{"allowed": "publish subscribe", "autoCreate": "consume publish"} {
		var sub map[string]json.RawMessage
		if err := json.Unmarshal(raw[key], &sub); err != nil {
			t.Errorf("%s: %v: %s", key, err, line)
			continue
		}
		var keys []string
		for k := range sub {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if got := strings.Join(keys, " "); got != want {
			t.Errorf("%s keys = %q, want %q: %s", key, got, want, line)
		}
	}
}

func strOrEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func policyIndex(i *int) int {
	if i == nil {
		return -1
	}
	return *i
}

// TestExplainNoNames: explain with no names prints nothing and succeeds,
// so it doubles as a check.
func TestExplainNoNames(t *testing.T) {
	code, stdout, stderr := runCmd(Options{Command: CmdExplain, Config: realmJSON, JSON: true})
	if code != 0 || stdout != "" || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
