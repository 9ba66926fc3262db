package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// reexecEnv makes the test binary act as destgen: TestMain sees it, runs
// main's run on the arguments and exits, so the real flag handling and
// exit status are exercised without a go build.
const reexecEnv = "DESTGEN_TEST_REEXEC"

func TestMain(m *testing.M) {
	if os.Getenv(reexecEnv) == "1" {
		os.Exit(run(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// destgen runs the test binary as destgen with args.
func destgen(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), reexecEnv+"=1")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

var (
	realm    = filepath.Join("..", "..", "examples", "realm.json")
	badStore = filepath.Join("..", "..", "gen", "testdata", "errors", "stores.json")
	// qpidContext is a Broker-J virtual host with context variables.
	qpidContext = filepath.Join("..", "..", "examples", "qpid-context.json")
)

// cliTest is one run of the command: its arguments, exit status and
// output.
type cliTest struct {
	name   string
	args   []string
	code   int
	stdout string // substring; "" means empty
	stderr string // substring; "" means empty
}

var cliTests = []cliTest{
	{"check ok", []string{"check", "-config", realm}, 0, "", ""},
	{"check bad config", []string{"check", "-config", badStore}, 1, "", "stores.json:5:5: error: destination 2 \"foo.baz\""},
	{"check missing file", []string{"check", "-config", "nope.json"}, 2, "", "destgen: open nope.json: no such file or directory"},
	{"check no config", []string{"check"}, 2, "", "destgen: -config is required"},
	{"check unknown flag", []string{"check", "-bogus"}, 2, "", "flag provided but not defined: -bogus\nUsage of destgen check:"},
	{"check explain-only flag", []string{"check", "-json", "-config", realm}, 2, "", "flag provided but not defined: -json"},
	{"check extra argument", []string{"check", "-config", realm, "foo.bar"}, 2, "", `destgen check: unexpected arguments ["foo.bar"]`},
	{"check help", []string{"check", "-h"}, 0, "", "Usage of destgen check:"},
	{"explain", []string{"explain", "-config", realm, "-principal", "bob", "-principal", "ops", "foo.boo"},
		0, "\"foo.boo\"\n  matches     foo.*, foo.>\n", ""},
	{"explain json", []string{"explain", "-json", "-config", realm, "-principal", "bob", "foo.boo"},
		0, `{"name":"foo.boo","matches":["foo.*","foo.>"],"chosen":"foo.*",`, ""},
	{"explain flag value missing", []string{"explain", "-config", realm, "-principal"}, 2, "", "flag needs an argument: -principal"},
	{"generate flag on explain", []string{"explain", "-o", "x.go", "-config", realm}, 2, "", "flag provided but not defined: -o"},
	{"context flags", []string{"explain", "-json", "-context", "a=1", "-context", "b=2", "-context-env", "-config", qpidContext, "orders"},
		0, `"autoCreate":{"consume":null,"publish":2}`, ""},
	{"context flag not NAME=VALUE", []string{"check", "-context", "a", "-config", qpidContext}, 2, "", `destgen: -context "a" is not NAME=VALUE`},
	{"unknown command", []string{"chek", "-config", realm}, 2, "", `destgen: unexpected arguments ["chek" "-config"`},
	{"no arguments", nil, 2, "", "destgen: -config is required"},
}

func TestCLI(t *testing.T) { runCLITests(t, cliTests) }

func runCLITests(t *testing.T, tests []cliTest) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := destgen(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstderr: %s", code, tc.code, stderr)
			}
			check(t, "stdout", stdout, tc.stdout)
			check(t, "stderr", stderr, tc.stderr)
		})
	}
}

func check(t *testing.T, what, got, want string) {
	t.Helper()
	if want == "" && got != "" || !strings.Contains(got, want) {
		t.Errorf("%s = %q, want it to contain %q", what, got, want)
	}
}
