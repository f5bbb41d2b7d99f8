//go:build goexperiment.jsonv2 && go1.27

package json

// The drop-in's fixed cost per call on small values, against
// encoding/json/v2 (BenchmarkSmall): the option translation, the pooled
// buffer and the write are most of such a call.

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
	"testing"
)

// smallStruct is a struct of a few fields, as a small API response.
type smallStruct struct {
	ID     int    `json:"id"`
	Name   string `json:"name"`
	Active bool   `json:"active"`
	Score  float64
}

// smallValues are the values BenchmarkSmall encodes.
var smallValues = []struct {
	name string
	v    any
}{
	{"struct", &smallStruct{ID: 42, Name: "gopher", Active: true, Score: 9.5}},
	{"map3", map[string]string{"a": "alpha", "b": "beta", "c": "gamma"}},
	{"ints5", []int{1, 2, 3, 4, 5}},
}

// sinkWriter keeps what it is given, as a buffered writer would.
type sinkWriter struct{ b []byte }

func (w *sinkWriter) Write(p []byte) (int, error) {
	w.b = append(w.b[:0], p...)
	return len(p), nil
}

// smallImpl is one implementation of the three entry points.
type smallImpl struct {
	name   string
	marsh  func(any, ...Options) ([]byte, error)
	write  func(io.Writer, any, ...Options) error
	encode func(*jsontext.Encoder, any, ...Options) error
}

var smallImpls = []smallImpl{
	{"jgen", Marshal, MarshalWrite, MarshalEncode},
	{"std", jsonv2.Marshal, jsonv2.MarshalWrite, jsonv2.MarshalEncode},
}

func BenchmarkSmall(b *testing.B) {
	for _, opt := range []struct {
		name string
		opts []Options
	}{{"none", nil}, {"det", []Options{Deterministic(true)}}} {
		for _, sv := range smallValues {
			for _, im := range smallImpls {
				prefix := "opts=" + opt.name + "/value=" + sv.name + "/impl=" + im.name
				b.Run(prefix+"/call=Marshal", func(b *testing.B) {
					smallLoop(b, func() error {
						_, err := im.marsh(sv.v, opt.opts...)
						return err
					})
				})
				b.Run(prefix+"/call=MarshalWrite", func(b *testing.B) {
					w := &sinkWriter{}
					smallLoop(b, func() error { return im.write(w, sv.v, opt.opts...) })
				})
				b.Run(prefix+"/call=MarshalEncode", func(b *testing.B) {
					var buf bytes.Buffer
					enc := jsontext.NewEncoder(&buf)
					smallLoop(b, func() error {
						buf.Reset()
						enc.Reset(&buf)
						return im.encode(enc, sv.v, opt.opts...)
					})
				})
			}
		}
	}
}

// smallLoop runs op b.N times after a warm-up (the first call compiles
// the value's encoder and fills the pools). Under callgrind,
// --toggle-collect='*smallCounted' counts the loop alone.
func smallLoop(b *testing.B, op func() error) {
	b.ReportAllocs()
	for range 100 {
		if err := op(); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	if err := smallCounted(b.N, op); err != nil {
		b.Fatal(err)
	}
}

//go:noinline
func smallCounted(n int, op func() error) error {
	for range n {
		if err := op(); err != nil {
			return err
		}
	}
	return nil
}
