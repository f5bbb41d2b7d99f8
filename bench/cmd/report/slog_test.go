package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Two rounds of one shape at both APIs, as in results/slog-bench.txt, and
// the matching lines of results/slog-callgrind.txt.
const (
	slogBenchLines = `goos: linux
BenchmarkSlog/api=Handle/shape=msg=cjk200/handler=slog                  	  304635	      1991 ns/op	       0 B/op	       0 allocs/op
BenchmarkSlog/api=Handle/shape=msg=cjk200/handler=jgen                  	 1000000	       525.3 ns/op	       0 B/op	       0 allocs/op
BenchmarkSlog/api=Handle/shape=msg=cjk200/handler=zapslog               	  141908	      2633 ns/op	      64 B/op	       1 allocs/op
BenchmarkSlog/api=LogAttrs/shape=msg=cjk200/handler=slog                	  146662	      2412 ns/op	       0 B/op	       0 allocs/op
BenchmarkSlog/api=LogAttrs/shape=msg=cjk200/handler=jgen                	  314547	      1164 ns/op	       0 B/op	       0 allocs/op
PASS
BenchmarkSlog/api=Handle/shape=msg=cjk200/handler=slog                  	  339117	      1465 ns/op	       0 B/op	       0 allocs/op
BenchmarkSlog/api=Handle/shape=msg=cjk200/handler=jgen                  	 1000000	       405.1 ns/op	       0 B/op	       0 allocs/op
BenchmarkSlog/api=Handle/shape=msg=cjk200/handler=zapslog               	  178990	      2393 ns/op	      64 B/op	       1 allocs/op
BenchmarkSlog/api=LogAttrs/shape=msg=cjk200/handler=slog                	  235771	      2404 ns/op	       0 B/op	       0 allocs/op
BenchmarkSlog/api=LogAttrs/shape=msg=cjk200/handler=jgen                	  313401	       994.7 ns/op	       0 B/op	       0 allocs/op
`
	slogCallgrindLines = `BenchmarkSlog/api=Handle/shape=msg=cjk200/handler=slog 11278 instr/op
BenchmarkSlog/api=Handle/shape=msg=cjk200/handler=jgen 2998 instr/op
BenchmarkSlog/api=LogAttrs/shape=msg=cjk200/handler=jgen 5533 instr/op
`
)

func slogReport(t *testing.T, raw map[string]*samples, files string) string {
	t.Helper()
	r := &report{slog: slogInputs(files, raw, nil)}
	r.stats = summarize(raw)
	var b strings.Builder
	r.slogSection(&b)
	return b.String()
}

func TestSlogSectionFromFiles(t *testing.T) {
	dir := t.TempDir()
	bench, cg := filepath.Join(dir, "bench.txt"), filepath.Join(dir, "cg.txt")
	if err := os.WriteFile(bench, []byte(slogBenchLines), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cg, []byte(slogCallgrindLines), 0o644); err != nil {
		t.Fatal(err)
	}
	md := slogReport(t, map[string]*samples{}, bench+","+cg+","+filepath.Join(dir, "absent.txt"))
	for _, want := range []string{
		// Medians of two rounds: (1991+1465)/2, (525.3+405.1)/2; instr
		// ratio 11278/2998; LogAttrs has no slog count, so "—".
		"| Handle, 200-byte CJK message | 3.76 | 3.71 |\n",
		"| LogAttrs, 200-byte CJK message | — | 2.23 |\n",
		"| Handle | slog | 1.73 µs | 0 | 11278 |\n",
		"| Handle | **jgen** | 465 ns | 0 | 2998 |\n",
		"| Handle | zapslog | 2.51 µs | 1 | — |\n",
		"| LogAttrs | **jgen** | 1.08 µs | 0 | 5533 |\n",
		"not this run: merged from `bench/" + bench + "` and `bench/" + cg + "`",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("section lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "### 5 attrs") || strings.Contains(md, "zerolog |") {
		t.Errorf("section has rows without results:\n%s", md)
	}
}

// A run that included BenchmarkSlog keeps its own figures: the files are
// not merged and the counts come from the run's callgrind TSVs.
func TestSlogSectionPrefersRun(t *testing.T) {
	raw := map[string]*samples{
		slogName("Handle", "with=heavy", "slog"): {ns: []float64{1000}, allocs: []float64{0}},
		slogName("Handle", "with=heavy", "jgen"): {ns: []float64{400}, allocs: []float64{0}},
	}
	fig := slogInputs("../../results/slog-bench.txt", raw,
		map[string]float64{slogName("Handle", "with=heavy", "jgen"): 2000, "BenchmarkStrings/x": 1})
	source, instr := fig.source, fig.instr
	if source != "this run" || len(raw) != 2 || len(instr) != 1 || instr[slogName("Handle", "with=heavy", "jgen")] != 2000 {
		t.Fatalf("source %q, %d results, counts %v", source, len(raw), instr)
	}
}

// The committed files parse into every row of the README's slog tables.
func TestSlogCommittedFiles(t *testing.T) {
	md := slogReport(t, map[string]*samples{}, "../../results/slog-bench.txt,../../results/slog-callgrind.txt")
	for _, want := range []string{
		"| Handle, 5 attrs (string, int, bool, time, duration) | 2.10 | 2.21 |\n",
		"| LogAttrs | zerolog | 2.75 µs | 0 | 14004 |\n",
		"| Handle | slog | 9.80 µs | 10 | 55024 |\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("section lacks %q:\n%s", want, md)
		}
	}
}
