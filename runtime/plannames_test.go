package runtime_test

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// TestPlanNamesCarried: a plan carries its exact names' table; a Matcher
// that adopts it (MustLoadPlan) finds every exact name, with the same
// destination and ACL answers, rejects the same misses and lists the
// same names in the same order as one that builds it (a Compact without
// the table), with fewer allocations where it is adopted (namesInPlace),
// the same where it is built again. DecodePlan keeps the table it
// checked. The
// synthetic names are hashed by samples, the wide config's by wide
// samples, and the unsampled config's, which differ only between both
// samples' words, are not (NameIndex[0]), so every hash is adopted.
func TestPlanNamesCarried(t *testing.T) {
	kinds := map[uint32]bool{}
	for name, data := range map[string]string{"rich": string(richPlan(t)), "unsampled": namesPlan(t, unsampledNames),
		"wide": namesPlan(t, "aaaaaaaa.bbbbbbbb.cccccccc.%06d.ddddddd"), "synthetic": syntheticPlanWith(t, 1000, plan.Options{Masks: plan.MasksOff})} {
		trusted := runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data)))
		checked, err := runtime.DecodePlanString(data)
		if err != nil {
			t.Fatal(err)
		}
		if kept := checked.Matcher.NameIndex != nil && checked.Matcher.NameRecs != nil; len(trusted.Matcher.NameIndex) < 3 || !kept {
			t.Fatalf("%s: carried index of %d words; DecodePlan kept %d", name, len(trusted.Matcher.NameIndex), len(checked.Matcher.NameIndex))
		}
		kinds[trusted.Matcher.NameIndex[0]] = true
		without := trusted.Matcher
		without.NameIndex, without.NameRecs = nil, nil
		adopted, built, checkedM := runtime.NewMatcher(&trusted.Matcher), runtime.NewMatcher(&without), runtime.NewMatcher(&checked.Matcher)
		adopt := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&trusted.Matcher) })
		if build := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&without) }); namesInPlace != (adopt+3 <= build) || !namesInPlace && adopt != build {
			t.Errorf("%s: NewMatcher makes %v allocations with the carried name table, %v building it (adopted here: %v)", name, adopt, build, namesInPlace)
		}
		var keys []string
		for k, v := range built.Exact.All() {
			keys = append(keys, k)
			if got, ok := adopted.Exact.Lookup(k); !ok || got != v {
				t.Errorf("%s: adopted table: %q -> %d, %v; want %d", name, k, got, ok, v)
			}
			if got, ok := checkedM.Exact.Lookup(k); !ok || got != v {
				t.Errorf("%s: DecodePlan's table: %q -> %d, %v; want %d", name, k, got, ok, v)
			}
			for _, miss := range []string{k + "x", k[:len(k)-1], "x" + k[1:]} {
				_, a := adopted.Exact.Lookup(miss)
				_, b := built.Exact.Lookup(miss)
				if a != b {
					t.Errorf("%s: %q: adopted table finds it %v, built %v", name, miss, a, b)
				}
			}
			for op := range runtime.NumOps {
				for _, p := range []string{"p3", "alice", "ops"} {
					if a, b := adopted.Allowed(op, k, []runtime.Principal{adopted.Principal(p)}), built.Allowed(op, k, []runtime.Principal{built.Principal(p)}); a != b {
						t.Errorf("%s: Allowed(%d, %q, %s): adopted table %v, built %v", name, op, k, p, a, b)
					}
				}
			}
		}
		var adoptedKeys []string
		for k := range adopted.Exact.All() {
			adoptedKeys = append(adoptedKeys, k)
		}
		if len(keys) == 0 || !slices.Equal(keys, adoptedKeys) {
			t.Errorf("%s: the adopted table lists %d names, the built one %d, or another order", name, len(adoptedKeys), len(keys))
		}
	}
	if !kinds[0] || !kinds[1] || !kinds[2] {
		t.Errorf("hash kinds seen: %v; want all three", kinds)
	}
}

