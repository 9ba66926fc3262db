package fuzz

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/internal/seedcorpus"
	"github.com/destgen/destgen/runtime"
)

// policyTenants and policyKinds build patterns that crowd the policy
// index: tenants whose first 8 bytes agree (so buckets split), differ in
// case (folded keys) or are short (the small tables); kinds that nest.
var (
	policyTenants = []string{"tenant01", "tenant01x", "tenant0", "Tenant01", "t", "rob"}
	policyKinds   = []string{"durable", "dlq", "durable.orders", "d"}
)

// policyForms are the shapes of the bench workload and of issue 6, and a
// few the index treats apart: T is a tenant, K a kind (regex-quoted).
var policyForms = []string{
	`T\.K\..*`, `(?s)T\.K\..*`, `.*\.K\.T`, `T\.K\.x`, `T\.K\.start|T\.K\.stop`,
	`(?i)T\.K\.[a-z0-9]+`, `[a-z]+\.v[0-9]+\.T\..*`, `T\.[0-9]+\.K`, `T\.K\.q[0-9]{2,4}`,
	`.*`, `[a-z]+`, `T`, `(?i)T\..*`, `.*T.*`, `T\.K`,
}

// randomPolicies is a config of 1 to 24 policies drawn by r.
func randomPolicies(r *rand.Rand) []byte {
	type pol struct {
		Pattern   string `json:"pattern"`
		NodeType  string `json:"nodeType"`
		OnPublish bool   `json:"createdOnPublish"`
		OnConsume bool   `json:"createdOnConsume"`
	}
	var pols []pol
	for range 1 + r.IntN(24) {
		t := regexp.QuoteMeta(policyTenants[r.IntN(len(policyTenants))])
		k := regexp.QuoteMeta(policyKinds[r.IntN(len(policyKinds))])
		p := strings.NewReplacer("T", t, "K", k).Replace(policyForms[r.IntN(len(policyForms))])
		ops := 1 + r.IntN(3)
		pols = append(pols, pol{p, "queue", ops&1 != 0, ops&2 != 0})
	}
	data, _ := json.Marshal(map[string]any{"nodeAutoCreationPolicies": pols})
	return data
}

// FuzzPolicyIndex compares the policy index (runtime.PolicyIndex, as
// generated code builds it from the plan, with each policy's regexp as
// the match function) with the reference interpreter's loop over all
// policies, on crowded random configs and names built around the fuzzed
// one. It also checks that match runs in ascending order and never on a
// policy numbered above the answer.
func FuzzPolicyIndex(f *testing.F) {
	for i, name := range []string{
		"tenant01.durable.x", "TENANT01.DURABLE.q12", "a.v1.tenant01.x\ny", "tenant01.durable.\u2028",
		"tenant01.durable.orders.x", "x.dlq.tenant01", "t", "", "rob.7.d", "tenant01\xff.durable.x",
	} {
		seedcorpus.Add(f, uint64(i), name)
	}
	f.Fuzz(func(t *testing.T, seed uint64, name string) {
		r := rand.New(rand.NewPCG(seed, 6))
		m, diags := model.Load("fuzz.json", randomPolicies(r))
		if diags.Err() != nil {
			t.Fatalf("seed %d: config rejected: %v", seed, diags.Err())
		}
		p := plan.Build(m)
		idx := runtime.NewPolicyIndex(&p.PolicyIndex)
		ref := reference.New(m)
		res := make([]*regexp.Regexp, len(m.Policies))
		for i, pol := range m.Policies {
			res[i] = regexp.MustCompile(pol.GoRegexp)
		}
		tenant, kind := policyTenants[r.IntN(len(policyTenants))], policyKinds[r.IntN(len(policyKinds))]
		for _, n := range []string{name, tenant + "." + kind + "." + name, name + "." + kind + "." + tenant,
			strings.ToUpper(tenant) + "." + kind + "." + name, "a.v12." + tenant + "." + name} {
			for _, op := range []runtime.Op{runtime.Publish, runtime.Consume} {
				var calls []int
				got, gotOK := idx.Find(n, op, func(i int, s string) bool {
					calls = append(calls, i)
					return res[i].MatchString(s)
				})
				want, wantOK := ref.AutoCreate(n, op)
				if got != want || gotOK != wantOK {
					t.Fatalf("seed %d: Find(%q, %v) = %d, %v; reference %d, %v\n%s", seed, n, op, got, gotOK, want, wantOK, patterns(m))
				}
				for i, c := range calls {
					if gotOK && c > got || i > 0 && c <= calls[i-1] {
						t.Fatalf("seed %d: Find(%q, %v) = %d ran match on %v\n%s", seed, n, op, got, calls, patterns(m))
					}
				}
			}
		}
	})
}

func patterns(m *model.Model) string {
	var b strings.Builder
	for i, p := range m.Policies {
		fmt.Fprintf(&b, "%d %q publish=%v consume=%v\n", i, p.Pattern, p.CreatedOnPublish, p.CreatedOnConsume)
	}
	return b.String()
}
