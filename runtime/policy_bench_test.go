package runtime

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchPolicies is a small config in the shape of bench/'s fast workload:
// literal prefixes, a suffix and alternations of literals.
func benchPolicies(n int, r *rand.Rand) []testPolicy {
	tenants := []string{"rob", "acme", "globex", "initech", "umbrella", "hooli", "stark"}
	kinds := []string{"durable", "exchange", "temp", "events", "dlq", "work", "replies"}
	var pols []testPolicy
	for range n {
		t := tenants[r.IntN(len(tenants))]
		if r.IntN(3) != 0 {
			t = fmt.Sprintf("app%03d", r.IntN(max(10, n)))
		}
		k := kinds[r.IntN(len(kinds))]
		switch x := r.IntN(10); {
		case x < 7:
			pols = append(pols, testPolicy{lits: []string{t + "." + k + "."}, check: CheckNoLineTerminator})
		case x < 8:
			pols = append(pols, testPolicy{lits: []string{"." + k + "." + t}, suffix: true, check: CheckNoLineTerminator})
		default:
			pols = append(pols, testPolicy{lits: []string{t + "." + k + ".start", t + "." + k + ".stop"}, anchor: AnchorExact})
		}
	}
	return pols
}

func BenchmarkFind(b *testing.B) {
	for _, n := range []int{10, 1000} {
		r := rand.New(rand.NewPCG(1, uint64(n)))
		pols := benchPolicies(n, r)
		x := NewPolicyIndex(compact(pols))
		names := make([]string, 4096)
		for i := range names {
			p := pols[r.IntN(len(pols))]
			names[i] = p.lits[0]
			switch {
			case p.suffix:
				names[i] = "orders.eu" + names[i]
			case p.anchor == AnchorAffix:
				names[i] += "orders.created"
			}
		}
		b.Run(fmt.Sprintf("P=%d", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				x.Find(names[i&4095], Publish, nil)
			}
		})
	}
}
