package live

import (
	"runtime"
	"testing"
	"time"
	"unsafe"
)

// TestHandles: newHandles gives {r, i} for every i, at, below and above
// hugeHandlesMin; from it on, the handles start at a huge page boundary
// (anchoredHandles' room).
func TestHandles(t *testing.T) {
	per := int(unsafe.Sizeof(Destination{}))
	for _, n := range []int{0, 1, hugeHandlesMin/per - 1, hugeHandlesMin / per, hugeHandlesMin/per + 1, 3*hugePage/per + 5} {
		r := &Realm{}
		ds := newHandles(r, n)
		if len(ds) != n || cap(ds) != n {
			t.Fatalf("%d handles: len %d cap %d", n, len(ds), cap(ds))
		}
		for i := range ds {
			if ds[i].realm != r || ds[i].index != i {
				t.Fatalf("%d handles: handle %d is {%p, %d}", n, i, ds[i].realm, ds[i].index)
			}
		}
		// An empty array has no memory, so no address to check.
		if huge := n*per >= hugeHandlesMin; n > 0 && huge != alwaysOnHugeBoundary(r, n, ds) {
			t.Errorf("%d handles (%d bytes): on a huge page boundary %v, want %v", n, n*per, !huge, huge)
		}
	}
}

// alwaysOnHugeBoundary reports whether ds and two more arrays of n
// handles all start at a huge page boundary. An ordinary allocation of a
// megabyte lands on one by chance (1 in 256: it is page-aligned), so one
// aligned array proves nothing; three in a row, all kept alive so their
// addresses differ, happen by chance once in 16 million.
func alwaysOnHugeBoundary(r *Realm, n int, ds []Destination) bool {
	arrays := [][]Destination{ds, newHandles(r, n), newHandles(r, n)}
	for _, a := range arrays {
		if uintptr(unsafe.Pointer(unsafe.SliceData(a)))%hugePage != 0 {
			return false
		}
	}
	return true
}

// TestHandlesKeepRealm: a handle of an anchored array keeps its Realm
// alive though the collector sees no pointer to it but the array's
// first word, and once nothing holds the handles the Realm is collected
// (no cycle the collector cannot free).
func TestHandlesKeepRealm(t *testing.T) {
	per := int(unsafe.Sizeof(Destination{}))
	n := hugeHandlesMin/per + 1
	collected := make(chan struct{})
	d := func() *Destination {
		r := &Realm{keys: map[string]int{"k": 7}}
		runtime.AddCleanup(r, func(ch chan struct{}) { close(ch) }, collected)
		r.dests = newHandles(r, n)
		return &r.dests[n-1]
	}()
	for range 3 {
		runtime.GC()
	}
	select {
	case <-collected:
		t.Fatal("the Realm was collected while a handle held it")
	default:
	}
	if d.index != n-1 || d.realm.keys["k"] != 7 {
		t.Fatalf("handle after collections: index %d, realm's key %d", d.index, d.realm.keys["k"])
	}
	runtime.KeepAlive(d)
	d = nil
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		select {
		case <-collected:
			return
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the Realm was never collected once nothing held its handles")
		}
		time.Sleep(time.Millisecond)
	}
}
