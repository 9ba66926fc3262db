package diff

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
)

func mustLoad(t *testing.T, src string) *model.Model {
	t.Helper()
	m, diags := model.Load("x.json", []byte(src))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMaxGenerators: a changed '>' overlapping n other patterns tries the
// meets with all of them up to maxGenerators in all (itself included) and
// says so past it.
func TestMaxGenerators(t *testing.T) {
	for _, n := range []int{maxGenerators - 2, maxGenerators - 1, maxGenerators} {
		var ds []string
		for i := range n {
			ds = append(ds, fmt.Sprintf(`{"name": "k%d"}`, i))
		}
		old := mustLoad(t, `{"destinations": [`+strings.Join(ds, ",")+`]}`)
		new := mustLoad(t, `{"destinations": [`+strings.Join(append(ds, `{"name": ">"}`), ",")+`]}`)
		truncated := false
		for _, c := range Diff(old, new) {
			if c.Kind == DestAdded && strings.Contains(c.Note, "overlaps more than") {
				truncated = true
			}
		}
		if want := n+1 > maxGenerators; truncated != want {
			t.Errorf("'>' over %d patterns: truncated %v, want %v", n, truncated, want)
		}
	}
}

// TestMaxPolicyCandidates: reversing n one-literal policies moves n-1
// of them and changes no answer, which is proven while their literals fit
// maxPolicyCandidates; past it the diff says of each literal it did not
// try that its policy may affect names.
func TestMaxPolicyCandidates(t *testing.T) {
	for _, moved := range []int{maxPolicyCandidates - 1, maxPolicyCandidates, maxPolicyCandidates + 1} {
		var ps []string
		for i := range moved + 1 {
			ps = append(ps, fmt.Sprintf(`{"pattern": "l%d", "nodeType": "queue", "createdOnPublish": true}`, i))
		}
		old := mustLoad(t, `{"nodeAutoCreationPolicies": [`+strings.Join(ps, ",")+`]}`)
		slices.Reverse(ps)
		new := mustLoad(t, `{"nodeAutoCreationPolicies": [`+strings.Join(ps, ",")+`]}`)
		got := Count(Diff(old, new))
		want := map[Kind]int{PolicyMoved: moved}
		if moved > maxPolicyCandidates {
			want[AutoCreate] = moved - maxPolicyCandidates
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%d moved literals: %v, want %v", moved, got, want)
		}
	}
}
