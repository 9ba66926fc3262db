package runtime

import (
	goruntime "runtime"
	"runtime/metrics"
	"sync"
	"time"
	"unsafe"
	"weak"
)

// keptSlack is how much larger than asked (a quarter) a kept allocation
// may be and still be taken: a config's next version is about as large
// as the one it replaces, and a much larger allocation would keep its
// surplus resident for the whole life of the plan read into it.
const keptSlack = 4

// firstRoom is the room for tables (nodes and policy tables) the first
// plan read through a PlanMemory gets, before any plan's tables are
// known: one huge page, which held the policy tables of the 1,000
// policies of make scale's configs (0.9 to 2 MB). Room a plan's tables
// do not use is never touched.
const firstRoom = hugePage

// reclaimWait is the longest a load waits, after the collection it asked
// for (reclaim), for the finalizer that keeps the replaced buffer: it runs
// within microseconds of the collection on an idle machine; a buffer a
// reader still holds is never kept, and the load then reads into fresh
// memory 10 ms of wall time later, no CPU spent waiting.
const reclaimWait = 10 * time.Millisecond

// reclaimScanRatio bounds when a load asks for a collection to find the
// buffer it may reuse: when the heap the collector scans is at most this
// many times the buffer's bytes. Measured here (2 cores, a VM): a
// collection cost 2 ms plus 0.5-0.6 ns a byte of pointer-dense heap
// scanned (runtime.GC of 10-520 MB of linked nodes); a fresh plan
// buffer's first touches 0.2-1.7 ns a byte (6 to 55 ms of system time for
// the 32 MB of exact 100k, by the machine's memory state). At one, the
// collection costs about what the fresh buffer does on a quiet machine
// and a third of it on a busy one; a broker whose heap dwarfs its plan
// leaves its collections to the collector.
const reclaimScanRatio = 1

// PlanMemory is memory for plans read one after another, as a serving
// process reloads its config: the buffer of the plan the newest one
// read through it (LoadPlanFile) replaced is kept, once nothing refers
// to it any more, for the next plan read through it, memory already
// faulted in. On the machines measured (a VM) a fresh page's first touch
// cost 2 to 3 ms a megabyte at a load average of 7, so a reload at
// 100,000 destinations whose 35 MB buffer is fresh memory cost up to 150
// ms of system time; Go's heap reuses freed memory too, but only what a
// collection has found and its scavenger has not yet returned to the
// system, and memory kept is never returned (bench/README, "Reload,
// session 19").
//
// It keeps at most one buffer, so its cost is at most one plan buffer's
// memory for as long as it lives.
// A buffer is kept only once the collector finds nothing refers to it:
// no Plan, no Realm and no string or slice a plan decoded in place
// handed out (each points into the buffer's allocation, which keeps it
// alive as any interior pointer does), so that nothing ever sees it
// change. Only plans of hugeReadMin bytes or more are kept, and only on
// Linux, where their buffers are huge page ones (planread_linux.go). The
// zero PlanMemory is ready to use; it is safe for concurrent use.
type PlanMemory struct {
	mu   sync.Mutex
	kept []uint64
	// newest and replaced are the last two buffers handed out (handOut),
	// weakly: only replaced may be kept.
	newest, replaced handedOut
	// room is the bytes of the tables of the last plan read through m
	// (its nodes and policy tables: loadPlanFile), which the next buffer
	// makes room for after the plan: about the same in the config's next
	// version.
	room      int
	roomKnown bool
	// armed is whether replaced carries the finalizer that keeps it, not
	// yet run; kept signals on ready (one slot) when it runs.
	armed bool
	ready chan struct{}
}

// handedOut is a plan buffer's allocation m handed out, held weakly.
type handedOut struct {
	at    weak.Pointer[uint64]
	words int
}

// LoadPlanFile is the package's LoadPlanFile, reading into m's kept
// buffer when it fits; a nil m keeps nothing and reads into fresh memory,
// as LoadPlanFile does.
func (m *PlanMemory) LoadPlanFile(path string) (*Plan, error) {
	return loadPlanFile(path, m)
}

