package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bytedance/sonic/encoder"
	jsonv2 "github.com/go-json-experiment/json"
	jsonv1 "github.com/go-json-experiment/json/v1"
	gojson "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	"github.com/mailru/easyjson"
	"github.com/mailru/easyjson/jwriter"
	segjson "github.com/segmentio/encoding/json"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/bench/values"
	jgenjson "github.com/jgen-go/jgen/json"
)

// ValueCodec is one encoder of Go values in the value benchmarks
// (BenchmarkValues): jgen or a peer, configured so that its bytes equal
// those of jgen under Preset (TestValueCodecsEqual checks it on every data
// set).
type ValueCodec struct {
	Name   string // the writer= part of the benchmark name
	Preset string // the jgen preset whose bytes it writes: stdlib
	Kind   string // "jgen" or "peer"
	Module string // module path, for the version table
	API    string // the API measured, for the report
	// Prepare returns the function that encodes v once and returns the
	// bytes, valid until the next call. Buffers are made in Prepare and
	// reused by every op, where the API allows.
	Prepare func(v any) func() ([]byte, error)
}

// jgenStdlib is jgen's Stdlib preset. Under Go 1.27 encoding/json writes
// invalid UTF-8 as a raw U+FFFD and jgen.Stdlib follows it; the corpora are
// valid UTF-8, so the preset's bytes are json.Marshal's on both releases.
var jgenStdlib = &jgen.Options{Escaping: jgen.Stdlib}

