//go:build goexperiment.jsonv2 && go1.27

package bench

// jgen's encoding/json/v2 rules against Go 1.27's encoding/json/v2 and
// go-json-experiment on the value sets, and jgen's v1 rules beside them
// (BenchmarkValuesV2; TestValueCodecsV2Equal checks the bytes).

import (
	"bytes"
	jsonv2std "encoding/json/v2"
	"fmt"
	"runtime"
	"testing"

	jsonv2exp "github.com/go-json-experiment/json"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/bench/values"
	jgenv2 "github.com/jgen-go/jgen/json/v2"
)

var jgenV2 = &jgen.Options{V2: &jgen.JSONv2{Deterministic: true}}

// v2Codecs are the encoders of v2's bytes (map entries sorted:
// Deterministic), each writing into reused memory, and jgen's v1 rules
// (Stdlib) for the ratio of the two rule sets.
func v2Codecs() []ValueCodec {
	return []ValueCodec{{
		Name: "jgen-v2", Preset: "v2",
		Prepare: func(v any) func() ([]byte, error) {
			var buf []byte
			return func() (b []byte, err error) {
				buf, err = jgen.AppendMarshal(buf[:0], v, jgenV2)
				return buf, err
			}
		},
	}, {
		Name: "jgen-json-v2", Preset: "v2",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := jgenv2.MarshalWrite(w, v, jgenv2.Deterministic(true))
				return w.b, err
			}
		},
	}, {
		Name: "encoding-json-v2", Preset: "v2",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := jsonv2std.MarshalWrite(w, v, jsonv2std.Deterministic(true))
				return w.b, err
			}
		},
	}, {
		// encoding/json/v2's default: map entries in Go's map order,
		// unsorted, so its bytes differ from run to run where a map has
		// two entries or more (TestValueCodecsV2Equal leaves it out).
		Name: "encoding-json-v2", Preset: "v2-unsorted",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := jsonv2std.MarshalWrite(w, v)
				return w.b, err
			}
		},
	}, {
		// The drop-in under encoding/json/v2's default: jgen's
		// AnyMapOrder, map entries in Go's map order as v2 writes them.
		Name: "jgen-json-v2", Preset: "v2-unsorted",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := jgenv2.MarshalWrite(w, v)
				return w.b, err
			}
		},
	}, {
		Name: "go-json-experiment", Preset: "v2",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := jsonv2exp.MarshalWrite(w, v, jsonv2exp.Deterministic(true))
				return w.b, err
			}
		},
	}, {
		Name: "jgen-v1", Preset: "stdlib",
		Prepare: func(v any) func() ([]byte, error) {
			var buf []byte
			return func() (b []byte, err error) {
				buf, err = jgen.AppendMarshal(buf[:0], v, jgenStdlib)
				return buf, err
			}
		},
	}}
}

// TestValueCodecsV2Equal checks that the v2 codecs write
// encoding/json/v2's bytes on every set, and reports the sets that jgen's
// v2 rules decline (ErrV2Unimplemented), whose figures are then
// encoding/json/v2's through the drop-in.
func TestValueCodecsV2Equal(t *testing.T) {
	for _, s := range values.Sets {
		t.Run(s.Name, func(t *testing.T) {
			vs := valueSet(t, s)
			want, err := jsonv2std.Marshal(vs.Value, jsonv2std.Deterministic(true))
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range v2Codecs() {
				if c.Preset != "v2" {
					continue
				}
				got, err := c.Prepare(vs.Value)()
				if err != nil {
					t.Logf("%s on %s: %v", c.Name, s.Name, err)
					continue
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s on %s: %s", c.Name, s.Name, describeDiff(got, want))
				}
			}
		})
	}
}

// BenchmarkValuesV2 encodes each set with the v2 codecs.
func BenchmarkValuesV2(b *testing.B) {
	for _, s := range values.Sets {
		for _, c := range v2Codecs() {
			b.Run(fmt.Sprintf("writer=%s/preset=%s/set=%s", c.Name, c.Preset, s.Name), func(b *testing.B) {
				vs := valueSet(b, s)
				if _, err := c.Prepare(vs.Value)(); err != nil {
					// jgen's v2 rules decline the set (TestValueCodecsV2Equal
					// logs it); the drop-in's row is encoding/json/v2's.
					b.Skip(err)
				}
				runtime.GC()
				runWriter(b, Writer{Prepare: func(*Input) func() ([]byte, error) { return c.Prepare(vs.Value) }}, &Input{Size: vs.Size})
			})
		}
	}
}
