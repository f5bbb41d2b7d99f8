package main

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// drawChart draws grouped bars of the ratio to the floor per matrix cell:
// jgen's three APIs (fastest of minimal/stdlib, string/bytes), the fastest Go
// peer, and Jackson's fastest when merged.
func (r *report) drawChart() error {
	matrix, _ := r.cells()
	if len(matrix) == 0 {
		return fmt.Errorf("no matrix results")
	}
	type series struct {
		name  string
		pick  func(c *cell) *row
		color color.Color
	}
	ss := []series{
		{"jgen append", func(c *cell) *row { return c.bestJgen("jgen-append") }, color.RGBA{0x1f, 0x77, 0xb4, 0xff}},
		{"jgen generator (io.Writer)", func(c *cell) *row { return c.bestJgen("jgen-gen") }, color.RGBA{0x6b, 0xae, 0xd6, 0xff}},
		{"jgen AppendQuote", func(c *cell) *row { return c.bestJgen("jgen-quote") }, color.RGBA{0x9e, 0xca, 0xe1, 0xff}},
		{"fastest Go peer", func(c *cell) *row { return c.Best }, color.RGBA{0xd6, 0x27, 0x28, 0xff}},
	}
	if r.jackson {
		ss = append(ss, series{"jackson-core 2.14 (fastest)", func(c *cell) *row { return c.bestJackson() }, color.RGBA{0x80, 0x80, 0x80, 0xff}})
	}
	p := plot.New()
	p.Title.Text = "Writing 200 strings as a JSON array: time as a multiple of the memmove floor (lower is better)"
	p.Y.Label.Text = "× floor (log scale; baseline = floor)"
	labels := make([]string, len(matrix))
	for i, c := range matrix {
		labels[i] = c.Key[len("content="):]
	}
	w := vg.Points(11)
	ymax := 0.0
	for i, s := range ss {
		vals := make(plotter.Values, len(matrix))
		for j, c := range matrix {
			if rw := s.pick(c); rw != nil && c.floorFor(rw) > 0 {
				// Bars are log2 of the ratio, so the floor is the
				// baseline and 2× slower is one step anywhere.
				vals[j] = math.Log2(max(rw.NsOp/c.floorFor(rw), 1))
				ymax = max(ymax, vals[j])
			}
		}
		bars, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return err
		}
		bars.Color = s.color
		bars.LineStyle.Width = 0
		bars.Offset = w * vg.Length(float64(i)-float64(len(ss)-1)/2)
		p.Add(bars)
		p.Legend.Add(s.name, bars)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.NominalX(labels...)
	p.Y.Min = 0
	p.Y.Max = math.Ceil(ymax) + 1.5 // room for the legend
	var ticks []plot.Tick
	for e := 0.0; e <= p.Y.Max; e++ {
		ticks = append(ticks, plot.Tick{Value: e, Label: fmt.Sprintf("%g×", math.Exp2(e))})
		if e+0.5 <= p.Y.Max {
			ticks = append(ticks, plot.Tick{Value: e + 0.5})
		}
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	p.Add(plotter.NewGrid())
	return p.Save(13*vg.Inch, 6*vg.Inch, r.chartPath)
}
