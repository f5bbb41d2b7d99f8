package main

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/jgen-go/jgen/bench"
)

// The sections of issue 14's cells: the drawn cells beside the fixed ones,
// and the escaping configurations as ratios to Minimal.

// drawnCells groups the BenchmarkDrawn and BenchmarkJacksonDrawn results by
// (content, length), as cells groups the fixed ones.
func (r *report) drawnCells() []*cell {
	byKey := map[string]*cell{}
	var order []string
	for _, c := range bench.Contents {
		for _, n := range bench.Lengths {
			k := fmt.Sprintf("content=%s/len=%d", c, n)
			byKey[k] = &cell{Key: k, Title: fmt.Sprintf("drawn %s, %d runes", c, n), Floor: map[string]float64{}}
			order = append(order, k)
		}
	}
	for name, st := range r.stats {
		base, kv := nameKey(name)
		c := byKey[fmt.Sprintf("content=%s/len=%s", kv["content"], kv["len"])]
		if c == nil {
			continue
		}
		rw := row{Name: name, stat: st, Instr: math.NaN()}
		switch base {
		case "BenchmarkDrawn":
			rw.Writer, rw.Preset, rw.Input = kv["writer"], kv["preset"], kv["input"]
			rw.Kind = r.kindOf(rw.Writer)
		case "BenchmarkJacksonDrawn":
			rw.Writer, rw.Preset, rw.Input, rw.Kind = "jackson-"+kv["backend"], kv["preset"], kv["input"], "jackson"
			if rw.Preset == "default" {
				rw.Preset = "jackson"
			}
		default:
			continue
		}
		rw.Label = rw.Writer + " / " + rw.Preset + " / " + rw.Input
		if v, ok := r.instr[name]; ok {
			rw.Instr = v
		}
		c.Rows = append(c.Rows, rw)
	}
	var out []*cell
	for _, k := range order {
		c := byKey[k]
		if len(c.Rows) == 0 {
			continue
		}
		sort.Slice(c.Rows, func(i, j int) bool { return c.Rows[i].Name < c.Rows[j].Name })
		for i := range c.Rows {
			rw := &c.Rows[i]
			if rw.Kind == "floor" {
				c.Floor[rw.Input] = rw.NsOp
			}
			if rw.Kind == "peer" && (c.Best == nil || rw.NsOp < c.Best.NsOp) {
				c.Best = rw
			}
		}
		out = append(out, c)
	}
	return out
}

// drawnSection compares the drawn cells with the fixed ones: ratios to the
// drawn floor, and each writer's drawn time over its fixed time (above 1:
// the fixed cell flattered it, by letting the branch predictor learn where
// the escapes are).
func (r *report) drawnSection(b *strings.Builder, fixed []*cell) {
	drawn := r.drawnCells()
	if len(drawn) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	fixedOf := map[string]*cell{}
	for _, c := range fixed {
		fixedOf[c.Key] = c
	}
	p("## Drawn cells: escape and non-ASCII positions drawn per string\n\n")
	p("The same cells with each string's `\"`, `é` and emoji positions drawn at the fixed cell's density (same byte lengths), from a pool of %d strings (%d at len=1000, at most 1 MiB of input), the next 200 per op (`bench/drawn.go`). ", bench.DrawnPoolSize(12), bench.DrawnPoolSize(1000))
	p("×floor is to the drawn floor; `drawn ÷ fixed` is a writer's drawn time over its time in the fixed cell (above 1: the fixed cell flattered it). String input; jgen columns are the fastest of minimal/stdlib.\n\n")
	p("| cell | floor | append | generator | AppendQuote | best Go peer | jgen ÷ peer | append drawn ÷ fixed | peer drawn ÷ fixed | ascii preset (append) |")
	if r.jackson {
		p(" best Jackson |")
	}
	p("\n|---|---:|---:|---:|---:|---|---:|---:|---:|---:|")
	if r.jackson {
		p("---:|")
	}
	p("\n")
	for _, c := range drawn {
		f := fixedOf[c.Key]
		app := c.bestJgen("jgen-append")
		peer, vs, appDF, peerDF := "—", "—", "—", "—"
		if c.Best != nil {
			peer = fmt.Sprintf("%s `%s`", c.ratioFloor(c.Best), c.Best.Writer)
			if best := c.bestJgen(""); best != nil {
				vs = ratio(best.NsOp, c.Best.NsOp)
			}
			if f != nil {
				if fr := f.find(c.Best.Writer, c.Best.Preset, "string"); fr != nil {
					peerDF = ratio(c.Best.NsOp, fr.NsOp)
				}
			}
		}
		if app != nil && f != nil {
			if fr := f.find(app.Writer, app.Preset, "string"); fr != nil {
				appDF = ratio(app.NsOp, fr.NsOp)
			}
		}
		p("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |", c.Key, fmtNs(c.Floor["string"]),
			c.ratioFloor(app), c.ratioFloor(c.bestJgen("jgen-gen")), c.ratioFloor(c.bestJgen("jgen-quote")),
			peer, vs, appDF, peerDF, c.ratioFloor(c.find("jgen-append", "ascii", "string")))
		if r.jackson {
			if j := c.bestJackson(); j != nil {
				p(" %s `%s` |", c.ratioFloor(j), j.Label)
			} else {
				p(" — |")
			}
		}
		p("\n")
	}
	p("\n")
	r.drawnInstr(b, drawn)
}

