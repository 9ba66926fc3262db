package runtime

import (
	"fmt"
	"os"
	"slices"
	"testing"
	"unsafe"
)

// TestAliasWords: where aliasWords may share the bytes (load_fast.go),
// it does exactly when they are aligned for the word, so that a decoded
// plan's columns are its bytes; under load_safe.go it never does.
func TestAliasWords(t *testing.T) {
	words := make([]uint64, 4)
	b := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 32)
	for i := range b {
		b[i] = byte(i)
	}
	for off := range 8 {
		src := unsafe.String(&b[off], 16)
		got, ok := aliasWords[uint32](src, 4)
		want := wordsInPlace && off%4 == 0
		if ok != want {
			t.Fatalf("aliasWords at offset %d: ok %v, want %v", off, ok, want)
		}
		if ok && (unsafe.Pointer(&got[0]) != unsafe.Pointer(&b[off]) || got[1] != uint32(off+4)|uint32(off+5)<<8|uint32(off+6)<<16|uint32(off+7)<<24) {
			t.Errorf("aliasWords at offset %d: not the bytes in place", off)
		}
		if v := wordsOf[uint32](src, 4); v[3] != uint32(off+12)|uint32(off+13)<<8|uint32(off+14)<<16|uint32(off+15)<<24 {
			t.Errorf("wordsOf at offset %d: word 3 is %#x", off, v[3])
		}
	}
	if _, ok := aliasWords[uint32](unsafe.String(&b[0], 0), 0); ok {
		t.Error("aliasWords of no words shares the bytes")
	}
}

// TestNewMatcherAdoptsEdgeSlots: a decoded plan's Matcher reads the edge
// table the plan carries, its states and its DestACL in place (where
// aliasWords shares bytes), each what the words say, and the edge table
// is the one NewEdgeTable builds from the plan's edges.
func TestNewMatcherAdoptsEdgeSlots(t *testing.T) {
	data, err := os.ReadFile("testdata/rich-automata.plan")
	if err != nil {
		t.Fatal(err)
	}
	p, err := DecodePlan(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Matcher.EdgeSlots) == 0 || len(p.Matcher.EdgeEnds) == 0 {
		t.Fatalf("the rich plan carries %d edge slot words for %d edges", len(p.Matcher.EdgeSlots), len(p.Matcher.EdgeEnds))
	}
	m := NewMatcher(&p.Matcher)
	if shared := unsafe.Pointer(&m.Edges.short[0]) == unsafe.Pointer(&p.Matcher.EdgeSlots[0]); shared != wordsInPlace {
		t.Errorf("the matcher's edge table shares the plan's bytes: %v, want %v", shared, wordsInPlace)
	}
	if shared := unsafe.Pointer(&m.States[0]) == unsafe.Pointer(&p.Matcher.States[0]); shared != wordsInPlace {
		t.Errorf("the matcher's states share the plan's bytes: %v, want %v", shared, wordsInPlace)
	}
	if shared := unsafe.Pointer(&m.DestACL[0]) == unsafe.Pointer(&p.Matcher.DestACL[0]); shared != wordsInPlace {
		t.Errorf("the matcher's DestACL shares the plan's bytes: %v, want %v", shared, wordsInPlace)
	}
	for i, st := range m.States {
		f := p.Matcher.States[i*StateStride:]
		if st != (State{ListRef{f[0], f[1]}, ListRef{f[2], f[3]}, [NumOps]uint32{f[4], f[5]}, [NumOps]uint32{f[6], f[7]}}) {
			t.Fatalf("state %d is %+v, its words %v", i, st, f[:StateStride])
		}
	}
	for i, acl := range m.DestACL {
		if acl != [NumOps]uint32(p.Matcher.DestACL[i*int(NumOps):]) {
			t.Fatalf("DestACL[%d] is %v", i, acl)
		}
	}
	c := p.Matcher
	c.EdgeSlots = nil
	built := NewMatcher(&c)
	if !slices.Equal(built.Edges.SlotWords(), m.Edges.SlotWords()) || built.Edges.shift != m.Edges.shift {
		t.Error("the carried edge table is not the one NewEdgeTable builds")
	}
	var got, want []string
	m.Edges.All(func(from uint32, e string, to uint32) bool { got = append(got, fmt.Sprint(from, e, to)); return true })
	built.Edges.All(func(from uint32, e string, to uint32) bool { want = append(want, fmt.Sprint(from, e, to)); return true })
	if !slices.Equal(got, want) {
		t.Errorf("edges %v, built %v", got, want)
	}
}
