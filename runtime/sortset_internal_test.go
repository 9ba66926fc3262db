package runtime

import (
	"slices"
	"testing"
)

// TestSortSet: sortSet sorts and keeps each destination once, at lengths
// 0, 1 and 2 (with and without a repeat) and on longer lists with
// repeats first, last and in runs.
func TestSortSet(t *testing.T) {
	for _, c := range []struct{ in, want []int }{
		{nil, nil}, {[]int{4}, []int{4}}, {[]int{4, 4}, []int{4}}, {[]int{5, 4}, []int{4, 5}},
		{[]int{3, 1, 3, 2, 1, 1}, []int{1, 2, 3}}, {[]int{9, 0, 7, 0}, []int{0, 7, 9}}, {[]int{2, 8, 8, 8}, []int{2, 8}},
	} {
		a := slices.Clone(c.in)
		if got := a[:sortSet(a)]; !slices.Equal(got, c.want) && len(got)+len(c.want) > 0 {
			t.Errorf("sortSet(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
