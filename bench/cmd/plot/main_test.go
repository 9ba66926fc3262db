package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/destgen/destgen/bench/gate"
)

// TestEveryFamily: every shape and family the gate checks gets its row
// of panels, with a line per implementation over the sizes it ran.
func TestEveryFamily(t *testing.T) {
	var b strings.Builder
	for _, s := range gate.ShapeLabels() {
		for _, n := range []int{100, 10_000, 100_000} {
			fmt.Fprintf(&b, "BenchmarkResolve/shape=%s/N=%d/names=hits/impl=gen-2 1000 %d ns/op\n", s, n, 10+n/1000)
			fmt.Fprintf(&b, "BenchmarkResolve/shape=%s/N=%d/names=mixed/impl=gslcache-2 1000 50 ns/op\n", s, n)
		}
	}
	res, err := gate.Read(strings.NewReader(b.String()), "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range gate.ShapeLabels() {
		if !hasShape(res, s) {
			t.Errorf("no panel for %s", s)
		}
		if xys := series(res, panels[0], s, "gen"); len(xys) != 3 || xys[2].X != 100_000 || xys[2].Y != 110 {
			t.Errorf("%s: Resolve hits gen %v", s, xys)
		}
		if xys := series(res, panels[1], s, "gslcache"); len(xys) != 3 {
			t.Errorf("%s: Resolve mixed gslcache %v", s, xys)
		}
	}
	in, out := filepath.Join(t.TempDir(), "r.txt"), filepath.Join(t.TempDir(), "p.png")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(in, out); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		t.Errorf("no PNG written: %v", err)
	}
}
