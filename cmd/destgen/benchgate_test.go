package main

import (
	"path/filepath"
	"testing"
)

var gateData = filepath.Join("..", "..", "gen", "benchgate", "testdata")

// benchgateTests run `destgen benchgate` on gen/benchgate's recordings:
// the command dispatches to it with the status it returns.
var benchgateTests = []cliTest{
	{"benchgate regression", []string{"benchgate", filepath.Join(gateData, "slow.base.txt"), filepath.Join(gateData, "slow.head.txt")},
		1, "benchgate: FAIL: 5 of 45 comparisons regressed", ""},
	{"benchgate noise", []string{"benchgate", "-max-regression", "10%", "-alpha", "0.05", filepath.Join(gateData, "neutral.base.txt"), filepath.Join(gateData, "neutral.head.txt")},
		0, "benchgate: ok: 45 comparisons, no regression", ""},
	{"benchgate one file", []string{"benchgate", filepath.Join(gateData, "slow.base.txt")}, 2, "", "usage: destgen benchgate"},
}

func TestBenchgate(t *testing.T) { runCLITests(t, benchgateTests) }