// drawnInstr is the callgrind view of the drawn cells: instructions per
// string for the writers callgrind ran there.
func (r *report) drawnInstr(b *strings.Builder, drawn []*cell) {
	var cols []string
	seen := map[string]bool{}
	for _, c := range drawn {
		for _, rw := range c.Rows {
			k := rw.Writer + " " + rw.Preset
			if !math.IsNaN(rw.Instr) && !seen[k] {
				seen[k] = true
				cols = append(cols, k)
			}
		}
	}
	if len(cols) == 0 {
		return
	}
	sort.Strings(cols)
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("Instructions per string in the drawn cells (callgrind, AVX2/SWAR path):\n\n| cell | %s |\n|---|%s\n", strings.Join(cols, " | "), strings.Repeat("---:|", len(cols)))
	for _, c := range drawn {
		p("| %s |", c.Key)
		for _, k := range cols {
			w, preset, _ := strings.Cut(k, " ")
			if v, ok := r.instrOp[c.find(w, preset, "string").nameOrEmpty()]; ok {
				p(" %.0f |", v/bench.StringsPerOp)
			} else {
				p(" — |")
			}
		}
		p("\n")
	}
	p("\n")
}

// find is the cell's row of writer, preset and input, or nil.
func (c *cell) find(writer, preset, input string) *row {
	for i := range c.Rows {
		rw := &c.Rows[i]
		if rw.Writer == writer && rw.Preset == preset && rw.Input == input {
			return rw
		}
	}
	return nil
}

func (rw *row) nameOrEmpty() string {
	if rw == nil {
		return ""
	}
	return rw.Name
}

// escapingSection is the table of the configuration cells: each
// configuration's time as a ratio to Minimal's in the same run, and each
// hook's cost per string (its time minus that of the same table without
// the hook).
func (r *report) escapingSection(b *strings.Builder, stringsPer map[string]int) {
	type key = cfgKey
	ns := map[key]float64{}
	instr := map[key]float64{}
	jns := map[key]float64{}
	var cells []string
	seenCell := map[string]bool{}
	for name, st := range r.stats {
		base, kv := nameKey(name)
		cell := "corpus=" + kv["corpus"]
		if kv["corpus"] == "" {
			cell = fmt.Sprintf("content=%s/len=%s", kv["content"], kv["len"])
		}
		switch base {
		case "BenchmarkEscaping":
			ns[key{cell, kv["config"]}] = st.NsOp
			if v, ok := r.instrOp[name]; ok {
				instr[key{cell, kv["config"]}] = v
			}
		case "BenchmarkJacksonEscaping":
			jns[key{cell, kv["config"]}] = st.NsOp
		default:
			continue
		}
		if !seenCell[cell] {
			seenCell[cell] = true
			cells = append(cells, cell)
		}
	}
	if len(ns) == 0 {
		return
	}
	sort.Slice(cells, func(i, j int) bool { return cellOrder(cells[i]) < cellOrder(cells[j]) })
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Escaping configurations: ratio to Minimal in the same run\n\n")
	p("jgen's append generator, string input, under each configuration of `bench/configs.go`, as its fastest time over the fastest time under `Minimal` (target: each configuration without a hook within 1.1×). ")
	p("`hook` columns are the hook's cost in ns per string: the configuration's time minus that of the same table without the hook, over the strings of an op.\n\n")
	for _, cfg := range bench.EscapingConfigs {
		p("- `%s`: %s\n", cfg.Name, cfg.What)
	}
	p("\n| cell | minimal | ")
	var cfgs []bench.EscapingConfig
	for _, cfg := range bench.EscapingConfigs[1:] {
		cfgs = append(cfgs, cfg)
		p("%s | ", cfg.Name)
	}
	var hooks []bench.EscapingConfig
	for _, cfg := range bench.EscapingConfigs {
		if cfg.NoHook != "" {
			hooks = append(hooks, cfg)
			p("hook of %s, ns/string | ", cfg.Name)
		}
	}
	p("\n|---|---:|%s%s\n", strings.Repeat("---:|", len(cfgs)), strings.Repeat("---:|", len(hooks)))
	for _, c := range cells {
		min := ns[key{c, "minimal"}]
		p("| %s | %s |", c, fmtNs(min))
		for _, cfg := range cfgs {
			p(" %s |", ratio(ns[key{c, cfg.Name}], min))
		}
		for _, h := range hooks {
			with, without, n := ns[key{c, h.Name}], ns[key{c, h.NoHook}], stringsPer[c]
			if with == 0 || without == 0 || n == 0 {
				p(" — |")
				continue
			}
			p(" %+.2f |", (with-without)/float64(n))
		}
		p("\n")
	}
	p("\n")
	r.escapingInstr(b, cells, cfgs, hooks, instr, stringsPer)
	r.escapingJackson(b, cells, jns)
}

