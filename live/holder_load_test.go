package live

import (
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/destgen/destgen/runtime"
)

// keptPlanBytes is the least plan runtime.PlanMemory keeps (runtime's
// hugeReadMin): the plans of TestHolderLoadFile are larger.
const keptPlanBytes = 4 << 20

// bigPlan writes the plan of a config of n destinations to dir/name and
// returns its path. Versions differ in every destination's "owner" (same
// length, so the two plans' layouts agree byte for byte elsewhere).
func bigPlan(t *testing.T, dir, name string, n, version int) string {
	var b strings.Builder
	b.WriteString(`{"destinations": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name": "tenant%d.orders.q%d", "store": "s%d", "properties": {"owner": "%s"}}`, i%97, i, i%5, owner(i, version))
	}
	b.WriteString(`], "nodeAutoCreationPolicies": [{"pattern": "tmp\\..*", "nodeType": "queue", "createdOnPublish": true, "attributes": {"durable": false}}]}`)
	r, _, err := Compile(Source{Name: name + ".json", Data: []byte(b.String())})
	if err != nil {
		t.Fatal(err)
	}
	artifact := runtime.EncodePlan(r.Plan())
	if len(artifact) < keptPlanBytes {
		t.Fatalf("plan of %d destinations: %d bytes, under the %d PlanMemory keeps", n, len(artifact), keptPlanBytes)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, artifact, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// owner is destination i's owner in version v of bigPlan's config.
func owner(i, v int) string {
	return fmt.Sprintf("team-%06d-v%d-%s", i, v, strings.Repeat("x", 40))
}

// snapshot is what a reader took from one Realm: the Realm and the
// strings it handed out, and what they must read.
type snapshot struct {
	r                     *Realm
	version               int
	pattern, store, owner string
	policy                Policy
}

// take reads destination i of r, of config version v.
func take(t *testing.T, r *Realm, v, i int) snapshot {
	d := &r.Destinations()[i]
	o, ok := d.Property("owner")
	if !ok || o.Str != owner(i, v) {
		t.Fatalf("version %d destination %d: owner %q, want %q", v, i, o.Str, owner(i, v))
	}
	return snapshot{r: r, version: v, pattern: d.Pattern(), store: d.Store(), owner: o.Str, policy: r.Policies()[0]}
}

// check fails unless s still reads what it read when taken, and its
// Realm still answers as its config does.
func (s snapshot) check(t *testing.T, i int, when string) {
	t.Helper()
	if s.pattern != fmt.Sprintf("tenant%d.orders.q%d", i%97, i) || s.store != fmt.Sprintf("s%d", i%5) || s.owner != owner(i, s.version) ||
		s.policy.Pattern != `tmp\..*` || s.policy.NodeType != "queue" || s.policy.Attributes != `{"durable":false}` {
		t.Fatalf("%s: strings of version %d read %q %q %q %+v", when, s.version, s.pattern, s.store, s.owner, s.policy)
	}
	if s.r == nil {
		return
	}
	for _, j := range []int{0, i, len(s.r.Destinations()) - 1} {
		d, err := s.r.Resolve(fmt.Sprintf("tenant%d.orders.q%d", j%97, j))
		if err != nil || d == nil || d.Index() != j {
			t.Fatalf("%s: version %d resolves destination %d to %v, %v", when, s.version, j, d, err)
		}
		if o, _ := d.Property("owner"); o.Str != owner(j, s.version) {
			t.Fatalf("%s: version %d destination %d owner %q", when, s.version, j, o.Str)
		}
	}
}

// TestHolderLoadFile: a Holder reloading plans with LoadFile, a
// collection between reloads, reads most plans (all but the first two, here) into
// the memory of one it replaced (it allocates less than the plan), and
// never into the memory of one a reader still holds: a Realm held across several updates and
// collections, and strings taken from another Realm that is itself
// dropped, read what they read when taken. A bad plan leaves the served
// Realm in place.
func TestHolderLoadFile(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles two configs of 24,000 destinations")
	}
	const n, i, reloads = 24_000, 12_345, 8
	dir := t.TempDir()
	paths := []string{bigPlan(t, dir, "v0.plan", n, 0), bigPlan(t, dir, "v1.plan", n, 1)}
	h := NewHolder(nil, Options{})
	r, err := h.LoadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	held := take(t, r, 0, i) // a reader holding a Realm
	r, err = h.LoadFile(paths[1])
	if err != nil {
		t.Fatal(err)
	}
	strs := take(t, r, 1, i) // a reader keeping only strings
	strs.r = nil
	heldAt := map[uintptr]bool{planAt(held.r): true, planAt(r): true}
	fi, err := os.Stat(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	reused := 0
	for k := range reloads {
		v := k % 2
		var m0, m1 goruntime.MemStats
		goruntime.ReadMemStats(&m0)
		r, err = h.LoadFile(paths[v])
		goruntime.ReadMemStats(&m1)
		if err != nil || h.Current() != r {
			t.Fatalf("reload %d: %v", k, err)
		}
		if heldAt[planAt(r)] {
			t.Fatalf("reload %d read its plan where a held Realm's or held strings' plan is", k)
		}
		// Reading into kept memory allocates less than the plan.
		if m1.TotalAlloc-m0.TotalAlloc < uint64(fi.Size()) {
			reused++
		}
		take(t, r, v, i).check(t, i, fmt.Sprintf("reload %d", k))
		for range 3 {
			goruntime.GC()
			time.Sleep(time.Millisecond)
		}
		held.check(t, i, fmt.Sprintf("after reload %d", k))
		strs.check(t, i, fmt.Sprintf("after reload %d", k))
	}
	// PlanMemory keeps buffers only where they are huge-page ones (Linux).
	if goruntime.GOOS == "linux" && reused < reloads/2 {
		t.Errorf("%d of %d reloads read their plan into kept memory, want at least half", reused, reloads)
	}
	if _, err := h.LoadFile(filepath.Join(dir, "absent.plan")); err == nil || h.Current() != r {
		t.Errorf("a missing plan: error %v, served Realm replaced %v", err, h.Current() != r)
	}
	goruntime.KeepAlive(held)
}

// planAt is where r's first destination's pattern is, in its plan's
// memory: the same offset in both versions of bigPlan's plan.
func planAt(r *Realm) uintptr {
	return uintptr(unsafe.Pointer(unsafe.StringData(r.Destinations()[0].Pattern())))
}
