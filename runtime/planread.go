package runtime

import (
	"hash/crc32"
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
	// hugeReadMin is the least file planBuffer asks huge pages for: one
	// huge page. The last huge page is faulted whole (up to 2 MB more
	// resident) and the allocation is 4 MB larger in Go's heap
	// statistics, which a smaller file would mostly be. Two huge pages
	// before session 23: the 4.0 MB exact 10k plan then read into 4 KB
	// pages, a fresh Load 27-33 ms CPU (1,480 faults, up to 22 ms of
	// them system time), and 11-15 ms with the advice (490 faults);
	// bench/README, "Session 23".
	hugeReadMin = hugePage
)

// planReadChunk is the most LoadPlanFile asks of one read: each
// chunk's checksum is computed right after the read has copied it,
// while it is still in the core's cache (256 KB: the L2 of the machines
// measured), instead of in a second pass over the whole plan from
// memory, which cost 3 to 8 ms of CPU at 30 MB (bench/README, "Load's
// own cost").
const planReadChunk = 256 << 10

// ReadPlanFile reads the plan artifact at path into a buffer of its own,
// for DecodePlanOwned. It returns what os.ReadFile returns; on Linux the
// buffer's pages are faulted in 2 MB at a time (planread_linux.go),
// which is most of what reading a large plan costs on the machines
// measured (bench/README, "Reading the plan").
func ReadPlanFile(path string) ([]byte, error) {
	b, _, err := readPlanFile(path, nil, nil)
	return b, err
}

// LoadPlanFile is DecodePlanOwned of the plan artifact at path, read as
// ReadPlanFile reads it, with the checksum computed during the read,
// planReadChunk bytes at a time (live.LoadFile loads with it). It
// validates as DecodePlan does. The matcher and the policy index built
// from the plan (NewMatcher, NewPolicyIndex) place their largest tables
// on huge pages, in what is left of the buffer's last one when they fit
// (policyRoom).
func LoadPlanFile(path string) (*Plan, error) {
	return loadPlanFile(path, nil)
}

// loadPlanFile is LoadPlanFile reading into memory of m's (m may be nil:
// PlanMemory).
func loadPlanFile(path string, m *PlanMemory) (*Plan, error) {
	sum := uint32(0)
	b, rest, err := readPlanFile(path, &sum, m)
	if err != nil {
		return nil, err
	}
	p, err := decodePlanSummed(unsafe.String(unsafe.SliceData(b), len(b)), sum)
	if err != nil {
		return nil, err
	}
	nodes := nodeTableBytes(&p.Matcher)
	want := listTables(&p.PolicyIndex) + nodes
	m.noteRoom(want)
	room := policyRoom(rest, want)
	p.Matcher.room = room.carve(nodes)
	p.PolicyIndex.room = room
	return p, nil
}

// readPlanFile reads path into a planBuffer of m's (m may be nil); with
// sum, it reads in chunks and leaves in *sum the CRC-32 (planCRC) of the
// bytes past the header.
// rest is the room after the buffer's (planBuffer), nil when the read
// had to move it (the file grew).
func readPlanFile(path string, sum *uint32, m *PlanMemory) (b, rest []byte, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	size := 0
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 && int64(int(fi.Size())) == fi.Size() {
		size = int(fi.Size())
	}
	buf, rest := planBuffer(size, m)
	if b, err = readAll(f, buf, sum); err != nil {
		return nil, nil, err
	}
	if unsafe.SliceData(b) != unsafe.SliceData(buf) {
		rest = nil
	}
	return b, rest, nil
}

// readAll appends what r holds to b until io.EOF, as os.ReadFile does:
// a file that grows while it is read is read whole, one that shrinks
// gives what it held. With sum, it reads at most planReadChunk bytes at
// a time and updates *sum with the CRC-32 of those past the plan's
// header, where b held none when called.
func readAll(r io.Reader, b []byte, sum *uint32) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow; the file was larger than its size
		}
		end := cap(b)
		if sum != nil {
			end = min(end, len(b)+planReadChunk)
		}
		n, err := r.Read(b[len(b):end])
		if sum != nil && len(b)+n > planHeaderBytes {
			*sum = crc32.Update(*sum, planCRC, b[max(len(b), planHeaderBytes):len(b)+n])
		}
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
	buf, _ := planBuffer(len(b), nil)
	c := append(buf, b...)
	return unsafe.String(unsafe.SliceData(c), len(c)) // never written again
}
