package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	oneOfEach = filepath.Join("..", "..", "gen", "lint", "testdata", "one-of-each.json")
	vhost     = filepath.Join("..", "..", "examples", "qpid-virtualhost.json")
	aclUnion  = filepath.Join("..", "..", "examples", "ftl-acl-union.json")
)

var flagTests = []cliTest{
	{"version", []string{"-version"}, 0, "destgen version devel\n", ""},
	{"help lists commands", []string{"-h"}, 0, "", "Usage:\n\n\tdestgen -config file [-config file] -o file [-pkg name] [flags]\n\tdestgen <command> [flags] [arguments]\n\nThe commands are:\n\n\tcheck "},
	{"help lists flags", []string{"-h"}, 0, "", "  -strict\n    \ttreat warnings as errors\n"},
	{"version is not a check flag", []string{"check", "-version"}, 2, "", "flag provided but not defined: -version"},
	{"schema", []string{"schema"}, 0, "\"$schema\": \"https://json-schema.org/draft/2020-12/schema\"", ""},
	{"schema takes no config", []string{"schema", "-config", "x.json"}, 2, "", "flag provided but not defined: -config"},
	{"schema takes no arguments", []string{"schema", "x"}, 2, "", `destgen schema: unexpected arguments ["x"]`},
	{"check warnings", []string{"check", "-config", oneOfEach}, 0, "", "0 error(s), 3 warning(s)\n"},
	{"check strict", []string{"check", "-strict", "-config", oneOfEach}, 1, "", "3 error(s), 0 warning(s)\n"},
	{"qpid virtual host", []string{"check", "-config", vhost}, 0, "", ""},
	{"forced native", []string{"check", "-format", "native", "-config", vhost}, 1, "", `unknown key "modelVersion" in config`},
	{"bad format", []string{"check", "-format", "yaml", "-config", vhost}, 2, "", `destgen: -format: unknown format "yaml"`},
	{"merged configs", []string{"explain", "-json", "-config", vhost, "-config", aclUnion, "-principal", "Alice", "foo.bar"}, 0,
		`{"name":"foo.bar","matches":["foo.*","foo.bar"],"chosen":"foo.bar","allowed":{"publish":true,"subscribe":false},"autoCreate":{"consume":null,"publish":null}}`, ""},
}

func TestFlags(t *testing.T) { runCLITests(t, flagTests) }

// TestSchemaCheckedIn: the schema at the repository root is what
// `destgen schema` prints (go test ./gen -update rewrites it).
func TestSchemaCheckedIn(t *testing.T) {
	_, stdout, _ := destgen(t, "schema")
	want, err := os.ReadFile(filepath.Join("..", "..", "destgen.schema.json"))
	if err != nil || stdout != string(want) {
		t.Errorf("destgen.schema.json differs from destgen schema (%v); run go test ./gen -update", err)
	}
	if !strings.HasSuffix(stdout, "}\n") {
		t.Errorf("schema does not end in a newline")
	}
}
