// Command plot draws ns/op against N per implementation from benchmark
// output, as a PNG of log-log panels (Resolve on exact hits, Resolve and
// Allowed on the mixed names; one column per shape):
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
		{"Resolve", "mixed", []string{"gen", "gsl", "ref"}},
		{"Allowed", "mixed", []string{"gen", "gsl", "ref"}},
	}
	shapes = []string{"exact", "wild"}
	// colors keep one color per implementation across panels.
	colors = map[string]color.RGBA{
		"gen": {0x1b, 0x9e, 0x77, 0xff}, "map": {0x75, 0x70, 0xb3, 0xff},
		"gsl": {0xd9, 0x5f, 0x02, 0xff}, "ref": {0x66, 0x66, 0x66, 0xff},
	}
)

// Figure size; each panel is a third of the height.
const (
	width  = 10 * vg.Inch
	height = 12 * vg.Inch
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
	grid := make([][]*plot.Plot, len(panels))
	for i, pn := range panels {
		for _, s := range shapes {
			p, err := draw1(res, pn, s)
			if err != nil {
				return err
			}
			grid[i] = append(grid[i], p)
		}
	}
	img := vgimg.New(width, height)
	dc := draw.New(img)
	t := draw.Tiles{Rows: len(panels), Cols: len(shapes), PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
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

// draw1 plots one panel: a line per implementation over the sizes run.
func draw1(res *gate.Results, pn panel, shape string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s, names=%s, shape=%s", pn.fn, pn.names, shape)
	p.X.Label.Text = "N (destinations)"
	p.Y.Label.Text = "ns/op (fastest sample)"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	for _, impl := range pn.impls {
		var xys plotter.XYs
		for _, n := range gate.Full.Sizes {
			k := gate.Key{Func: pn.fn, Config: fmt.Sprintf("shape=%s/N=%d/names=%s", shape, n, pn.names)}
			if ns, ok := res.NsPerOp(k, impl); ok {
				xys = append(xys, plotter.XY{X: float64(n), Y: ns})
			}
		}
		if len(xys) == 0 {
			continue
		}
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
