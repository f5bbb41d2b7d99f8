package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestV2Section builds the section from three TSVs of one set, where one
// reads a row far lower and one far higher (runs that lost part of a
// loop, or counted a collection more): the table keeps the median reading
// and gives the ratios of issue 22.
func TestV2Section(t *testing.T) {
	dir := t.TempDir()
	head := "name\tops\tinput_bytes\tinstructions\tinstr_per_op\tinstr_per_byte\n"
	row := func(w, preset string, op int) string {
		return "BenchmarkValuesV2/writer=" + w + "/preset=" + preset + "/set=api_small\t10\t345\t0\t" + strconv.Itoa(op) + "\t1\n"
	}
	a := filepath.Join(dir, "a.tsv")
	b := filepath.Join(dir, "b.tsv")
	c := filepath.Join(dir, "c.tsv")
	if err := os.WriteFile(a, []byte(head+row("jgen-v2", "v2", 3600)+row("encoding-json-v2", "v2", 12000)+row("jgen-v1", "stdlib", 4000)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte(head+row("jgen-v2", "v2", 1200)+row("jgen-json-v2", "v2", 3700)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c, []byte(head+row("jgen-v2", "v2", 24000)), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &report{v2TSVs: a + "," + b + "," + c + "," + filepath.Join(dir, "missing.tsv")}
	var sb strings.Builder
	r.v2Section(&sb)
	got := sb.String()
	want := "| api_small | 3600 | 3700 | 12000 | — | 4000 | 0.300 | 0.900 |\n"
	if !strings.Contains(got, want) {
		t.Errorf("section lacks the row %q:\n%s", want, got)
	}
	if strings.Contains(got, "| twitter |") {
		t.Errorf("section has a row for a set with no readings:\n%s", got)
	}
	r = &report{v2TSVs: filepath.Join(dir, "missing.tsv")}
	sb.Reset()
	r.v2Section(&sb)
	if sb.Len() != 0 {
		t.Errorf("section written with no TSV: %q", sb.String())
	}
}
