package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrokerJContext: issue 26's examples give Broker-J's answers through
// explain -json. examples/qpid-context.json references its context
// ("${tenant}", a policy held in "${queuePolicy}"), writes "orders$$" for
// the regex orders$ and its booleans as strings.
func TestBrokerJContext(t *testing.T) {
	code, stdout, stderr := runCmd(Options{Command: CmdExplain, Config: filepath.Join("..", "examples", "qpid-context.json"), JSON: true,
		Names: []string{"rob.durable.x", "bob.durable.x", "rob.exchange.x", "orders", "orders$"}})
	want := `{"name":"rob.durable.x","matches":[],"chosen":null,"allowed":{"publish":false,"subscribe":false},"autoCreate":{"consume":0,"publish":0}}
{"name":"bob.durable.x","matches":[],"chosen":null,"allowed":{"publish":false,"subscribe":false},"autoCreate":{"consume":null,"publish":null}}
{"name":"rob.exchange.x","matches":[],"chosen":null,"allowed":{"publish":false,"subscribe":false},"autoCreate":{"consume":null,"publish":1}}
{"name":"orders","matches":[],"chosen":null,"allowed":{"publish":false,"subscribe":false},"autoCreate":{"consume":null,"publish":2}}
{"name":"orders$","matches":[],"chosen":null,"allowed":{"publish":false,"subscribe":false},"autoCreate":{"consume":null,"publish":null}}
`
	if code != 0 || stderr != "" || stdout != want {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, stdout, want)
	}
}

// writeConfig writes data to a file of a temporary directory.
func writeConfig(t *testing.T, data string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "vhost.json")
	if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestContextFlags: a name the virtual host does not define comes from
// -context, then, only with -context-env, the environment.
func TestContextFlags(t *testing.T) {
	vhost := writeConfig(t, `{"modelVersion": "9.0", "context": {"region": "eu"},
"nodeAutoCreationPolicies": [{"pattern": "${region}\\.${DESTGEN_TEST_KIND}", "nodeType": "queue", "createdOnPublish": true}]}`)
	t.Setenv("DESTGEN_TEST_KIND", "env")
	const found = `"autoCreate":{"consume":null,"publish":0}`
	tests := []struct {
		name   string
		o      Options
		code   int
		stdout string // substring
		stderr string
	}{
		{"undefined", Options{}, 1, "",
			"vhost.json:2:55: error: policy 0 pattern: no such variable: DESTGEN_TEST_KIND\n1 error(s), 0 warning(s)\n"},
		{"flag", Options{Context: []string{"DESTGEN_TEST_KIND=orders"}, Names: []string{"eu.orders"}}, 0, found, ""},
		{"the virtual host's context first", Options{Context: []string{"region=us", "DESTGEN_TEST_KIND=orders"}, Names: []string{"eu.orders"}}, 0, found, ""},
		{"flag before the environment", Options{Context: []string{"DESTGEN_TEST_KIND=orders"}, ContextEnv: true, Names: []string{"eu.orders"}}, 0, found, ""},
		{"environment", Options{ContextEnv: true, Names: []string{"eu.env"}}, 0, found, ""},
		{"bad flag", Options{Context: []string{"kind"}}, 2, "", "destgen: -context \"kind\" is not NAME=VALUE\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.o.Command, tc.o.Config, tc.o.JSON = CmdExplain, vhost, true
			code, stdout, stderr := runCmd(tc.o)
			if code != tc.code || !strings.Contains(stdout, tc.stdout) || strings.Replace(stderr, filepath.Dir(vhost)+string(filepath.Separator), "", 1) != tc.stderr {
				t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
			}
		})
	}
}

// TestStringBooleanWarning: "yes" is false to Broker-J; check says so, and
// -strict refuses it.
func TestStringBooleanWarning(t *testing.T) {
	vhost := writeConfig(t, `{"modelVersion": "9.0",
"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "queue", "createdOnPublish": "TRUE", "createdOnConsume": "yes"}]}`)
	const msg = `vhost.json:2:116: %s: policy 0 createdOnConsume "yes" is false: Broker-J reads a string as true only if it is "true", in any case (Boolean.valueOf)` + "\n"
	for _, strict := range []bool{false, true} {
		code, _, stderr := runCmd(Options{Command: CmdCheck, Config: vhost, Strict: strict})
		want, wantCode := strings.Replace(msg, "%s", "warning", 1)+"0 error(s), 1 warning(s)\n", 0
		if strict {
			want, wantCode = strings.Replace(msg, "%s", "error", 1)+"1 error(s), 0 warning(s)\n", 1
		}
		if stderr = strings.Replace(stderr, filepath.Dir(vhost)+string(filepath.Separator), "", 1); code != wantCode || stderr != want {
			t.Errorf("strict %v: exit %d, stderr:\n%s\nwant:\n%s", strict, code, stderr, want)
		}
	}
}

// TestNativeNotExpanded: "${" means nothing in the native format; the
// pattern is Java's, which rejects it.
func TestNativeNotExpanded(t *testing.T) {
	native := writeConfig(t, `{"nodeAutoCreationPolicies": [{"pattern": "${tenant}", "nodeType": "queue", "createdOnPublish": true}]}`)
	code, _, stderr := runCmd(Options{Command: CmdCheck, Config: native, Context: []string{"tenant=rob"}})
	if code != 1 || !strings.Contains(stderr, `vhost.json:1:45: error: policy 0: pattern "${tenant}": column 2: Java rejects this pattern: illegal repetition`) {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

// TestExpandedRegexErrorPosition: Java's complaint about an expanded
// pattern in a list held in a string points at the reference, in the file,
// past the escapes of both strings.
func TestExpandedRegexErrorPosition(t *testing.T) {
	vhost := writeConfig(t, `{"modelVersion": "9.0", "context": {"t": "r(b"}, "nodeAutoCreationPolicies": "[{\"pattern\": \"\\u0041${t}\", \"nodeType\": \"queue\", \"createdOnPublish\": true}]"}`)
	code, _, stderr := runCmd(Options{Command: CmdCheck, Config: vhost})
	const want = `vhost.json:1:103: error: policy 0: pattern "Ar(b": column 3: Java rejects this pattern: unclosed group`
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant %s", code, stderr, want)
	}
}
