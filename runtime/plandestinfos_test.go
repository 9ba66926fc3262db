package runtime

import (
	"math/rand/v2"
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
