package main

import (
	"path/filepath"
	"testing"
)

var realmNew = filepath.Join("..", "..", "gen", "diff", "testdata", "realm-new.json")

var diffTests = []cliTest{
	{"diff same", []string{"diff", realm, realm}, 0, "no changes in behaviour\n", ""},
	{"diff changes", []string{"diff", realm, realmNew}, 1, "12 change(s): 1 destination-added,", ""},
	{"diff json", []string{"diff", "-json", realm, realmNew}, 1, `{"kind":"destination-added","witness":"orders.x.x",`, ""},
	{"diff all", []string{"diff", "-all", realm, realmNew}, 1, "precedence (2):\n", ""},
	{"diff bad config", []string{"diff", realm, badStore}, 2, "", "stores.json:5:5: error: destination 2 \"foo.baz\""},
	{"diff one file", []string{"diff", realm}, 2, "", "destgen diff: want two config files, OLD and NEW"},
	{"diff takes no -config", []string{"diff", "-config", realm, realm, realm}, 2, "", "flag provided but not defined: -config"},
	{"check warnings all", []string{"check", "-warnings=all", "-config", oneOfEach}, 0, "", "0 error(s), 3 warning(s)\n"},
	{"check warnings count", []string{"check", "-warnings=2", "-config", oneOfEach}, 0, "", "… and 1 more dead policy warnings; -warnings=all lists them\n0 error(s), 3 warning(s)\n"},
	{"check warnings bad", []string{"check", "-warnings=none", "-config", oneOfEach}, 2, "", `invalid value "none" for flag -warnings: want all or a positive count, not "none"`},
	{"diff help", []string{"diff", "-h"}, 0, "", "Usage: destgen diff [flags] OLD NEW\n"},
	{"help lists diff", []string{"-h"}, 0, "", "\tdiff     show which names a config change affects, with witnesses\n"},
}

func TestDiffCLI(t *testing.T) { runCLITests(t, diffTests) }
