package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/jgen-go/jgen/bench"
)

type probe struct {
	label                            string
	html, lineSep, nonASCII, invalid string
}

// probeWriters runs each writer (string input) on single characters and
// says what it wrote, so the report's notes on escaping are measured, not
// remembered.
func probeWriters(ws []bench.Writer) []probe {
	var out []probe
	seen := map[string]bool{}
	for _, w := range ws {
		if w.Input != "string" || w.Kind == "floor" {
			continue
		}
		if w.Kind == "jgen" && w.Name != "jgen-quote" {
			continue
		}
		label := w.Name
		if w.Kind == "jgen" {
			label += " / " + w.Preset
		}
		if seen[label] {
			continue
		}
		seen[label] = true
		pr := probe{label: label}
		pr.html = probeOne(w, "<>&")
		pr.lineSep = probeOne(w, "\u2028")
		pr.nonASCII = probeOne(w, "é")
		pr.invalid = probeOne(w, "a\xffb")
		out = append(out, pr)
	}
	return out
}

func probeOne(w bench.Writer, s string) (res string) {
	defer func() {
		if r := recover(); r != nil {
			res = fmt.Sprintf("panic: %v", r)
		}
	}()
	op := w.Prepare(bench.NewInput([]string{s}))
	b, err := op()
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimPrefix(b, []byte("["))
	b = bytes.TrimSuffix(b, []byte("]"))
	text := strings.ToValidUTF8(string(b), "�")
	if bytes.Contains(b, []byte("\xff")) {
		text = strings.ReplaceAll(string(b), "\xff", `\xff`) + " (raw byte kept)"
	}
	text = "`" + strings.ReplaceAll(text, "\u2028", "U+2028 raw") + "`"
	if err != nil {
		msg := err.Error()
		if len(msg) > 40 {
			msg = msg[:40] + "…"
		}
		return "error (" + msg + ")"
	}
	return text
}
