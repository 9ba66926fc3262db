// Command plot draws ns/op against N per implementation from benchmark
// output, as a PNG of log-log panels (Resolve on exact hits, Resolve and
// Allowed on the mixed names; one row per shape and topic family the
// results hold, gate.ShapeLabels' order):
//
//	go run ./cmd/plot -o results/ns-vs-n.png results/full.txt
package main

import (
	"flag"
	"fmt"
	"image/color"
	"os"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/destgen/destgen/bench/gate"
)

// panel is one plot: a function and name sample, per shape.
type panel struct {
	fn, names string
	impls     []string
}

var (
	panels = []panel{
		{"Resolve", "hits", []string{"gen", "map", "gsl"}},
		{"Resolve", "mixed", []string{"gen", "gsl", "gslcache", "ref"}},
		{"Allowed", "mixed", []string{"gen", "gsl", "ref"}},
	}
	// colors keep one color per implementation across panels.
	colors = map[string]color.RGBA{
		"gen": {0x1b, 0x9e, 0x77, 0xff}, "map": {0x75, 0x70, 0xb3, 0xff},
		"gsl": {0xd9, 0x5f, 0x02, 0xff}, "ref": {0x66, 0x66, 0x66, 0xff},
		"gslcache": {0xe7, 0x29, 0x8a, 0xff},
	}
)

// Figure size: a row of panels per shape.
const (
	width     = 14 * vg.Inch
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
		for _, impl := range pn.impls {
			if len(series(res, pn, shape, impl)) > 0 {
				return true
			}
		}
	}
	return false
}

// series is one panel's points of impl, over every size any shape runs.
func series(res *gate.Results, pn panel, shape, impl string) plotter.XYs {
	var xys plotter.XYs
	for _, n := range gate.Full.Sizes {
		k := gate.Key{Func: pn.fn, Config: fmt.Sprintf("shape=%s/N=%d/names=%s", shape, n, pn.names)}
		if ns, ok := res.NsPerOp(k, impl); ok {
			xys = append(xys, plotter.XY{X: float64(n), Y: ns})
		}
	}
	return xys
}

// draw1 plots one panel: a line per implementation over the sizes run.
func draw1(res *gate.Results, pn panel, shape string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s, names=%s, shape=%s", pn.fn, pn.names, shape)
	p.X.Label.Text = "N (destinations)"
	p.Y.Label.Text = "ns/op (fastest sample)"
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	for _, impl := range pn.impls {
		xys := series(res, pn, shape, impl)
		if len(xys) == 0 {
			continue
		}
		// Log scales only with points: an empty panel (a run that left
		// Allowed out) has no positive range and gonum panics on it.
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, err
		}
		line.Color, points.Color = colors[impl], colors[impl]
		line.Width = vg.Points(2)
		p.Add(line, points)
		p.Legend.Add(impl, line, points)
	}
	return p, nil
}
