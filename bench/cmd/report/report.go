package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/jgen-go/jgen/bench"
)

type report struct {
	stats     map[string]stat
	instr     map[string]float64 // instructions per input byte
	instrOp   map[string]float64 // instructions per op
	writers   []bench.Writer
	runInfo   string
	jackson   bool
	slog      slogFigures
	outDir    string
	chartPath string
	cpuLine   string // the "cpu:" line of the go test output
	serverTSV string // cmd/serverbench's results, "" for none
	v2TSVs    string // BenchmarkValuesV2 callgrind TSVs, comma-separated, "" for none
}

// A row is one writer variant in one cell.
type row struct {
	Name   string // full benchmark name
	Label  string // writer/preset/input
	Writer string
	Preset string
	Input  string
	Kind   string // jgen, peer, floor, jackson
	stat
	Instr float64 // instructions per input byte, NaN if not measured
}

// A cell is a column of the matrix (content, length) or a corpus.
type cell struct {
	Key   string // "content=ascii/len=12" or "corpus=twitter"
	Title string
	Rows  []row
	Floor map[string]float64 // input type → floor ns/op
	Best  *row               // fastest Go peer
}

func (r *report) kindOf(writer string) string {
	for _, w := range r.writers {
		if w.Name == writer {
			return w.Kind
		}
	}
	return "peer"
}

// cells groups the results into matrix cells and corpus cells.
func (r *report) cells() (matrix, corpus []*cell) {
	byKey := map[string]*cell{}
	var order []string
	for _, c := range bench.Contents {
		for _, n := range bench.Lengths {
			k := fmt.Sprintf("content=%s/len=%d", c, n)
			byKey[k] = &cell{Key: k, Title: fmt.Sprintf("%s, %d runes", c, n)}
			order = append(order, k)
		}
	}
	for _, c := range bench.Corpora {
		k := "corpus=" + c.Name
		byKey[k] = &cell{Key: k, Title: "corpus " + c.Name}
		order = append(order, k)
	}
	names := make([]string, 0, len(r.stats))
	for n := range r.stats {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		base, kv := nameKey(name)
		var key string
		if kv["corpus"] != "" {
			key = "corpus=" + kv["corpus"]
		} else {
			key = fmt.Sprintf("content=%s/len=%s", kv["content"], kv["len"])
		}
		c := byKey[key]
		if c == nil {
			continue
		}
		rw := row{Name: name, stat: r.stats[name], Instr: math.NaN()}
		switch base {
		case "BenchmarkJackson":
			rw.Writer = "jackson-" + kv["backend"]
			rw.Preset = kv["preset"]
			if rw.Preset == "default" {
				rw.Preset = "jackson"
			}
			rw.Input = kv["input"]
			rw.Kind = "jackson"
		case "BenchmarkStrings", "BenchmarkCorpus":
			rw.Writer, rw.Preset, rw.Input = kv["writer"], kv["preset"], kv["input"]
			rw.Kind = r.kindOf(rw.Writer)
		default:
			continue
		}
		rw.Label = rw.Writer + " / " + rw.Preset + " / " + rw.Input
		if v, ok := r.instr[name]; ok {
			rw.Instr = v
		}
		c.Rows = append(c.Rows, rw)
	}
	for _, k := range order {
		c := byKey[k]
		if len(c.Rows) == 0 {
			continue
		}
		kindOrder := map[string]int{"floor": 0, "jgen": 1, "peer": 2, "jackson": 3}
		sort.SliceStable(c.Rows, func(i, j int) bool {
			a, b := c.Rows[i], c.Rows[j]
			if kindOrder[a.Kind] != kindOrder[b.Kind] {
				return kindOrder[a.Kind] < kindOrder[b.Kind]
			}
			return a.NsOp < b.NsOp
		})
		c.Floor = map[string]float64{}
		for i := range c.Rows {
			rw := &c.Rows[i]
			if rw.Kind == "floor" {
				c.Floor[rw.Input] = rw.NsOp
			}
			if rw.Kind == "peer" && (c.Best == nil || rw.NsOp < c.Best.NsOp) {
				c.Best = rw
			}
		}
		if strings.HasPrefix(k, "corpus=") {
			corpus = append(corpus, c)
		} else {
			matrix = append(matrix, c)
		}
	}
	return matrix, corpus
}

