package runtime

import (
	"io"
	"os"
	"unsafe"
)

const (
	// hugePage is the size of a transparent huge page on the platforms
	// measured (amd64; arm64 with 4 KB pages): the unit planBuffer aligns
	// to on Linux. On another size the advice still holds, only less of the
	// buffer gets huge pages.
	hugePage = 2 << 20
	// hugeReadMin is the least file planBuffer asks huge pages for: the
	// last huge page is faulted whole (up to 2 MB more resident) and the
	// allocation is 4 MB larger in Go's heap statistics, more than a
	// file under two huge pages; such a file's first touch costs less
	// than 25 ms (the 2.9 MB exact 10k plan: about 20, 2 with the
	// advice; bench/README, "Reading the plan").
	hugeReadMin = 2 * hugePage
)

// ReadPlanFile reads the plan artifact at path into a buffer of its own,
// for DecodePlanOwned (live.LoadFile reads with it). It returns what
// os.ReadFile returns; on Linux the buffer's pages are faulted in 2 MB at
// a time (planread_linux.go), which is most of what reading a large plan
// costs on the machines measured (bench/README, "Reading the plan").
func ReadPlanFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 0
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 && int64(int(fi.Size())) == fi.Size() {
		size = int(fi.Size())
	}
	return readAll(f, planBuffer(size))
}

// readAll appends what r holds to b until io.EOF, as os.ReadFile does:
// a file that grows while it is read is read whole, one that shrinks
// gives what it held.
func readAll(r io.Reader, b []byte) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow; the file was larger than its size
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// planCopy is DecodePlan's copy of the caller's bytes, into a buffer of
// planBuffer's: the copy is the first touch of its memory, which costs
// what ReadPlanFile's read did (planread_linux.go).
func planCopy(b []byte) string {
	c := append(planBuffer(len(b)), b...)
	return unsafe.String(unsafe.SliceData(c), len(c)) // never written again
}
