//go:build linux

package runtime

import (
	goruntime "runtime"
	"testing"
	"time"
	"unsafe"
)

// keptOf is what m keeps now.
func keptOf(m *PlanMemory) []uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.kept
}

// collectUntil runs collections, letting finalizers run, until ok or 10
// s have passed; it reports ok's last answer.
func collectUntil(ok func() bool) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		goruntime.GC()
		time.Sleep(time.Millisecond)
		if ok() {
			return true
		}
	}
	return ok()
}

// at is where b's memory starts.
func at(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// TestPlanMemoryKeeps: as a Holder reloads (each buffer served until
// the next replaces it), the buffer the newest replaced is kept once
// nothing refers to it, not the one before it nor the newest, and m's
// next buffer is it, with the room after the plan zeroed again.
func TestPlanMemoryKeeps(t *testing.T) {
	m := &PlanMemory{}
	// Each buffer is served (alive) until the next replaces it.
	b1, _ := planBuffer(hugeReadMin, m)
	b2, rest := planBuffer(hugeReadMin, m)
	goruntime.KeepAlive(b1)
	for i := range rest {
		rest[i] = 0xA5
	}
	served, _ := planBuffer(hugeReadMin, m)
	goruntime.KeepAlive(b2)
	first, second := at(b1), at(b2)
	if !collectUntil(func() bool { return keptOf(m) != nil }) {
		t.Fatal("no buffer kept after collections with two unreferenced")
	}
	kept := keptOf(m)
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(kept)))
	in := func(p uintptr) bool { return lo <= p && p < lo+uintptr(len(kept))*8 }
	if !in(second) || in(first) || in(at(served)) {
		t.Fatalf("kept %#x (%d words): first %#x, second %#x, newest %#x; want the second", lo, len(kept), first, second, at(served))
	}
	b, rest := planBuffer(hugeReadMin, m)
	if at(b) != second {
		t.Errorf("the next buffer is at %#x, not the kept one's %#x", at(b), second)
	}
	if keptOf(m) != nil {
		t.Error("a kept buffer taken is still kept")
	}
	for i, c := range rest {
		if c != 0 {
			t.Fatalf("the kept buffer's room after the plan not zeroed at %d: %#x", i, c)
		}
	}
	goruntime.KeepAlive(served)
}

// aliasedCollections is how many collections TestPlanMemoryAliased runs
// with the string held: the buffer it holds is kept after one or two
// once the string is gone.
const aliasedCollections = 20

// TestPlanMemoryAliased: a buffer a string still points into (as a
// Realm hands out its plan's strings) is never kept, however many
// collections run; once the string is gone it is.
func TestPlanMemoryAliased(t *testing.T) {
	m := &PlanMemory{}
	b, _ := planBuffer(hugeReadMin, m)
	b = append(b, "orders.eu"...)
	s := unsafe.String(unsafe.SliceData(b), len(b))
	newer, _ := planBuffer(hugeReadMin, m) // replaces b, served until now
	b = nil
	for range aliasedCollections {
		goruntime.GC()
		time.Sleep(time.Millisecond)
		if keptOf(m) != nil {
			t.Fatal("a buffer a string points into was kept")
		}
	}
	if s != "orders.eu" {
		t.Fatalf("the string reads %q", s)
	}
	s = ""
	if !collectUntil(func() bool { return keptOf(m) != nil }) {
		t.Fatal("the buffer was never kept once the string was gone")
	}
	goruntime.KeepAlive(newer)
}

// TestPlanMemoryTake: a kept allocation is taken from least to most +
// most/keptSlack words, not outside, and is not kept after either way;
// a nil PlanMemory keeps and gives nothing.
func TestPlanMemoryTake(t *testing.T) {
	const least, most = 1000, 1200
	for _, c := range []struct {
		words int
		ok    bool
	}{{least - 1, false}, {least, true}, {least + 1, true}, {most + most/keptSlack - 1, true}, {most + most/keptSlack, true}, {most + most/keptSlack + 1, false}} {
		m := &PlanMemory{kept: make([]uint64, c.words)}
		if got := m.take(least, most) != nil; got != c.ok {
			t.Errorf("%d words kept: taken %v, want %v", c.words, got, c.ok)
		}
		if m.kept != nil {
			t.Errorf("%d words kept: still kept after take", c.words)
		}
	}
	var m *PlanMemory
	m.handOut(make([]uint64, 8))
	m.noteRoom(100)
	if m.take(0, 10) != nil || m.roomFor() != 0 {
		t.Error("a nil PlanMemory gave something")
	}
}

// TestPlanMemoryRoom: a buffer of m's leaves firstRoom after the plan
// before any plan's tables are known, then the last plan's tables and a
// word to align them.
func TestPlanMemoryRoom(t *testing.T) {
	m := &PlanMemory{}
	var held [][]byte // so that none is kept and taken, without the room
	for _, want := range []int{-1, 0, 100, 3*hugePage + 5} {
		if want >= 0 {
			m.noteRoom(want)
		}
		room := firstRoom
		if want >= 0 {
			room = want + 8
		}
		if got := m.roomFor(); got != room {
			t.Errorf("tables of %d bytes: room %d, want %d", want, got, room)
		}
		b, rest := planBuffer(hugeReadMin, m)
		if len(rest) < room {
			t.Errorf("tables of %d bytes: %d bytes after the plan, want at least %d", want, len(rest), room)
		}
		held = append(held, b)
	}
	goruntime.KeepAlive(held)
}
