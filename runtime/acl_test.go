package runtime

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// aclPrincipals are configured principals chosen to collide in every way
// a hash or a signature could confuse them: equal lengths, equal first
// 16 bytes, NUL bytes where a zero-padded word has them, lengths around 8,
// 16 and 255, and the longest allowed.
func aclPrincipals() []string {
	ps := []string{"a", "b", "ab", "ab\x00", "ops", "web", "etl", "u000", "u001", "abcdefgh", "abcdefghi",
		"abcdefgh\x00", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopr",
		"abcdefghijklmnop\x00", strings.Repeat("x", 254), strings.Repeat("x", 255), strings.Repeat("x", 256),
		strings.Repeat("x", 255) + "y", strings.Repeat("y", MaxPrincipalBytes)}
	for i := 0; len(ps) < 150; i++ {
		ps = append(ps, fmt.Sprintf("user-%d", i*7919%1000))
	}
	return ps
}

// aclMatcher has one set of each size 0 to 70 (random members) and one
// exact name per set granting it for publish and the next set for
// subscribe.
func aclMatcher(t *testing.T, ps []string, r *rand.Rand) (*Matcher, [][]string, []string) {
	return aclMatcherSkewed(t, ps, r, 0)
}

// aclMatcherSkewed is aclMatcher with members drawn from the first 20
// principals skew percent of the time, as roles are in real ACLs, so that
// some principals get signature bits of their own.
func aclMatcherSkewed(t *testing.T, ps []string, r *rand.Rand, skew int) (*Matcher, [][]string, []string) {
	t.Helper()
	c, members, names := aclCompactSkewed(ps, r, skew)
	return NewMatcher(c), members, names
}

// aclCompactSkewed is the Compact aclMatcherSkewed builds.
func aclCompactSkewed(ps []string, r *rand.Rand, skew int) (*Compact, [][]string, []string) {
	words := (len(ps) + 63) / 64
	var sets []uint64
	var members [][]string
	for size := 0; size <= 70; size++ {
		set := make([]uint64, words)
		var ms []string
		for len(ms) < size {
			id := r.IntN(len(ps))
			if r.IntN(100) < skew {
				id = r.IntN(20)
			}
			if set[id/64]>>(id%64)&1 != 0 {
				continue
			}
			set[id/64] |= 1 << (id % 64)
			ms = append(ms, ps[id])
		}
		sets = append(sets, set...)
		members = append(members, ms)
	}
	c := &Compact{Permissions: true, Sets: sets, SetWords: words}
	for _, p := range ps {
		c.PrincipalKeys += p
		c.PrincipalEnds = append(c.PrincipalEnds, uint32(len(c.PrincipalKeys)))
	}
	var names []string
	for s := range members {
		name := fmt.Sprintf("acl.set%d", s)
		names = append(names, name)
		c.ExactKeys += name
		c.ExactEnds = append(c.ExactEnds, uint32(len(c.ExactKeys)))
		sub := (s + 1) % len(members)
		c.DestInfos = append(c.DestInfos, uint32(len(c.Lists)), 1, uint32(s), uint32(sub))
		c.Lists = append(c.Lists, uint32(s))
		c.Rank = append(c.Rank, uint32(s))
		c.DestACL = append(c.DestACL, uint32(s), uint32(sub))
	}
	return c, members, names
}

// aclCallers are principal lists a caller might hold: configured ones,
// near misses of them, the empty string, over-long ones, duplicates.
func aclCallers(ps []string, r *rand.Rand) [][]string {
	extra := []string{"", "c", "ab\x00\x00", "abcdefgh\x00\x00", "abcdefghijklmnopz", "abcdefghijklmnop\x01",
		strings.Repeat("x", 253), strings.Repeat("x", 257), strings.Repeat("y", MaxPrincipalBytes+1),
		strings.Repeat("y", MaxPrincipalBytes-1), "user-1000", "u002"}
	callers := [][]string{nil, {}, {""}}
	for range 3000 {
		n := r.IntN(5)
		var c []string
		for range n {
			if r.IntN(3) == 0 {
				c = append(c, extra[r.IntN(len(extra))])
			} else {
				c = append(c, ps[r.IntN(len(ps))])
			}
		}
		if n > 0 && r.IntN(4) == 0 {
			c = append(c, c[0]) // a duplicate
		}
		callers = append(callers, c)
	}
	return callers
}

func TestGrantedAgreesWithMembership(t *testing.T) {
	for _, skew := range []int{0, 60, 95} {
		t.Run(fmt.Sprintf("skew=%d", skew), func(t *testing.T) { testGrantedAgrees(t, skew) })
	}
}

func testGrantedAgrees(t *testing.T, skew int) {
	r := rand.New(rand.NewPCG(6, uint64(skew)))
	ps := aclPrincipals()
	m, members, names := aclMatcherSkewed(t, ps, r, skew)
	if skew > 0 && m.headMask == 0 {
		t.Errorf("skew %d: no principal has a signature bit of its own", skew)
	}
	callers := aclCallers(ps, r)
	for s, ms := range members {
		for _, c := range callers {
			want := slices.ContainsFunc(c, func(p string) bool { return slices.Contains(ms, p) })
			pc := m.principalsOf(c)
			if got := m.granted(uint32(s), pc); got != want {
				t.Fatalf("set of %d %q: granted(%q) = %v, want %v", len(ms), ms, c, got, want)
			}
			if got := m.Allowed(Publish, names[s], pc); got != want {
				t.Fatalf("set of %d: Allowed(publish, %q, %q) = %v, want %v", len(ms), names[s], c, got, want)
			}
			sub := members[(s+1)%len(members)]
			want = slices.ContainsFunc(c, func(p string) bool { return slices.Contains(sub, p) })
			if got := m.Allowed(Subscribe, names[s], pc); got != want {
				t.Fatalf("Allowed(subscribe, %q, %q) = %v, want %v", names[s], c, got, want)
			}
		}
	}
}

func TestAllowedEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	ps := aclPrincipals()
	m, members, names := aclMatcher(t, ps, r)
	if m.Allowed(NumOps, names[3], m.principalsOf(members[3])) {
		t.Error("an invalid op is allowed")
	}
	all := m.principalsOf(ps)
	if m.Allowed(Publish, "acl.nothing", all) {
		t.Error("a name matching nothing is allowed (not fail-closed)")
	}
	if m.Allowed(Publish, "acl..x", all) {
		t.Error("an invalid name is allowed")
	}
	m.Permissions = false
	if !m.Allowed(Publish, names[0], nil) || !m.Allowed(Publish, "acl.nothing", nil) {
		t.Error("permissions off: a valid name is denied")
	}
	if m.Allowed(Publish, "acl..x", nil) {
		t.Error("permissions off: an invalid name is allowed")
	}
}

func TestAllowedDoesNotAllocate(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	ps := aclPrincipals()
	m, _, names := aclMatcher(t, ps, r)
	c := m.principalsOf([]string{"nobody", ps[len(ps)-1]})
	if n := testing.AllocsPerRun(100, func() { m.Allowed(Publish, names[50], c) }); n != 0 {
		t.Errorf("Allowed allocates %v times", n)
	}
}

// principalsOf resolves names as a caller's authentication would.
func (m *Matcher) principalsOf(names []string) []Principal {
	out := make([]Principal, len(names))
	for i, n := range names {
		out[i] = m.Principal(n)
	}
	return out
}

func TestPrincipal(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	ps := aclPrincipals()
	m, _, _ := aclMatcher(t, ps, r)
	for i, p := range ps {
		if got := m.Principal(p); got.ref != uint32(i)+1 || uint32(got.sigs) != m.sigBit[i] || uint32(got.sigs>>32) != m.sigBit2[i] {
			t.Fatalf("Principal(%q) = %+v, want bit number %d", p, got, i)
		}
	}
	for _, p := range []string{"", "nobody", "ab\x01", strings.Repeat("y", MaxPrincipalBytes+1), strings.Repeat("x", 1<<20)} {
		if got := m.Principal(p); got != (Principal{}) {
			t.Errorf("Principal(%.20q) = %+v, want the zero Principal", p, got)
		}
	}
	// A Principal of another matcher, even one numbered beyond this
	// one's principals, grants nothing here.
	other, _, _ := aclMatcher(t, ps, r)
	for _, p := range []Principal{other.Principal(ps[3]), {ref: uint32(len(ps)) + 1000, owner: other.id, sigs: ^uint64(0)}} {
		for s := range 71 {
			if m.Allowed(Publish, fmt.Sprintf("acl.set%d", s), []Principal{p}) {
				t.Fatalf("a Principal of another matcher is granted acl.set%d", s)
			}
		}
	}
}

// TestSignatures checks what Allowed trusts a signature for: a member's
// bit is always in its set's signature, and a bit of its own is there
// only for a member.
func TestSignatures(t *testing.T) {
	ps := aclPrincipals()
	for _, skew := range []int{0, 60, 95} {
		m, members, _ := aclMatcherSkewed(t, ps, rand.New(rand.NewPCG(10, uint64(skew))), skew)
		setSig2 := m.setSigs(m.sigBit2)
		owners := map[uint32]int{}
		for i := range ps {
			bit := m.sigBit[i]
			if bits.OnesCount32(bit) != 1 {
				t.Fatalf("principal %d has signature bits %#x, want one", i, bit)
			}
			if bit&m.headMask != 0 {
				owners[bit]++
			}
		}
		// The others' second bits spread over all 32: about 120 principals
		// leave a bit unused with odds of 2% each, so fewer than 28 means
		// the bits were not uniform (Hash's low 5 bits gave the odd 16).
		var used uint32
		for i := range ps {
			used |= m.sigBit2[i]
		}
		if bits.OnesCount32(used) < 28 {
			t.Errorf("skew %d: the second signatures use bits %#x, want nearly all 32", skew, used)
		}
		if len(owners) != bits.OnesCount32(m.headMask) {
			t.Errorf("skew %d: %d principals own %d bits", skew, len(owners), bits.OnesCount32(m.headMask))
		}
		for bit, n := range owners {
			if n != 1 {
				t.Errorf("skew %d: bit %#x is owned by %d principals", skew, bit, n)
			}
		}
		for s, ms := range members {
			for i, p := range ps {
				member := slices.Contains(ms, p)
				inSig := m.setSig[s]&m.sigBit[i] != 0
				if member && !inSig || m.sigBit[i]&m.headMask != 0 && inSig != member {
					t.Fatalf("skew %d, set %d: principal %q member %v, in signature %v", skew, s, p, member, inSig)
				}
				// The second signature has a bit for every member
				// that owns none in the first.
				owned := m.sigBit[i]&m.headMask != 0
				if bit2 := m.sigBit2[i]; owned != (bit2 == 0) || member && setSig2[s]&bit2 != bit2 {
					t.Fatalf("skew %d, set %d: principal %q (owned %v) has second bit %#x, set's second signature %#x", skew, s, p, owned, bit2, setSig2[s])
				}
			}
		}
	}
}
