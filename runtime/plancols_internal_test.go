package runtime

import (
	"fmt"
	"slices"
	"testing"
)

// TestUintsWidth: a narrowed column takes the least width that holds its
// largest element, at and either side of each width's limit, and reads
// every element back.
func TestUintsWidth(t *testing.T) {
	for _, c := range []struct {
		top   uint32
		width int
	}{{0, 1}, {254, 1}, {255, 1}, {256, 2}, {65535, 2}, {65536, 4}, {1<<32 - 1, 4}} {
		v := []uint32{c.top, 0, c.top / 2, 1, c.top}
		u := uintsOf(v)
		if u.w != c.width || u.len() != len(v) {
			t.Errorf("largest %d: width %d, %d elements; want %d, %d", c.top, u.w, u.len(), c.width, len(v))
		}
		for i, x := range v {
			if got := u.at(i); got != x {
				t.Errorf("largest %d: element %d = %d, want %d", c.top, i, got, x)
			}
		}
	}
	if u := uintsOf(nil); u.len() != 0 || (uints{}).len() != 0 {
		t.Error("an empty column has elements")
	}
}

// TestDestKinds: which destinations are exact names and each one's
// number among its kind, around the 64-destination words (63, 64, 65,
// 128 destinations; none, all and some exact).
func TestDestKinds(t *testing.T) {
	for _, n := range []int{1, 63, 64, 65, 128, 200} {
		for _, every := range []int{0, 1, 2, 3, 64} {
			var infos []uint32
			var exact []bool
			for d := range n {
				e := every > 0 && d%every == 0
				exact = append(exact, e)
				info := make([]uint32, InfoStride)
				if e {
					info[1] = 1 // a list: an exact name's
				}
				infos = append(infos, info...)
			}
			k := newDestKinds(infos, n)
			var nExact, nOther int
			for d := range n {
				gotExact, i := k.of(d)
				want := nOther
				if exact[d] {
					want = nExact
				}
				if gotExact != exact[d] || i != want {
					t.Fatalf("n=%d every=%d: destination %d = %v, %d; want %v, %d", n, every, d, gotExact, i, exact[d], want)
				}
				if exact[d] {
					nExact++
				} else {
					nOther++
				}
			}
		}
	}
}

// TestStringList: a list round-trips through its section, empty strings
// and an empty list included.
func TestStringList(t *testing.T) {
	for _, ss := range [][]string{nil, {""}, {"a"}, {"a", "", "bc", fmt.Sprint(make([]byte, 300))}} {
		l := stringListOf(ss)
		var got []string
		for j := range l.len() {
			got = append(got, l.at(j))
		}
		if !slices.Equal(got, ss) {
			t.Errorf("%q: read back %q", ss, got)
		}
	}
}
