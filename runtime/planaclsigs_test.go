package runtime_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// aclPrincipals is how many principals aclPlan's ACLs name: more than
// maxHeads (28), so that some share the Bloom bits and have a second
// signature bit.
const aclPrincipals = 120

// aclPlan is a plan of n destinations, exact names and '*' and '>'
// patterns, with mask tables as mode says, whose ACLs each grant one of
// 8 roles, held by many sets, and two of aclPrincipals users.
func aclPlan(t *testing.T, n int, mode plan.MaskMode) string {
	type dest struct {
		Name string              `json:"name"`
		ACL  map[string][]string `json:"acl"`
	}
	ds := make([]dest, n)
	for i := range ds {
		name := fmt.Sprintf("app%d.orders.eu", i)
		switch i % 4 {
		case 1:
			name = fmt.Sprintf("app%d.*.eu", i)
		case 2:
			name = fmt.Sprintf("app%d.>", i)
		}
		ds[i] = dest{Name: name, ACL: map[string][]string{
			"publish":   {aclPrincipal(i % 8), aclPrincipal(8 + i*7%(aclPrincipals-8))},
			"subscribe": {aclPrincipal((i + 3) % 8), aclPrincipal(8 + i*13%(aclPrincipals-8))},
		}}
	}
	b, _ := json.Marshal(map[string]any{"permissions": true, "destinations": ds})
	m, diags := model.Load("acl.json", b)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return string(plan.BuildWith(m, plan.Options{Masks: mode}).Encode())
}

// aclPrincipal is the name of aclPlan's principal i.
func aclPrincipal(i int) string { return fmt.Sprint("u", i) }

// TestPlanACLSigsCarried: a plan carries the ACL signatures, heads, two
// words per principal and two per set, equal to what NewMatcher
// computes from the sets; a Matcher that adopts them, trusted
// (MustLoadPlan) or validated (DecodePlan keeps them), allocates less
// than one that computes them and answers every Allowed as it does, on
// names that hit, reach the automata or the mask tables and miss, for
// every op and principal pair.
func TestPlanACLSigsCarried(t *testing.T) {
	for _, c := range []struct {
		n    int
		mode plan.MaskMode
	}{{1000, plan.MasksOff}, {3000, plan.MasksAll}} {
		data := aclPlan(t, c.n, c.mode)
		trusted := runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data)))
		checked, err := runtime.DecodePlanString(data)
		if err != nil {
			t.Fatal(err)
		}
		sets := len(trusted.Matcher.Sets) / trusted.Matcher.SetWords
		w := trusted.Matcher.ACLSigs
		if want := 1 + 2*aclPrincipals + 2*sets; len(w) != want || !slices.Equal(checked.Matcher.ACLSigs, w) {
			t.Fatalf("n=%d: %d and %d ACL signature words for %d principals and %d sets, want %d each", c.n, len(w), len(checked.Matcher.ACLSigs), aclPrincipals, sets, want)
		}
		if w[0] == 0 || int(w[0]) >= aclPrincipals {
			t.Fatalf("n=%d: %d principals own a bit; want some, not all", c.n, w[0])
		}
		without := trusted.Matcher
		without.ACLSigs = nil
		built := runtime.NewMatcher(&without)
		if got := built.ACLSigWords(); !slices.Equal(got, trusted.Matcher.ACLSigs) {
			t.Fatalf("n=%d: the carried signatures differ from those NewMatcher computes", c.n)
		}
		adopt := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&trusted.Matcher) })
		if compute := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&without) }); adopt+5 > compute {
			t.Errorf("n=%d: NewMatcher makes %v allocations adopting the ACL signatures, %v computing them", c.n, adopt, compute)
		}
		granted := 0
		for _, m := range []*runtime.Matcher{runtime.NewMatcher(&trusted.Matcher), runtime.NewMatcher(&checked.Matcher)} {
			for i := range c.n {
				for _, name := range []string{fmt.Sprintf("app%d.orders.eu", i), fmt.Sprintf("app%d.x.eu", i), fmt.Sprintf("app%d.a.b.c", i), "nothing.here"} {
					ps := []string{aclPrincipal(i % 8), aclPrincipal(i * 7 % aclPrincipals)}
					if i%3 == 0 {
						ps[0] = aclPrincipal(8 + i*13%(aclPrincipals-8))
					}
					for op := range runtime.NumOps {
						a := m.Allowed(op, name, []runtime.Principal{m.Principal(ps[0]), m.Principal(ps[1])})
						b := built.Allowed(op, name, []runtime.Principal{built.Principal(ps[0]), built.Principal(ps[1])})
						if a != b {
							t.Fatalf("n=%d: Allowed(%d, %q, %v): carried signatures %v, computed %v", c.n, op, name, ps, a, b)
						}
						if a {
							granted++
						}
					}
				}
			}
		}
		if calls := 2 * c.n * 4 * int(runtime.NumOps); granted < calls/10 || granted > calls*9/10 {
			t.Errorf("n=%d: %d of %d calls granted; want both answers often", c.n, granted, calls)
		}
	}
}

