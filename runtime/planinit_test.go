package runtime_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// syntheticConfig has n destinations, a quarter with '*' and an eighth
// with '>', with ACLs over 20 principals and two properties, and a fixed
// set of policies: only the destinations grow with n. From 10k on it also
// has what only some configs have: an element of over 16 bytes (the edge
// table's long part) and 18 patterns whose automaton would blow up, split
// by wildcard mask (plan.writeMerged).
func syntheticConfig(n int) []byte {
	type dest struct {
		Name  string              `json:"name"`
		Props map[string]any      `json:"properties,omitempty"`
		ACL   map[string][]string `json:"acl,omitempty"`
	}
	var ds []dest
	for i := range n {
		name := fmt.Sprintf("svc%d.orders.eu%d", i, i%5)
		switch {
		case i%8 == 0:
			name = fmt.Sprintf("svc%d.>", i)
		case i%4 == 0:
			name = fmt.Sprintf("svc%d.*.eu", i)
		}
		ds = append(ds, dest{Name: name, Props: map[string]any{"durable": []string{"a", "b", "c"}[i%3], "prefetch": i % 7},
			ACL: map[string][]string{"publish": {fmt.Sprint("p", i%20)}, "subscribe": {fmt.Sprint("p", (i+1)%20)}}})
	}
	if n >= 10000 {
		ds = append(ds, dest{Name: "an-element-of-over-sixteen-bytes.*"})
		for i := 1; i <= 18; i++ { // see gen/plan's TestDFABlowUpFallsBack
			elems := strings.Split("blowup"+strings.Repeat(".*", 18), ".")
			elems[i] = "l"
			ds = append(ds, dest{Name: strings.Join(elems, ".")})
		}
	}
	b, _ := json.Marshal(map[string]any{"permissions": true, "destinations": ds, "nodeAutoCreationPolicies": []map[string]any{
		{"pattern": `rob\.durable\..*`, "nodeType": "queue", "createdOnPublish": true},
		{"pattern": `[a-z]+\.v[0-9]+\.acme\..*`, "nodeType": "queue", "createdOnPublish": true},
		{"pattern": `acme\.[0-9]+\.work`, "nodeType": "queue", "createdOnConsume": true},
	}})
	return b
}

func syntheticPlan(t testing.TB, n int) string { return syntheticPlanWith(t, n, plan.Options{}) }

func syntheticPlanWith(t testing.TB, n int, o plan.Options) string {
	return string(runtime.EncodePlan(syntheticArtifactWith(t, n, o)))
}

func syntheticArtifact(t testing.TB, n int) *runtime.Plan {
	return syntheticArtifactWith(t, n, plan.Options{})
}

// syntheticArtifactWith is the plan syntheticPlanWith encodes.
func syntheticArtifactWith(t testing.TB, n int, o plan.Options) *runtime.Plan {
	m, diags := model.Load("synthetic.json", syntheticConfig(n))
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return plan.BuildWith(m, o).Artifact()
}

// loadAll is what a generated package's initialisation runs, or with
// validate what a broker loading a plan does.
func loadAll(data string, validate bool) {
	p := runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data[:24])))
	if validate {
		var err error
		if p, err = runtime.DecodePlanString(data); err != nil {
			panic(err)
		}
	}
	runtime.NewMatcher(&p.Matcher)
	runtime.NewPolicyIndex(&p.PolicyIndex)
	runtime.MustCompilePolicyMatchers(p.Policies)
}

// TestInitAllocs: loading a plan and building its tables makes as many
// allocations at 10k destinations as at 1k (and at 100, below both),
// trusted as generated code loads it or validated: nothing is allocated
// per destination, name, node, edge or mask table. The cost model picks
// automata or mask tables per length by the config (at 10k the
// synthetic config's blow-up patterns make the tables win everywhere),
// and a structure a plan lacks costs no allocation, so each structure is
// checked alone: automata only, then mask tables only.
func TestInitAllocs(t *testing.T) {
	for _, mode := range []plan.MaskMode{plan.MasksOff, plan.MasksAll} {
		plans := map[int]string{}
		for _, n := range []int{100, 1000, 10000} {
			plans[n] = syntheticPlanWith(t, n, plan.Options{Masks: mode})
		}
		for _, validate := range []bool{false, true} {
			var counts []float64
			for _, n := range []int{100, 1000, 10000} {
				counts = append(counts, testing.AllocsPerRun(3, func() { loadAll(plans[n], validate) }))
			}
			if counts[0] != counts[1] || counts[1] != counts[2] {
				t.Errorf("masks %d, validate %v: allocations at 100, 1k and 10k destinations: %v; want them equal", mode, validate, counts)
			}
		}
	}
}