// floorFor is the floor a row is compared with: the Go floor with the same
// input type (string for Jackson's String and char[] input alike).
func (c *cell) floorFor(rw *row) float64 {
	if f, ok := c.Floor[rw.Input]; ok {
		return f
	}
	return c.Floor["string"]
}

// bestJgen is the fastest jgen row of the cell among the presets a peer also
// offers (minimal, stdlib), optionally of one writer.
func (c *cell) bestJgen(writer string) *row {
	var best *row
	for i := range c.Rows {
		rw := &c.Rows[i]
		if rw.Kind != "jgen" || rw.Preset == "ascii" || (writer != "" && rw.Writer != writer) {
			continue
		}
		if best == nil || rw.NsOp < best.NsOp {
			best = rw
		}
	}
	return best
}

// bestJackson is Jackson's fastest row under its default escaping (any
// backend and input).
func (c *cell) bestJackson() *row {
	var best *row
	for i := range c.Rows {
		rw := &c.Rows[i]
		if rw.Kind == "jackson" && rw.Preset != "ascii" && (best == nil || rw.NsOp < best.NsOp) {
			best = rw
		}
	}
	return best
}

func ratio(a, b float64) string {
	if a == 0 || b == 0 || math.IsNaN(a) || math.IsNaN(b) {
		return "—"
	}
	return fmt.Sprintf("%.2f", a/b)
}

func (c *cell) ratioFloor(rw *row) string {
	if rw == nil {
		return "—"
	}
	return ratio(rw.NsOp, c.floorFor(rw))
}

