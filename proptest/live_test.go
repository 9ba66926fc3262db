package proptest

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/live"
	"github.com/destgen/destgen/proptest/wire"
	"github.com/destgen/destgen/runtime"
)

// TestLiveMatchesReference is the differential property on live.Realm:
// the same random configs as TestGeneratedMatchesReference are compiled
// in-process, and the Realm's tables (destinations with typed properties,
// policies) and every answer of Resolve, Matches, Allowed and AutoCreate
// on every name are compared with the reference interpreter, line for
// line in the driver's wire format; so is the Realm loaded back from its
// plan artifact (live.Load of runtime.EncodePlan). No build is needed, so
// it runs many more configs than the generated-code property.
func TestLiveMatchesReference(t *testing.T) {
	props := gopter.NewProperties(testParams(t))
	props.Property("realm answers as the reference", prop.ForAll(func(c Config) string {
		m, err := c.Model()
		if err != nil {
			return err.Error()
		}
		r, _, err := live.Compile(live.Source{Name: "proptest.json", Data: c.JSON()})
		if err != nil {
			return fmt.Sprintf("live.Compile rejects a valid config: %v", err)
		}
		loaded, err := live.Load(runtime.EncodePlan(r.Plan()))
		if err != nil {
			return fmt.Sprintf("live.Load of a compiled realm's plan: %v", err)
		}
		ref := Reference(reference.New(m))
		for _, r := range []*live.Realm{r, loaded} {
			if msg := sameLines("table", DumpRealm(r), Dump(m)); msg != "" {
				return msg
			}
			rf := Realm(r)
			for _, n := range c.AllNames(*depthFlag) {
				if g, w := wire.Line(rf, n), wire.Line(ref, n); g != w {
					return (&Mismatch{"name " + strconv.Quote(n), g, w}).String() + "\n" + string(c.JSON())
				}
			}
		}
		return ""
	}, GenConfig()))
	props.TestingRun(t)
}

func sameLines(what string, got, want []string) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%s: %d lines, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			return (&Mismatch{what, got[i], want[i]}).String()
		}
	}
	return ""
}
