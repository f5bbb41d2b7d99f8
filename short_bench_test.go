package jgen

import (
	"strings"
	"testing"
)

// BenchmarkNonASCIIStart writes strings that start with non-ASCII text or
// go on with it after an escape, which the scan-first paths leave to the
// string loop (see escaper.appendSome).
func BenchmarkNonASCIIStart(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"cjk198", strings.Repeat("日本語のテキスト", 8) + "終わり。"},
		{"cjk12", "日本語です"},
		{"escape-cjk", "\"" + strings.Repeat("中文", 10)},
		{"accented", "élan, naïve café"},
	} {
		for _, p := range []struct {
			name string
			e    Escaping
		}{{"minimal", Minimal}, {"stdlib", Stdlib}, {"jackson", Jackson}} {
			b.Run(c.name+"/"+p.name, func(b *testing.B) {
				// Indented: no fast path, every string goes to the loop.
				g, _ := NewAppendGenerator(make([]byte, 0, 1<<16), &Options{Escaping: p.e, Layout: Indented})
				b.SetBytes(int64(len(c.s)))
				_ = g.WriteStartArray()
				n := 0
				for b.Loop() {
					if n++; n == 100 {
						g, _ = NewAppendGenerator(g.Bytes()[:0], &Options{Escaping: p.e, Layout: Indented})
						_ = g.WriteStartArray()
						n = 0
					}
					_ = g.WriteString(c.s)
				}
			})
		}
	}
}
