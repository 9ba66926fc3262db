package bench

import (
	"testing"

	"github.com/destgen/destgen/runtime"
)

// A Matcher's result caches (runtime/resultcache.go) outlive a benchmark:
// the generated package's is a package variable, the live Realm's lives
// as long as the workload's Env. So a row met the caches as the rows
// before it left them, full of other samples' names (exact N = 100: the
// invalid names' row leaves 8 of 8 ways of every set taken), and a full
// set admits a name only on its second miss in a row there (the
// doorkeeper). A broker's traffic, in no fixed order, passes it in time;
// a benchmark's sample, replayed in the same order, where a set's names
// never miss twice in a row, does not: mixed names at exact N = 100
// walked 0.177 times a lookup after the rows before them against 0.023
// from empty caches, and healed only as fast as a side asked, which gave
// BenchmarkLiveParity's gen (asked twice a round, as gen and gen2) fewer
// walks than live: 0.017 to 0.036 a lookup in rounds 1 to 8 (README.md,
// "Live against generated, session 19").
//
// steady asks each name of the sample twice in a row before the loop, so
// that every name passes the doorkeeper and the caches hold the sample's
// names, as a broker's hold its traffic's after a while: each side then
// measures its steady state on this sample, whatever ran before and
// however long. It runs before loop's first b.Loop, which starts the
// timer, and before BenchmarkLiveParity reads the thread's CPU time.
func steady(warm func(names []string), loop func(*testing.B, []string)) func(*testing.B, []string) {
	return func(b *testing.B, names []string) {
		warm(names)
		loop(b, names)
	}
}

// resolveTwice is steady's warm-up for a Resolve.
func resolveTwice[D any](resolve func(string) (D, error)) func([]string) {
	return func(names []string) {
		for _, n := range names {
			resolve(n)
			resolve(n)
		}
	}
}

// allowedTwice is steady's warm-up for an Allowed of op, the i-th name
// asked by callers[i], as the loops ask (Allowed's caches are per op).
func allowedTwice(allowed func(runtime.Op, string, ...runtime.Principal) bool, op runtime.Op, callers [][]runtime.Principal) func([]string) {
	return func(names []string) {
		for i, n := range names {
			allowed(op, n, callers[i]...)
			allowed(op, n, callers[i]...)
		}
	}
}
