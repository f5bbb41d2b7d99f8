package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// v2Sets are the BenchmarkValuesV2 sets in the report's order (those of
// BenchmarkValues).
var v2Sets = []string{"twitter", "citm_catalog", "canada", "golang_source", "synthea_fhir", "github_events", "api_beans", "api_orders", "api_small"}

// v2Section writes the section of jgen's encoding/json/v2 rules from
// callgrind.sh's TSVs of BenchmarkValuesV2 (the -values-v2 flag), which
// Go 1.27 runs and this report's Go 1.26 run does not: instructions per
// op of jgen's v2 rules, the drop-in json/v2, encoding/json/v2,
// go-json-experiment and jgen's v1 rules per set, with the ratios issue
// 22 sets targets for. Where several files hold a row, the median
// reading is kept (the lower middle one of an even count): on the deep
// sets a callgrind run can lose part of a counted loop, and a run beside
// another can count a collection cycle more, so single runs stray both
// ways (bench/results/values-v2/README.md).
func (r *report) v2Section(b *strings.Builder) {
	if r.v2TSVs == "" {
		return
	}
	readings := map[string][]float64{}
	var read []string
	for _, path := range strings.Split(r.v2TSVs, ",") {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		read = append(read, path)
		for name, v := range readCallgrindOps(path) {
			readings[name] = append(readings[name], v)
		}
	}
	if len(read) == 0 {
		return
	}
	ops := map[string]float64{}
	for name, vs := range readings {
		slices.Sort(vs)
		ops[name] = vs[(len(vs)-1)/2]
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## encoding/json/v2 rules (BenchmarkValuesV2, Go 1.27.3, callgrind)\n\n")
	p("From `%s`, written by `cd bench && JGEN_SHARED=1 GOTOOLCHAIN=go1.27.3 ./callgrind.sh -bench '^BenchmarkValuesV2/' -bytes 400000` (run separately: this report's Go does not build encoding/json/v2). ", strings.Join(read, "`, `"))
	if info, err := os.ReadFile(read[0] + ".info"); err == nil {
		p("The first file's run: %s. ", strings.Join(strings.Fields(string(info)), " "))
	}
	if len(read) > 1 {
		p("Each cell is the median of the %d files' readings. ", len(read))
	}
	p("Instructions per op under callgrind (AVX2/SWAR kernels: valgrind hides AVX-512), one op encoding the set's decoded value; every codec writes encoding/json/v2's bytes with `Deterministic` (`TestValueCodecsV2Equal`). jgen-v2 is `AppendMarshal` with `Options.V2`, the drop-in `json/v2.MarshalWrite`; the others `MarshalWrite` into a reused buffer, jgen-v1 `AppendMarshal` with `Stdlib`. Issue 22's targets: jgen-v2 ≤ 1/3 of encoding/json/v2, ≤ 1.1× jgen-v1.\n\n")
	p("| set | jgen-v2 | drop-in json/v2 | encoding/json/v2 | go-json-experiment | jgen-v1 | jgen-v2 ÷ encoding/json/v2 | jgen-v2 ÷ jgen-v1 |\n")
	p("|---|---:|---:|---:|---:|---:|---:|---:|\n")
	cell := func(writer, set string) (float64, string) {
		v, ok := ops[fmt.Sprintf("BenchmarkValuesV2/writer=%s/preset=%s/set=%s", writer, map[bool]string{true: "stdlib", false: "v2"}[writer == "jgen-v1"], set)]
		if !ok {
			return 0, "—"
		}
		return v, fmt.Sprintf("%.0f", v)
	}
	ratio := func(a, b float64) string {
		if a == 0 || b == 0 {
			return "—"
		}
		return fmt.Sprintf("%.3f", a/b)
	}
	for _, set := range v2Sets {
		jv2, jv2s := cell("jgen-v2", set)
		_, drop := cell("jgen-json-v2", set)
		std, stds := cell("encoding-json-v2", set)
		_, exp := cell("go-json-experiment", set)
		jv1, jv1s := cell("jgen-v1", set)
		if jv2 == 0 && std == 0 {
			continue
		}
		p("| %s | %s | %s | %s | %s | %s | %s | %s |\n", set, jv2s, drop, stds, exp, jv1s, ratio(jv2, std), ratio(jv2, jv1))
	}
	p("\n")
	if md, err := os.ReadFile(filepath.Join(filepath.Dir(read[0]), "README.md")); err == nil && len(md) > 0 {
		p("How these runs were taken, and their spread: `%s`.\n\n", filepath.Join(filepath.Dir(read[0]), "README.md"))
	}
}
