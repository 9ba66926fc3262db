package runtime

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// testPolicy is a policy as a test writes it: its entries' literals and
// the flags they share.
type testPolicy struct {
	lits   []string
	anchor uint8 // AnchorAffix...
	check  uint8 // CheckNone...
	suffix bool  // AnchorAffix: literals end the name
	ops    uint8 // enabled operations, bit op; 0 means both
}

func (p testPolicy) String() string {
	a := [...]string{"affix", "exact", "fold", "infix"}[p.anchor>>anchorShift]
	if p.suffix {
		a = "suffix"
	}
	return fmt.Sprintf("%s%q check=%d ops=%b", a, p.lits, p.check>>checkShift, p.ops)
}

func compact(pols []testPolicy) *CompactPolicies {
	c := &CompactPolicies{}
	for i, p := range pols {
		ops := p.ops
		if ops == 0 {
			ops = 1<<NumOps - 1
		}
		c.Flags = append(c.Flags, ops|p.anchor|p.check)
		for _, l := range p.lits {
			c.Literals += l
			c.LiteralEnds = append(c.LiteralEnds, uint32(len(c.Literals)))
			c.EntryPolicy = append(c.EntryPolicy, uint32(i))
			c.AtEnd = append(c.AtEnd, p.suffix)
		}
	}
	return c
}

// holds is a policy's condition, written plainly from CompactPolicies'
// documentation: the oracle Find is compared with.
func (p testPolicy) holds(name string, op Op, match func(int, string) bool, i int) bool {
	ops := p.ops
	if ops == 0 {
		ops = 1<<NumOps - 1
	}
	if ops&(1<<op) == 0 {
		return false
	}
	for _, lit := range p.lits {
		var outside []string // the name outside each place the literal sits
		switch {
		case p.anchor == AnchorExact && name == lit:
			outside = append(outside, "")
		case p.anchor == AnchorFold && len(name) >= len(lit) && strings.EqualFold(asciiOnly(name[:len(lit)]), asciiOnly(lit)):
			outside = append(outside, name[len(lit):])
		case p.anchor == AnchorInfix:
			for s := 0; s+len(lit) <= len(name); s++ {
				if name[s:s+len(lit)] == lit {
					outside = append(outside, name[:s]+"|"+name[s+len(lit):])
				}
			}
		case p.anchor == AnchorAffix && p.suffix && strings.HasSuffix(name, lit):
			outside = append(outside, name[:len(name)-len(lit)])
		case p.anchor == AnchorAffix && !p.suffix && strings.HasPrefix(name, lit):
			outside = append(outside, name[len(lit):])
		}
		for _, o := range outside {
			switch p.check {
			case CheckNone:
				return true
			case CheckNoLineTerminator:
				if !strings.ContainsAny(o, "\n\r\u0085\u2028\u2029") {
					return true
				}
			default:
				return match(i, name)
			}
		}
	}
	return false
}

