package model

import (
	"cmp"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/subject"
)

// TestRankKeyAgreesWithCompare checks rankKey.compare against
// subject.Compare on every pair of patterns of up to four elements over
// {a, bb, *, >}, plus patterns at the element limit, where the wildcard
// mask is full.
func TestRankKeyAgreesWithCompare(t *testing.T) {
	var pats []subject.Pattern
	var grow func(prefix []string)
	grow = func(prefix []string) {
		if len(prefix) > 0 {
			if p, err := subject.Parse(strings.Join(prefix, ".")); err == nil {
				pats = append(pats, p)
			}
		}
		if len(prefix) == 4 {
			return
		}
		for _, e := range []string{"a", "bb", "*", ">"} {
			grow(append(prefix[:len(prefix):len(prefix)], e))
		}
	}
	grow(nil)
	for _, text := range []string{strings.Repeat("*.", 63) + "*", strings.Repeat("*.", 63) + ">", strings.Repeat("a.", 63) + "*", strings.Repeat("*.", 62) + "a.>"} {
		p, err := subject.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		pats = append(pats, p)
	}
	for i, a := range pats {
		for j, b := range pats {
			want := cmp.Compare(subject.Compare(a, b), 0)
			if got := cmp.Compare(newRankKey(a, i).compare(newRankKey(b, j)), 0); got != want {
				t.Fatalf("compare(%q, %q) = %d, subject.Compare says %d", a.Text, b.Text, got, want)
			}
		}
	}
}
