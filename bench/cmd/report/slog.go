package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"strconv"
	"strings"
)

// The shapes, APIs and handlers of BenchmarkSlog (bench/slog_test.go), in
// the order the report lists them. Its api=native rows (zap and zerolog
// without slog) are reference figures of the README only.
var (
	slogShapes = []struct{ name, title string }{
		{"attrs=5", "5 attrs (string, int, bool, time, duration)"},
		{"attrs=40/groups=2", "40 attrs in 2 groups"},
		{"msg=cjk200", "200-byte CJK message"},
		{"with=heavy", "With-heavy handler"},
	}
	slogAPIs     = []string{"Handle", "LogAttrs"}
	slogHandlers = []string{"slog", "jgen", "zapslog", "zerolog"}
)

// slogFigures are the BenchmarkSlog inputs beside the run's statistics.
type slogFigures struct {
	instr  map[string]float64 // instructions per op by benchmark name
	source string             // where the figures come from, for the report
}

func slogName(api, shape, handler string) string {
	return "BenchmarkSlog/api=" + api + "/shape=" + shape + "/handler=" + handler
}

// hasSlog reports whether raw holds any BenchmarkSlog result.
func hasSlog(raw map[string]*samples) bool {
	for name := range raw {
		if strings.HasPrefix(name, "BenchmarkSlog/") {
			return true
		}
	}
	return false
}

// readSlogInstr parses instruction counts per op written as
// "BenchmarkName <count> instr/op" lines (results/slog-callgrind.txt: one
// line per benchmark, from callgrind.sh's TSV); other lines are skipped.
func readSlogInstr(r io.Reader, into map[string]float64) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[2] != "instr/op" || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if v, err := strconv.ParseFloat(f[1], 64); err == nil {
			into[procSuffix.ReplaceAllString(f[0], "")] = v
		}
	}
	return sc.Err()
}

// mergeSlogFiles reads every file of files (each may hold go test output,
// instruction counts, or both) into raw and instr. It is used when the run
// itself has no BenchmarkSlog results.
func mergeSlogFiles(files map[string][]byte, raw map[string]*samples, instr map[string]float64) error {
	for _, data := range files {
		if err := readBench(bytes.NewReader(data), raw); err != nil {
			return err
		}
		if err := readSlogInstr(bytes.NewReader(data), instr); err != nil {
			return err
		}
	}
	return nil
}

// slogSection writes the table of BenchmarkSlog: a summary of slog ÷ jgen
// per record, then per shape every handler at both APIs.
func (r *report) slogSection(b *strings.Builder) {
	if !r.hasSlogStats() {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Structured logging: slog handlers (BenchmarkSlog)\n\n")
	p("One record per op to `io.Discard`, every handler as a `slog.Handler`: `Handle` with a prebuilt `Record`, and `LogAttrs` behind the same `slog.Logger` call (which adds slog's own work: the caller's PC, the record). ")
	p("jgen is `slogjgen.NewHandler(w, nil, nil)`, zapslog is `go.uber.org/zap/exp/zapslog`, zerolog its `NewSlogHandler`. ")
	p("Times are medians of the measurements; instructions per op are callgrind's (AVX2 path), which load does not disturb; allocations per op are medians of `-benchmem`. ")
	p("Source: %s.\n\n", r.slog.source)
	p("| record | slog ÷ jgen, instr/op | slog ÷ jgen, ns/op |\n|---|---:|---:|\n")
	for _, api := range slogAPIs {
		for _, s := range slogShapes {
			sl, jg := r.stats[slogName(api, s.name, "slog")], r.stats[slogName(api, s.name, "jgen")]
			if sl.N == 0 || jg.N == 0 {
				continue
			}
			p("| %s, %s | %s | %s |\n", api, s.title, r.slogInstrRatio(api, s.name), ratio(sl.MedNs, jg.MedNs))
		}
	}
	p("\n")
	for _, s := range slogShapes {
		if !r.hasSlogShape(s.name) {
			continue
		}
		p("### %s\n\n", s.title)
		p("| API | handler | ns/op (median) | allocs/op | instr/op |\n|---|---|---:|---:|---:|\n")
		for _, api := range slogAPIs {
			for _, h := range slogHandlers {
				name := slogName(api, s.name, h)
				st, ok := r.stats[name]
				if !ok {
					continue
				}
				allocs, instr := "—", "—"
				if st.HasMem {
					allocs = fmt.Sprintf("%.0f", st.Allocs)
				}
				if v, ok := r.slog.instr[name]; ok {
					instr = fmt.Sprintf("%.0f", v)
				}
				label := h
				if h == "jgen" {
					label = "**jgen**"
				}
				p("| %s | %s | %s | %s | %s |\n", api, label, fmtNs(st.MedNs), allocs, instr)
			}
		}
		p("\n")
	}
}

// hasSlogShape reports whether any handler has a result for shape.
func (r *report) hasSlogShape(shape string) bool {
	for _, api := range slogAPIs {
		for _, h := range slogHandlers {
			if _, ok := r.stats[slogName(api, shape, h)]; ok {
				return true
			}
		}
	}
	return false
}

func (r *report) hasSlogStats() bool {
	for name := range r.stats {
		if strings.HasPrefix(name, "BenchmarkSlog/") {
			return true
		}
	}
	return false
}

// slogInstrRatio is slog's instructions per op over jgen's, "—" when
// either was not counted.
func (r *report) slogInstrRatio(api, shape string) string {
	sl, ok1 := r.slog.instr[slogName(api, shape, "slog")]
	jg, ok2 := r.slog.instr[slogName(api, shape, "jgen")]
	if !ok1 || !ok2 || jg == 0 || math.IsNaN(sl) {
		return "—"
	}
	return ratio(sl, jg)
}

// slogInputs returns the BenchmarkSlog instruction counts per op and a
// phrase naming their source. When raw already holds BenchmarkSlog
// results (the run included it), the counts are those of the run's
// callgrind TSVs (ops); otherwise every file of the comma-separated list
// files that can be read is merged into raw, and the counts are the files'.
func slogInputs(files string, raw map[string]*samples, ops map[string]float64) slogFigures {
	instr := map[string]float64{}
	if hasSlog(raw) {
		for name, v := range ops {
			if strings.HasPrefix(name, "BenchmarkSlog/") {
				instr[name] = v
			}
		}
		return slogFigures{instr, "this run"}
	}
	read := map[string][]byte{}
	var names []string
	for _, path := range strings.Split(files, ",") {
		if path == "" {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			log.Printf("no slog results at %s: %v", path, err)
			continue
		}
		read[path] = data
		names = append(names, "`bench/"+path+"`")
	}
	if err := mergeSlogFiles(read, raw, instr); err != nil {
		log.Printf("slog results: %v", err)
	}
	return slogFigures{instr, "not this run: merged from " + strings.Join(names, " and ") + " (`-slog`)"}
}
