package workload

import (
	"math/rand/v2"
	"strings"

	"github.com/destgen/destgen/runtime"
)

// invalidPerBase is how many configured names each invalid-name mutation
// is applied to.
const invalidPerBase = 64

// mutations make a valid name invalid in each way the FTL rules forbid.
var mutations = []func(name string) string{
	func(string) string { return "" },
	func(string) string { return "." },
	func(n string) string { return n + "." },
	func(n string) string { return "." + n },
	func(n string) string { return strings.Replace(n+".x", ".", "..", 1) },
	func(n string) string { return n + ".*" },
	func(n string) string { return n + ".>" },
	func(n string) string { return strings.Replace(n, ".", "*.", 1) + "*" },
	func(n string) string { return n + "." + strings.Repeat("x", runtime.MaxNameBytes) },
	func(n string) string { return n + "." + strings.Repeat("y", runtime.MaxElementBytes+1) },
	func(n string) string { return n + strings.Repeat(".e", runtime.MaxElements) },
}

// invalid applies every mutation to a sample of configured (or random)
// names.
func (w *Workload) invalid(r *rand.Rand) []string {
	var out []string
	for range invalidPerBase {
		base := strings.Join(w.randomName(r, w.depth(r)), ".")
		if len(w.Literals) > 0 {
			base = w.Literals[r.IntN(len(w.Literals))]
		}
		for _, m := range mutations {
			out = append(out, m(base))
		}
	}
	return out
}

func validName(name string) bool { return runtime.Valid(name) }
