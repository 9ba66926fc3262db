package diff

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/destgen/destgen/gen/model"
)

// scaleConfig writes a config of n destinations shaped like lint's scale
// test (literal names, svcN.*.evtK, svcN.eu.*, a few *.*.evtK, svcN.a.>)
// and 1,000 policies; variant 1 differs in 100 destinations (50 renamed)
// and one policy.
func scaleConfig(n, variant int) []byte {
	var b strings.Builder
	b.WriteString(`{"destinations": [`)
	count := 0
	add := func(name string, prefetch int, acl string) {
		if count > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"name": %q, "properties": {"prefetch": %d}, "acl": {"publish": [%q]}}`, name, prefetch, acl)
		count++
	}
	for i := 0; count < n; i++ {
		changed := variant == 1 && i%(n/5/50) == 0 && i/(n/5/50) < 50 // 50 services
		evt := fmt.Sprintf("evt%d", i%50)
		if changed {
			evt = "renamed" // svcN.orders.renamed replaces svcN.orders.evtK
		}
		add(fmt.Sprintf("svc%d.orders.%s", i, evt), 1, "app")
		add(fmt.Sprintf("svc%d.*.evt%d", i, i%50), 2, "app")
		add(fmt.Sprintf("svc%d.eu.*", i), 3, "app")
		if i%100 == 0 {
			add(fmt.Sprintf("*.*.evt%d", i), 4, "ops")
		} else {
			add(fmt.Sprintf("svc%d.us.created", i), 5, "app")
		}
		add(fmt.Sprintf("svc%d.a.>", i), 6, "app")
	}
	b.WriteString(`], "nodeAutoCreationPolicies": [`)
	for i := range 1000 {
		if i > 0 {
			b.WriteString(",\n")
		}
		typ := "queue"
		if variant == 1 && i == 500 {
			typ = "exchange"
		}
		fmt.Fprintf(&b, `{"pattern": "svc%d\\..*", "nodeType": %q, "createdOnPublish": true}`, i, typ)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

// maxScaleDiff is the bound for diffing two 100,000-destination
// configs that differ in 100 destinations (loading them excluded: that is
// check's cost, twice), as CPU time where the platform reports it: the
// diff runs on one goroutine, and the garbage collector's workers add at
// most a quarter of GOMAXPROCS beside it.
const maxScaleDiff = 2 * time.Second

// TestScale diffs two 100k-destination configs differing in 100
// destinations and one policy: one pass over both configs plus work per
// changed pattern, where all pairs would be 1e10.
func TestScale(t *testing.T) {
	if testing.Short() {
		t.Skip("100k destinations")
	}
	var ms [2]*model.Model
	for v := range ms {
		m, diags := model.Load("scale.json", scaleConfig(100_000, v))
		if err := diags.Err(); err != nil {
			t.Fatal(err)
		}
		ms[v] = m
	}
	start, startCPU := time.Now(), processCPU()
	cs := Diff(ms[0], ms[1])
	elapsed, cpu := time.Since(start), processCPU()-startCPU
	n := Count(cs)
	t.Logf("100k destinations: %d changes %v in %v (%v CPU)", len(cs), n, elapsed, cpu)
	// Each rename: svcN.orders.evtK now chooses svcN.*.evtK, and
	// svcN.orders.renamed, denied before, lets app publish.
	want := map[Kind]int{DestAdded: 50, DestRemoved: 50, Precedence: 100, Access: 50, PolicyChanged: 1, AutoCreate: 1}
	if fmt.Sprint(n) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", n, want)
	}
	if !cpuMeasured {
		cpu = elapsed
	}
	if cpu > maxScaleDiff {
		t.Errorf("diff took %v of CPU (%v wall), over %v", cpu, elapsed, maxScaleDiff)
	}
}
