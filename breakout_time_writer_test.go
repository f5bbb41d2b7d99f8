package jgen_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

// TestBreakoutTimeWriterMode: times written through a generator in
// writer mode with the smallest buffer, at many fill levels of it (after
// strings of 0 to 12 bytes), in the Compact and Indented layouts, give
// encoding/json's bytes (Marshal and MarshalIndent) for the same values.
func TestBreakoutTimeWriterMode(t *testing.T) {
	times := brkTimes(t)
	type item struct {
		S string     `json:"s"`
		T time.Time  `json:"t"`
		P *time.Time `json:"p"`
	}
	var items []any
	for i := range 300 {
		tm := times[i%len(times)]
		if _, err := tm.MarshalJSON(); err != nil {
			continue
		}
		items = append(items, item{S: "0123456789ab"[:i%13], T: tm, P: &tm}, tm)
	}
	for _, layout := range []jgen.Layout{jgen.Compact, jgen.Indented} {
		var buf bytes.Buffer
		g, err := jgen.NewGenerator(&buf, &jgen.Options{Escaping: jgen.Stdlib, BufferSize: 512, Layout: layout, Indent: "\t"})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.WriteValue(items); err != nil {
			t.Fatal(err)
		}
		if err := g.Close(); err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(items)
		if layout == jgen.Indented {
			want, err = json.MarshalIndent(items, "", "\t")
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.TrimSuffix(buf.Bytes(), []byte("\n")); !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Errorf("layout %d: first difference at byte %d: got %q, want %q", layout, i, got[i:min(len(got), i+80)], want[i:min(len(want), i+80)])
		}
	}
}
