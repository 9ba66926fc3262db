package runtime_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// indexedPlan is the plan, mask tables for every length, of 3 patterns
// for each of 70 masks of 8 elements: names of 8 elements probe 70
// tables, over maskIndexMin (64), so their list is indexed. The
// patterns of mask m have "m<k>" at its literal positions.
func indexedPlan(t *testing.T) string {
	var ds []map[string]string
	for m := 1; len(ds) < 3*70; m++ {
		for k := range 3 {
			ds = append(ds, map[string]string{"name": maskedName(m, k, "*")})
		}
	}
	b, _ := json.Marshal(map[string]any{"destinations": ds})
	md, diags := model.Load("indexed.json", b)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return string(plan.BuildWith(md, plan.Options{Masks: plan.MasksAll}).Encode())
}

// maskedName is a name or pattern of 8 elements: "m<k>" where mask m has
// a bit, other elsewhere.
func maskedName(m, k int, other string) string {
	el := make([]string, 8)
	for i := range el {
		el[i] = other
		if m>>i&1 == 1 {
			el[i] = fmt.Sprint("m", k)
		}
	}
	return strings.Join(el, ".")
}

// TestPlanMaskIndexCarried: the plan carries the mask index's words, the
// same trusted (MustLoadPlan) and validated (DecodePlan keeps them), as
// many as NewMatcher builds and equal to them; a Matcher that adopts
// them reads them in place, allocates less than one that builds them,
// and answers Resolve and Matches as it does, on names that hit one
// table, several, or none.
func TestPlanMaskIndexCarried(t *testing.T) {
	data := indexedPlan(t)
	trusted := runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data)))
	checked, err := runtime.DecodePlanString(data)
	if err != nil {
		t.Fatal(err)
	}
	w := trusted.Matcher.MaskIndex
	if len(w) == 0 || !slices.Equal(checked.Matcher.MaskIndex, w) {
		t.Fatalf("%d and %d mask index words carried, want the same, some", len(w), len(checked.Matcher.MaskIndex))
	}
	without := trusted.Matcher
	without.MaskIndex = nil
	built := runtime.NewMatcher(&without)
	if !slices.Equal(built.MaskIndexWords(), w) || !built.MaskIndexed(8) {
		t.Fatalf("the carried index differs from the one NewMatcher builds (indexed: %v)", built.MaskIndexed(8))
	}
	adopted := runtime.NewMatcher(&trusted.Matcher)
	if got := adopted.MaskIndexWords(); len(got) != len(w) || !adopted.MaskIndexed(8) {
		t.Fatalf("the adopting Matcher has %d index words, want %d", len(got), len(w))
	}
	adopt := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&trusted.Matcher) })
	if build := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&without) }); adopt >= build {
		t.Errorf("NewMatcher makes %v allocations adopting the index, %v building it", adopt, build)
	}
	if runtime.WordsInPlace && unsafe.SliceData(runtime.MaskIndexOf(adopted)) != unsafe.SliceData(w) {
		t.Error("the adopting Matcher copied the carried words")
	}
	var names []string
	for m := range 256 {
		for k := range 4 {
			names = append(names, maskedName(m, k, "x"))
		}
	}
	hits := 0
	for _, m := range []*runtime.Matcher{adopted, runtime.NewMatcher(&checked.Matcher)} {
		for _, name := range names {
			got, _ := m.Resolve(name)
			want, _ := built.Resolve(name)
			gotAll, _ := m.Matches(name, nil)
			wantAll, _ := built.Matches(name, nil)
			if got != want || !slices.Equal(gotAll, wantAll) {
				t.Fatalf("%q: Resolve %d, Matches %v with the carried index; %d, %v built", name, got, gotAll, want, wantAll)
			}
			if got >= 0 {
				hits++
			}
		}
	}
	if hits == 0 || hits == 2*len(names) {
		t.Errorf("%d of %d lookups hit; want hits and misses", hits, 2*len(names))
	}
}

// TestDecodePlanMaskIndexLength: the MaskIndex section holds no words, or
// as many as the index of the plan's probe lists takes; one fewer or
// more is an error at the section, and so is one word in a plan whose
// lists have no index.
func TestDecodePlanMaskIndexLength(t *testing.T) {
	rewrite := func(b []byte, n int) []byte {
		l := layoutOf(t, b)
		at := l.head["MaskIndex"]
		words := int(binary.LittleEndian.Uint32(b[at+4:]))
		out := append([]byte(nil), b[:at+4]...)
		out = binary.LittleEndian.AppendUint32(out, uint32(n))
		for j := range n {
			word := make([]byte, 8) // a plan without words gets zeros
			if words > 0 {
				copy(word, b[at+8+8*(j%words):])
			}
			out = append(out, word...)
		}
		return seal(append(out, b[l.after("MaskIndex"):]...))
	}
	b := []byte(indexedPlan(t))
	at := layoutOf(t, b).head["MaskIndex"]
	words := int(binary.LittleEndian.Uint32(b[at+4:]))
	for _, n := range []int{0, words} {
		if _, err := runtime.DecodePlan(rewrite(b, n)); err != nil {
			t.Errorf("%d index words: %v", n, err)
		}
	}
	msg := "plan: offset %d: MaskIndex: %d elements, want %d (the index of the mask tables' probe lists)"
	for _, n := range []int{words - 1, words + 1} {
		checkErr(t, fmt.Sprint(n, " words"), rewrite(b, n), fmt.Sprintf(msg, at+4, n, words))
	}
	few := []byte(syntheticPlanWith(t, 1000, plan.Options{Masks: plan.MasksAll}))
	if n := binary.LittleEndian.Uint32(few[layoutOf(t, few).head["MaskIndex"]+4:]); n != 0 {
		t.Fatalf("the synthetic plan carries %d index words, want none", n)
	}
	bad := rewrite(few, 1)
	checkErr(t, "a word without an index", bad, fmt.Sprintf(msg, layoutOf(t, few).head["MaskIndex"]+4, 1, 0))
}