// TestDecodePlanACLSigs: the ACLSigs section holds no words, or exactly
// heads, 2 per principal and 2 per set; one fewer or more is an error at
// the section; so are heads over 28 or over the principals, a principal
// with no first-signature bit or two, two second-signature bits, and a
// signature of the empty set 0.
func TestDecodePlanACLSigs(t *testing.T) {
	b := []byte(syntheticPlanWith(t, 1000, plan.Options{Masks: plan.MasksOff}))
	l := layoutOf(t, b)
	at := l.head["ACLSigs"]
	w := make([]uint32, binary.LittleEndian.Uint32(b[at+4:]))
	for j := range w {
		w[j] = binary.LittleEndian.Uint32(b[at+8+4*j:])
	}
	const principals = 20
	sets := (len(w) - 1 - 2*principals) / 2
	rewrite := func(ws []uint32) []byte {
		out := append([]byte(nil), b[:at+4]...)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(ws)))
		for _, x := range ws {
			out = binary.LittleEndian.AppendUint32(out, x)
		}
		for len(out)%8 != 0 {
			out = append(out, 0)
		}
		return seal(append(out, b[l.after("ACLSigs"):]...))
	}
	with := func(j int, x uint32) []byte {
		ws := slices.Clone(w)
		ws[j] = x
		return rewrite(ws)
	}
	for _, ws := range [][]uint32{nil, w} {
		if _, err := runtime.DecodePlan(rewrite(ws)); err != nil {
			t.Errorf("%d ACL signature words: %v", len(ws), err)
		}
	}
	lengthErr := "plan: offset %d: ACLSigs: %d elements, want %d (heads, 2 per principal and 2 per set)"
	for _, n := range []int{len(w) - 1, len(w) + 1} {
		ws := slices.Grow(slices.Clone(w), 1)[:n]
		checkErr(t, fmt.Sprint(n, " words"), rewrite(ws), fmt.Sprintf(lengthErr, at+4, n, len(w)))
	}
	fail := func(j int, msg string) string {
		return fmt.Sprintf("plan: offset %d: ACLSigs[%d]: %s", at+8+4*j, j, msg)
	}
	if w[0] < 1 || w[0] > 28 || w[1] == 0 {
		t.Fatalf("the synthetic plan has %d heads, principal 0's bit %#x", w[0], w[1])
	}
	checkErr(t, "heads 29", with(0, 29), fail(0, "heads 29 over 20"))
	checkErr(t, "heads 21", with(0, 21), fail(0, "heads 21 over 20"))
	checkErr(t, "no bit", with(1, 0), fail(1, "a principal's signature bit is 0 bits"))
	checkErr(t, "two bits", with(principals, 3), fail(principals, "a principal's signature bit is 2 bits"))
	checkErr(t, "two second bits", with(1+principals, 6), fail(1+principals, "a principal's signature bit is 2 bits"))
	if _, err := runtime.DecodePlan(with(1+principals, 0)); err != nil {
		t.Errorf("a principal without a second-signature bit: %v", err)
	}
	for _, j := range []int{1 + 2*principals, 1 + 2*principals + sets} {
		checkErr(t, fmt.Sprint("set 0 signature at ", j), with(j, 1), fail(j, "the empty set 0 has a signature"))
	}
	// A set's second signature is not checked against the set; its first
	// is, in the records of the exact names that hold the set
	// (plannames.go), and set 1 is one of them here, and in the automata's
	// signatures (Sigs, plansigs.go), checked after the names.
	if _, err := runtime.DecodePlan(with(2+2*principals+sets, w[2+2*principals+sets]^1)); err != nil {
		t.Errorf("another set's second signature changed: %v", err)
	}
	if _, err := runtime.DecodePlan(with(2+2*principals, w[2+2*principals]^1)); err == nil || !strings.Contains(err.Error(), "does not hold its length, destination and signatures") {
		t.Errorf("another set's first signature changed: %v; want an exact name's record that disagrees", err)
	}
}
