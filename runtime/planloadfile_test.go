package runtime_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// TestLoadPlanFile: LoadPlanFile, which checksums the plan as it reads
// it, loads what DecodePlan loads from the same bytes (a plan of one
// chunk and one of several), and gives DecodePlan's error for a byte
// flipped in the first chunk, in the last and in the header's checksum.
func TestLoadPlanFile(t *testing.T) {
	dir := t.TempDir()
	for _, b := range [][]byte{richPlan(t), []byte(syntheticPlanWith(t, 10000, plan.Options{}))} {
		if len(b) < 4<<10 {
			t.Fatalf("a plan of %d bytes", len(b))
		}
		path := filepath.Join(dir, "p.plan")
		write := func(b []byte) {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(b)
		p, err := runtime.LoadPlanFile(path)
		if err != nil {
			t.Fatalf("%d bytes: %v", len(b), err)
		}
		if !bytes.Equal(runtime.EncodePlan(p), b) {
			t.Errorf("%d bytes: LoadPlanFile's plan encodes differently", len(b))
		}
		for _, at := range []int{12, 100, len(b) - 1} {
			bad := bytes.Clone(b)
			bad[at] ^= 0x10
			write(bad)
			_, want := runtime.DecodePlan(bad)
			if _, err := runtime.LoadPlanFile(path); err == nil || want == nil || err.Error() != want.Error() {
				t.Errorf("%d bytes, byte %d flipped: LoadPlanFile %v, DecodePlan %v", len(b), at, err, want)
			}
		}
	}
	if _, err := runtime.LoadPlanFile(filepath.Join(dir, "absent.plan")); err == nil {
		t.Error("a missing file: no error")
	}
}