func fmtNs(ns float64) string {
	switch {
	case ns == 0:
		return "—"
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

func (r *report) markdown() string {
	matrix, corpus := r.cells()
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	if r.rounds() == 0 {
		return r.valuesOnly()
	}
	p("# jgen string-writing benchmarks\n\n")
	p("Generated by `cd bench && go run ./cmd/report` on %s. ", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	p("The matrix is docs/DESIGN.md §6: 200 strings per op written as one JSON array, lengths in runes, throughput in input bytes. ")
	p("Ratios are of the fastest of the %d measurements of each benchmark (other work on this shared machine only adds time, so the minimum is the steadiest estimate; medians are in the per-cell tables and, with confidence intervals, in benchstat.txt); the floor is a memmove of the same bytes plus quotes and commas into a reused buffer (ratio 1.00 = as fast as copying). ", r.rounds())
	p("This machine class is noisy: read ratios from one run, not absolute numbers across runs.\n\n")

	p("## Run\n\n")
	p("| | |\n|---|---|\n")
	for _, line := range strings.Split(strings.TrimSpace(r.runInfo), "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok {
			p("| %s | `%s` |\n", k, v)
		}
	}
	p("| Go | %s |\n", goVersion())
	p("| machine | %s |\n", machine(r.cpuLine))
	p("| Jackson | %s |\n", map[bool]string{true: "bench/jackson/results.txt merged (jackson-core 2.14, OpenJDK 17; its ratios are to the Go floor)", false: "bench/jackson/results.txt absent: not in this report"}[r.jackson])
	p("\nFiles beside this report: `bench.txt` (raw go test output), `benchstat.txt` (benchstat over it and the Jackson results), `callgrind.tsv`, `run.txt`.\n\n")

	r.headline(&b, matrix)
	r.instrTable(&b, matrix)
	r.verdict(&b, matrix, corpus)
	p("![ratio to the floor per cell](chart.png)\n\n")
	r.drawnSection(&b, matrix)
	r.escapingSection(&b, stringsPerCell())

	p("## Every cell\n\n")
	p("Columns: fastest ns/op; median ns/op; input bytes per ns (fastest); ratio to the floor (same input type); ratio to the fastest Go peer of the cell (— for preset ascii: no peer has an ASCII-only mode); allocs/op; instructions per input byte under callgrind (AVX2/SWAR path, input=string only).\n\n")
	for _, c := range append(matrix, corpus...) {
		p("### %s\n\n", c.Title)
		if c.Best != nil {
			p("Fastest Go peer: `%s` (%s).\n\n", c.Best.Label, fmtNs(c.Best.NsOp))
		}
		p("| writer / preset / input | ns/op | median | B/ns | ×floor | ×best peer | allocs/op | instr/B |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
		for i := range c.Rows {
			rw := &c.Rows[i]
			vsPeer := "—"
			if c.Best != nil && rw.Preset != "ascii" && rw.Kind != "floor" {
				vsPeer = ratio(rw.NsOp, c.Best.NsOp)
			}
			allocs := "—"
			if rw.HasMem {
				allocs = fmt.Sprintf("%.0f", rw.Allocs)
			}
			instr := "—"
			if !math.IsNaN(rw.Instr) {
				instr = fmt.Sprintf("%.2f", rw.Instr)
			}
			label := rw.Label
			if rw.Kind == "jgen" {
				label = "**" + label + "**"
			}
			p("| %s | %s | %s | %.2f | %s | %s | %s | %s |\n", label, fmtNs(rw.NsOp), fmtNs(rw.MedNs), rw.BPerNs, c.ratioFloor(rw), vsPeer, allocs, instr)
		}
		p("\n")
	}

	r.peerTables(&b)
	r.valueTables(&b)
	r.serverSection(&b)
	r.v2Section(&b)
	r.slogSection(&b)
	return b.String()
}

// headline is the table the SIMD work is judged by: per matrix cell, jgen
// and the best Go peer as multiples of the floor.
func (r *report) headline(b *strings.Builder, matrix []*cell) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Headline: ratio to the floor per cell (lower is better)\n\n")
	p("jgen columns are the fastest of string/bytes input under the presets peers also have (minimal, stdlib); `best jgen` is the fastest jgen API. `jgen ÷ peer` below 1 means jgen is faster. Targets from the issue (best peer on a quiet machine): ascii 1.7/1.7/2.3, escaped 2.6/2.4/2.8, unicode 1.7/1.9/2.6.\n\n")
	p("| cell | floor | append | generator (io.Writer) | AppendQuote | best jgen | best Go peer | jgen ÷ peer | ascii preset (append) |")
	if r.jackson {
		p(" best Jackson |")
	}
	p("\n|---|---:|---:|---:|---:|---:|---|---:|---:|")
	if r.jackson {
		p("---:|")
	}
	p("\n")
	for _, c := range matrix {
		best := c.bestJgen("")
		peer := "—"
		vs := "—"
		if c.Best != nil {
			peer = fmt.Sprintf("%s `%s`", c.ratioFloor(c.Best), c.Best.Writer)
			if best != nil {
				vs = ratio(best.NsOp, c.Best.NsOp)
			}
		}
		var asciiRow *row
		for i := range c.Rows {
			rw := &c.Rows[i]
			if rw.Kind == "jgen" && rw.Preset == "ascii" && rw.Writer == "jgen-append" && (asciiRow == nil || rw.NsOp < asciiRow.NsOp) {
				asciiRow = rw
			}
		}
		p("| %s | %s | %s | %s | %s | %s | %s | %s | %s |", c.Key, fmtNs(c.Floor["string"]),
			c.ratioFloor(c.bestJgen("jgen-append")), c.ratioFloor(c.bestJgen("jgen-gen")), c.ratioFloor(c.bestJgen("jgen-quote")),
			c.ratioFloor(best), peer, vs, c.ratioFloor(asciiRow))
		if r.jackson {
			j := c.bestJackson()
			if j != nil {
				p(" %s `%s` |", c.ratioFloor(j), j.Label)
			} else {
				p(" — |")
			}
		}
		p("\n")
	}
	p("\n")
}

// verdict states plainly where jgen is ahead and behind.
func (r *report) verdict(b *strings.Builder, matrix, corpus []*cell) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Where jgen is ahead and where it is behind\n\n")
	for _, api := range []struct{ writer, what string }{
		{"", "best jgen API"},
		{"jgen-append", "jgen append generator"},
		{"jgen-gen", "jgen generator to an io.Writer"},
		{"jgen-quote", "jgen Escaping.AppendQuote"},
	} {
		var ahead, behind []string
		for _, c := range append(append([]*cell{}, matrix...), corpus...) {
			j := c.bestJgen(api.writer)
			if j == nil || c.Best == nil {
				continue
			}
			s := fmt.Sprintf("%s (%.2f× `%s`)", c.Key, j.NsOp/c.Best.NsOp, c.Best.Writer)
			if j.NsOp < c.Best.NsOp {
				ahead = append(ahead, s)
			} else {
				behind = append(behind, s)
			}
		}
		p("- **%s** vs the fastest Go peer: ahead in %d of %d cells", api.what, len(ahead), len(ahead)+len(behind))
		if len(behind) > 0 {
			p("; **behind in** %s", strings.Join(behind, ", "))
		}
		p(".\n")
	}
	var far []string
	for _, c := range matrix {
		if j := c.bestJgen(""); j != nil && c.Floor["string"] > 0 {
			if x := j.NsOp / c.floorFor(j); x > 2 {
				far = append(far, fmt.Sprintf("%s (%.2f×)", c.Key, x))
			}
		}
	}
	if len(far) > 0 {
		p("- Cells where even the best jgen API is more than twice the floor: %s.\n", strings.Join(far, ", "))
	}
	if r.jackson {
		var beats, loses []string
		for _, c := range matrix {
			j, jk := c.bestJgen(""), c.bestJackson()
			if j == nil || jk == nil {
				continue
			}
			s := fmt.Sprintf("%s (%.2f×)", c.Key, j.NsOp/jk.NsOp)
			if j.NsOp < jk.NsOp {
				beats = append(beats, s)
			} else {
				loses = append(loses, s)
			}
		}
		p("- vs jackson-core 2.14 (best backend and input): jgen faster in %d of %d cells", len(beats), len(beats)+len(loses))
		if len(loses) > 0 {
			p("; slower in %s", strings.Join(loses, ", "))
		}
		p(".\n")
	}
	p("\n")
}

func (r *report) peerTables(b *strings.Builder) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Writers, versions and APIs\n\n")
	versions := moduleVersions()
	p("| writer | input | module | version | API measured |\n|---|---|---|---|---|\n")
	seen := map[string]bool{}
	for _, w := range r.writers {
		k := w.Name + w.Input
		if seen[k] {
			continue
		}
		seen[k] = true
		v := versions[w.Module]
		switch w.Module {
		case "std":
			v = runtime.Version()
		case "-":
			v = "—"
		case "github.com/jgen-go/jgen":
			v = "this checkout"
		}
		p("| %s | %s | `%s` | %s | %s |\n", w.Name, w.Input, w.Module, v, w.API)
	}
	p("\nPeers are labelled with the preset whose bytes they match on the matrix (valid UTF-8): `stdlib` for encoding/json's escaping, `minimal` for RFC 8259's minimum. Preset `ascii` rows have no peer (none offers ASCII-only output) and compare with the floor only. ")
	p("Inputs as `[]byte` are run only where the API takes them (jgen, both jsontext AppendQuote functions, the floor); the reflection-based encoders would write a `[][]byte` as base64.\n\n")
	p("### What each writer escapes by default (probed at report time)\n\n")
	p("| writer | `<>&` | U+2028 | `é` | invalid UTF-8 `\\xff` |\n|---|---|---|---|---|\n")
	for _, pr := range probeWriters(r.writers) {
		p("| %s | %s | %s | %s | %s |\n", pr.label, pr.html, pr.lineSep, pr.nonASCII, pr.invalid)
	}
	p("\n")
}