// asciiOnly replaces every non-ASCII byte by a distinct marker, so that
// strings.EqualFold folds ASCII letters only, as AnchorFold does.
func asciiOnly(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			fmt.Fprintf(&b, "<%02x>", s[i])
		} else {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// inOrder is Broker-J's loop over all policies.
func inOrder(pols []testPolicy, name string, op Op, match func(int, string) bool) (int, bool) {
	if op >= NumOps {
		return -1, false
	}
	for i, p := range pols {
		if p.holds(name, op, match, i) {
			return i, true
		}
	}
	return -1, false
}

// checkFind compares Find with inOrder on name for every op, and checks
// that match is called in ascending order, only below the answer.
func checkFind(t *testing.T, pols []testPolicy, x *PolicyIndex, name string, match func(int, string) bool) {
	t.Helper()
	for op := range NumOps + 1 {
		want, wantOK := inOrder(pols, name, op, match)
		var calls []int
		got, gotOK := x.Find(name, op, func(p int, s string) bool {
			calls = append(calls, p)
			if pols[p].check != CheckMatch {
				t.Errorf("Find(%q, %v) called match for policy %d %v", name, op, p, pols[p])
			}
			return match(p, s)
		})
		if got != want || gotOK != wantOK {
			t.Errorf("Find(%q, %v) = %d, %v; in order %d, %v", name, op, got, gotOK, want, wantOK)
			continue
		}
		for i, p := range calls {
			if gotOK && p > got || i > 0 && p <= calls[i-1] {
				t.Errorf("Find(%q, %v) = %d called match on %v", name, op, got, calls)
				break
			}
		}
	}
}

// matchSome stands for generated policyMatch: true for some names only.
func matchSome(p int, name string) bool { return (len(name)+p)%3 != 0 }

var (
	lineTerminators = []string{"\n", "\r", "\u0085", "\u2028", "\u2029"}
	tablePolicies   = []testPolicy{
		0:  {lits: []string{"x.y"}, anchor: AnchorExact, ops: 1 << Consume},
		1:  {lits: []string{"rob.durable."}, check: CheckNoLineTerminator},
		2:  {lits: []string{"rob.durable.orders."}, check: CheckNoLineTerminator},
		3:  {lits: []string{".dlq.acme"}, suffix: true, check: CheckNoLineTerminator},
		4:  {lits: []string{"rob.ctl.start", "rob.ctl.stop", "a"}, anchor: AnchorExact},
		5:  {lits: []string{"rob.durable.q"}, check: CheckMatch},
		6:  {lits: []string{"rob.durable."}, anchor: AnchorFold, check: CheckMatch},
		7:  {lits: []string{".v1.rob."}, anchor: AnchorInfix, check: CheckMatch},
		8:  {lits: []string{"(s)"}, check: CheckNone},
		9:  {lits: []string{"z"}, anchor: AnchorInfix, check: CheckMatch},
		10: {lits: []string{".durable"}, suffix: true, check: CheckMatch},
		11: {lits: []string{"dotall.prefix.which.is.long."}, check: CheckNone},
		12: {lits: []string{"abcdefghijklmnopqrstuvwxyz.dlq"}, suffix: true, check: CheckNoLineTerminator},
		13: {lits: []string{"yy", "x.y"}, anchor: AnchorExact},
		14: {lits: []string{""}, check: CheckNoLineTerminator, ops: 1 << Publish},
		15: {lits: []string{""}, check: CheckMatch},
		16: {lits: []string{""}, anchor: AnchorExact},
	}
)

// TestFindTable covers each anchor and check, disabled operations, line
// terminators in the rest, invalid UTF-8, nested prefixes, names shorter
// and longer than a key word, and empty literals.
func TestFindTable(t *testing.T) {
	x := NewPolicyIndex(compact(tablePolicies))
	names := []string{
		"", "a", "x.y", "yy", "zz", "(s)", "(s)\n", "rob.durable.", "rob.durable.x", "rob.durable.orders.x",
		"rob.durable.q17", "ROB.Durable.q17", "Rob.durable.x.y", "rob.ctl.start", "rob.ctl.stop", "rob.ctl.sto",
		"x.dlq.acme", ".dlq.acme", "dlq.acme", "ab.v1.rob.c", ".v1.rob.", "v1.rob.", "x.durable", "durable",
		"dotall.prefix.which.is.long.\nx", "dotall.prefix.which.is.lon", "xabcdefghijklmnopqrstuvwxyz.dlq",
		"rob.durable.\xff", "rob.durable.\xe2\x80", "rob.durable.\xc2", "\xff.dlq.acme", "rob.durable.\u2027",
		"rob.durable.orders.\xe2\x80\xa8", "ROB.DURABLE.\u212a", "rob.durable.\u017f",
	}
	for _, lt := range lineTerminators {
		names = append(names, "rob.durable.x"+lt+"y", "rob.durable.orders."+lt, lt+".dlq.acme",
			"x"+lt+"abcdefghijklmnopqrstuvwxyz.dlq", "rob.durable.q"+lt, lt+"(s)", lt)
	}
	for _, name := range names {
		checkFind(t, tablePolicies, x, name, matchSome)
		checkFind(t, tablePolicies, x, name, func(int, string) bool { return true })
		checkFind(t, tablePolicies, x, name, func(int, string) bool { return false })
	}
}

// TestFindOverflow gives one name more CheckMatch candidates than Find
// collects at once, so it must collect again above those it tried.
func TestFindOverflow(t *testing.T) {
	var pols []testPolicy
	for i := range 3*maxCandidates + 5 {
		switch i % 3 {
		case 0:
			pols = append(pols, testPolicy{lits: []string{"aaaa.bbbb."}, check: CheckMatch})
		case 1:
			pols = append(pols, testPolicy{lits: []string{"bbbb"}, anchor: AnchorInfix, check: CheckMatch})
		default:
			pols = append(pols, testPolicy{lits: []string{""}, check: CheckMatch})
		}
	}
	pols = append(pols, testPolicy{lits: []string{"aaaa.bbbb."}, check: CheckNoLineTerminator})
	x := NewPolicyIndex(compact(pols))
	for _, name := range []string{"aaaa.bbbb.c", "aaaa.bbbb.\n", "xbbbbx", "q"} {
		for _, k := range []int{1, 7, 16, 17, 40, len(pols) - 2, 1000} {
			checkFind(t, pols, x, name, func(p int, _ string) bool { return p == k })
		}
	}
}

// TestFindRandom compares Find with the in-order loop on random policies
// and names over a small alphabet, so that literals nest, collide in
// every key length and meet line terminators and invalid UTF-8.
func TestFindRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rounds := 300
	if testing.Short() {
		rounds = 50
	}
	for range rounds {
		pols := randomPolicies(r, 1+r.IntN(40))
		x := NewPolicyIndex(compact(pols))
		for range 200 {
			name := randomString(r, r.IntN(24))
			if r.IntN(3) == 0 && len(pols) > 0 { // build on a literal, to hit
				p := pols[r.IntN(len(pols))]
				lit := p.lits[r.IntN(len(p.lits))]
				name = randomString(r, r.IntN(6)) + lit + randomString(r, r.IntN(6))
				if r.IntN(2) == 0 {
					name = strings.ToUpper(name)
				}
			}
			k := r.IntN(len(pols) + 1)
			checkFind(t, pols, x, name, func(p int, s string) bool { return p >= k && matchSome(p, s) })
			if t.Failed() {
				t.Fatalf("policies: %v", pols)
			}
		}
	}
}

