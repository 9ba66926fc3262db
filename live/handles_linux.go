//go:build linux

package live

import "syscall"

// adviseHuge advises b, whole huge pages, MADV_HUGEPAGE: on the machines
// measured transparent huge pages are "madvise", so Go's heap gets none
// unless asked. It is only advice: where it fails, b gets 4 KB pages.
func adviseHuge(b []byte) {
	syscall.Madvise(b, syscall.MADV_HUGEPAGE) // advice: its error changes nothing
}
