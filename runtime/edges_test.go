package runtime

import (
	"fmt"
	"strings"
	"testing"
)

// TestEdgeTable stores elements of every length from 1 to 20 (short,
// two-word and long keys) and looks each up inside names where it starts
// and ends at every offset, including the name's last bytes, where words
// are loaded from the end.
func TestEdgeTable(t *testing.T) {
	var elems []string
	var from, to []uint32
	for n := 1; n <= 20; n++ {
		for node := uint32(0); node < 3; node++ {
			e := strings.Repeat(string(rune('a'+n)), n)
			elems, from, to = append(elems, e), append(from, node), append(to, node*100+uint32(n)+1)
			// The same bytes one shorter, and with a NUL appended, are
			// other elements.
			e2 := e[:n-1] + "\x00"
			elems, from, to = append(elems, e2), append(from, node), append(to, node*100+uint32(n)+50)
		}
	}
	// Distinct fields per node, so that a word edge's copy of its child's
	// (hotNode) is checked.
	nodes := make([]Node, 300)
	for i := range nodes {
		nodes[i] = Node{Star: int32(i + 1), Term: -1, Tail: int32(i + 2), Filter: uint32(i * 7), TailRank: uint32(i + 3)}
	}
	tab := NewEdgeTable(elems, from, to, nodes)
	for i, e := range elems {
		for _, pre := range []string{"", "x.", "xxxxxxxxxxxxxxxxxxx."} {
			for _, post := range []string{"", ".y", ".yyyyyyyyyyyyyyyyyy"} {
				name := pre + e + post
				c, ok := tab.Child(from[i], name, len(pre), len(pre)+len(e))
				if !ok || c != to[i] {
					t.Fatalf("Child(%d, %q in %q) = %d, %v; want %d", from[i], e, name, c, ok, to[i])
				}
				if n := len(e); n <= 8 && len(name) >= 8 {
					w0, _ := shortWords(name, len(pre), len(pre)+n)
					if we := tab.shortEdge(from[i], n, edgeHash(w0, 0, n), w0, 0); we == nil || we.hot() != hotOf(&nodes[to[i]]) {
						t.Fatalf("wordChild(%d, %q in %q) = %+v; want the hot fields of node %d", from[i], e, name, we, to[i])
					}
				}
				if _, ok := tab.Child(from[i]+7, name, len(pre), len(pre)+len(e)); ok {
					t.Fatalf("Child(%d, %q) found an edge of node %d", from[i]+7, e, from[i])
				}
			}
		}
	}
	var got []string
	tab.All(func(f uint32, e string, c uint32) bool {
		got = append(got, fmt.Sprint(f, e, c))
		return true
	})
	if len(got) != len(elems) {
		t.Errorf("All yielded %d edges, want %d", len(got), len(elems))
	}
	for i, e := range elems {
		want := fmt.Sprint(from[i], e, to[i])
		if !strings.Contains(strings.Join(got, "|")+"|", want+"|") {
			t.Errorf("All lacks %q", want)
		}
	}
}
