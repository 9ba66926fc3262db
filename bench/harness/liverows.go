package harness

import "github.com/destgen/destgen/bench/workload"

// LiveRow is one row the live front door is held to the generated one
// on: a lookup and a name sample (BenchmarkLiveParity, cmd/instrparity).
type LiveRow struct {
	Fn    string // Resolve, Matches, Allowed or AutoCreate
	Label string // the sample's names= label, as the benchmarks name it
	Cat   workload.Category
	Dist  workload.Dist
}

// LiveRows returns the rows of a kind of package: every name sample of
// Resolve, the wildcard and mixed ones of Matches, hits and mixed of
// Allowed, and AutoCreate's three for policy sets, as the gate's live
// checks read them.
func LiveRows(k Kind) []LiveRow {
	if k == Policies {
		return []LiveRow{{"AutoCreate", "hits", workload.NodeHits, workload.Uniform},
			{"AutoCreate", "miss", workload.NodeMisses, workload.Uniform},
			{"AutoCreate", "mixed", workload.NodeMixedNames, workload.Uniform}}
	}
	return []LiveRow{{"Resolve", "hits", workload.Hits, workload.Uniform},
		{"Resolve", "hits-zipf", workload.Hits, workload.Zipf},
		{"Resolve", "wild", workload.WildHits, workload.Uniform},
		{"Resolve", "miss", workload.Misses, workload.Uniform},
		{"Resolve", "invalid", workload.Invalid, workload.Uniform},
		{"Resolve", "mixed", workload.MixedNames, workload.Uniform},
		{"Resolve", "mixed-zipf", workload.MixedNames, workload.Zipf},
		{"Matches", "wild", workload.WildHits, workload.Uniform},
		{"Matches", "mixed", workload.MixedNames, workload.Uniform},
		{"Allowed", "hits", workload.Hits, workload.Uniform},
		{"Allowed", "mixed", workload.MixedNames, workload.Uniform}}
}
