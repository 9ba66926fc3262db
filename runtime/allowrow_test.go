package runtime_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// TestAllowedRowBound: Allowed's caches keep a name's union's row after
// the name's words where both fit a way (rowWords), and walk the name
// otherwise. With 100 principals (2 words a row) the last name that
// fits has 239 bytes; names of svc8.> from 231 to 247 bytes, asked of
// every principal alone and in pairs, three times each (the fill, the
// cached signature, the cached row), answer as the reference.
func TestAllowedRowBound(t *testing.T) {
	m, diags := model.Load("aclcache.json", aclCacheConfig(1000))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	ref := reference.New(m)
	const last = 239 // 8 * (31 - 2) + 7: a row of 2 words after 29 whole words and the last
	for _, mode := range []plan.MaskMode{plan.MasksAuto, plan.MasksOff, plan.MasksAll} {
		matcher := runtime.NewMatcher(&plan.BuildWith(m, plan.Options{Masks: mode}).Artifact().Matcher)
		if got := [3]int{matcher.RowWords(last - 8), matcher.RowWords(last), matcher.RowWords(last + 1)}; got != [3]int{2, 2, 0} {
			t.Fatalf("masks=%v: RowWords(%d, %d, %d) = %v; want [2 2 0]", mode, last-8, last, last+1, got)
		}
		for _, n := range []int{last - 8, last - 1, last, last + 1, last + 8} {
			name := "svc8"
			for len(name) < n {
				name += "." + strings.Repeat("y", min(60, n-len(name)-1))
			}
			var callers [][]string
			for i := range 101 {
				callers = append(callers, []string{fmt.Sprint("p", i), fmt.Sprint("p", (i+37)%100)}[:1+i%2])
			}
			granted := askAllowed(t, ref, matcher, fmt.Sprint("masks=", mode), name, callers, 3)
			if granted == 0 || granted > 60 {
				t.Errorf("masks=%v, %d bytes: %d of 101 callers granted: the test decides too little", mode, n, granted)
			}
		}
	}
}

// TestAllowedWideSetsAgreesWithReference: with 2,000 principals a row
// takes 32 words, more than a way holds beside any name, so Allowed
// walks every name its cached signature leaves open (allowedPath), and
// answers as the reference.
func TestAllowedWideSetsAgreesWithReference(t *testing.T) {
	const n = 1000
	m, diags := model.Load("aclwide.json", aclCacheConfigOf(n, 2000))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	ref := reference.New(m)
	for _, mode := range []plan.MaskMode{plan.MasksAuto, plan.MasksOff, plan.MasksAll} {
		matcher := runtime.NewMatcher(&plan.BuildWith(m, plan.Options{Masks: mode}).Artifact().Matcher)
		if w := matcher.RowWords(1); w != 0 {
			t.Fatalf("masks=%v: RowWords(1) = %d; want 0 (no row fits)", mode, w)
		}
		t.Run(fmt.Sprint("masks=", mode), func(t *testing.T) { checkAllowedCached(t, ref, matcher, cacheStreamNames(n)) })
	}
}

// askAllowed asks Allowed for publish on name of each caller times times
// (the first fills the cache, the others read it), each against the
// reference, and returns how many callers it grants.
func askAllowed(t *testing.T, ref *reference.Interp, matcher *runtime.Matcher, label, name string, callers [][]string, times int) int {
	t.Helper()
	granted := 0
	for _, c := range callers {
		var ps []runtime.Principal
		for _, p := range c {
			ps = append(ps, matcher.Principal(p))
		}
		want := ref.Allowed(runtime.Publish, name, c...)
		for range times {
			if got := matcher.Allowed(runtime.Publish, name, ps); got != want {
				t.Errorf("%s: Allowed(publish, %d bytes, %q) = %v; reference %v", label, len(name), c, got, want)
			}
		}
		if want {
			granted++
		}
	}
	return granted
}
