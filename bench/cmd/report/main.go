// Command report runs jgen's benchmark suite and writes results/REPORT.md and
// results/chart.png. Run it from the bench directory:
//
//	go run ./cmd/report            # full run: -count 6, pinned to CPU 1, callgrind, benchstat
//	go run ./cmd/report -quick     # iteration: -count 1, short benchtime, a subset, into results/quick
//	go run ./cmd/report -reuse     # rebuild the report from the last run's files (e.g. once
//	                               # bench/jackson/results.txt has appeared)
//
// Steps: build the benchmark test binary; run it under taskset (-cpu) with
// -count and -benchtime; run callgrind.sh for instruction counts; merge
// bench/jackson/results.txt when present, and the committed BenchmarkSlog
// results (-slog) when the run has none; run benchstat over everything into
// results/benchstat.txt; write the report and the chart.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/jgen-go/jgen/bench"
)

type config struct {
	count          int
	benchtime      string
	bench          string
	cpu            string
	callgrind      bool
	callgrindBench string
	callgrindExtra string
	callgrindBytes string
	jackson        string
	slog           string
	server         string
	valuesV2       string
	out            string
	quick, reuse   bool
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("report: ")
	var c config
	flag.IntVar(&c.count, "count", 6, "measurements per benchmark (go test -count)")
	flag.StringVar(&c.benchtime, "benchtime", "300ms", "go test -benchtime of one measurement")
	flag.StringVar(&c.bench, "bench", ".", "go test -bench pattern")
	flag.StringVar(&c.cpu, "cpu", "1", "taskset CPU list to pin the benchmarks to (empty: no pinning)")
	flag.BoolVar(&c.callgrind, "callgrind", true, "run callgrind.sh for instructions per byte")
	flag.StringVar(&c.callgrindBench, "callgrind-bench", "^BenchmarkStrings/.*/.*/input=string/", "callgrind.sh -bench pattern")
	flag.StringVar(&c.callgrindExtra, "callgrind-extra", "^Benchmark(Drawn|Escaping)/writer=(jgen-append|jgen-quote|floor|sonic-encodeinto|sonic-validate)/.*/input=string/",
		"a second callgrind.sh -bench pattern (the drawn and escaping cells), written to callgrind-extra.tsv; empty to skip")
	flag.StringVar(&c.callgrindBytes, "callgrind-bytes", "2000000", "callgrind.sh -bytes")
	flag.StringVar(&c.jackson, "jackson", "jackson/results.txt,jackson/results-issue14.txt",
		"Jackson harness results in Go benchmark format, comma-separated files merged when present (the first: the matrix)")
	flag.StringVar(&c.slog, "slog", "results/slog-bench.txt,results/slog-callgrind.txt",
		"BenchmarkSlog results merged when the run has none: comma-separated files of go test output and of \"name count instr/op\" lines")
	flag.StringVar(&c.server, "server", "results/server/server.tsv",
		"cmd/serverbench's results, added as their own section when the file exists (the report does not run serverbench); empty to leave out")
	flag.StringVar(&c.valuesV2, "values-v2", "results/values-v2/callgrind-ca7f15d-run1.tsv,results/values-v2/callgrind-ca7f15d-run2.tsv,results/values-v2/callgrind-ca7f15d-run3.tsv",
		"callgrind.sh TSVs of BenchmarkValuesV2 (Go 1.27), comma-separated, added as their own section when present (the report does not run them: its Go may lack encoding/json/v2); empty to leave out")
	flag.StringVar(&c.out, "o", "", "output directory (default results, or results/quick with -quick)")
	flag.BoolVar(&c.quick, "quick", false, "quick iteration: -count 1, -benchtime 50ms, input=string matrix only, callgrind on len=1000 of jgen-append and the floor")
	flag.BoolVar(&c.reuse, "reuse", false, "do not run anything: rebuild REPORT.md and chart.png from the files of the last run")
	flag.Parse()

	if data, err := os.ReadFile("go.mod"); err != nil || !bytes.Contains(data, []byte("module github.com/jgen-go/jgen/bench")) {
		log.Fatal("run from the bench directory: cd bench && go run ./cmd/report")
	}
	if c.quick {
		set := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["count"] {
			c.count = 1
		}
		if !set["benchtime"] {
			c.benchtime = "50ms"
		}
		if !set["bench"] {
			c.bench = "^BenchmarkStrings/.*/.*/input=string/"
		}
		if !set["callgrind-bench"] {
			c.callgrindBench = "^BenchmarkStrings/writer=(jgen-append|floor)/.*/input=string/.*/len=1000$"
		}
		if !set["callgrind-bytes"] {
			c.callgrindBytes = "1000000"
		}
		if !set["callgrind-extra"] {
			c.callgrindExtra = ""
		}
	}
	if c.out == "" {
		c.out = "results"
		if c.quick {
			c.out = filepath.Join("results", "quick")
		}
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		log.Fatal(err)
	}
	benchTxt := filepath.Join(c.out, "bench.txt")
	cgTSV := filepath.Join(c.out, "callgrind.tsv")
	cgExtra := filepath.Join(c.out, "callgrind-extra.tsv")
	runInfo := filepath.Join(c.out, "run.txt")

	if !c.reuse {
		start := time.Now()
		commit := libraryCommit()
		loadStart := loadavg()
		if err := runBenchmarks(c, benchTxt); err != nil {
			log.Fatal(err)
		}
		if c.callgrind {
			if err := runCallgrind(c, c.callgrindBench, cgTSV); err != nil {
				log.Printf("callgrind.sh failed, report without instruction counts: %v", err)
			}
			os.Remove(cgExtra)
			if c.callgrindExtra != "" {
				if err := runCallgrind(c, c.callgrindExtra, cgExtra); err != nil {
					log.Printf("callgrind.sh on the drawn and escaping cells failed, report without their instruction counts: %v", err)
				}
			}
		} else {
			os.Remove(cgTSV)
			os.Remove(cgExtra)
		}
		model, rest := localMachine()
		info := fmt.Sprintf("library: %s\ncommand: go run ./cmd/report %s\ncount: %d\nbenchtime: %s\nbench: %s\ncpu: %s\ncallgrind-bench: %s\ncallgrind-extra: %s\nstarted: %s\nduration: %s\nload average at start: %s\nload average at end: %s\nrun machine: %s\nrun machine detail: %s\n",
			commit, strings.Join(os.Args[1:], " "), c.count, c.benchtime, c.bench, c.cpu, c.callgrindBench, c.callgrindExtra,
			start.UTC().Format(time.RFC3339), time.Since(start).Round(time.Second), loadStart, loadavg(), model, rest)
		if err := os.WriteFile(runInfo, []byte(info), 0o644); err != nil {
			log.Fatal(err)
		}
	}

	// The machine the run's files come from, which -reuse may not be on.
	if data, err := os.ReadFile(runInfo); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if m, ok := strings.CutPrefix(line, "run machine: "); ok {
				recordedMachine[0] = m
			}
			if m, ok := strings.CutPrefix(line, "run machine detail: "); ok {
				recordedMachine[1] = m
			}
		}
	}

	// Everything benchstat and the report read: ours plus Jackson's.
	all := filepath.Join(c.out, "all.txt")
	var merged bytes.Buffer
	data, err := os.ReadFile(benchTxt)
	if err != nil {
		log.Fatalf("no benchmark results (%v); run without -reuse first", err)
	}
	merged.Write(data)
	var jerr error
	for i, path := range strings.Split(c.jackson, ",") {
		jackson, err := os.ReadFile(path)
		if err != nil {
			if i == 0 {
				jerr = err
			}
			log.Printf("no Jackson results at %s: the report leaves them out (rerun with -reuse when they are there)", path)
			continue
		}
		merged.WriteString("\n")
		merged.Write(jackson)
	}
	if err := os.WriteFile(all, merged.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := runBenchstat(all, filepath.Join(c.out, "benchstat.txt")); err != nil {
		log.Printf("benchstat: %v", err)
	}

	raw := map[string]*samples{}
	if err := readBench(bytes.NewReader(merged.Bytes()), raw); err != nil {
		log.Fatal(err)
	}
	slogFig := slogInputs(c.slog, raw, readCallgrindOps(cgTSV, cgExtra))
	info, _ := os.ReadFile(runInfo)
	if cg, err := os.ReadFile(cgTSV + ".info"); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(cg)), "\n") {
			info = append(info, "callgrind "+line+"\n"...)
		}
	}
	rep := &report{
		stats:     summarize(raw),
		instr:     readCallgrind(cgTSV, cgExtra),
		instrOp:   readCallgrindOps(cgTSV, cgExtra),
		writers:   bench.Writers(),
		runInfo:   string(info),
		jackson:   jerr == nil,
		slog:      slogFig,
		outDir:    c.out,
		chartPath: filepath.Join(c.out, "chart.png"),
		cpuLine:   headerLine(data, "cpu:"),
		serverTSV: c.server,
		v2TSVs:    c.valuesV2,
	}
	if err := rep.drawChart(); err != nil {
		log.Printf("chart: %v", err)
	}
	md := rep.markdown()
	if err := os.WriteFile(filepath.Join(c.out, "REPORT.md"), []byte(md), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s and %s", filepath.Join(c.out, "REPORT.md"), rep.chartPath)
}