// escapingInstr is the configuration table in callgrind instructions:
// ratios to Minimal and the hooks' instructions per string.
func (r *report) escapingInstr(b *strings.Builder, cells []string, cfgs, hooks []bench.EscapingConfig,
	instr map[cfgKey]float64, stringsPer map[string]int) {
	if len(instr) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("The same in callgrind instructions (AVX2/SWAR path): ratio to Minimal's instructions, and the hooks' instructions per string.\n\n| cell | minimal instr/string | ")
	for _, cfg := range cfgs {
		p("%s | ", cfg.Name)
	}
	for _, h := range hooks {
		p("hook of %s, instr/string | ", h.Name)
	}
	p("\n|---|---:|%s%s\n", strings.Repeat("---:|", len(cfgs)), strings.Repeat("---:|", len(hooks)))
	for _, c := range cells {
		n := stringsPer[c]
		min := instr[cfgKey{c, "minimal"}]
		if n == 0 || min == 0 {
			continue
		}
		p("| %s | %.0f |", c, min/float64(n))
		for _, cfg := range cfgs {
			p(" %s |", ratio(instr[cfgKey{c, cfg.Name}], min))
		}
		for _, h := range hooks {
			with, without := instr[cfgKey{c, h.Name}], instr[cfgKey{c, h.NoHook}]
			if with == 0 || without == 0 {
				p(" — |")
				continue
			}
			p(" %+.1f |", (with-without)/float64(n))
		}
		p("\n")
	}
	p("\n")
}

// escapingJackson is Jackson's configuration table, as ratios to its own
// defaults.
func (r *report) escapingJackson(b *strings.Builder, cells []string, jns map[cfgKey]float64) {
	if len(jns) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("jackson-core 2.14 under the same configurations (stream back end, string input; `slash`, `html` and `runes` through a `CharacterEscapes`, `apostrophe` through `quoteChar`; Jackson has no scan hook), as ratios to its own defaults in the same run:\n\n| cell | minimal | slash | apostrophe | html | runes |\n|---|---:|---:|---:|---:|---:|\n")
	for _, c := range cells {
		min := jns[cfgKey{c, "minimal"}]
		if min == 0 {
			continue
		}
		p("| %s | %s | %s | %s | %s | %s |\n", c, fmtNs(min), ratio(jns[cfgKey{c, "slash"}], min),
			ratio(jns[cfgKey{c, "apostrophe"}], min), ratio(jns[cfgKey{c, "html"}], min), ratio(jns[cfgKey{c, "runes"}], min))
	}
	p("\n")
}

// cfgKey is a configuration cell: the cell's key and the configuration.
type cfgKey struct{ cell, config string }

// cellOrder sorts matrix cells by content and length, then corpora in
// bench.Corpora order.
func cellOrder(c string) string {
	for i, k := range bench.Contents {
		for j, n := range bench.Lengths {
			if c == fmt.Sprintf("content=%s/len=%d", k, n) {
				return fmt.Sprintf("a%d%d", i, j)
			}
		}
	}
	for i, k := range bench.Corpora {
		if c == "corpus="+k.Name {
			return fmt.Sprintf("b%02d", i)
		}
	}
	return "c" + c
}

// stringsPerCell is the number of strings of an op per cell key: 200 for the
// matrix, the corpus's count for each corpus that loads.
func stringsPerCell() map[string]int {
	m := map[string]int{}
	for _, c := range bench.Contents {
		for _, n := range bench.Lengths {
			m[fmt.Sprintf("content=%s/len=%d", c, n)] = bench.StringsPerOp
		}
	}
	for _, c := range bench.Corpora {
		if ss, err := c.Strings(bench.SharedDir()); err == nil {
			m["corpus="+c.Name] = len(ss)
		}
	}
	return m
}