func goVersion() string {
	out, err := exec.Command("go", "version").Output()
	if err != nil {
		return runtime.Version()
	}
	return strings.TrimSpace(string(out))
}

// recordedMachine is the machine of the run the report reads, as
// localMachine described it then (run.txt's lines "run machine" and "run
// machine detail"); empty where run.txt has none, the report then naming
// the machine it runs on.
var recordedMachine [2]string

// machine describes the machine the benchmarks ran on, with the CPU that
// go test reported (cpuLine) where it differs from the model.
func machine(cpuLine string) string {
	model, rest := localMachine()
	if recordedMachine[0] != "" {
		model, rest = recordedMachine[0], recordedMachine[1]
	}
	if cpuLine != "" && cpuLine != model {
		model += "; go test reports `" + cpuLine + "`"
	}
	return model + ", " + rest
}

// localMachine describes this machine: its CPU model (lscpu's, and
// /proc/cpuinfo's where it differs), and the CPU count, platform and the
// vector extensions the kernels use.
func localMachine() (model, rest string) {
	var cpus string
	if out, err := exec.Command("lscpu").Output(); err == nil {
		for _, line := range strings.Split(string(out), "\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			v = strings.TrimSpace(v)
			switch strings.TrimSpace(k) {
			case "Model name":
				model = v
			case "CPU(s)":
				cpus = v
			}
		}
	}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				if m := strings.TrimSpace(v); m != model {
					model += " (" + m + ")"
				}
				break
			}
		}
	}
	feats := []string{}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, f := range []string{"avx2", "avx512f", "avx512bw"} {
			if strings.Contains(string(data), " "+f+" ") {
				feats = append(feats, f)
			}
		}
	}
	return model, fmt.Sprintf("%s CPUs, %s/%s, %s", cpus, runtime.GOOS, runtime.GOARCH, strings.Join(feats, " "))
}