func runBenchmarks(c config, outPath string) error {
	tmp, err := os.MkdirTemp("", "jgen-report")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "bench.test")
	log.Printf("building the benchmark binary")
	if err := run(exec.Command("go", "test", "-c", "-o", bin, ".")); err != nil {
		return err
	}
	// -count 1 per round, c.count rounds: each benchmark's samples are
	// spread over the whole run rather than taken back to back, so that a
	// burst of load from elsewhere skews every writer alike.
	args := []string{bin, "-test.run", "^$", "-test.bench", c.bench, "-test.count", "1",
		"-test.benchtime", c.benchtime, "-test.benchmem"}
	if c.cpu != "" {
		if _, err := exec.LookPath("taskset"); err != nil {
			return fmt.Errorf("taskset not found (apt-get install util-linux), or pass -cpu ''")
		}
		args = append([]string{"taskset", "-c", c.cpu}, args...)
	}
	env := os.Environ()
	if st, err := os.Stat(bench.SharedDir()); err == nil && st.IsDir() {
		// The corpora are there: require them, so a broken corpus fails
		// loudly instead of dropping rows.
		env = append(env, "JGEN_SHARED=1")
	} else {
		log.Printf("no shared directory at %s: corpus benchmarks are skipped", bench.SharedDir())
	}
	f, err := os.Create(outPath)
	if err != nil {
		return err
	}
	defer f.Close()
	for round := 1; round <= c.count; round++ {
		log.Printf("round %d of %d: %s (output in %s)", round, c.count, strings.Join(args, " "), outPath)
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = env
		cmd.Stdout = io.MultiWriter(f, os.Stderr)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("benchmarks failed: %v", err)
		}
	}
	return nil
}

