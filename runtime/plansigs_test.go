package runtime_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// TestPlanSigsCarried: a plan carries its automata's signatures, 3 words
// per node and op (also the synthetic config at 10k, whose blow-up
// patterns are split by wildcard mask); a Matcher
// that adopts them (MustLoadPlan) answers every lookup as one that builds
// them from the sets (DecodePlan drops the words it checked the length
// of), on names that hit, reach the automata and miss, for every op and
// principal pair.
func TestPlanSigsCarried(t *testing.T) {
	for _, c := range []struct{ n, perNode int }{{1000, 3}, {10000, 3}} {
		data := syntheticPlanWith(t, c.n, plan.Options{Masks: plan.MasksOff})
		trusted := runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data)))
		checked, err := runtime.DecodePlanString(data)
		if err != nil {
			t.Fatal(err)
		}
		nodes := len(trusted.Matcher.Nodes) / runtime.NodeStride
		if want := int(runtime.NumOps) * nodes * c.perNode; len(trusted.Matcher.Sigs) != want || nodes == 0 {
			t.Fatalf("n=%d: %d signature words for %d nodes, want %d", c.n, len(trusted.Matcher.Sigs), nodes, want)
		}
		if checked.Matcher.Sigs != nil {
			t.Errorf("n=%d: DecodePlan kept the signatures it does not check", c.n)
		}
		adopted, built := runtime.NewMatcher(&trusted.Matcher), runtime.NewMatcher(&checked.Matcher)
		// Adopting allocates none of what building does.
		adopt := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&trusted.Matcher) })
		without := trusted.Matcher
		without.Sigs = nil
		if build := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&without) }); adopt+5 > build {
			t.Errorf("n=%d: NewMatcher makes %v allocations adopting the signatures, %v building them", c.n, adopt, build)
		}
		for i := range c.n {
			for _, name := range []string{fmt.Sprintf("svc%d.orders.eu%d", i, i%5), fmt.Sprintf("svc%d.x.eu", i), fmt.Sprintf("svc%d.a.b.c", i), "blowup.l.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x.x"} {
				ps := []string{fmt.Sprint("p", i%20), fmt.Sprint("p", (i+7)%20)}
				for op := range runtime.NumOps {
					a := adopted.Allowed(op, name, []runtime.Principal{adopted.Principal(ps[0]), adopted.Principal(ps[1])})
					b := built.Allowed(op, name, []runtime.Principal{built.Principal(ps[0]), built.Principal(ps[1])})
					if a != b {
						t.Fatalf("n=%d: Allowed(%d, %q, %v): carried signatures %v, built %v", c.n, op, name, ps, a, b)
					}
				}
			}
		}
	}
}

// TestDecodePlanSigsLength: the Sigs section holds no words, or exactly
// 3 per node and op; one word fewer or more is an error at the section,
// with the count the plan's nodes want, and so is 4 per node and op, the
// layout of version 11's plans with a trie.
func TestDecodePlanSigsLength(t *testing.T) {
	b := []byte(syntheticPlanWith(t, 1000, plan.Options{Masks: plan.MasksOff}))
	l := layoutOf(t, b)
	at := l.head["Sigs"]
	words := int(binary.LittleEndian.Uint32(b[at+4:]))
	sigs := func(n int) []byte {
		out := append([]byte(nil), b[:at+4]...)
		out = binary.LittleEndian.AppendUint32(out, uint32(n))
		for j := range n {
			out = binary.LittleEndian.AppendUint32(out, binary.LittleEndian.Uint32(b[at+8+4*(j%words):]))
		}
		for len(out)%8 != 0 {
			out = append(out, 0)
		}
		return seal(append(out, b[l.head["NameIndex"]:]...))
	}
	nodes := words / (3 * int(runtime.NumOps))
	for _, n := range []int{0, words} {
		if _, err := runtime.DecodePlan(sigs(n)); err != nil {
			t.Errorf("%d signature words: %v", n, err)
		}
	}
	for _, n := range []int{words - 1, words + 1, nodes * int(runtime.NumOps) * 4} {
		checkErr(t, fmt.Sprint(n, " words"), sigs(n), fmt.Sprintf("plan: offset %d: Sigs: %d elements, want %d (3 per node and op)", at+4, n, words))
	}
}
