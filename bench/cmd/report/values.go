package main

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/jgen-go/jgen/bench"
	"github.com/jgen-go/jgen/bench/values"
)

// valueRow is one codec on one data set of BenchmarkValues.
type valueRow struct {
	codec bench.ValueCodec
	stat
	instr float64 // instructions per output byte, NaN if not measured
}

// valueRows groups the BenchmarkValues results by data set, in the order of
// values.Sets and, within a set, of bench.ValueCodecs.
func (r *report) valueRows() map[string][]valueRow {
	out := map[string][]valueRow{}
	for _, s := range values.Sets {
		for _, c := range bench.ValueCodecs() {
			name := fmt.Sprintf("BenchmarkValues/writer=%s/preset=%s/set=%s", c.Name, c.Preset, s.Name)
			st, ok := r.stats[name]
			if !ok {
				continue
			}
			rw := valueRow{codec: c, stat: st, instr: math.NaN()}
			if v, ok := r.instr[name]; ok {
				rw.instr = v
			}
			out[s.Name] = append(out[s.Name], rw)
		}
	}
	return out
}

// valueTables writes the section of the value benchmarks: a summary of
// jgen against the fastest peer and against sonic per data set, then
// every codec per data set.
func (r *report) valueTables(b *strings.Builder) {
	rows := r.valueRows()
	if len(rows) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Go values: encoding decoded documents (BenchmarkValues)\n\n")
	p("Each corpus file is decoded once (encoding/json) into the struct types of `bench/values`; the `api_` sets are drawn by a seeded generator (`bench/values/apigen.go`: 20 beans with `time.Time`, a page of orders with pointers, `*time.Time`, `netip.Addr`, a `MarshalText` id, a `MarshalJSON` amount, `json.Number`, small maps and `omitempty`, and one session object of about 300 bytes). An op encodes the whole value into a reused buffer, except the rows `jgen-marshal` and `jgen-encoder` (jgen through `Marshal` and through an `Encoder` made per op, as programs call it) and `jgen-json-marshal` and `jgen-json-encoder` (the same calls of the drop-in package `github.com/jgen-go/jgen/json`); the summary compares the row `jgen`. ")
	p("Every codec is configured for encoding/json's bytes and jgen runs under its `Stdlib` preset; `TestValueCodecsEqual` checks the bytes are equal on every set (left out: easyjson on citm_catalog and api_orders, which writes map entries unsorted and `json.Number` quoted; jsonv2 on api_orders under Go 1.26, which writes encoding/json's `json.Number` quoted). ")
	p("MB/s and instructions per byte are of the encoded output; times are the fastest of the measurements (medians beside them).\n\n")
	p("| data set | jgen ns/op | jgen MB/s | jgen allocs/op | fastest peer | its ns/op | jgen ÷ fastest peer | jgen ÷ sonic | jgen instr/B | fastest peer by instr/B |\n|---|---:|---:|---:|---|---:|---:|---:|---:|---|\n")
	for _, s := range values.Sets {
		set := rows[s.Name]
		var jg, best, sonic, bestInstr *valueRow
		for i := range set {
			rw := &set[i]
			switch {
			case rw.codec.Name == "jgen":
				jg = rw
			case rw.codec.Kind == "jgen":
			case best == nil || rw.NsOp < best.NsOp:
				best = rw
			}
			if rw.codec.Kind == "peer" && !math.IsNaN(rw.instr) && (bestInstr == nil || rw.instr < bestInstr.instr) {
				bestInstr = rw
			}
			if rw.codec.Name == "sonic" {
				sonic = rw
			}
		}
		if jg == nil || best == nil {
			continue
		}
		vsSonic, instr, leanest := "—", "—", "—"
		if sonic != nil {
			vsSonic = ratio(jg.NsOp, sonic.NsOp)
		}
		if !math.IsNaN(jg.instr) {
			instr = fmt.Sprintf("%.1f", jg.instr)
		}
		if bestInstr != nil {
			leanest = fmt.Sprintf("%s %.1f", bestInstr.codec.Name, bestInstr.instr)
		}
		p("| %s | %s | %.0f | %.0f | %s | %s | %s | %s | %s | %s |\n", s.Name, fmtNs(jg.NsOp), jg.BPerNs*1000, jg.Allocs,
			best.codec.Name, fmtNs(best.NsOp), ratio(jg.NsOp, best.NsOp), vsSonic, instr, leanest)
	}
	p("\n")
	for _, s := range values.Sets {
		set := rows[s.Name]
		if len(set) == 0 {
			continue
		}
		best := math.Inf(1)
		for _, rw := range set {
			if rw.codec.Kind == "peer" {
				best = min(best, rw.NsOp)
			}
		}
		p("### %s\n\n", s.Name)
		p("| codec | ns/op | median | MB/s | allocs/op | B/op | ÷ fastest peer | instr/B |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, rw := range set {
			label := rw.codec.Name
			if rw.codec.Kind == "jgen" {
				label = "**" + label + "**"
			}
			instr := "—"
			if !math.IsNaN(rw.instr) {
				instr = fmt.Sprintf("%.1f", rw.instr)
			}
			p("| %s | %s | %s | %.0f | %.0f | %.0f | %s | %s |\n", label, fmtNs(rw.NsOp), fmtNs(rw.MedNs), rw.BPerNs*1000,
				rw.Allocs, rw.BytesOp, ratio(rw.NsOp, best), instr)
		}
		p("\n")
	}
	versions := moduleVersions()
	p("| codec | module | version | API measured |\n|---|---|---|---|\n")
	for _, c := range bench.ValueCodecs() {
		v := versions[c.Module]
		switch c.Module {
		case "encoding/json":
			v = goVersion()
		case "github.com/jgen-go/jgen":
			v = "this checkout"
		}
		p("| %s | `%s` | %s | %s |\n", c.Name, c.Module, v, c.API)
	}
	p("\n")
}

// valuesOnly is the report of a run of the value benchmarks alone
// (-bench '^BenchmarkValues/'): the run, then valueTables.
func (r *report) valuesOnly() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# jgen value benchmarks\n\n")
	p("Generated by `cd bench && go run ./cmd/report` with a `-bench` pattern of BenchmarkValues only (the command line is in the Run table) on %s. ", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	p("This machine is shared and was loaded (load averages below): wall-clock figures move between runs; the callgrind instruction counts do not.\n\n")
	p("## Run\n\n| | |\n|---|---|\n")
	for _, line := range strings.Split(strings.TrimSpace(r.runInfo), "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok {
			p("| %s | `%s` |\n", k, v)
		}
	}
	p("| Go | %s |\n", goVersion())
	p("| machine | %s |\n\n", machine(r.cpuLine))
	r.valueTables(&b)
	r.serverSection(&b)
	return b.String()
}
