package main

import (
	"bytes"
	"testing"

	"github.com/destgen/destgen/bench/gate"
)

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

// The -o file is what cmd/gate reads: every row's two counts, under the
// timed benchmarks' names, judged by the gate's live check.
func TestWriteResultsReadByGate(t *testing.T) {
	rs := []result{
		{Pkg: "exact100", Workload: "shape=exact/N=100", Fn: "Resolve", Names: "hits", Gen: counts{Ir: 159.1}, Live: counts{Ir: 162.1}},
		{Pkg: "polfast10", Workload: "shape=fast/P=10", Fn: "AutoCreate", Names: "miss", Gen: counts{Ir: 100}, Live: counts{Ir: 105.5}},
	}
	var b bytes.Buffer
	if err := writeResults(&b, rs, 1<<14); err != nil {
		t.Fatal(err)
	}
	r, err := gate.Read(&b, "instr.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range rs {
		k := gate.Key{Func: x.Fn, Config: x.Workload + "/names=" + x.Names}
		gen, ok1 := r.InstrPerOp(k, "gen")
		live, ok2 := r.InstrPerOp(k, "live")
		if !ok1 || !ok2 || gen != x.Gen.Ir || live != x.Live.Ir {
			t.Errorf("%s: read gen %v (%v), live %v (%v); wrote %v, %v", k, gen, ok1, live, ok2, x.Gen.Ir, x.Live.Ir)
		}
	}
	var verdicts []bool
	for _, o := range gate.Evaluate(r, gate.Checks(gate.Full)) {
		if o.Counted && o.Missing == "" && o.NotRun == "" {
			verdicts = append(verdicts, o.Pass)
		}
	}
	if len(verdicts) != 2 || !verdicts[0] || verdicts[1] {
		t.Errorf("the gate's live checks on 162.1/159.1 and 105.5/100: %v, want [true false]", verdicts)
	}
}
