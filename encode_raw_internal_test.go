package jgen

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkWriteRawPasses splits the cost of MarshalJSON output (and
// json.RawMessage) in WriteValue into the two passes of writeRaw: checkRaw,
// which validates the bytes as one JSON value, and emitRaw, which writes
// them again under the generator's escaping and layout. The input is a
// compacted 26 KB API response (testdata/sample); copy is the floor, a
// memmove of the same bytes; json-compact is what encoding/json does with
// MarshalJSON output.
func BenchmarkWriteRawPasses(b *testing.B) {
	data, err := os.ReadFile("testdata/sample/google_maps_api_response.json")
	if err != nil {
		b.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		b.Fatal(err)
	}
	raw, err := json.Marshal(v) // compact, as MarshalJSON output usually is
	if err != nil {
		b.Fatal(err)
	}
	g, err := NewAppendGenerator(nil, &Options{Escaping: Stdlib})
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, 2*len(raw))
	run := func(name string, op func() error) {
		b.Run("pass="+name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				g.ResetAppend(buf[:0])
				if err := op(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	run("check", func() error {
		if _, reason, _ := g.checkRaw(raw); reason != "" {
			b.Fatal(reason)
		}
		return nil
	})
	run("emit", func() error { return g.emitRaw(raw) })
	run("both", func() error { return g.writeRaw("raw value", raw) })
	// What encoding/json does with MarshalJSON output: json.Compact, one
	// scanning pass that copies.
	var cb bytes.Buffer
	run("json-compact", func() error {
		cb.Reset()
		return json.Compact(&cb, raw)
	})
	run("copy", func() error {
		g.out.buf = append(g.out.buf, raw...)
		return nil
	})
}