// ValueCodecs returns jgen and every peer, each through its fastest API that
// writes one value into reused memory, configured for encoding/json's bytes
// (HTML-safe escaping, sorted map keys, nil slices as null); and jgen a
// second and third time through the calls a program makes first (Marshal,
// and an Encoder made per value), which allocate.
func ValueCodecs() []ValueCodec {
	return []ValueCodec{{
		Name: "jgen", Preset: "stdlib", Kind: "jgen", Module: "github.com/jgen-go/jgen",
		API: "AppendMarshal(buf[:0], v, &Options{Escaping: Stdlib})",
		Prepare: func(v any) func() ([]byte, error) {
			var buf []byte
			return func() (b []byte, err error) {
				buf, err = jgen.AppendMarshal(buf[:0], v, jgenStdlib)
				return buf, err
			}
		},
	}, {
		// jgen as a program calls it first: Marshal allocates the result
		// on every op.
		Name: "jgen-marshal", Preset: "stdlib", Kind: "jgen", Module: "github.com/jgen-go/jgen",
		API: "Marshal(v, &Options{Escaping: Stdlib})",
		Prepare: func(v any) func() ([]byte, error) {
			return func() ([]byte, error) { return jgen.Marshal(v, jgenStdlib) }
		},
	}, {
		// jgen as a handler calls it: an Encoder made for each response
		// (each op) and used once.
		Name: "jgen-encoder", Preset: "stdlib", Kind: "jgen", Module: "github.com/jgen-go/jgen",
		API: "NewEncoder(w, &Options{Escaping: Stdlib}) per op, then Encode(v); w appends to a reused slice",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			return func() ([]byte, error) {
				w.b = w.b[:0]
				enc, err := jgen.NewEncoder(w, jgenStdlib)
				if err != nil {
					return nil, err
				}
				err = enc.Encode(v)
				return trimNewline(w.b), err
			}
		},
	}, {
		// The drop-in package as a program calls it after changing one
		// import: Marshal allocates the result on every op.
		Name: "jgen-json-marshal", Preset: "stdlib", Kind: "jgen", Module: "github.com/jgen-go/jgen",
		API: "github.com/jgen-go/jgen/json.Marshal(v)",
		Prepare: func(v any) func() ([]byte, error) {
			return func() ([]byte, error) { return jgenjson.Marshal(v) }
		},
	}, {
		// The drop-in's Encoder made per op and used once, as a handler does.
		Name: "jgen-json-encoder", Preset: "stdlib", Kind: "jgen", Module: "github.com/jgen-go/jgen",
		API: "github.com/jgen-go/jgen/json.NewEncoder(w).Encode(v) per op; w appends to a reused slice",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := jgenjson.NewEncoder(w).Encode(v)
				return trimNewline(w.b), err
			}
		},
	}, {
		Name: "encoding-json", Preset: "stdlib", Kind: "peer", Module: "encoding/json",
		API: "json.NewEncoder(w).Encode(v); w appends to a reused slice",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			enc := json.NewEncoder(w)
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := enc.Encode(v)
				return trimNewline(w.b), err
			}
		},
	}, {
		// encoding/json's Marshal, which allocates the result on every op:
		// the call jgen-json-marshal stands in for.
		Name: "encoding-json-marshal", Preset: "stdlib", Kind: "peer", Module: "encoding/json",
		API: "json.Marshal(v)",
		Prepare: func(v any) func() ([]byte, error) {
			return func() ([]byte, error) { return json.Marshal(v) }
		},
	}, {
		Name: "jsonv2", Preset: "stdlib", Kind: "peer", Module: "github.com/go-json-experiment/json",
		API: "json.MarshalWrite(w, v, jsonv1.DefaultOptionsV1()); w appends to a reused slice",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := jsonv2.MarshalWrite(w, v, jsonv1.DefaultOptionsV1())
				return w.b, err
			}
		},
	}, {
		Name: "sonic", Preset: "stdlib", Kind: "peer", Module: "github.com/bytedance/sonic",
		API: "encoder.EncodeInto(&buf, v, the options of sonic.ConfigStd)",
		Prepare: func(v any) func() ([]byte, error) {
			const opts = encoder.EscapeHTML | encoder.SortMapKeys | encoder.CompactMarshaler | encoder.ValidateString
			var buf []byte
			return func() ([]byte, error) {
				buf = buf[:0]
				err := encoder.EncodeInto(&buf, v, opts)
				return buf, err
			}
		},
	}, {
		Name: "goccy", Preset: "stdlib", Kind: "peer", Module: "github.com/goccy/go-json",
		API: "json.NewEncoder(w).Encode(v); w appends to a reused slice",
		Prepare: func(v any) func() ([]byte, error) {
			w := &bufWriter{}
			enc := gojson.NewEncoder(w)
			return func() ([]byte, error) {
				w.b = w.b[:0]
				err := enc.Encode(v)
				return trimNewline(w.b), err
			}
		},
	}, {
		Name: "segmentio", Preset: "stdlib", Kind: "peer", Module: "github.com/segmentio/encoding",
		API: "json.Append(buf[:0], v, json.EscapeHTML|json.SortMapKeys)",
		Prepare: func(v any) func() ([]byte, error) {
			var buf []byte
			return func() (b []byte, err error) {
				buf, err = segjson.Append(buf[:0], v, segjson.EscapeHTML|segjson.SortMapKeys)
				return buf, err
			}
		},
	}, {
		Name: "jsoniter", Preset: "stdlib", Kind: "peer", Module: "github.com/json-iterator/go",
		API: "ConfigCompatibleWithStandardLibrary stream: Reset(nil), WriteVal(v), Buffer()",
		Prepare: func(v any) func() ([]byte, error) {
			st := jsoniter.ConfigCompatibleWithStandardLibrary.BorrowStream(nil)
			return func() ([]byte, error) {
				st.Reset(nil)
				st.Error = nil
				st.WriteVal(v)
				return st.Buffer(), st.Error
			}
		},
	}, {
		Name: "easyjson", Preset: "stdlib", Kind: "peer", Module: "github.com/mailru/easyjson",
		API: "generated MarshalEasyJSON(&jwriter.Writer{}), Buffer.BuildBytes(buf[:0])",
		Prepare: func(v any) func() ([]byte, error) {
			m, ok := v.(easyjson.Marshaler)
			if !ok {
				return func() ([]byte, error) { return nil, fmt.Errorf("%T has no generated marshaler", v) }
			}
			var buf []byte
			return func() ([]byte, error) {
				w := jwriter.Writer{}
				m.MarshalEasyJSON(&w)
				if w.Error != nil {
					return nil, w.Error
				}
				buf = w.Buffer.BuildBytes(buf[:0])
				return buf, nil
			}
		},
	}}
}

func trimNewline(b []byte) []byte { return bytes.TrimSuffix(b, []byte("\n")) }

// ValueSet is a data set of the value benchmarks, decoded.
type ValueSet struct {
	Name  string
	Value any // a pointer to the decoded root value
	// Size is the length of its encoding under Stdlib, the throughput
	// unit (bytes per op).
	Size int64
}

// LoadValueSet reads and decodes the corpus file of s (with encoding/json)
// from the shared directory, or for a drawn set (s.Make) draws its value.
func LoadValueSet(s values.Set) (*ValueSet, error) {
	var v any
	if s.Make != nil {
		v = s.Make()
	} else {
		data, err := os.ReadFile(filepath.Join(SharedDir(), s.Path))
		if err != nil {
			return nil, err
		}
		v = s.New()
		if err := json.Unmarshal(data, v); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Path, err)
		}
	}
	out, err := jgen.Marshal(v, jgenStdlib)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	return &ValueSet{Name: s.Name, Value: v, Size: int64(len(out))}, nil
}
