package live

import (
	"reflect"
	"unsafe"
)

const (
	// hugePage is a transparent huge page on the platforms measured
	// (amd64, arm64 with 4 KB pages), as runtime's planBuffer assumes.
	hugePage = 2 << 20
	// hugeHandlesMin is the least handles array (bytes) put on huge
	// pages: 65,536 destinations. On the machines measured (a VM) each
	// fresh 4 KB page costs 15 to 25 us at its first touch, so the 1.6 MB
	// of handles at 100,000 destinations cost 5.5 to 9.8 ms of a Load's
	// CPU, 0.3 to 1.1 on one huge page (9 runs in 10; bench/README,
	// "Load at 100k, session 17"). The allocation is up to 4 MB larger
	// than the handles in Go's heap statistics, never touched: not worth
	// it for an array whose first touch costs 4 ms or less.
	hugeHandlesMin = 1 << 20
)

// newHandles returns r's n Destination handles, {r, i} for every i.
// From hugeHandlesMin bytes on they sit in an allocation whose only
// pointer the collector sees is its first word, r, and start at a huge
// page boundary advised as one (handles_linux.go) before anything
// touches them: every handle's realm field is a copy of that word in the
// same allocation, so the Realm lives as long as any handle does (a
// pointer into the handles keeps the allocation alive, as any interior
// pointer does), and the collector scans one word where it would scan
// 100,000 (and read up to 4 MB of untouched slack, faulting it in).
// Go's collector does not move heap objects, which this relies on as
// every unsafe.Pointer into the heap does.
func newHandles(r *Realm, n int) []Destination {
	size := n * int(unsafe.Sizeof(Destination{}))
	var ds []Destination
	if size < hugeHandlesMin {
		ds = make([]Destination, n)
	} else {
		ds = anchoredHandles(r, n, size)
	}
	for i := range ds {
		ds[i] = Destination{realm: r, index: i}
	}
	return ds
}

// anchoredHandles is newHandles' room for n handles of size bytes: an
// allocation of a pointer to r followed by scalar room for size bytes
// from a huge page boundary on, rounded up to a whole huge page (so
// that the room's type, and reflect's cache of it, is one of few: one
// per 2 MB of handles).
func anchoredHandles(r *Realm, n, size int) []Destination {
	whole := (size + hugePage - 1) &^ (hugePage - 1)
	t := reflect.StructOf([]reflect.StructField{
		{Name: "Realm", Type: reflect.TypeFor[*Realm]()},
		{Name: "Room", Type: reflect.ArrayOf((whole+hugePage)/8, reflect.TypeFor[uint64]())},
	})
	base := reflect.New(t).UnsafePointer()
	*(**Realm)(base) = r
	room := unsafe.Add(base, unsafe.Sizeof(r))
	start := unsafe.Add(room, -uintptr(room)&(hugePage-1))
	adviseHuge(unsafe.Slice((*byte)(start), whole))
	return unsafe.Slice((*Destination)(start), n)
}
