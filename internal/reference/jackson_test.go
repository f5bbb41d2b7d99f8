package reference_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/jgen-go/jgen/internal/compat"
)

// knownJacksonException is a vector the reference is known not to match,
// with the reason. The list is checked both ways: a listed vector that
// matches after all fails the test too, so the list cannot go stale.
type knownJacksonException struct {
	config     string
	byteOutput bool
	inputHex   string
	reason     string
}

// knownJacksonExceptions is empty: every vector of both columns matches the
// spec of docs/DESIGN.md §2 with the mapping of compat.ReferenceOptions.
var knownJacksonExceptions = []knownJacksonException{}

func columnName(byteOutput bool) string {
	if byteOutput {
		return "utf8"
	}
	return "writer"
}

func TestJacksonVectors(t *testing.T) {
	path, err := compat.VectorsFile()
	if err != nil {
		t.Fatal(err)
	}
	vs, err := compat.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 37183 {
		t.Errorf("loaded %d vectors, want 37183 (see testdata/jackson/README.md)", len(vs))
	}

	exceptions := map[string]string{}
	for _, e := range knownJacksonExceptions {
		exceptions[fmt.Sprintf("%s/%s/%s", e.config, columnName(e.byteOutput), e.inputHex)] = e.reason
	}
	seenExceptions := map[string]bool{}

	type count struct{ utf8, writer int }
	checked := map[string]*count{}
	skipped := map[string]*count{}
	excepted := 0
	var mismatches []string
	for _, v := range vs {
		for _, byteOutput := range []bool{true, false} {
			bump := func(m map[string]*count) {
				c := m[v.Config]
				if c == nil {
					c = &count{}
					m[v.Config] = c
				}
				if byteOutput {
					c.utf8++
				} else {
					c.writer++
				}
			}
			want := v.Column(byteOutput)
			got, skip, err := compat.ReferenceDocument(v, byteOutput)
			if skip {
				bump(skipped)
				continue
			}
			key := fmt.Sprintf("%s/%s/%x", v.Config, columnName(byteOutput), v.Input)
			var problem string
			switch {
			case !want.OK && err == nil:
				problem = fmt.Sprintf("Jackson failed (%s), reference wrote %x", want.Err, got)
			case want.OK && err != nil:
				problem = fmt.Sprintf("Jackson wrote %x, reference failed: %v", want.Out, err)
			case want.OK && string(got) != string(want.Out):
				problem = fmt.Sprintf("\n  jackson   %x\n  reference %x\n  jackson   %q\n  reference %q", want.Out, got, want.Out, got)
			}
			if reason, ok := exceptions[key]; ok {
				seenExceptions[key] = true
				if problem == "" {
					t.Errorf("known exception %s (%s) now matches: remove it from the list", key, reason)
				}
				excepted++
				continue
			}
			if problem != "" {
				mismatches = append(mismatches, fmt.Sprintf("line %d %s: %s", v.Line, key, problem))
				continue
			}
			bump(checked)
		}
	}
	for key := range exceptions {
		if !seenExceptions[key] {
			t.Errorf("known exception %s is not in the vectors", key)
		}
	}

	configs := make([]string, 0, len(checked)+len(skipped))
	for c := range checked {
		configs = append(configs, c)
	}
	for c := range skipped {
		if checked[c] == nil {
			configs = append(configs, c)
		}
	}
	sort.Strings(configs)
	var total, totalSkipped count
	var report strings.Builder
	fmt.Fprintf(&report, "%-20s %7s %7s %8s\n", "config", "utf8", "writer", "skipped")
	for _, c := range configs {
		var ck, sk count
		if checked[c] != nil {
			ck = *checked[c]
		}
		if skipped[c] != nil {
			sk = *skipped[c]
		}
		fmt.Fprintf(&report, "%-20s %7d %7d %8d\n", c, ck.utf8, ck.writer, sk.utf8+sk.writer)
		total.utf8 += ck.utf8
		total.writer += ck.writer
		totalSkipped.utf8 += sk.utf8
		totalSkipped.writer += sk.writer
	}
	fmt.Fprintf(&report, "%-20s %7d %7d %8d\n", "total", total.utf8, total.writer, totalSkipped.utf8+totalSkipped.writer)
	fmt.Fprintf(&report, "known exceptions: %d", excepted)
	t.Logf("Jackson vectors checked against the reference:\n%s", report.String())

	if len(mismatches) > 0 {
		show := mismatches
		if len(show) > 10 {
			show = show[:10]
		}
		t.Errorf("%d vector results differ from the reference; first %d:\n%s",
			len(mismatches), len(show), strings.Join(show, "\n"))
	}
	if total.utf8+total.writer == 0 {
		t.Error("no vector checked")
	}
}
