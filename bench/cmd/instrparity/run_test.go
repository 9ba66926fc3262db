package main

import "testing"

// A dump's totals are read by their events' names, per call.
func TestTotals(t *testing.T) {
	dump := []byte("version: 1\nevents: Ir Bc Bcm Bi Bim\nfn=(1) main.x\n3 7\ntotals: 1600 400 30 20 2\n")
	c, err := totals(dump, 16)
	if err != nil {
		t.Fatal(err)
	}
	if c.Ir != 100 || c.Mispredicts != 2 {
		t.Errorf("totals = %+v, want Ir 100 and mispredicts (30+2)/16 = 2 per call", c)
	}
	if _, err := totals([]byte("events: Ir\n"), 1); err == nil {
		t.Error("a dump without totals read as costs")
	}
	if _, err := totals([]byte("events: Bc Ir\ntotals: 5 0\n"), 1); err == nil {
		t.Error("a dump of no instructions read as costs")
	}
}

// The bound is on instructions, at, below and above it.
func TestLimits(t *testing.T) {
	l := limits{Max: 1.05}
	for _, c := range []struct {
		live float64
		want bool
	}{{104, true}, {105, true}, {106, false}} {
		r := result{Gen: counts{Ir: 100, Mispredicts: 1}, Live: counts{Ir: c.live, Mispredicts: 9}}
		if got := l.pass(r); got != c.want {
			t.Errorf("live %v Ir against gen 100: pass = %v, want %v", c.live, got, c.want)
		}
	}
}