// TestMustLoadPlan: the embedded plan must be the one generated with the
// code (its checksum), and decode.
func TestMustLoadPlan(t *testing.T) {
	data := syntheticPlan(t, 10)
	sum := runtime.PlanChecksum([]byte(data))
	for _, c := range []struct {
		data string
		sum  uint32
		want string
	}{
		{data, sum, ""},
		{data, sum + 1, "runtime: the embedded plan is not the one this code was generated with: run go generate"},
		{data[:len(data)-1], sum, fmt.Sprintf("runtime: embedded plan: offset 16: payload of %d bytes, file has %d", len(data)-24, len(data)-25)},
		{"", 0, "runtime: embedded plan: offset 0: truncated header: 0 of 24 bytes"},
	} {
		got := func() (msg string) {
			defer func() {
				if r := recover(); r != nil {
					msg = fmt.Sprint(r)
				}
			}()
			runtime.MustLoadPlan(c.data, c.sum)
			return ""
		}()
		if got != c.want {
			t.Errorf("MustLoadPlan(%d bytes, %#x) panics with %q, want %q", len(c.data), c.sum, got, c.want)
		}
	}
	if runtime.PlanChecksum([]byte(data[:19])) != 0 {
		t.Error("PlanChecksum of a short input is not 0")
	}
}

// TestMustLoadPlanNoCRC: MustLoadPlan compares the header's checksum with
// the generated one and does not compute the CRC of the embedded bytes
// (it says why); DecodePlan, for plans from elsewhere, does. A plan whose
// last destination's pattern (an exact name) has one byte changed,
// header kept, loads with that pattern in the first and fails the
// second.
func TestMustLoadPlanNoCRC(t *testing.T) {
	p := syntheticArtifact(t, 10)
	last := p.Destinations[len(p.Destinations)-1].Pattern
	data := []byte(string(runtime.EncodePlan(p)))
	at := bytes.Index(data, []byte(last)) // in ExactKeys: the name is exact
	if at < 0 {
		t.Fatalf("pattern %q not in the plan", last)
	}
	data[at] ^= 0x20 // a letter's case: still a valid name
	trusted := runtime.MustLoadPlan(string(data), runtime.PlanChecksum(data))
	if got := trusted.Destination(len(p.Destinations) - 1).Pattern; got == last || !strings.EqualFold(got, last) {
		t.Errorf("MustLoadPlan read pattern %q, want %q with one letter's case changed", got, last)
	}
	if _, err := runtime.DecodePlan(data); err == nil || err.Error() != "plan: offset 12: checksum mismatch" {
		t.Errorf("DecodePlan of the changed plan: %v, want the checksum mismatch", err)
	}
}

// TestDecodePlanInPlace: a plan at an aligned address is read in place
// (its integer columns share its bytes); one at any other address, as an
// embedded file may be, is copied once, whole: one allocation more, not
// one per column. Both decode to the same plan.
func TestDecodePlanInPlace(t *testing.T) {
	data := syntheticPlan(t, 1000)
	words := make([]uint64, len(data)/8+2)
	buf := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 8*len(words))
	at := func(off int) string {
		copy(buf[off:], data)
		return unsafe.String(&buf[off], len(data))
	}
	decode := func(s string) { runtime.MustLoadPlan(s, runtime.PlanChecksum([]byte(s[:24]))) }
	inPlace := testing.AllocsPerRun(3, func() { decode(at(0)) })
	for off := 1; off < 8; off++ {
		if got := testing.AllocsPerRun(3, func() { decode(at(off)) }); got != inPlace+1 {
			t.Errorf("plan at offset %d: %v allocations, want %v (in place) + 1 (the copy)", off, got, inPlace)
		}
		p, err := runtime.DecodePlanString(at(off))
		if err != nil {
			t.Fatalf("plan at offset %d: %v", off, err)
		}
		if string(runtime.EncodePlan(p)) != data {
			t.Errorf("plan at offset %d decodes to another plan", off)
		}
	}
}

// TestDecodePlanReadsProperties: a decoded plan keeps its destinations
// as columns (no Plan.Destinations) and reads each destination's values
// in place, the synthetic config's 1,000 destinations sharing 21 property
// sets; EncodePlan of it gives the bytes back.
func TestDecodePlanReadsProperties(t *testing.T) {
	data := syntheticPlan(t, 1000)
	p, err := runtime.DecodePlanString(data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Destinations != nil || p.NumDestinations() != 1000 {
		t.Fatalf("decoded %d destinations, Destinations built: %v", p.NumDestinations(), p.Destinations != nil)
	}
	for i := range p.NumDestinations() {
		v := [2]runtime.PropertyValue{p.Property(i, 0), p.Property(i, 1)}
		want := [2]runtime.PropertyValue{{Set: true, Str: []string{"a", "b", "c"}[i%3]}, {Set: true, Int: int64(i % 7)}}
		if v != want {
			t.Fatalf("destination %d: properties %+v, want %+v", i, v, want)
		}
	}
	if string(runtime.EncodePlan(p)) != data {
		t.Error("the decoded plan encodes to other bytes")
	}
}
