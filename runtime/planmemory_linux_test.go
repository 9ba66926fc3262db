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

// TestPlanMemoryReclaims: a reload sooner after the last than any
// collection (nothing kept yet, the replaced buffer unreferenced) reads
// into the replaced buffer, not fresh memory: the load collects for it
// when the heap to scan is small (reclaim).
func TestPlanMemoryReclaims(t *testing.T) {
	m := &PlanMemory{}
	first, _ := planBuffer(hugeReadMin, m)
	was := at(first)
	served, _ := planBuffer(hugeReadMin, m) // replaces first, served until now
	goruntime.KeepAlive(first)
	b, _ := planBuffer(hugeReadMin, m) // no collection need have run since
	if at(b) != was {
		t.Errorf("a reload right after the last read into %#x, not the replaced buffer at %#x (%d bytes to scan)", at(b), was, scannedHeap())
	}
	goruntime.KeepAlive(served)
}

// TestPlanMemoryReclaimHeld: a replaced buffer a reader still holds is
// not kept by the load's collection; the load waits at most
// reclaimWait for it, then reads into other memory.
func TestPlanMemoryReclaimHeld(t *testing.T) {
	m := &PlanMemory{}
	held, _ := planBuffer(hugeReadMin, m)
	served, _ := planBuffer(hugeReadMin, m)
	start := time.Now()
	b, _ := planBuffer(hugeReadMin, m)
	if took := time.Since(start); took > reclaimWait+time.Second {
		t.Errorf("a load with the replaced buffer held took %v, want about reclaimWait (%v)", took, reclaimWait)
	}
	if at(b) == at(held) || at(b) == at(served) {
		t.Error("a load read into a buffer still held")
	}
	goruntime.KeepAlive(held)
	goruntime.KeepAlive(served)
}

// TestPlanMemoryReclaimScanBound: a load collects for the replaced
// buffer only when one awaits the collector and the heap to scan is at
// most reclaimScanRatio times the buffer; with a larger heap it leaves
// the collection to the collector, and with nothing awaiting (the first
// reload, or one after the buffer was kept and taken) there is nothing
// to collect for.
func TestPlanMemoryReclaimScanBound(t *testing.T) {
	words := hugeAllocWords(hugeReadMin + 1)
	for _, c := range []struct {
		name    string
		pointer int // words of pointers held while reclaim runs
		armed   bool
		collect bool
	}{
		{"small heap", 0, true, true},
		{"heap over the bound", 2 * words * reclaimScanRatio, true, false},
		{"nothing awaiting", 0, false, false},
	} {
		m := &PlanMemory{}
		planBuffer(hugeReadMin, m) // replaced by served below, referred to by nothing
		served, _ := planBuffer(hugeReadMin, m)
		ptrs := make([]*int, c.pointer)
		for i := range ptrs {
			ptrs[i] = &c.pointer
		}
		goruntime.GC() // counts ptrs as scanned; the first buffer is then kept: forget it
		time.Sleep(time.Millisecond)
		m.mu.Lock()
		m.kept, m.armed = nil, c.armed
		m.mu.Unlock()
		n := numGC()
		m.reclaim(words)
		if got := numGC() > n; got != c.collect {
			t.Errorf("%s (%d bytes scanned, buffer %d): collected %v, want %v", c.name, scannedHeap(), words*8, got, c.collect)
		}
		goruntime.KeepAlive(ptrs)
		goruntime.KeepAlive(served)
	}
}

// numGC is the collections completed so far.
func numGC() uint32 {
	var s goruntime.MemStats
	goruntime.ReadMemStats(&s)
	return s.NumGC
}
