package plan

import (
	"testing"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/internal/seedcorpus"
)

// FuzzPolicyDFA compares an automaton with regexp on fuzzed Java patterns
// and names: as the list's automaton of the pattern and a second one, and
// as the pattern's own. Patterns Translate rejects, and those whose
// automaton does not fit, are uninteresting.
func FuzzPolicyDFA(f *testing.F) {
	for i, p := range realistic {
		seedcorpus.Add(f, p, realisticPieces[i%len(realisticPieces)]+adversarial[i%len(adversarial)])
	}
	seedcorpus.Add(f, `(?i)k\x{212A}s`, "K\u212a\u017f")
	seedcorpus.Add(f, `a\x{FFFD}b`, "a\xffb")
	f.Fuzz(func(t *testing.T, pattern, name string) {
		if _, err := javaregex.Translate(pattern); err != nil {
			t.Skip()
		}
		for _, list := range [][]string{{pattern}, {pattern, `[a-z]+\.v[0-9]+\..*`}, {`(?i)reply\.[a-z0-9]{8}`, pattern}} {
			for _, own := range []bool{false, true} {
				c, ok := newDFACase(t, list, []uint8{3, 1}, own)
				if !ok {
					t.Skip()
				}
				c.check(t, name)
			}
		}
	})
}
