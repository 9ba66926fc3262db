package main

import (
	"fmt"
	"math"
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
			fmt.Fprintf(&b, "BenchmarkResolve/shape=%s/N=%d/names=mixed-zipf/impl=gslcache-2 1000 50 ns/op\n", s, n)
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
		if xys := series(res, panels[0].series[0], s); len(xys) != 3 || xys[2].X != 100_000 || math.Abs(xys[2].Y-110) > 1e-9 {
			t.Errorf("%s: Resolve hits gen %v", s, xys)
		}
		if xys := series(res, panels[2].series[1], s); len(xys) != 3 || math.Abs(xys[0].Y-50) > 1e-9 {
			t.Errorf("%s: Resolve mixed-zipf gslcache %v", s, xys)
		}
		if xys := series(res, panels[1].series[1], s); len(xys) != 0 {
			t.Errorf("%s: Resolve mixed gsl, never run, has points %v", s, xys)
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

// TestTicks125: labels at 1, 2 and 5 times a power of ten, inside the
// range and at its ends, with unlabelled ticks between.
func TestTicks125(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string // the labels, then the count of all ticks
	}{
		{8, 40, "10 20 /6"},  // 8 9 10 20 30 40: within a decade, still labelled
		{10, 20, "10 20 /2"}, // both ends are ticks
		{10.5, 19.5, " /0"},  // no tick inside
		{0.9, 1100, "1 2 5 10 20 50 100 200 500 1000 /29"},
		{2, 2, "2 /1"},
	} {
		var labels []string
		ts := ticks125{}.Ticks(c.lo, c.hi)
		for _, tk := range ts {
			if tk.Value < c.lo || tk.Value > c.hi {
				t.Errorf("Ticks(%v, %v): %v outside", c.lo, c.hi, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := fmt.Sprintf("%s /%d", strings.Join(labels, " "), len(ts)); got != c.want {
			t.Errorf("Ticks(%v, %v) = %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}
