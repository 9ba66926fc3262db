package gen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var oneOfEach = filepath.Join("lint", "testdata", "one-of-each.json")

// TestCheckWarnings: check prints warnings with a count and succeeds;
// -strict makes them errors.
func TestCheckWarnings(t *testing.T) {
	code, stdout, stderr := runCmd(Options{Command: CmdCheck, Config: oneOfEach})
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if code != 0 || stdout != "" || len(lines) != 4 || lines[3] != "0 error(s), 3 warning(s)" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	for _, l := range lines[:3] {
		if !strings.HasPrefix(l, "lint/testdata/one-of-each.json:") || !strings.Contains(l, ": warning: ") {
			t.Errorf("not a positioned warning: %s", l)
		}
	}
	code, _, strict := runCmd(Options{Command: CmdCheck, Config: oneOfEach, Strict: true})
	if want := strings.ReplaceAll(strings.Replace(stderr, "0 error(s), 3 warning(s)", "3 error(s), 0 warning(s)", 1), ": warning: ", ": error: "); code != 1 || strict != want {
		t.Errorf("-strict: exit %d, stderr:\n%s\nwant:\n%s", code, strict, want)
	}
}

// TestGenerateWarnings: generation prints the same warnings and still
// writes its output, unless -strict.
func TestGenerateWarnings(t *testing.T) {
	_, _, checkOut := runCmd(Options{Command: CmdCheck, Config: oneOfEach})
	out := filepath.Join(t.TempDir(), "x.go")
	code, _, stderr := runCmd(Options{Config: oneOfEach, Output: out, Package: "x"})
	if _, err := os.Stat(out); code != 0 || stderr != checkOut || err != nil {
		t.Errorf("exit %d, %v, stderr:\n%s", code, err, stderr)
	}
	out = filepath.Join(t.TempDir(), "y.go")
	code, _, _ = runCmd(Options{Config: oneOfEach, Output: out, Package: "x", Strict: true})
	if _, err := os.Stat(out); code != 1 || err == nil {
		t.Errorf("-strict: exit %d, output written: %v", code, err == nil)
	}
	// explain answers questions and does not lint.
	if code, _, stderr := runCmd(Options{Command: CmdExplain, Config: oneOfEach, Names: []string{"audit.x"}}); code != 0 || stderr != "" {
		t.Errorf("explain: exit %d, stderr %q", code, stderr)
	}
}

var qpidVhost = filepath.Join("..", "examples", "qpid-virtualhost.json")

// TestQpidVirtualHost: the QPID-6954 virtual host, as written in the
// issue, generates the same code as the native example holding its two
// policies, except for the header naming the source.
func TestQpidVirtualHost(t *testing.T) {
	gen := func(cfg string) []byte {
		out := filepath.Join(t.TempDir(), "x.go")
		code, _, stderr := runCmd(Options{Config: cfg, Output: out, Package: "x"})
		if code != 0 || stderr != "" {
			t.Fatalf("generate %s: exit %d, stderr %q", cfg, code, stderr)
		}
		src, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	vh := gen(qpidVhost)
	native := gen(filepath.Join("..", "examples", "qpid-6954.json"))
	vh = bytes.Replace(vh, []byte("qpid-virtualhost.json"), []byte("qpid-6954.json"), 1)
	if !bytes.Equal(vh, native) {
		t.Errorf("virtual host and native configs generate different code")
	}
	// Forcing the native format rejects the virtual host's other keys.
	code, _, stderr := runCmd(Options{Command: CmdCheck, Config: qpidVhost, Format: "native"})
	if code != 1 || !strings.Contains(stderr, `qpid-virtualhost.json:2:3: error: unknown key "id" in config`) {
		t.Errorf("-format native: exit %d, stderr:\n%s", code, stderr)
	}
	if code, _, stderr := runCmd(Options{Command: CmdCheck, Config: qpidVhost, Format: "xml"}); code != 2 ||
		stderr != "destgen: -format: unknown format \"xml\" (want auto, native or qpid)\n" {
		t.Errorf("-format xml: exit %d, stderr %q", code, stderr)
	}
}

// TestMergedConfigs: policies from the virtual host, destinations and
// ACLs from a native file; explain sees both, policy indices count across
// files.
func TestMergedConfigs(t *testing.T) {
	acl := filepath.Join("..", "examples", "ftl-acl-union.json")
	code, stdout, stderr := runCmd(Options{Command: CmdExplain, Configs: []string{qpidVhost, acl}, JSON: true,
		Principals: []string{"Bob"}, Names: []string{"foo.boo", "rob.exchange.x"}})
	want := `{"name":"foo.boo","matches":["foo.*"],"chosen":"foo.*","allowed":{"publish":true,"subscribe":false},"autoCreate":{"consume":null,"publish":null}}
{"name":"rob.exchange.x","matches":[],"chosen":null,"allowed":{"publish":false,"subscribe":false},"autoCreate":{"consume":null,"publish":1}}
`
	if code != 0 || stderr != "" || stdout != want {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, stdout, want)
	}
	// The same destination in both files is a duplicate, positioned in its file.
	tail := filepath.Join("..", "examples", "ftl-star-over-tail.json")
	code, _, stderr = runCmd(Options{Command: CmdCheck, Configs: []string{tail, acl}})
	if code != 1 || stderr != `../examples/ftl-acl-union.json:4:14: error: destination 2: duplicate destination "foo.*" (first at ../examples/ftl-star-over-tail.json:3:14)
1 error(s), 0 warning(s)
` {
		t.Errorf("duplicate across files: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestSchemaCommand: destgen schema prints the checked-in schema.
func TestSchemaCommand(t *testing.T) {
	code, stdout, stderr := runCmd(Options{Command: CmdSchema})
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	checkGolden(t, filepath.Join("..", "destgen.schema.json"), stdout)
}
