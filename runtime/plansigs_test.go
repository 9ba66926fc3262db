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
// that adopts them, trusted (MustLoadPlan) or checked (DecodePlan keeps
// the words it checked), answers every lookup as one that builds them
// from the sets, on names that hit, reach the automata and miss, for
// every op and principal pair.
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
		if len(checked.Matcher.Sigs) != len(trusted.Matcher.Sigs) {
			t.Errorf("n=%d: DecodePlan kept %d of the %d signature words it checked", c.n, len(checked.Matcher.Sigs), len(trusted.Matcher.Sigs))
		}
		unsigned := checked.Matcher
		unsigned.Sigs = nil
		adopted, loaded, built := runtime.NewMatcher(&trusted.Matcher), runtime.NewMatcher(&checked.Matcher), runtime.NewMatcher(&unsigned)
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
					l := loaded.Allowed(op, name, []runtime.Principal{loaded.Principal(ps[0]), loaded.Principal(ps[1])})
					b := built.Allowed(op, name, []runtime.Principal{built.Principal(ps[0]), built.Principal(ps[1])})
					if a != b || l != b {
						t.Fatalf("n=%d: Allowed(%d, %q, %v): carried signatures %v, checked and carried %v, built %v", c.n, op, name, ps, a, l, b)
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

// TestDecodePlanSigsChecked: DecodePlan keeps a plan's automata's
// signatures only as NewMatcher would build them. A tail or term
// signature that is not its set's, a reach without the state's own bits,
// its '*' child's reach or a literal child's is an error at that word; a
// reach with bits to spare is kept (it only stops walks later), and so
// is one as built. A plan without ACLSigs, which they are checked
// against, loses them.
func TestDecodePlanSigsChecked(t *testing.T) {
	b := []byte(syntheticPlanWith(t, 1000, plan.Options{Masks: plan.MasksOff}))
	l := layoutOf(t, b)
	p, err := runtime.DecodePlan(b)
	if err != nil {
		t.Fatal(err)
	}
	c := &p.Matcher
	n := len(c.Nodes) / runtime.NodeStride
	ops := int(runtime.NumOps)
	reach := func(op, s int) int { return op*2*n + 2*s } // word numbers in Sigs
	tail := func(op, s int) int { return reach(op, s) + 1 }
	term := func(op, s int) int { return (2*ops+op)*n + s }
	word := func(j int) uint32 { return c.Sigs[j] }
	// A state and op with a tail, one with a term, a '*' child and a
	// literal child with a reach of some bits.
	find := func(what string, ok func(op, s int) bool) (int, int) {
		for op := range ops {
			for s := range n {
				if ok(op, s) {
					return op, s
				}
			}
		}
		t.Fatalf("the synthetic plan has no %s", what)
		return 0, 0
	}
	tOp, tS := find("tail signature", func(op, s int) bool { return word(tail(op, s)) != 0 })
	mOp, mS := find("term signature", func(op, s int) bool { return word(term(op, s)) != 0 })
	sOp, sS := find("'*' child with a reach", func(op, s int) bool {
		k := c.Nodes[s*runtime.NodeStride]
		return k >= 0 && word(reach(op, int(k)))&^(word(tail(op, s))|word(term(op, s))) != 0
	})
	star := int(c.Nodes[sS*runtime.NodeStride])
	// The literal child: a parent whose reach, cut to its own bits and
	// its '*' child's reach, lacks bits of a child's reach but none of
	// its tail, so that the edge is what fails, after every state passed,
	// and only for the child's reach.
	keepOf := func(from int) uint32 {
		keep := word(tail(0, from)) | word(term(0, from))
		if k := c.Nodes[from*runtime.NodeStride]; k >= 0 {
			keep |= word(reach(0, int(k)))
		}
		return keep
	}
	// A parent none of whose literal children's tails has a bit past
	// keep, one of whose children's reach has: the first such child.
	from, to := -1, -1
	for f := range n {
		first, tails := -1, uint32(0)
		for j, x := range c.EdgeFrom {
			if int(x) == f {
				k := int(c.EdgeTo[j])
				tails |= word(tail(0, k))
				if first < 0 && word(reach(0, k))&^keepOf(f) != 0 {
					first = k
				}
			}
		}
		if first >= 0 && tails&^keepOf(f) == 0 {
			from, to = f, first
			break
		}
	}
	if from < 0 {
		t.Fatal("the synthetic plan has no literal child with reach bits beyond its tail")
	}
	at := func(j int) int { return l.data["Sigs"] + 4*j }
	set := func(j int, x uint32) []byte {
		m := append([]byte(nil), b...)
		binary.LittleEndian.PutUint32(m[at(j):], x)
		return seal(m)
	}
	for _, k := range []struct {
		what string
		j    int
		x    uint32
		msg  string
	}{
		{"a tail bit more", tail(tOp, tS), word(tail(tOp, tS)) | 1<<31 | 1, fmt.Sprintf("tail signature is not that of node %d's tail set", tS)},
		{"a tail bit less", tail(tOp, tS), word(tail(tOp, tS)) & (word(tail(tOp, tS)) - 1), fmt.Sprintf("tail signature is not that of node %d's tail set", tS)},
		{"a term bit less", term(mOp, mS), 0, fmt.Sprintf("term signature is not that of node %d's term set", mS)},
		{"reach without the tail", reach(tOp, tS), 0, fmt.Sprintf("reach lacks bits of node %d's own signatures", tS)},
		{"reach without the term", reach(mOp, mS), word(tail(mOp, mS)), fmt.Sprintf("reach lacks bits of node %d's own signatures", mS)},
		{"reach without the '*' child's", reach(sOp, sS), word(tail(sOp, sS)) | word(term(sOp, sS)), fmt.Sprintf("reach lacks bits of the reach of node %d, its '*' child", star)},
	} {
		want := fmt.Sprintf("plan: offset %d: Sigs[%d]: %s", at(k.j), k.j, k.msg)
		if k.what == "reach without the '*' child's" {
			want = fmt.Sprintf("plan: offset %d: Sigs[%d]: %s", at(reach(sOp, sS)), reach(sOp, sS), k.msg)
		}
		checkErr(t, k.what, set(k.j, k.x), want)
	}
	keep := keepOf(from)
	checkErr(t, "reach without a literal child's", set(reach(0, from), keep),
		fmt.Sprintf("plan: offset %d: Sigs[%d]: reach lacks bits of the reach of node %d, its literal child", at(reach(0, from)), reach(0, from), to))
	// Bits to spare are kept: every reach of every bit.
	all := append([]byte(nil), b...)
	for op := range ops {
		for s := range n {
			binary.LittleEndian.PutUint32(all[at(reach(op, s)):], ^uint32(0))
		}
	}
	spare, err := runtime.DecodePlan(seal(all))
	if err != nil {
		t.Fatalf("every reach of every bit: %v", err)
	}
	if spare.Matcher.Sigs[reach(tOp, tS)] != ^uint32(0) {
		t.Error("every reach of every bit: not kept")
	}
	// Without ACLSigs (the section cut to no words): dropped, and built.
	at0 := l.head["ACLSigs"]
	cut := binary.LittleEndian.AppendUint32(append([]byte(nil), b[:at0+4]...), 0)
	q, err := runtime.DecodePlan(seal(append(cut, b[l.head["MaskIndex"]:]...)))
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Matcher.ACLSigs) != 0 || q.Matcher.Sigs != nil {
		t.Errorf("without ACLSigs: %d ACLSigs words, %d Sigs words kept", len(q.Matcher.ACLSigs), len(q.Matcher.Sigs))
	}
}
