package runtime

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Tests at, below and above every length the runtime branches on, derived
// from the constants themselves: the 8-byte word, shortElem, the name
// table's comparisons (nametable_test.go), the dot bitmap's 64-byte words, MaxNameBytes, MaxElements and
// MaxElementBytes. Each compares with a plain model (strings.Split, a Go
// map), over bytes that include NUL and 0xFF. gen/plan's boundary tests
// check the same lengths through whole matchers against the reference
// interpreter.

// modelSplit is split's specification: FTL's limits, no wildcard
// character, no empty element.
func modelSplit(name string) ([]string, bool) {
	if len(name) == 0 || len(name) > MaxNameBytes || strings.ContainsAny(name, "*>") {
		return nil, false
	}
	es := strings.Split(name, ".")
	if len(es) > MaxElements {
		return nil, false
	}
	for _, e := range es {
		if e == "" || len(e) > MaxElementBytes {
			return nil, false
		}
	}
	return es, true
}

// fillName is n bytes cycling through letters, NUL and 0xFF (never '.',
// '*' or '>').
func fillName(n int) []byte {
	const cycle = "ab\x00c\xffdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = cycle[i%len(cycle)]
	}
	return b
}

func checkSplit(t *testing.T, name string) {
	t.Helper()
	want, wantOK := modelSplit(name)
	var e Elements
	ok := Split(name, &e)
	if ok != wantOK || Valid(name) != wantOK {
		t.Fatalf("Split(%q) (%d bytes) = %v, Valid %v; want %v", name, len(name), ok, Valid(name), wantOK)
	}
	if !ok {
		return
	}
	if e.N != len(want) {
		t.Fatalf("Split(%q) = %d elements; want %d", name, e.N, len(want))
	}
	for i, w := range want {
		if e.Elem[i] != w {
			t.Fatalf("Split(%q) element %d = %q; want %q", name, i, e.Elem[i], w)
		}
	}
}

// TestSplitEveryLengthAndPosition splits names of every length from 1 to
// MaxNameBytes+1 with a dot, two adjacent dots, a '*' or a '>' at every
// position, and dots every k bytes (many elements: the MaxElements
// limit), so that every byte of every dot-bitmap word and of every
// 8-byte load, the last partial one included, is seen.
func TestSplitEveryLengthAndPosition(t *testing.T) {
	checkSplit(t, "")
	for n := 1; n <= MaxNameBytes+1; n++ {
		base := fillName(n)
		checkSplit(t, string(base))
		for i := range n {
			for _, c := range []byte{'.', '*', '>'} {
				b := append([]byte{}, base...)
				b[i] = c
				checkSplit(t, string(b))
				if i+1 < n {
					b[i+1] = '.'
					checkSplit(t, string(b))
				}
			}
		}
		for k := 2; k <= 9; k++ {
			for off := range k {
				b := append([]byte{}, base...)
				for i := off; i < n; i += k {
					b[i] = '.'
				}
				checkSplit(t, string(b))
			}
		}
	}
}

// TestSplitElementLimits puts an element of MaxElementBytes-1 to
// MaxElementBytes+1 bytes first, in the middle and last, and builds names
// of MaxElements-1 to MaxElements+1 elements of one to three bytes.
func TestSplitElementLimits(t *testing.T) {
	for l := MaxElementBytes - 1; l <= MaxElementBytes+1; l++ {
		e := string(fillName(l))
		for _, name := range []string{e, e + ".x", "x." + e, "x." + e + ".y", "abcdefghijklmnopqrstuvwxyz." + e,
			e + "." + string(fillName(MaxNameBytes-l-1)), e + "." + string(fillName(MaxNameBytes-l))} {
			checkSplit(t, name)
		}
	}
	for n := MaxElements - 1; n <= MaxElements+1; n++ {
		for size := 1; size <= 3; size++ {
			elems := make([]string, n)
			for i := range elems {
				elems[i] = string(fillName(size))
			}
			checkSplit(t, strings.Join(elems, "."))
		}
	}
}

