package runtime_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// TestFrontEntersOnSecondSighting: a name only wildcards match enters
// the front index when the result cache answers it, its second sighting,
// not its first; a name asked once never does. Every answer is the
// same, from the walk, the cache and the front.
func TestFrontEntersOnSecondSighting(t *testing.T) {
	ds := []map[string]string{{"name": "a.*"}}
	for i := range 10 {
		ds = append(ds, map[string]string{"name": fmt.Sprintf("b.%d", i)})
	}
	cfg, _ := json.Marshal(map[string]any{"destinations": ds})
	mod, diags := model.Load("front.json", cfg)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	m := &plan.Build(mod).Matcher
	for i, want := range []int{0, 1, 1, 1} {
		if d, err := m.Resolve("a.x"); d != 0 || err != nil {
			t.Fatalf("sighting %d: Resolve(a.x) = %d, %v; want 0", i+1, d, err)
		}
		if got := runtime.FrontCached(m); got != want {
			t.Fatalf("after sighting %d: %d cached names in the front; want %d", i+1, got, want)
		}
	}
	for i := range 100 {
		m.Resolve(fmt.Sprintf("a.once%d", i))
	}
	if got := runtime.FrontCached(m); got != 1 {
		t.Fatalf("after 100 names asked once: %d cached names; want 1", got)
	}
}