// handOut records alloc, the whole allocation of a plan buffer read
// through m, as the newest. The newest before it, the buffer of the
// plan alloc's is read to replace, gets the finalizer that keeps it once
// nothing refers to it; the one before that loses its, so that it is
// freed as any garbage is. Only the most recently replaced buffer is
// kept: a finalizer delays freeing an object it does not keep by a
// collection, and with one on every buffer, reloads faster than the
// collector runs held one more plan's memory per collection (a serving
// process reloading exact 100k back to back grew to 359 MB). A nil m
// keeps nothing.
func (m *PlanMemory) handOut(alloc []uint64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if p := m.replaced.at.Value(); p != nil {
		goruntime.SetFinalizer(p, nil)
	}
	m.replaced = m.newest
	m.armed = false
	if p := m.replaced.at.Value(); p != nil {
		m.keepWhenUnreachable(p, m.replaced.words)
		m.armed = true
	}
	m.newest = handedOut{weak.Make(&alloc[0]), len(alloc)}
}

// keepWhenUnreachable makes m keep the allocation of words words at base
// once the collector finds nothing refers to it: no Plan, no Realm and
// no string or slice a plan decoded in place handed out (each points
// into the allocation, which keeps it alive as any interior pointer
// does). A finalizer, not runtime.AddCleanup, because only a finalizer
// is handed the object to keep; the allocation holds no pointers, so it
// is in no cycle that would keep the finalizer from running.
func (m *PlanMemory) keepWhenUnreachable(base *uint64, words int) {
	ready := m.readyLocked()
	goruntime.SetFinalizer(base, func(base *uint64) {
		m.mu.Lock()
		m.kept = unsafe.Slice(base, words) // the one kept before is the collector's
		m.armed = false
		m.mu.Unlock()
		select {
		case ready <- struct{}{}:
		default: // a signal no load took yet says the same
		}
	})
}

// readyLocked is m.ready, made on first use (m.mu held).
func (m *PlanMemory) readyLocked() chan struct{} {
	if m.ready == nil {
		m.ready = make(chan struct{}, 1)
	}
	return m.ready
}

// reclaim is what a load of a buffer of words words does before taking
// m's kept one: when nothing is kept but the buffer the last load
// replaced awaits the collector (a reload sooner after the last than a
// collection has run: back to back, or in a process that allocates too
// little to collect), and the heap to scan is small beside the buffer
// (reclaimScanRatio), it runs a collection and waits up to reclaimWait
// for that buffer to be kept, so that the load reads into memory already
// touched instead of fresh. Back-to-back reloads of exact 100k in a
// serving process cost 16-29 ms of CPU with it, 21-89 without, the
// collection counted (bench/README, "Session 23").
func (m *PlanMemory) reclaim(words int) {
	m.mu.Lock()
	wanted := m.kept == nil && m.armed
	ready := m.readyLocked()
	m.mu.Unlock()
	if !wanted || scannedHeap() > uint64(words)*8*reclaimScanRatio {
		return
	}
	select {
	case <-ready: // an old signal: its buffer was taken
	default:
	}
	goruntime.GC()
	wait := time.NewTimer(reclaimWait)
	defer wait.Stop()
	select {
	case <-ready:
	case <-wait.C:
	}
}

// scannedHeap is the bytes a collection scans now: the heap's, the
// stacks' and the globals' that may hold pointers.
func scannedHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/scan/total:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return ^uint64(0) // unknown to this Go: never collect for it
	}
	return s[0].Value.Uint64()
}

// noteRoom records want, the bytes of the room tables of a plan read
// through m (nothing for a nil m).
func (m *PlanMemory) noteRoom(want int) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.room, m.roomKnown = want, true
	m.mu.Unlock()
}

// roomFor is the room to leave for the room tables after a plan read
// through m: the last plan's and a word to align them (policyRoom);
// before any plan, firstRoom; 0 for a nil m.
func (m *PlanMemory) roomFor() int {
	if m == nil {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.roomKnown {
		return firstRoom
	}
	return m.room + 8
}

// take returns m's kept allocation, after reclaim, when it holds from
// least to most + most/keptSlack words, else nil; either way m keeps
// nothing after (a buffer that does not fit is left to the collector).
// A nil m has nothing.
func (m *PlanMemory) take(least, most int) []uint64 {
	if m == nil {
		return nil
	}
	m.reclaim(least)
	m.mu.Lock()
	a := m.kept
	m.kept = nil
	m.mu.Unlock()
	if len(a) < least || len(a) > most+most/keptSlack {
		return nil
	}
	return a
}