// TestShortWordsAgreeWithElemWords checks that the walks' load-only read
// of an element of up to shortElem bytes (shortWords) gives the words the
// edge table was built with (elemWords), at every offset of names of 8 to
// 80 bytes (the last element too, whose loads are clamped to the name's
// end), and that firstWord is elemWords' first word for any length.
func TestShortWordsAgreeWithElemWords(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 1))
	for n := 8; n <= 80; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		name := string(b)
		for start := 0; start < n; start++ {
			for end := start + 1; end <= n && end-start <= MaxElementBytes; end++ {
				w0, w1 := elemWords(name, start, end)
				if end-start <= shortElem {
					if s0, s1 := shortWords(name, start, end); s0 != w0 || s1 != w1 {
						t.Fatalf("shortWords(%d bytes, %d, %d) = %#x %#x; elemWords %#x %#x", n, start, end, s0, s1, w0, w1)
					}
					if want := modelWords(name[start:end]); w0 != want[0] || w1 != want[1] {
						t.Fatalf("elemWords(%d bytes, %d, %d) = %#x %#x; want %#x %#x", n, start, end, w0, w1, want[0], want[1])
					}
				}
				if f := firstWord(name, start, end); f != w0 {
					t.Fatalf("firstWord(%d bytes, %d, %d) = %#x; elemWords' %#x", n, start, end, f, w0)
				}
			}
		}
	}
}

// modelWords is an element's first 16 bytes as two little-endian words,
// zero-padded, byte by byte.
func modelWords(e string) [2]uint64 {
	var w [2]uint64
	for i := 0; i < len(e) && i < 16; i++ {
		w[i/8] |= uint64(e[i]) << (8 * (i % 8))
	}
	return w
}

// edgeVariants are elements an edge table must tell apart from e: its
// last byte changed, one byte shorter, with a NUL appended, its last byte
// replaced by NUL, and a byte of its second word changed.
func edgeVariants(e string) []string {
	n := len(e)
	out := []string{e[:n-1] + string(e[n-1]^1), e + "\x00", e[:n-1] + "\x00", e + "\xff"}
	if n > 1 {
		out = append(out, e[:n-1])
	}
	if n > 8 {
		out = append(out, e[:8]+string(e[8]^0x80)+e[9:])
	}
	return out
}

// TestEdgeTableEveryLength stores elements of every length from 1 to
// MaxElementBytes (one word, two, the long table) from two nodes, and
// looks up each and its variants (edgeVariants) through Child and through
// the walks' own probe (shortWords, shortEdge, and for edges of up to 8
// bytes the child's hot fields), inside names where the element is first,
// inner and last.
func TestEdgeTableEveryLength(t *testing.T) {
	type key struct {
		node uint32
		elem string
	}
	want := map[key]uint32{}
	var elems []string
	var from, to []uint32
	add := func(node uint32, e string) {
		k := key{node, e}
		if _, dup := want[k]; dup {
			return
		}
		want[k] = uint32(len(elems) + 1)
		elems, from, to = append(elems, e), append(from, node), append(to, uint32(len(elems)+1))
	}
	for l := 1; l <= MaxElementBytes; l++ {
		e := strings.Repeat("\xff", l/2) + string(fillName(l-l/2))
		add(1, e)
		add(2, e[:l-1]+"\x00") // differs from node 1's only in its last byte
		if l%3 == 0 {
			add(1, e+"\x00") // and here only in its length
		}
	}
	nodes := make([]Node, len(elems)+2)
	for i := range nodes {
		nodes[i] = Node{Star: int32(i), Term: -1, Tail: int32(i + 1), Filter: uint32(i * 3), TailRank: uint32(i + 5)}
	}
	tab := NewEdgeTable(elems, from, to, nodes)
	for _, e := range elems {
		for _, probe := range append(edgeVariants(e), e) {
			if len(probe) > MaxElementBytes {
				continue
			}
			for node := uint32(0); node <= 3; node++ {
				w, ok := want[key{node, probe}]
				for _, pre := range []string{"", "x.", "abcdefghijklmnopq."} {
					for _, post := range []string{"", ".y"} {
						name := pre + probe + post
						c, gotOK := tab.Child(node, name, len(pre), len(pre)+len(probe))
						if gotOK != ok || c != w {
							t.Fatalf("Child(%d, %q) = %d, %v; want %d, %v", node, probe, c, gotOK, w, ok)
						}
						checkShortProbe(t, &tab, nodes, node, name, len(pre), len(pre)+len(probe), w, ok)
					}
				}
			}
		}
	}
}

// TestEdgeTableOneEdge: elements that differ only in their length ("ab"
// and "ab\x00") have the same words, and elements of 9 to 16 bytes that
// differ only after their first word share it, so only the length, or
// the second word, tells their edges apart. Each table here holds one
// edge, in two slots: a probe for a neighbour of the edge's element
// (edgeVariants) starts at the edge's slot about half the time, and then
// only that comparison rejects it.
func TestEdgeTableOneEdge(t *testing.T) {
	nodes := make([]Node, 3)
	for l := 1; l <= shortElem; l++ {
		for k := range 16 {
			e := strings.Repeat(string(rune('a'+k)), l)
			for _, stored := range []string{e, e[:l-1] + "\x00"} {
				tab := NewEdgeTable([]string{stored}, []uint32{1}, []uint32{2}, nodes)
				probes := append(edgeVariants(stored), stored+"\x00")
				for i := 8; i < l; i++ { // each byte of the second word
					probes = append(probes, stored[:i]+string(stored[i]^0x40)+stored[i+1:])
				}
				for _, probe := range probes {
					if len(probe) > shortElem || probe == stored {
						continue
					}
					if c, ok := tab.Child(1, probe, 0, len(probe)); ok {
						t.Fatalf("table of edge %q: Child(%q) = %d, true; want none", stored, probe, c)
					}
					checkShortProbe(t, &tab, nodes, 1, probe+".abcdefgh", 0, len(probe), 0, false)
				}
			}
		}
	}
}

