package runtime_test

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/rich-automata.plan")

// richAutomataPlan is richPlan's bytes checked in, for package runtime's
// own tests, which cannot import gen/plan to build a plan whose wildcards
// are automata (the cost model gives small configs mask tables only).
const richAutomataPlan = "testdata/rich-automata.plan"

// TestRichAutomataPlanFresh fails when the checked-in plan is not what
// the planner builds today (go test ./runtime -run RichAutomata -update).
func TestRichAutomataPlanFresh(t *testing.T) {
	b := richPlan(t)
	if *update {
		if err := os.WriteFile(richAutomataPlan, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(richAutomataPlan)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b) {
		t.Fatalf("%s is stale: run go test ./runtime -run RichAutomata -update", richAutomataPlan)
	}
}
