package runtime

import (
	"sync/atomic"
	"unsafe"
)

// roomTableMin is the least table (bytes) tableRoom places: a smaller
// one is under 16 fresh 4 KB pages, which on the machines measured cost
// less than 0.4 ms at their first touch.
const roomTableMin = 64 << 10

// roomMin is the least total, in bytes, worth a tableRoom: the room is
// an allocation up to 4 MB larger than what it holds in Go's heap
// statistics (never touched, so not resident), for the first touches it
// saves: 15 to 25 us per 4 KB page on the machines measured (a VM), 0.3
// to 1.1 ms per 2 MB huge page (bench/README, "Load at 100k, session
// 17"). At 512 KB the saving is 2 to 3 ms.
const roomMin = 512 << 10

// tableRoom is memory on huge pages (hugeWords) for the pointer-free
// tables a plan's loader builds once and keeps: NewPolicyIndex's
// automata tables at 1,000 policies are about 0.9 MB, 220 fresh 4 KB
// pages whose first touch was most of its time in a fresh process, and
// NewMatcher's nodes 0.5 MB at 100,000 exact destinations (carve). A
// table comes from the room in order; what is left of the room when a
// table does not fit is never touched. Its tables are one index's: a
// builder takes it (take) before it places any, and it is not safe for
// concurrent use; the nil room places nothing.
type tableRoom struct {
	free  []uint64
	taken atomic.Bool
}

// take returns r the first time it is called, nil after: two indexes
// built from one plan (or from copies of its CompactPolicies, which
// share the room) must not place tables in the same memory.
func (r *tableRoom) take() *tableRoom {
	if r == nil || !r.taken.CompareAndSwap(false, true) {
		return nil
	}
	return r
}

// policyRoom is the room for the policy index of a plan read into a
// buffer followed by rest, for tables of want bytes: rest itself when
// they fit it (the tail of the buffer's last huge page, faulted with the
// plan's last bytes: no more memory, no more faults), else a room of its
// own.
func policyRoom(rest []byte, want int) *tableRoom {
	skip := int(-uintptr(unsafe.Pointer(unsafe.SliceData(rest))) & 7)
	if want <= 0 || len(rest) < skip+want {
		return newTableRoom(want)
	}
	w := rest[skip:]
	return &tableRoom{free: unsafe.Slice((*uint64)(unsafe.Pointer(&w[0])), len(w)/8)}
}

// newTableRoom is a room for tables of about want bytes in all, or nil
// under roomMin.
func newTableRoom(want int) *tableRoom {
	if want < roomMin {
		return nil
	}
	return &tableRoom{free: hugeWords((want + 7) / 8)}
}

// carve is a room of its own for tables of size bytes, cut from the
// front of r, for another builder than r's (NewMatcher's nodes, before
// NewPolicyIndex takes r); nil, and r unchanged, when r is nil or has
// less left.
func (r *tableRoom) carve(size int) *tableRoom {
	words := (size + 7) / 8
	if r == nil || words == 0 || words > len(r.free) {
		return nil
	}
	cut, rest := r.free[:words:words], r.free[words:]
	r.free = rest
	return &tableRoom{free: cut}
}

// roomedBytes is what a table of size bytes takes of a room: all of it
// from roomTableMin bytes on, else nothing (roomSlice makes it). The
// rooms' sizes (nodeTableBytes, listTables) count tables by it.
func roomedBytes(size int) int {
	if size < roomTableMin {
		return 0
	}
	return size
}

// roomSlice is make([]T, n), from r when the table is at least
// roomTableMin bytes (roomedBytes) and fits what is left of r.
func roomSlice[T uint16 | uint32 | uint64 | Node | keySlot](r *tableRoom, n int) []T {
	var zero T
	size := n * int(unsafe.Sizeof(zero))
	words := (size + 7) / 8
	if r == nil || roomedBytes(size) == 0 || words > len(r.free) {
		return make([]T, n)
	}
	w := r.free[:words:words]
	r.free = r.free[words:]
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(w))), n)
}