// checkShortProbe is the walks' probe for an element of up to shortElem
// bytes of a name of at least 8.
func checkShortProbe(t *testing.T, tab *EdgeTable, nodes []Node, node uint32, name string, start, end int, want uint32, ok bool) {
	t.Helper()
	l := end - start
	if l > shortElem || len(name) < 8 {
		return
	}
	w0, w1 := shortWords(name, start, end)
	e := tab.shortEdge(node, l, edgeHash(w0, w1, l), w0, w1)
	if (e != nil) != ok || e != nil && e.to != want {
		t.Fatalf("shortEdge(%d, %q) = %+v; want %d, %v", node, name[start:end], e, want, ok)
	}
	if e != nil && l <= 8 && e.hot() != hotOf(&nodes[want]) {
		t.Fatalf("shortEdge(%d, %q).hot() = %+v; want node %d's %+v", node, name[start:end], e.hot(), want, hotOf(&nodes[want]))
	}
}

// nameTableKeys returns keys of every length from 1 to 255 (the longest a
// NameTable takes), two per length that differ only in their middle byte,
// over bytes including NUL and 0xFF.
func nameTableKeys() []string {
	var keys []string
	for l := 1; l <= 255; l++ {
		b := fillName(l)
		b[0] = byte(l)
		keys = append(keys, string(b))
		if l >= 3 {
			b[l/2] ^= 0x80
			keys = append(keys, string(b))
		}
	}
	return keys
}

// nameVariants are names a NameTable must tell apart from key: each byte
// changed in turn, one byte more or less.
func nameVariants(key string) []string {
	out := []string{key + "\x00", key[:len(key)-1]}
	for i := range len(key) {
		b := []byte(key)
		b[i] ^= 0x01
		out = append(out, string(b))
		b[i] = 0xff
		out = append(out, string(b))
	}
	return out
}

// checkNameTable looks up every key and every variant of it.
func checkNameTable(t *testing.T, tab *NameTable, keys []string) {
	t.Helper()
	want := map[string]int{}
	for i, k := range keys {
		want[k] = i
	}
	for i, k := range keys {
		slot, ok := tab.Find(k)
		if !ok || tab.Value(slot, 0) != uint32(i) || tab.Value(slot, 1) != uint32(i)*3 || tab.Value(slot, 2) != uint32(i)^0xffff {
			t.Fatalf("Find(%q) (%d bytes) = %d, %v: wrong slot", k, len(k), slot, ok)
		}
		// find hands Resolve value 0 from the word it read (see find).
		if _, _, v0, ok := tab.find(k); !ok || v0 != uint32(i) {
			t.Fatalf("find(%q) (%d bytes) value 0 = %d, %v; want %d", k, len(k), v0, ok, i)
		}
		for _, v := range nameVariants(k) {
			if len(v) == 0 {
				continue
			}
			j, in := want[v]
			slot, ok := tab.Find(v)
			if ok != in || ok && tab.Value(slot, 0) != uint32(j) {
				t.Fatalf("Find(%q) (%d bytes, a variant of key %d) = %v; want %v", v, len(v), i, ok, in)
			}
		}
	}
}

func nameValues(keys []string) [][]uint32 {
	values := make([][]uint32, len(keys))
	for i := range keys {
		values[i] = []uint32{uint32(i), uint32(i) * 3, uint32(i) ^ 0xffff}
	}
	return values
}

// TestSameBytesEveryLength compares sameBytes with == on strings of every
// length up to 255 differing in one byte, at every position.
func TestSameBytesEveryLength(t *testing.T) {
	for n := 0; n <= 255; n++ {
		a := string(fillName(n))
		if !sameBytes(a, string([]byte(a))) {
			t.Fatalf("sameBytes of equal %d-byte strings is false", n)
		}
		for i := range n {
			b := []byte(a)
			b[i] ^= 0x80
			if sameBytes(a, string(b)) {
				t.Fatalf("sameBytes(%q, %q) is true: they differ at byte %d of %d", a, b, i, n)
			}
		}
	}
}
