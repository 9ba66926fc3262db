package runtime_test

import (
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/destgen/destgen/runtime"
)

// TestLoadPlanFileNodesRoom: a plan loaded from a file (LoadPlanFile)
// gives the first matcher built from it its nodes in the room on huge
// pages, and the policy index the room after them, not overlapping; a
// second matcher from the same plan makes its own. All three answer as
// a matcher of the same plan decoded from bytes, which has no room, so
// that a table written over another shows.
func TestLoadPlanFileNodesRoom(t *testing.T) {
	b := []byte(syntheticPlan(t, nodesRoomDests))
	path := filepath.Join(t.TempDir(), "p.plan")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := runtime.LoadPlanFile(path)
	if err != nil {
		t.Fatal(err)
	}
	nodes, policies, size := runtime.RoomStarts(p)
	if nodes == 0 || size == 0 || policies < nodes+uintptr(size) {
		t.Fatalf("rooms: nodes at %#x (%d bytes), policy tables at %#x: want both, the policy tables after the nodes", nodes, size, policies)
	}
	first := runtime.NewMatcher(&p.Matcher)
	index := runtime.NewPolicyIndex(&p.PolicyIndex)
	second := runtime.NewMatcher(&p.Matcher)
	if at := uintptr(unsafe.Pointer(unsafe.SliceData(first.Nodes))); at != nodes {
		t.Errorf("first matcher's nodes at %#x, want the room's %#x", at, nodes)
	}
	if at := uintptr(unsafe.Pointer(unsafe.SliceData(second.Nodes))); at == nodes {
		t.Error("second matcher's nodes in the first's room")
	}
	want, err := runtime.DecodePlan(b)
	if err != nil {
		t.Fatal(err)
	}
	wm, wi := runtime.NewMatcher(&want.Matcher), runtime.NewPolicyIndex(&want.PolicyIndex)
	for i := range want.NumDestinations() {
		name := want.Destination(i).Pattern
		for _, m := range []*runtime.Matcher{first, second} {
			got, gerr := m.Resolve(name)
			w, werr := wm.Resolve(name)
			if got != w || (gerr == nil) != (werr == nil) {
				t.Fatalf("Resolve(%q) = %d, %v; want %d, %v", name, got, gerr, w, werr)
			}
		}
	}
	ms := runtime.MustCompilePolicyMatchers(want.Policies)
	for _, name := range []string{"rob.durable.x", "ab.v1.acme.q", "acme.12.work", "svc8.orders.eu3"} {
		for op := range runtime.NumOps {
			got, gok := index.Find(name, op, ms.Match)
			w, wok := wi.Find(name, op, ms.Match)
			if got != w || gok != wok {
				t.Errorf("Find(%q, %d) = %d, %v; want %d, %v", name, op, got, gok, w, wok)
			}
		}
	}
}

// nodesRoomDests is the synthetic config's size whose nodes (and policy
// tables) fill at least roomMin, so that a room is made for them.
const nodesRoomDests = 40000
