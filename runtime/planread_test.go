package runtime

import (
	"bytes"
	"errors"
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
		got, err := readAll(iotest.OneByteReader(bytes.NewReader(want)), make([]byte, 0, room))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("room %d: %d bytes, %v; want the %d bytes", room, len(got), err, len(want))
		}
	}
	if _, err := readAll(iotest.ErrReader(fs.ErrClosed), nil); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("failing reader: %v, want its error", err)
	}
}
