package runtime

import (
	"slices"
	"strings"
	"testing"
)

// TestPolicyParts: Parts names what each kind of list builds, and only
// that.
func TestPolicyParts(t *testing.T) {
	prefix := testPolicy{lits: []string{"rob.durable."}, check: CheckNoLineTerminator}
	suffix := testPolicy{lits: []string{".dlq.acme"}, suffix: true, check: CheckNoLineTerminator}
	split := make([]testPolicy, splitAbove+1)
	for i := range split {
		split[i] = testPolicy{lits: []string{"tenant01.queue" + strings.Repeat("x", i) + ".durable"}, anchor: AnchorExact}
	}
	for _, c := range []struct {
		name string
		pols []testPolicy
		want string
	}{
		{"prefixes", []testPolicy{prefix}, "front8,only8"},
		{"prefix and suffix", []testPolicy{prefix, suffix}, "front8,back8,only8"},
		{"split bucket", split, "front8,only8,deep"},
		{"short literal", []testPolicy{prefix, {lits: []string{"ab"}, anchor: AnchorExact}}, "front8,small"},
		{"fold", []testPolicy{{lits: []string{"rob.durable."}, anchor: AnchorFold}}, "front8,front8-fold"},
		{"inner literal", []testPolicy{{lits: []string{"orders"}, anchor: AnchorInfix, check: CheckMatch}}, "infix"},
		{"short inner literal", []testPolicy{{lits: []string{"ab"}, anchor: AnchorInfix, check: CheckMatch}}, "always"},
	} {
		if got := strings.Join(NewPolicyIndex(compact(c.pols)).Parts(), ","); got != c.want {
			t.Errorf("%s: Parts %s, want %s", c.name, got, c.want)
		}
	}
	// A list automaton alone is the whole index; its skip state (`.*`)
	// and quad tables are named.
	x := NewPolicyIndex(&CompactPolicies{LiteralEnds: []uint32{0}, EntryPolicy: []uint32{0}, AtEnd: []bool{false},
		Flags: []uint8{1<<NumOps - 1 | CheckAutomaton}, Automata: []PolicyAutomaton{bPlus(0)}})
	if got := x.Parts(); !slices.Contains(got, "whole") || !slices.Contains(got, "autos") {
		t.Errorf("one list automaton: Parts %v, want whole and autos", got)
	}
}
