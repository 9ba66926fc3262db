//go:build linux

package runtime

import (
	"syscall"
	"unsafe"
)

// planBuffer is an empty buffer for a file of size bytes, one more byte
// of room than that (so the read that finds io.EOF needs no growth). At
// hugeReadMin bytes and above it starts at a hugePage boundary of a
// larger allocation and is advised MADV_HUGEPAGE before anything touches
// it, so that its first touch (the read's copy) faults 2 MB pages, not 4
// KB ones: on the machines measured (a VM, transparent huge pages
// "madvise"), reading a 30 MB plan into os.ReadFile's buffer cost 110 to
// 160 ms of CPU and the first pass over it 55 to 110 more, page faults
// and their TLB misses nearly all of it; with the advice, 15 to 35 ms for
// both. The buffer stays an ordinary Go allocation, so the strings a
// plan decoded in place hands out keep it alive as any string does (an
// mmap of its own would be unmapped under them). The slack before the
// boundary and past the last huge page is never touched, so it costs
// address space only; the advice is only advice: where it fails the read is os.ReadFile's.
// rest is the room after the buffer to the end of its last huge page,
// which nothing else uses (nil below hugeReadMin). With m, the buffer
// is m's kept one when it fits, and is kept by m once nothing refers to
// it (PlanMemory), and rest holds at least the room tables of the
// last plan read through m, so that they too are kept memory.
func planBuffer(size int, m *PlanMemory) (buf, rest []byte) {
	if size < hugeReadMin {
		return make([]byte, 0, size+1), nil
	}
	room := size + 1 + m.roomFor()
	alloc := m.take(hugeAllocWords(size+1), hugeAllocWords(room))
	kept := alloc != nil
	if !kept {
		alloc = make([]uint64, hugeAllocWords(room))
	}
	if len(alloc) < hugeAllocWords(room) {
		room = size + 1 // a kept buffer without the room: the tables get their own
	}
	whole := hugeIn(alloc, room)
	m.handOut(alloc)
	rest = whole[size+1:]
	if kept {
		clear(rest) // the room's tables are made zeroed, as make's (roomSlice)
	}
	return whole[: 0 : size+1], rest
}

// hugeWords is make([]uint64, n) on huge pages (see hugeBytes), its
// length rounded up to whole huge pages: the rest of the last one,
// faulted with it, is the caller's to use.
func hugeWords(n int) []uint64 {
	b := hugeBytes(n * 8)
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/8)
}

// hugeBytes is make([]byte, size) rounded up to whole huge pages,
// starting at a hugePage boundary of a larger pointer-free allocation,
// advised MADV_HUGEPAGE before anything touches it (hugeIn).
func hugeBytes(size int) []byte {
	return hugeIn(make([]uint64, hugeAllocWords(size)), size)
}

// hugeAllocWords is the allocation (words) hugeIn needs for size bytes:
// room to start at a boundary and to end the advice at one, so that the
// last, partly filled huge page is advised too.
func hugeAllocWords(size int) int {
	return ((size+hugePage-1)&^(hugePage-1) + hugePage) / 8
}

// hugeIn is size bytes rounded up to whole huge pages, from the first
// hugePage boundary of buf (at least hugeAllocWords(size) words),
// advised MADV_HUGEPAGE. The slack before the boundary and past the last
// huge page is never touched, so it costs address space only; the advice
// is only advice: where it fails the pages are 4 KB ones.
func hugeIn(buf []uint64, size int) []byte {
	whole := (size + hugePage - 1) &^ (hugePage - 1)
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(buf))), len(buf)*8)
	skip := int(-uintptr(unsafe.Pointer(&b[0])) & (hugePage - 1))
	syscall.Madvise(b[skip:skip+whole], syscall.MADV_HUGEPAGE) // advice: its error changes nothing
	return b[skip : skip+whole : skip+whole]
}