// moduleVersions lists the bench module's dependencies with their versions.
func moduleVersions() map[string]string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Version}}", "all").Output()
	m := map[string]string{}
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(out), "\n") {
		if path, v, ok := strings.Cut(line, " "); ok {
			m[path] = v
		}
	}
	return m
}

// instrTable is the load-independent view: callgrind instructions per input
// byte for jgen (preset minimal, string input) and the leanest Go peer.
func (r *report) instrTable(b *strings.Builder, matrix []*cell) {
	if len(r.instr) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Instructions per input byte (callgrind, AVX2/SWAR path, input=string)\n\n")
	p("Unaffected by other load on the machine. jgen columns are preset minimal.\n\n")
	p("| cell | floor | append | generator | AppendQuote | leanest Go peer |\n|---|---:|---:|---:|---:|---|\n")
	for _, c := range matrix {
		get := func(writer, preset string) string {
			for i := range c.Rows {
				rw := &c.Rows[i]
				if rw.Writer == writer && rw.Preset == preset && rw.Input == "string" && !math.IsNaN(rw.Instr) {
					return fmt.Sprintf("%.2f", rw.Instr)
				}
			}
			return "—"
		}
		var lean *row
		for i := range c.Rows {
			rw := &c.Rows[i]
			if rw.Kind == "peer" && !math.IsNaN(rw.Instr) && (lean == nil || rw.Instr < lean.Instr) {
				lean = rw
			}
		}
		peer := "—"
		if lean != nil {
			peer = fmt.Sprintf("%.2f `%s`", lean.Instr, lean.Writer)
		}
		p("| %s | %s | %s | %s | %s | %s |\n", c.Key, get("floor", bench.PresetNone), get("jgen-append", "minimal"),
			get("jgen-gen", "minimal"), get("jgen-quote", "minimal"), peer)
	}
	p("\n")
}

// rounds is the number of measurements per benchmark of the run.
func (r *report) rounds() int {
	n := 0
	for name, st := range r.stats {
		if strings.HasPrefix(name, "BenchmarkStrings/") {
			n = max(n, st.N)
		}
	}
	return n
}
