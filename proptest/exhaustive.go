package proptest

import (
	"encoding/json"
	"fmt"
	"strings"
)

// SmallPatterns returns every valid pattern of 1..maxLen elements over
// {a, b, *, >}: 52 for maxLen 3.
func SmallPatterns(maxLen int) []string {
	var out []string
	for _, s := range Enumerate([]string{"a", "b", "*", ">"}, maxLen) {
		if i := strings.Index(s, ">"); i < 0 || i == len(s)-1 {
			out = append(out, s)
		}
	}
	return out
}

// SmallConfigs returns the exhaustive test's configs over pats: the empty
// config, every pattern alone, every ordered pair (config order decides
// indices and may decide how the plan is built), and, for k = 3, every
// set of three in one order (all orders would be 6x as many, and order
// effects are already covered by the pairs).
func SmallConfigs(pats []string, k int) [][]string {
	out := [][]string{{}}
	for i, a := range pats {
		out = append(out, []string{a})
		for j, b := range pats {
			if i != j && k >= 2 {
				out = append(out, []string{a, b})
			}
			if i < j && k >= 3 {
				for _, c := range pats[j+1:] {
					out = append(out, []string{a, b, c})
				}
			}
		}
	}
	return out
}

// SmallConfigJSON is a config of the given patterns in which destination i
// grants publish to p<i> and subscribe to p<i+1>, so that the ACL union of
// overlapping destinations differs from each one's ACL.
func SmallConfigJSON(patterns []string) []byte {
	f := File{Permissions: true, Destinations: []FileDest{}, Policies: []FilePolicy{}}
	for i, p := range patterns {
		f.Destinations = append(f.Destinations, FileDest{Name: p, ACL: FileACL{
			Publish: []string{fmt.Sprintf("p%d", i)}, Subscribe: []string{fmt.Sprintf("p%d", i+1)},
		}})
	}
	b, _ := json.Marshal(f)
	return b
}
