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

// TestPlanMaskSlotsCarried: the plan carries the mask tables' slots and
// filter, the same trusted and validated, equal to what NewMatcher
// builds; a Matcher that adopts them allocates less than one that
// builds them and answers Resolve, Matches and Allowed as it does, on
// the indexed plan and on the synthetic one with mask tables for every
// length.
func TestPlanMaskSlotsCarried(t *testing.T) {
	for _, data := range []string{indexedPlan(t), syntheticPlanWith(t, 3000, plan.Options{Masks: plan.MasksAll})} {
		trusted := runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data)))
		checked, err := runtime.DecodePlanString(data)
		if err != nil {
			t.Fatal(err)
		}
		c := &trusted.Matcher
		if len(c.MaskSlots) == 0 || !slices.Equal(checked.Matcher.MaskSlots, c.MaskSlots) || !slices.Equal(checked.Matcher.MaskFilter, c.MaskFilter) {
			t.Fatalf("%d and %d slot words carried, want the same, some", len(c.MaskSlots), len(checked.Matcher.MaskSlots))
		}
		without := *c
		without.MaskSlots, without.MaskFilter = nil, nil
		built := runtime.NewMatcher(&without)
		slots, filter := built.MaskSlotWords()
		if !slices.Equal(slots, c.MaskSlots) || !slices.Equal(filter, c.MaskFilter) {
			t.Fatal("the carried tables differ from those NewMatcher builds")
		}
		adopt := testing.AllocsPerRun(2, func() { runtime.NewMatcher(c) })
		if build := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&without) }); runtime.WordsInPlace && adopt+2 > build {
			t.Errorf("NewMatcher makes %v allocations adopting the tables, %v building them", adopt, build)
		}
		var names []string
		for m := range 256 {
			for k := range 4 {
				names = append(names, maskedName(m, k, "x"))
			}
		}
		for i := range 3000 {
			names = append(names, fmt.Sprintf("svc%d.x.eu", i), fmt.Sprintf("svc%d.a.b.c", i), fmt.Sprintf("svc%d.orders.eu%d", i, i%5))
		}
		ps := func(m *runtime.Matcher) []runtime.Principal {
			return []runtime.Principal{m.Principal("p3"), m.Principal("p8")}
		}
		for _, m := range []*runtime.Matcher{runtime.NewMatcher(c), runtime.NewMatcher(&checked.Matcher)} {
			for _, name := range names {
				got, _ := m.Resolve(name)
				want, _ := built.Resolve(name)
				gotAll, _ := m.Matches(name, nil)
				wantAll, _ := built.Matches(name, nil)
				if got != want || !slices.Equal(gotAll, wantAll) || m.Allowed(runtime.Publish, name, ps(m)) != built.Allowed(runtime.Publish, name, ps(built)) {
					t.Fatalf("%q: Resolve %d, Matches %v with the carried tables; %d, %v built", name, got, gotAll, want, wantAll)
				}
			}
		}
	}
}

// TestDecodePlanMaskSlots: MaskSlots holds no words or 3 per slot of the
// tables, MaskFilter none or the filter's words; one word fewer or more
// is an error at the section, and so are a key past MaskKeys (its end
// at MaskKeys' length passes; one whose 32-bit sum would wrap fails), a
// destination out of range by its low or its high 32 bits (the last
// destination passes) and a table with no empty slot.
func TestDecodePlanMaskSlots(t *testing.T) {
	b := []byte(indexedPlan(t))
	l := layoutOf(t, b)
	read := func(name string) []uint64 {
		w := make([]uint64, binary.LittleEndian.Uint32(b[l.head[name]+4:]))
		for j := range w {
			w[j] = binary.LittleEndian.Uint64(b[l.data[name]+8*j:])
		}
		return w
	}
	slots, filter := read("MaskSlots"), read("MaskFilter")
	keysLen := l.last["MaskKeys"] - l.data["MaskKeys"]
	const dests = 210
	rewrite := func(s, f []uint64) []byte {
		out := append([]byte(nil), b[:l.head["MaskSlots"]]...)
		for i, ws := range [][]uint64{s, f} {
			out = binary.LittleEndian.AppendUint32(out, uint32(sectionNumber("MaskSlots")+i))
			out = binary.LittleEndian.AppendUint32(out, uint32(len(ws)))
			for _, w := range ws {
				out = binary.LittleEndian.AppendUint64(out, w)
			}
		}
		return seal(append(out, b[l.after("MaskFilter"):]...)) // the sections after them, as they are
	}
	with := func(j int, w uint64) []byte {
		s := slices.Clone(slots)
		s[j] = w
		return rewrite(s, filter)
	}
	filled := slices.IndexFunc(slots, func(w uint64) bool { return w != 0 }) // a hash, at a slot's first word
	for _, c := range [][]byte{rewrite(nil, nil), rewrite(slots, filter), with(filled+1, uint64(keysLen)), with(filled+2, dests-1)} {
		if _, err := runtime.DecodePlan(c); err != nil {
			t.Errorf("a good plan: %v", err)
		}
	}
	at := func(name string, j int) int { return l.data[name] + 8*j }
	msg := "plan: offset %d: MaskSlots: %d elements, want %d (3 per slot of the mask tables)"
	checkErr(t, "a slot word fewer", rewrite(slots[:len(slots)-1], filter), fmt.Sprintf(msg, l.data["MaskSlots"]-4, len(slots)-1, len(slots)))
	checkErr(t, "a slot word more", rewrite(append(slices.Clone(slots), 0), filter), fmt.Sprintf(msg, l.data["MaskSlots"]-4, len(slots)+1, len(slots)))
	fmsg := "plan: offset %d: MaskFilter: %d elements, want %d (the filter of 210 patterns)"
	checkErr(t, "a filter word fewer", rewrite(slots, filter[1:]), fmt.Sprintf(fmsg, l.data["MaskFilter"]-4, len(filter)-1, len(filter)))
	checkErr(t, "no filter", rewrite(slots, nil), fmt.Sprintf(fmsg, l.data["MaskFilter"]-4, 0, len(filter)))
	checkErr(t, "a key past MaskKeys", with(filled+1, 1<<32|uint64(keysLen)), fmt.Sprintf("plan: offset %d: MaskSlots[%d]: key past MaskKeys (%d bytes)", at("MaskSlots", filled+1), filled+1, keysLen))
	checkErr(t, "a key of 2^32-1 bytes", with(filled+1, 0xffffffff<<32|1), fmt.Sprintf("plan: offset %d: MaskSlots[%d]: key past MaskKeys (%d bytes)", at("MaskSlots", filled+1), filled+1, keysLen))
	checkErr(t, "a destination out of range", with(filled+2, dests), fmt.Sprintf("plan: offset %d: MaskSlots[%d]: 210 out of range (210 destinations)", at("MaskSlots", filled+2), filled+2))
	checkErr(t, "a destination in the high word", with(filled+2, 1<<32), fmt.Sprintf("plan: offset %d: MaskSlots[%d]: 4294967296 out of range (210 destinations)", at("MaskSlots", filled+2), filled+2))
	// Table 0 (3 patterns in 8 slots) with every slot filled.
	full := slices.Clone(slots)
	for j := 0; j < 8*3; j += 3 {
		if full[j] == 0 {
			full[j], full[j+1], full[j+2] = 1, 0, 0
		}
	}
	checkErr(t, "a full table", rewrite(full, filter), fmt.Sprintf("plan: offset %d: MaskSlots[0]: table 0 has no empty slot", at("MaskSlots", 0)))
}
