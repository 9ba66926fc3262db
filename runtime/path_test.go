package runtime

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// naiveSplit is the definition split implements, byte by byte.
func naiveSplit(name string) ([]string, bool) {
	if len(name) == 0 || len(name) > MaxNameBytes || strings.ContainsAny(name, "*>") {
		return nil, false
	}
	elems := strings.Split(name, ".")
	if len(elems) > MaxElements {
		return nil, false
	}
	for _, e := range elems {
		if e == "" || len(e) > MaxElementBytes {
			return nil, false
		}
	}
	return elems, true
}

// TestSplitMatchesNaive compares split with naiveSplit on names built to
// hit the bitmap's edges: dots at word boundaries, elements of 127 and
// 128 bytes, 64 and 65 elements, names of 249 and 250 bytes, wildcard
// characters in the last partial word.
func TestSplitMatchesNaive(t *testing.T) {
	names := []string{"a", ".", "a.", ".a", "a..b", "*", ">", "a.b*", strings.Repeat("a", 249), strings.Repeat("a", 250),
		strings.Repeat("a", 127) + ".b", strings.Repeat("a", 128) + ".b", "b." + strings.Repeat("a", 128),
		strings.Repeat("a.", 63) + "a", strings.Repeat("a.", 64) + "a", strings.Repeat("a", 63) + ".." + "b",
		strings.Repeat("a", 64) + "." + strings.Repeat("b", 60) + ".c", strings.Repeat("x", 7) + ".", "\x00.\xff"}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "ab.*>\x00\xff"
	for range 200000 {
		n := 1 + r.IntN(MaxNameBytes+2)
		if r.IntN(2) == 0 {
			n = 1 + r.IntN(20)
		}
		b := make([]byte, n)
		for i := range b {
			switch x := r.IntN(100); {
			case x < 3:
				b[i] = alphabet[2+r.IntN(len(alphabet)-2)]
			case x < 20:
				b[i] = '.'
			default:
				b[i] = 'a' + byte(r.IntN(3))
			}
		}
		names = append(names, string(b))
	}
	for _, name := range names {
		want, wantOK := naiveSplit(name)
		var p path
		gotOK := p.split(name)
		if gotOK != wantOK {
			t.Fatalf("split(%q) = %v, want %v", name, gotOK, wantOK)
		}
		if !gotOK {
			continue
		}
		var got []string
		start := 0
		for range p.n {
			end := p.endFrom(start)
			got = append(got, name[start:end])
			start = end + 1
		}
		if !slices.Equal(got, want) {
			t.Fatalf("split(%q) elements %q, want %q", name, got, want)
		}
		var e Elements
		if !Split(name, &e) || !slices.Equal(e.Elem[:e.N], want) {
			t.Fatalf("Split(%q) elements %q, want %q", name, e.Elem[:e.N], want)
		}
	}
}

// naiveScan is what scan16to64 computes, byte by byte.
func naiveScan(name string) (dots, wild uint64) {
	for i := range len(name) {
		switch name[i] {
		case '.':
			dots |= 1 << i
		case '*', '>':
			wild |= 1 << i
		}
	}
	return dots, wild
}

// TestScan16to64 checks scan16to64 (SSE2 on amd64) at every length it
// takes, with each special byte, and the bytes next to them in value, at
// every offset: the overlapping last load, and 16-byte boundaries.
func TestScan16to64(t *testing.T) {
	for n := 16; n <= 64; n++ {
		for i := range n {
			for _, c := range []byte{'.', '*', '>', '-', '/', ')', '+', '=', '?', 0, 0xae, 0xaa, 0xbe} {
				b := []byte(strings.Repeat("ab", 32)[:n])
				b[i] = c
				b[(i*7+3)%n] = '.'
				name := string(b)
				wantDots, wantWild := naiveScan(name)
				dots, wild := scan16to64(name)
				if dots != wantDots || (wild != 0) != (wantWild != 0) {
					t.Fatalf("scan16to64(%q) = %#x, %#x; want %#x, %#x", name, dots, wild, wantDots, wantWild)
				}
			}
		}
	}
}

// TestSplitLongBounds checks splitLong against naiveSplit where its
// shortcuts could go wrong: a '*', '>' or '.' at every offset of names of
// 65 to MaxNameBytes+1 bytes (the last partial word, 1 to 63 bytes, read
// from the 16 bytes that end the name), and an element of 126, 127 and 128
// bytes at every offset (the undotted-word test that spares the walk).
func TestSplitLongBounds(t *testing.T) {
	base := strings.Repeat("ab.cd.", MaxNameBytes)
	check := func(name string) {
		t.Helper()
		want, wantOK := naiveSplit(name)
		var p path
		if ok := p.split(name); ok != wantOK {
			t.Fatalf("split(%q) = %v, want %v", name, ok, wantOK)
		} else if ok && p.n != len(want) {
			t.Fatalf("split(%q): %d elements, want %d", name, p.n, len(want))
		}
	}
	for n := 65; n <= MaxNameBytes+1; n++ {
		for i := range n {
			for _, c := range []byte{'*', '>', '.'} {
				b := []byte("x" + base[1:n-1] + "x")
				b[i] = c
				check(string(b))
			}
		}
		for _, l := range []int{MaxElementBytes - 1, MaxElementBytes, MaxElementBytes + 1} {
			for i := 0; i+l <= n; i++ {
				b := []byte("x" + base[1:n-1] + "x")
				for j := i; j < i+l; j++ {
					b[j] = 'e'
				}
				if i > 0 {
					b[i-1] = '.'
				}
				if i+l < n {
					b[i+l] = '.'
				}
				check(string(b))
			}
		}
	}
}
