//go:build linux

package runtime

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestPlanBufferAdvised: from hugeReadMin bytes on, planBuffer's buffer
// starts at a huge page boundary and its memory is advised MADV_HUGEPAGE
// ("hg" in /proc/self/smaps's VmFlags) through its last byte's huge
// page, and the room after it is the rest of that page; below, it is an
// ordinary allocation of the same room, with no room after it. A plan
// of one huge page and more is advised (the 4.0 MB exact 10k plan read
// into 4 KB pages cost twice the Load: planread.go).
func TestPlanBufferAdvised(t *testing.T) {
	if hugeReadMin > hugePage {
		t.Errorf("hugeReadMin %d: a plan of %d to %d bytes reads into 4 KB pages", hugeReadMin, hugePage, hugeReadMin-1)
	}
	for _, size := range []int{hugeReadMin - 1, hugeReadMin, hugeReadMin + 1, 2*hugePage - 1, 5*hugePage - 2, 5*hugePage - 1} {
		b, rest := planBuffer(size, nil)
		if len(b) != 0 || cap(b) != size+1 {
			t.Fatalf("size %d: len %d cap %d, want 0 and %d", size, len(b), cap(b), size+1)
		}
		start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		if size < hugeReadMin {
			if rest != nil {
				t.Errorf("size %d: %d bytes of room after a plain buffer", size, len(rest))
			}
			continue
		}
		if start%hugePage != 0 {
			t.Errorf("size %d: buffer at %#x, not at a huge page boundary", size, start)
		}
		end := start + uintptr(size+1)
		if len(rest) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(rest))) != end || (end+uintptr(len(rest)))%hugePage != 0 {
			t.Errorf("size %d: %d bytes of room after the buffer, not the rest of its last huge page", size, len(rest))
		}
		for _, at := range []uintptr{start, start + uintptr(size)} {
			flags, ok := vmFlags(t, at)
			if !ok {
				t.Skip("no /proc/self/smaps VmFlags here")
			}
			if !strings.Contains(" "+flags+" ", " hg ") {
				t.Errorf("size %d: byte %#x's mapping not advised MADV_HUGEPAGE (VmFlags %q)", size, at-start, flags)
			}
		}
	}
}

// vmFlags is the VmFlags line of the mapping holding addr.
func vmFlags(t *testing.T, addr uintptr) (string, bool) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return "", false
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			in = lo <= addr && addr < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:")), true
		}
	}
	return "", false
}

// mappingRange reads a smaps header line, "lo-hi perms ...".
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	r, _, found := strings.Cut(line, " ")
	a, b, dash := strings.Cut(r, "-")
	if !found || !dash {
		return 0, 0, false
	}
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	return uintptr(x), uintptr(y), err1 == nil && err2 == nil
}

// TestPlanCopyAdvised: DecodePlan's copy of a plan of hugeReadMin bytes
// or more is planBuffer's, advised, and holds the bytes.
func TestPlanCopyAdvised(t *testing.T) {
	for _, size := range []int{hugeReadMin - 1, hugeReadMin} {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(i >> 3)
		}
		c := planCopy(b)
		if c != string(b) {
			t.Fatalf("size %d: the copy differs", size)
		}
		if size < hugeReadMin {
			continue
		}
		flags, ok := vmFlags(t, uintptr(unsafe.Pointer(unsafe.StringData(c))))
		if !ok {
			t.Skip("no /proc/self/smaps VmFlags here")
		}
		if !strings.Contains(" "+flags+" ", " hg ") {
			t.Errorf("size %d: the copy's mapping is not advised MADV_HUGEPAGE (VmFlags %q)", size, flags)
		}
	}
}
