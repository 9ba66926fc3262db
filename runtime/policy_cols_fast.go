//go:build (amd64 || arm64 || 386 || ppc64le || loong64) && !purego

package runtime

import "unsafe"

// colAt returns cols[off+s] without a bounds check: the step of
// runWords' chain of dependent loads, which with the column's start
// (off, from the name's bytes alone) computed beside the chain is one
// load indexed by the state and nothing else. The caller guarantees off+s
// < len(cols): words builds cols with a column of every state for each
// offset colOff holds, and every entry a state.
func colAt(cols []uint16, off uint32, s uint16) uint16 {
	col := unsafe.Add(unsafe.Pointer(unsafe.SliceData(cols)), uintptr(off)*2)
	return *(*uint16)(unsafe.Add(col, uintptr(s)*2))
}