// TestDecodePlanNamesLength: NameIndex holds no words, or the sampled
// flag and the index (twice the names rounded up to a power of two, plus
// one); NameRecs none, or each name's record words; one word fewer or
// more, or a flag over 1, is an error.
func TestDecodePlanNamesLength(t *testing.T) {
	b := []byte(syntheticPlanWith(t, 1000, plan.Options{Masks: plan.MasksOff}))
	l := layoutOf(t, b)
	index := int(binary.LittleEndian.Uint32(b[l.head["NameIndex"]+4:]))
	recs := int(binary.LittleEndian.Uint32(b[l.head["NameRecs"]+4:]))
	// rewrite gives NameIndex i words (the first flag) and NameRecs r.
	rewrite := func(i, r int, flag uint32) []byte {
		out := append([]byte(nil), b[:l.head["NameIndex"]]...)
		section := func(num, n, size int, src string) {
			out = binary.LittleEndian.AppendUint32(out, uint32(num))
			out = binary.LittleEndian.AppendUint32(out, uint32(n))
			for j := range n {
				out = append(out, b[l.data[src]+size*(j%max(1, (l.last[src]-l.data[src])/size)):][:size]...)
			}
			for len(out)%8 != 0 {
				out = append(out, 0)
			}
		}
		num := sectionNumber("NameIndex")
		section(num, i, 4, "NameIndex")
		if i > 0 {
			binary.LittleEndian.PutUint32(out[l.data["NameIndex"]:], flag)
		}
		section(num+1, r, 8, "NameRecs")
		return seal(append(out, b[l.after("NameRecs"):]...))
	}
	for _, c := range [][3]int{{0, 0, 0}, {index, recs, 0}, {index, recs, 1}, {index, recs, 2}} {
		if _, err := runtime.DecodePlan(rewrite(c[0], c[1], uint32(c[2]))); err != nil {
			t.Errorf("NameIndex %d words, NameRecs %d, flag %d: %v", c[0], c[1], c[2], err)
		}
	}
	indexErr := fmt.Sprintf("plan: offset %d: NameIndex: %%d elements, want %d (the hash's kind, then twice the exact names rounded up to a power of two, then the first again)", l.data["NameIndex"]-4, index)
	for _, n := range []int{index - 1, index + 1, recs} {
		checkErr(t, fmt.Sprint("NameIndex ", n), rewrite(n, recs, 0), fmt.Sprintf(indexErr, n))
	}
	recsAt := l.data["NameRecs"] - 4
	for _, n := range []int{recs - 1, recs + 1, 0} {
		want := fmt.Sprintf("plan: offset %d: NameRecs: %d elements, want %d (per exact name, 2 plus its bytes' words)", recsAt, n, recs)
		checkErr(t, fmt.Sprint("NameRecs ", n), rewrite(index, n, 0), want)
	}
	checkErr(t, "kind 3", rewrite(index, recs, 3), fmt.Sprintf("plan: offset %d: NameIndex[0]: hash kind 3 is not 0, 1 or 2", l.data["NameIndex"]))
}

// unsampledNames makes names of 41 bytes whose number neither sample
// reads (namesPlan).
const unsampledNames = "aaaaaaaa.%06d.bbbbbbbb.ccccccc.dddddddd"

// namesPlan is the plan of 50 names of 41 bytes made by format from
// their numbers. With the number at bytes 9 to 14, which neither
// sampleHash nor wideHash reads, its table hashes whole names; at 27 to
// 32, which only wideHash reads, it samples wide.
func namesPlan(t *testing.T, format string) string {
	var ds []string
	for i := range 50 {
		ds = append(ds, fmt.Sprintf(`{"name": "`+format+`", "acl": {"publish": ["p%d"]}}`, i, i%5))
	}
	m, diags := model.Load("unsampled.json", []byte(`{"permissions": true, "destinations": [`+strings.Join(ds, ",")+`]}`))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return string(runtime.EncodePlan(plan.Build(m).Artifact()))
}

