package runtime_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// policyConfig is a config of 20 destinations and p auto-creation
// policies of literal prefixes, which the policy index decides without
// a regexp.
func policyConfig(p int) []byte {
	var ds, ps []map[string]any
	for i := range 20 {
		ds = append(ds, map[string]any{"name": fmt.Sprintf("svc%d.orders", i)})
	}
	for i := range p {
		ps = append(ps, map[string]any{"pattern": fmt.Sprintf(`team%d\.queue\..*`, i), "nodeType": "queue", "createdOnPublish": true})
	}
	b, _ := json.Marshal(map[string]any{"destinations": ds, "nodeAutoCreationPolicies": ps})
	return b
}

// TestDecodePlanAllocsFlatInPolicies: validating a plan allocates as much
// with 1,000 policies decided without a regexp as with 10 (the check
// compiled an empty regexp for each: 9 allocations per policy, most of
// a validated Load's allocations).
func TestDecodePlanAllocsFlatInPolicies(t *testing.T) {
	var counts []float64
	for _, p := range []int{10, 1000} {
		m, diags := model.Load("policies.json", policyConfig(p))
		if err := diags.Err(); err != nil {
			t.Fatal(err)
		}
		a := plan.Build(m).Artifact()
		for i, pol := range a.Policies {
			if pol.GoRegexp != "" {
				t.Fatalf("policy %d has a regexp %q; the test wants none", i, pol.GoRegexp)
			}
		}
		data := string(runtime.EncodePlan(a))
		counts = append(counts, testing.AllocsPerRun(3, func() {
			if _, err := runtime.DecodePlanString(data); err != nil {
				t.Fatal(err)
			}
		}))
	}
	if counts[0] != counts[1] {
		t.Errorf("DecodePlan allocations with 10 and 1,000 policies: %v; want them equal", counts)
	}
}
