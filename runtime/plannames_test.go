package runtime_test

import (
	"encoding/binary"
	"fmt"
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
// same names in the same order as one that builds it (DecodePlan drops
// the table it checked the lengths of), with fewer allocations where it
// is adopted (namesInPlace), the same where it is built again. The
// synthetic names are hashed by samples and the unsampled config's,
// which differ only between the samples, are not (NameIndex[0]), so
// both hashes are adopted.
func TestPlanNamesCarried(t *testing.T) {
	sampled := map[uint32]bool{}
	for name, data := range map[string]string{"rich": string(richPlan(t)), "unsampled": unsampledPlan(t), "synthetic": syntheticPlanWith(t, 1000, plan.Options{Masks: plan.MasksOff})} {
		trusted := runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data)))
		checked, err := runtime.DecodePlanString(data)
		if err != nil {
			t.Fatal(err)
		}
		if len(trusted.Matcher.NameIndex) < 3 || checked.Matcher.NameIndex != nil || checked.Matcher.NameRecs != nil {
			t.Fatalf("%s: carried index of %d words; DecodePlan kept %d", name, len(trusted.Matcher.NameIndex), len(checked.Matcher.NameIndex))
		}
		sampled[trusted.Matcher.NameIndex[0]] = true
		adopted, built := runtime.NewMatcher(&trusted.Matcher), runtime.NewMatcher(&checked.Matcher)
		adopt := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&trusted.Matcher) })
		without := trusted.Matcher
		without.NameIndex, without.NameRecs = nil, nil
		if build := testing.AllocsPerRun(2, func() { runtime.NewMatcher(&without) }); namesInPlace != (adopt+3 <= build) || !namesInPlace && adopt != build {
			t.Errorf("%s: NewMatcher makes %v allocations with the carried name table, %v building it (adopted here: %v)", name, adopt, build, namesInPlace)
		}
		var keys []string
		for k, v := range built.Exact.All() {
			keys = append(keys, k)
			if got, ok := adopted.Exact.Lookup(k); !ok || got != v {
				t.Errorf("%s: adopted table: %q -> %d, %v; want %d", name, k, got, ok, v)
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
	if !sampled[0] || !sampled[1] {
		t.Errorf("sampled flags seen: %v; want both", sampled)
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
	for _, c := range [][3]int{{0, 0, 0}, {index, recs, 0}, {index, recs, 1}} {
		if _, err := runtime.DecodePlan(rewrite(c[0], c[1], uint32(c[2]))); err != nil {
			t.Errorf("NameIndex %d words, NameRecs %d, flag %d: %v", c[0], c[1], c[2], err)
		}
	}
	indexErr := fmt.Sprintf("plan: offset %d: NameIndex: %%d elements, want %d (the sampled flag, then twice the exact names rounded up to a power of two, then the first again)", l.data["NameIndex"]-4, index)
	for _, n := range []int{index - 1, index + 1, recs} {
		checkErr(t, fmt.Sprint("NameIndex ", n), rewrite(n, recs, 0), fmt.Sprintf(indexErr, n))
	}
	recsAt := l.data["NameRecs"] - 4
	for _, n := range []int{recs - 1, recs + 1, 0} {
		want := fmt.Sprintf("plan: offset %d: NameRecs: %d elements, want %d (per exact name, 2 plus its bytes' words)", recsAt, n, recs)
		checkErr(t, fmt.Sprint("NameRecs ", n), rewrite(index, n, 0), want)
	}
	checkErr(t, "flag 2", rewrite(index, recs, 2), fmt.Sprintf("plan: offset %d: NameIndex[0]: sampled flag 2 is not 0 or 1", l.data["NameIndex"]))
}

// unsampledPlan's 50 names of 41 bytes differ only in bytes 9 to 14,
// which sampleHash does not read: its table hashes whole names.
func unsampledPlan(t *testing.T) string {
	var ds []string
	for i := range 50 {
		ds = append(ds, fmt.Sprintf(`{"name": "aaaaaaaa.%06d.bbbbbbbb.ccccccc.dddddddd", "acl": {"publish": ["p%d"]}}`, i, i%5))
	}
	m, diags := model.Load("unsampled.json", []byte(`{"permissions": true, "destinations": [`+strings.Join(ds, ",")+`]}`))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return string(runtime.EncodePlan(plan.Build(m).Artifact()))
}