// TestDecodePlanNamesChecked: each rule of names, on richPlan: an entry
// naming no record's start, a record named twice or not at all, an
// occupied entry without its tag's top bit, the last entry not the first
// again, and a record whose header or bytes (padding included) are not
// its name's.
func TestDecodePlanNamesChecked(t *testing.T) {
	b := richPlan(t)
	l := layoutOf(t, b)
	n := int(binary.LittleEndian.Uint32(b[l.head["NameIndex"]+4:])) - 2
	words := int(binary.LittleEndian.Uint32(b[l.head["NameRecs"]+4:]))
	entry := func(i int) uint32 { return binary.LittleEndian.Uint32(b[l.data["NameIndex"]+4*(1+i):]) }
	offMask := uint32(1)<<bits.Len(uint(words-1)) - 1
	full, empty := -1, -1
	for i := range n {
		if e := entry(i); e != 0 && full < 0 && e&offMask > 0 {
			full = i
		} else if e == 0 && empty < 0 {
			empty = i
		}
	}
	if full < 0 || empty < 0 || words < 4 {
		t.Fatalf("richPlan's name table: %d entries, %d record words, no occupied entry past record 0 or no empty one", n, words)
	}
	e := entry(full)
	// Record 0 is "foo.bar"'s: 7 bytes, then one of padding.
	first, key := binary.LittleEndian.Uint64(b[l.data["NameRecs"]:]), binary.LittleEndian.Uint64(b[l.data["NameRecs"]+16:])
	// Record 1 is "orders.us.eu"'s: 12 bytes, its second word 4 of them
	// ("s.eu") then 4 of padding.
	last := binary.LittleEndian.Uint64(b[l.data["NameRecs"]+48:])
	notStart := fmt.Sprintf("record offset %d is not the start of a record no other entry names", e&offMask+1)
	cs := []corruption{
		{section: "NameIndex", elem: 1 + full, value: uint64(e + 1), want: fmt.Sprintf("NameIndex[%d]: %s", 1+full, notStart)},
		{section: "NameIndex", elem: 1 + full, value: uint64(e | offMask), want: fmt.Sprintf("NameIndex[%d]: record offset %d is not the start of a record no other entry names", 1+full, offMask)},
		{section: "NameIndex", elem: 1 + full, value: uint64(e &^ (1 << 31)), want: fmt.Sprintf("NameIndex[%d]: occupied entry without a tag", 1+full)},
		{section: "NameIndex", elem: 1 + full, value: 0, want: fmt.Sprintf("NameRecs[%d]: record is not in NameIndex", e&offMask), atSect: "NameRecs", at: int(e & offMask)},
		{section: "NameIndex", elem: 1 + n, value: uint64(entry(0) ^ 1<<31), want: fmt.Sprintf("NameIndex[%d]: last entry does not repeat the first", 1+n)},
		{section: "NameRecs", elem: 0, value: first + 1<<32, want: "NameRecs[0]: record of exact name \"foo.bar\" does not hold the next destination with a list in DestInfos"},
		{section: "NameRecs", elem: 3, value: 12, want: "NameRecs[3]: record of exact name \"orders.us.eu\" does not hold the next destination with a list in DestInfos"},
		{section: "NameRecs", elem: 3, value: 12 | 10<<32, want: "NameRecs[3]: record of exact name \"orders.us.eu\" does not hold its length, destination and signatures"},
		{section: "NameRecs", elem: 3, value: 12 | 6<<32, want: "NameRecs[3]: record of exact name \"orders.us.eu\" does not hold the next destination with a list in DestInfos"},
		{section: "NameRecs", elem: 3, value: 12 | 12<<32, want: "NameRecs[3]: record of exact name \"orders.us.eu\" does not hold the next destination with a list in DestInfos"},
		{section: "NameRecs", elem: 0, value: first ^ 1, want: "NameRecs[0]: record of exact name \"foo.bar\" does not hold its length, destination and signatures"},
		{section: "NameRecs", elem: 2, value: 0, want: "NameRecs[2]: record of exact name \"foo.bar\" does not hold its bytes, zero-padded"},
		{section: "NameRecs", elem: 5, value: 0, want: "NameRecs[5]: record of exact name \"orders.us.eu\" does not hold its bytes, zero-padded"},
		{section: "NameRecs", elem: 6, value: last ^ 1<<24, want: "NameRecs[6]: record of exact name \"orders.us.eu\" does not hold its bytes, zero-padded"},
		{section: "NameRecs", elem: 6, value: last | 1<<32, want: "NameRecs[6]: record of exact name \"orders.us.eu\" does not hold its bytes, zero-padded"},
		{section: "NameRecs", elem: 2, value: key | 1<<56, want: "NameRecs[2]: record of exact name \"foo.bar\" does not hold its bytes, zero-padded"},
	}
	// An empty entry naming the record the occupied one names: the later
	// of the two is the error.
	cs = append(cs, corruption{section: "NameIndex", elem: 1 + empty, value: uint64(e), want: fmt.Sprintf("NameIndex[%d]: record offset %d is not the start of a record no other entry names", 1+max(empty, full), e&offMask)})
	// An empty entry made occupied without a tag, naming a record another
	// entry names: every record is still named once, and a probe would
	// no longer stop there.
	cs = append(cs, corruption{section: "NameIndex", elem: 1 + empty, value: uint64(e &^ (1 << 31)), want: fmt.Sprintf("NameIndex[%d]: occupied entry without a tag", 1+empty)})
	checkCorruptions(t, b, cs)
}