// alphabet makes collisions likely: few letters, the separator, a line
// terminator, a multi-byte terminator and its fragments, invalid bytes.
var alphabet = []string{"a", "b", "A", ".", "\n", "\u2028", "\xe2\x80", "\xff", "é", "ab", "ba"}

func randomString(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

func randomPolicies(r *rand.Rand, n int) []testPolicy {
	var pols []testPolicy
	for range n {
		p := testPolicy{
			anchor: uint8(r.IntN(4)) << anchorShift,
			check:  uint8(r.IntN(3)) << checkShift,
			ops:    uint8(r.IntN(1 << NumOps)),
		}
		p.suffix = p.anchor == AnchorAffix && r.IntN(2) == 0
		for range 1 + r.IntN(3) {
			lit := randomString(r, r.IntN(20))
			if strings.Contains(lit, "\xe2\x80") || strings.Contains(lit, "\xff") {
				lit = strings.ToValidUTF8(lit, "") // generator literals are valid UTF-8
			}
			if p.anchor == AnchorFold {
				lit = strings.ToLower(lit)
			}
			p.lits = append(p.lits, lit)
		}
		pols = append(pols, p)
	}
	return pols
}

// TestFindSplitBuckets gives many policies one 8-byte key at the start
// or the end, so that their buckets split (splitAbove) and names meet the
// residual entries, the deep ones and the deep keys' collisions alike.
func TestFindSplitBuckets(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const key = "tenant01"
	tails := []string{".", "a", "b", "ab.", "\n", "A", "é"}
	tail := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(tails[r.IntN(len(tails))])
		}
		return b.String()
	}
	for range 40 {
		var pols []testPolicy
		for range 8 + r.IntN(40) {
			p := testPolicy{
				anchor: []uint8{AnchorAffix, AnchorExact, AnchorFold}[r.IntN(3)],
				check:  uint8(r.IntN(3)) << checkShift,
				ops:    uint8(r.IntN(1 << NumOps)),
			}
			lit := key + tail(r.IntN(14))
			if p.anchor == AnchorAffix && r.IntN(2) == 0 {
				p.suffix, lit = true, tail(r.IntN(14))+key
			}
			if p.anchor == AnchorFold {
				lit = strings.ToLower(lit)
			}
			p.lits = []string{lit}
			pols = append(pols, p)
		}
		x := NewPolicyIndex(compact(pols))
		for range 300 {
			p := pols[r.IntN(len(pols))]
			name := p.lits[0]
			switch r.IntN(4) {
			case 0:
				name = tail(r.IntN(5)) + name + tail(r.IntN(5))
			case 1:
				name = key + tail(r.IntN(20))
			case 2:
				name = tail(r.IntN(20)) + key
			}
			checkFind(t, pols, x, name, func(p int, s string) bool { return matchSome(p, s) })
			if t.Failed() {
				t.Fatalf("policies: %v", pols)
			}
		}
	}
}

// TestDeepKeyCollision makes two split buckets' deep keys mix alike
// (deepKey(k, k2) == deepKey(k', k2')): the name that starts with k and
// has k2' where k2 would be must not meet the other bucket's literal.
func TestDeepKeyCollision(t *testing.T) {
	word := func(w uint64) string {
		b := make([]byte, 8)
		for i := range b {
			b[i] = byte(w >> (8 * i))
		}
		return string(b)
	}
	k, k2, k1 := word64("tenant01"), word64(".durable"), word64("tenant02")
	k12 := k2 ^ k*deepMul ^ k1*deepMul // deepKey(k1, k12) == deepKey(k, k2)
	var pols []testPolicy
	for _, head := range []string{word(k) + word(k2), word(k1) + word(k12)} {
		for i := range splitAbove + 2 {
			pols = append(pols, testPolicy{lits: []string{head + strings.Repeat("x", i) + "y"}, anchor: AnchorExact})
		}
	}
	x := NewPolicyIndex(compact(pols))
	for _, name := range []string{
		word(k) + word(k2) + "y", word(k1) + word(k12) + "xy", word(k) + word(k12) + "y", word(k1) + word(k2) + "xxy",
	} {
		checkFind(t, pols, x, name, matchSome)
	}
}