func runCallgrind(c config, pattern, outPath string) error {
	log.Printf("running callgrind.sh -bench %s", pattern)
	return run(exec.Command("./callgrind.sh", "-bench", pattern, "-bytes", c.callgrindBytes, "-o", outPath))
}

func runBenchstat(in, outPath string) error {
	cmd := exec.Command("go", "tool", "benchstat", in)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return err
	}
	return os.WriteFile(outPath, out.Bytes(), 0o644)
}

func run(cmd *exec.Cmd) error {
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

// libraryCommit names the library's commit when the benchmarks were built,
// and whether the work tree outside bench/ differed from it.
func libraryCommit() string {
	out, err := exec.Command("git", "-C", "..", "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown (not a git checkout)"
	}
	s := strings.TrimSpace(string(out))
	st, err := exec.Command("git", "-C", "..", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench").Output()
	if err == nil && len(bytes.TrimSpace(st)) > 0 {
		s += fmt.Sprintf(" plus uncommitted changes to %d tracked files outside bench/", len(strings.Split(strings.TrimSpace(string(st)), "\n")))
	}
	return s
}

// loadavg is /proc/loadavg's 1, 5 and 15 minute averages: the report says
// how busy the machine was, since other work on it skews the numbers.
func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func headerLine(data []byte, key string) string {
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, key); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
