package runtime

import (
	"bytes"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"
)

// TestReadPlanFile: ReadPlanFile returns the file's bytes, exactly, at
// and around the size from which planBuffer advises huge pages, with no
// room past them (the slack around an advised buffer is not the
// caller's).
func TestReadPlanFile(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, hugeReadMin - 1, hugeReadMin, hugeReadMin + 1, 3*hugePage + 5} {
		want := make([]byte, n)
		for i := range want {
			want[i] = byte(i*7 + i>>12)
		}
		path := filepath.Join(dir, "plan")
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadPlanFile(path)
		if err != nil {
			t.Fatalf("%d bytes: %v", n, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%d bytes: read %d bytes, not the file's", n, len(got))
		}
		if cap(got) > n+1 {
			t.Errorf("%d bytes: cap %d, want at most %d", n, cap(got), n+1)
		}
	}
	if _, err := ReadPlanFile(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
}

// TestReadAllGrows: a file that holds more than its size said (it grew
// between the stat and the read) is read whole, a byte at a time too.
func TestReadAllGrows(t *testing.T) {
	want := bytes.Repeat([]byte("destgen"), 1000)
	for _, room := range []int{0, 1, len(want) - 1, len(want), len(want) + 1} {
		got, err := readAll(iotest.OneByteReader(bytes.NewReader(want)), make([]byte, 0, room), nil)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("room %d: %d bytes, %v; want the %d bytes", room, len(got), err, len(want))
		}
	}
	if _, err := readAll(iotest.ErrReader(fs.ErrClosed), nil, nil); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("failing reader: %v, want its error", err)
	}
}

// TestReadAllSums: with a sum, readAll reads at most planReadChunk bytes
// at a time and sums every byte past the header, whatever the reads'
// sizes: files at, below and above the header's length and one, two and
// three chunks, read whole and a byte at a time, into no room and room
// for all.
func TestReadAllSums(t *testing.T) {
	for _, n := range []int{0, planHeaderBytes - 1, planHeaderBytes, planHeaderBytes + 1, planReadChunk - 1, planReadChunk, planReadChunk + 1, 3*planReadChunk + 7} {
		want := make([]byte, n)
		for i := range want {
			want[i] = byte(i*7 + i>>9)
		}
		wantSum := uint32(0)
		if n > planHeaderBytes {
			wantSum = crc32.Checksum(want[planHeaderBytes:], planCRC)
		}
		for _, room := range []int{0, n + 1} {
			readers := map[string]io.Reader{"whole": &largest{r: bytes.NewReader(want)}}
			if n < 4096 {
				readers["byte"] = iotest.OneByteReader(bytes.NewReader(want))
			}
			for how, r := range readers {
				sum := uint32(0)
				got, err := readAll(r, make([]byte, 0, room), &sum)
				if err != nil || !bytes.Equal(got, want) || sum != wantSum {
					t.Errorf("%d bytes, room %d, %s: %d bytes, %v, sum %#x; want the bytes and %#x", n, room, how, len(got), err, sum, wantSum)
				}
				if l, ok := r.(*largest); ok && l.max > planReadChunk {
					t.Errorf("%d bytes, room %d: a read of %d bytes, over planReadChunk", n, room, l.max)
				}
			}
		}
	}
}

// largest is a reader that records the largest read asked of it.
type largest struct {
	r   io.Reader
	max int
}

func (l *largest) Read(p []byte) (int, error) {
	l.max = max(l.max, len(p))
	return l.r.Read(p)
}
