package runtime

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// TestDestInfosAdopted: NewMatcher reads the Infos and second signatures
// a Compact carries in place (where words are read in place), and a
// Compact without DestSig2 gets the ones the carried words hold.
func TestDestInfosAdopted(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 1))
	c, _, _ := aclCompactSkewed(aclPrincipals(), r, 60)
	built := NewMatcher(c)
	carried := *c
	carried.DestSig2 = built.DestSig2Words()
	m := NewMatcher(&carried)
	if wordsInPlace && unsafe.Pointer(&m.Infos[0]) != unsafe.Pointer(&carried.DestInfos[0]) {
		t.Error("Infos are not the Compact's DestInfos")
	}
	if &m.destSig2[0] != &carried.DestSig2[0] {
		t.Error("destSig2 is not the Compact's DestSig2")
	}
	for d := range built.destSig2 {
		if built.destSig2[d] != m.destSig2[d] || built.Infos[d] != m.Infos[d] {
			t.Fatalf("destination %d: built %+v %x, adopted %+v %x", d, built.Infos[d], built.destSig2[d], m.Infos[d], m.destSig2[d])
		}
	}
	short := carried
	short.DestSig2 = short.DestSig2[1:] // not one per destination: built
	if m := NewMatcher(&short); &m.destSig2[0] == &short.DestSig2[0] || m.destSig2[1] != built.destSig2[1] {
		t.Error("a DestSig2 of the wrong length is adopted")
	}
}

// TestDestSig2FailClosed: DecodePlan checks only DestSig2's length, so a
// plan may carry any second signatures; they never grant. With every bit
// set Allowed answers as with the built ones (each undecided call asks
// the set's row); with none it denies some calls the row grants, and
// grants none the built ones deny.
func TestDestSig2FailClosed(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 2))
	ps := aclPrincipals()
	c, _, names := aclCompactSkewed(ps, r, 60)
	built := NewMatcher(c)
	callers := aclCallers(ps, r)
	for _, fill := range []uint64{^uint64(0), 0} {
		cc := *c
		cc.DestSig2 = make([]uint64, len(cc.Rank))
		for d := range cc.DestSig2 {
			cc.DestSig2[d] = fill
		}
		m := NewMatcher(&cc)
		denied := 0
		for _, name := range names {
			for _, caller := range callers[:500] {
				for op := range NumOps {
					want, got := built.Allowed(op, name, built.principalsOf(caller)), m.Allowed(op, name, m.principalsOf(caller))
					if got && !want || fill != 0 && got != want {
						t.Fatalf("second signatures %x: Allowed(%v, %q, %q) = %v, built ones %v", fill, op, name, caller, got, want)
					}
					if got != want {
						denied++
					}
				}
			}
		}
		if fill == 0 && denied == 0 {
			t.Error("empty second signatures deny nothing the built ones grant: the adopted words are not read")
		}
	}
}

// TestDestInfosCount: the destinations with a list in DestInfos are
// exactly the exact names, one fewer (an exact name's Info zeroed) or one
// more (another destination's given a list) fails; a DestInfos shorter
// than 4 words per destination fails before any is read; a list that ends
// at Lists' end is read, one past it fails.
func TestDestInfosCount(t *testing.T) {
	data, err := os.ReadFile("testdata/rich-automata.plan")
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, edit func(infos []uint32, lists int) []uint32, want string) {
		t.Helper()
		d := &planDecoder{src: aligned(string(data))}
		c, err := d.columns(true)
		if err != nil {
			t.Fatal(err)
		}
		v := &planCheck{d: d, c: c, dests: len(c.Matcher.Rank), sets: len(c.Matcher.Sets) / int(c.Meta[1])}
		c.Matcher.DestInfos = edit(slices.Clone(c.Matcher.DestInfos), len(c.Matcher.Lists))
		err = v.destInfos()
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && !strings.HasSuffix(got, ": "+want) {
			t.Errorf("%s: %v, want %q", what, err, want)
		}
	}
	exact, nLists := -1, 0 // the last exact name's destination; Lists' length
	check("as written", func(infos []uint32, lists int) []uint32 {
		nLists = lists
		for d := 0; d < len(infos)/InfoStride; d++ {
			if infos[d*InfoStride+1] != 0 {
				exact = d
			}
		}
		return infos
	}, "")
	if exact < 1 {
		t.Fatalf("the rich plan has no exact name past destination 0 (%d)", exact)
	}
	check("one fewer", func(infos []uint32, _ int) []uint32 {
		clear(infos[exact*InfoStride : (exact+1)*InfoStride])
		return infos
	}, "ExactEnds: 3 elements, want 2 (one per destination whose Info has a list)")
	check("one more", func(infos []uint32, _ int) []uint32 {
		copy(infos[(exact-1)*InfoStride:], infos[exact*InfoStride:(exact+1)*InfoStride])
		return infos
	}, "ExactEnds: 3 elements, want 4 (one per destination whose Info has a list)")
	check("a word short", func(infos []uint32, _ int) []uint32 { return infos[:len(infos)-1] },
		"DestInfos: 47 elements, want 48 (4 per destination)")
	// The last exact name's list, one entry long, moved to Lists' last
	// entry (a list of one always ascends), then one past it.
	for past := range 2 {
		want := ""
		if past == 1 {
			want = fmt.Sprintf("list %d+1 past Lists (%d)", nLists, nLists)
		}
		check(fmt.Sprint("a list ending ", past, " past Lists"), func(infos []uint32, lists int) []uint32 {
			f := infos[exact*InfoStride:]
			f[0], f[1] = uint32(lists-1+past), 1
			return infos
		}, want)
	}
}
