// Command plot draws ns/op against N from benchmark output, as a PNG of
// log-log panels, a row per shape and topic family the results hold
// (gate.ShapeLabels' order) and a panel per target's two sides: exact
// hits against the Go map, mixed names against gsl+pick, mixed Zipf
// names against gslcache, and the generated code's exact hits beside its
// wildcard-only names and its Allowed:
//
//	go run ./cmd/plot -o results/ns-vs-n.png results/full.txt
package main

import (
	"flag"
	"fmt"
	"image/color"
	"math"
	"os"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/destgen/destgen/bench/gate"
)

// panel is one plot: a line per series.
type panel struct {
	title  string
	series []line
}

// line is one benchmark per size: fn on names, by impl.
type line struct{ fn, names, impl, label string }

var (
	// panels put each target's two sides in one plot: exact hits against
	// the map, mixed names against gsl+pick (and the reference), Zipf
	// names against gslcache, and the generated code's own costs that the
	// wildcard-only and Allowed targets compare.
	panels = []panel{
		{"Resolve, exact hits", []line{
			{"Resolve", "hits", "gen", "gen"}, {"Resolve", "hits", "map", "map"}, {"Resolve", "hits", "gsl", "gsl"}}},
		{"Resolve, mixed names", []line{
			{"Resolve", "mixed", "gen", "gen"}, {"Resolve", "mixed", "gsl", "gsl"}, {"Resolve", "mixed", "ref", "ref"}}},
		{"Resolve, mixed Zipf names", []line{
			{"Resolve", "mixed-zipf", "gen", "gen"}, {"Resolve", "mixed-zipf", "gslcache", "gslcache"},
			{"Resolve", "mixed-zipf", "gsl", "gsl"}}},
		{"gen: hits, wildcard-only, Allowed", []line{
			{"Resolve", "hits", "gen", "Resolve hits"}, {"Resolve", "wild", "gen", "Resolve wildcard-only"},
			{"Allowed", "hits", "gen", "Allowed hits"}}},
	}
	// colors keep one color per line label across panels.
	colors = map[string]color.RGBA{
		"gen": {0x1b, 0x9e, 0x77, 0xff}, "map": {0x75, 0x70, 0xb3, 0xff},
		"gsl": {0xd9, 0x5f, 0x02, 0xff}, "ref": {0x66, 0x66, 0x66, 0xff},
		"gslcache": {0xe7, 0x29, 0x8a, 0xff}, "Resolve hits": {0x1b, 0x9e, 0x77, 0xff},
		"Resolve wildcard-only": {0x66, 0xa6, 0x1e, 0xff}, "Allowed hits": {0xe6, 0xab, 0x02, 0xff},
	}
)

// Figure size: a row of panels per shape.
const (
	width     = 18 * vg.Inch
	rowHeight = 3.5 * vg.Inch
)

func main() {
	out := flag.String("o", "results/ns-vs-n.png", "PNG to write")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: plot [-o out.png] results.txt")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *out); err != nil {
		fmt.Fprintln(os.Stderr, "plot:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	res, err := gate.Read(f, in)
	if err != nil {
		return err
	}
	var grid [][]*plot.Plot
	for _, s := range gate.ShapeLabels() {
		if !hasShape(res, s) {
			continue
		}
		var row []*plot.Plot
		for _, pn := range panels {
			p, err := draw1(res, pn, s)
			if err != nil {
				return err
			}
			row = append(row, p)
		}
		grid = append(grid, row)
	}
	if len(grid) == 0 {
		return fmt.Errorf("%s: no Resolve or Allowed results of a known shape", in)
	}
	img := vgimg.New(width, rowHeight*vg.Length(len(grid)))
	dc := draw.New(img)
	t := draw.Tiles{Rows: len(grid), Cols: len(panels), PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(grid, t, dc)
	for i := range grid {
		for j := range grid[i] {
			grid[i][j].Draw(canvases[i][j])
		}
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(w); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// hasShape reports whether some panel has a point of shape.
func hasShape(res *gate.Results, shape string) bool {
	for _, pn := range panels {
		for _, l := range pn.series {
			if len(series(res, l, shape)) > 0 {
				return true
			}
		}
	}
	return false
}

// series is one line's points for shape, over every size any shape runs.
func series(res *gate.Results, l line, shape string) plotter.XYs {
	var xys plotter.XYs
	for _, n := range gate.Full.Sizes {
		k := gate.Key{Func: l.fn, Config: fmt.Sprintf("shape=%s/N=%d/names=%s", shape, n, l.names)}
		if ns, ok := res.NsPerOp(k, l.impl); ok {
			xys = append(xys, plotter.XY{X: float64(n), Y: ns})
		}
	}
	return xys
}

// draw1 plots one panel: a line per series over the sizes run.
func draw1(res *gate.Results, pn panel, shape string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s, shape=%s", pn.title, shape)
	p.X.Label.Text = "N (destinations)"
	p.Y.Label.Text = "ns/op (fastest sample)"
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	for _, l := range pn.series {
		xys := series(res, l, shape)
		if len(xys) == 0 {
			continue
		}
		// Log scales only with points: an empty panel (a run that left
		// Allowed out) has no positive range and gonum panics on it.
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, ticks125{}
		ln, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, err
		}
		ln.Color, points.Color = colors[l.label], colors[l.label]
		ln.Width = vg.Points(2)
		p.Add(ln, points)
		p.Legend.Add(l.label, ln, points)
	}
	return p, nil
}

// ticks125 labels a log axis at 1, 2 and 5 times each power of ten, with
// unlabelled ticks between: most panels span less than a decade (8 to
// 40 ns), where LogTicks labels no tick at all.
type ticks125 struct{}

func (ticks125) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); math.Pow(10, e) <= hi; e++ {
		p := math.Pow(10, e) // not p *= 10: labels of exact values
		for m := 1.0; m < 10; m++ {
			v := m * p
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'f', -1, 64)
			}
			ts = append(ts, t)
		}
	}
	return ts
}