// TestDecodePlanNamesValid: an exact name that is not a valid name, held
// alike by ExactKeys and by its record in the kept table, is rejected
// (exact checks Valid in the pass over the records, nameRecords).
func TestDecodePlanNamesValid(t *testing.T) {
	b := richPlan(t)
	l := layoutOf(t, b)
	m := append([]byte(nil), b...)
	m[l.data["ExactKeys"]+3] = '*'    // "foo.bar", the first name
	m[l.data["NameRecs"]+8*2+3] = '*' // its record's first word of bytes
	want := fmt.Sprintf("plan: offset %d: ExactEnds[0]: exact name \"foo*bar\" is not a valid destination name", l.data["ExactEnds"])
	checkErr(t, "foo*bar in ExactKeys and NameRecs", seal(m), want)
}

// TestDecodePlanNamesOffsetPastScratch: an entry's offset past the
// records, as far past as its bits reach (offMask), is rejected as naming
// no record's start, and read within the check's bitmap of record starts
// (nameEntries bounds it by the records' words): namesPlan's 400
// record words give 9-bit offsets, up to 511, beyond the bitmap's 448
// bits.
func TestDecodePlanNamesOffsetPastScratch(t *testing.T) {
	b := []byte(namesPlan(t, unsampledNames))
	l := layoutOf(t, b)
	n := int(binary.LittleEndian.Uint32(b[l.head["NameIndex"]+4:])) - 2
	words := int(binary.LittleEndian.Uint32(b[l.head["NameRecs"]+4:]))
	offMask := uint32(1)<<bits.Len(uint(words-1)) - 1
	scratch := 64 * max((words+1+63)/64, 5)
	if int(offMask) < scratch {
		t.Fatalf("%d record words: offsets reach %d, within the check's %d bits: the test needs a plan whose offsets reach past them", words, offMask, scratch)
	}
	for i := range n {
		if e := binary.LittleEndian.Uint32(b[l.data["NameIndex"]+4*(1+i):]); e != 0 {
			want := fmt.Sprintf("NameIndex[%d]: record offset %d is not the start of a record no other entry names", 1+i, offMask)
			checkCorruptions(t, b, []corruption{{section: "NameIndex", elem: 1 + i, value: uint64(e | offMask), want: want}})
			return
		}
	}
	t.Fatal("the unsampled plan's name table has no occupied entry")
}
