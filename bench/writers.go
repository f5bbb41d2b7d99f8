package bench

import (
	"bytes"
	stdjson "encoding/json"

	"github.com/bytedance/sonic"
	sonicenc "github.com/bytedance/sonic/encoder"
	gojsonexp "github.com/go-json-experiment/json/jsontext"
	goccy "github.com/goccy/go-json"
	goccytext "github.com/goccy/go-json/jsontext"
	"github.com/jgen-go/jgen"
	jsoniter "github.com/json-iterator/go"
	"github.com/mailru/easyjson/jwriter"
	segjson "github.com/segmentio/encoding/json"
)

// Presets are the jgen escapings of the matrix, by the name used in
// benchmark names. Peers are labelled with the preset whose output they
// match on valid UTF-8 (see Writer.Preset).
var Presets = []struct {
	Name     string
	Escaping jgen.Escaping
}{
	{"minimal", jgen.Minimal},
	{"stdlib", jgen.Stdlib},
	{"ascii", jgen.ASCII},
}

// PresetNone labels the floor, which escapes nothing and stands for every
// preset.
const PresetNone = "none"

// A Writer is one way of writing the 200 strings of an op as one JSON array.
type Writer struct {
	Name   string // the writer= part of the benchmark name
	Preset string // minimal, stdlib, ascii, or PresetNone for the floor
	Input  string // string or bytes
	Kind   string // "jgen", "peer" or "floor"
	Module string // module path, for the version table
	API    string // the API measured, for the report

	// Newline reports that the writer ends its output with '\n' (the
	// json.Encoder convention); tests ignore it.
	Newline bool

	// Prepare returns the function that runs one op on in and returns its
	// output, valid until the next call. All buffers are made and warmed in
	// Prepare and reused by every op.
	Prepare func(in *Input) func() ([]byte, error)
}

// bufWriter is an io.Writer that appends to a reused slice: the io.Discard
// of the benchmarks, except that it keeps the bytes so tests can check them.
type bufWriter struct{ b []byte }

func (w *bufWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// Writers returns every writer of the matrix: jgen's three APIs under each
// preset and input type, each peer through its fastest streaming API, and the
// floor.
func Writers() []Writer {
	var ws []Writer
	for _, p := range Presets {
		for _, input := range []string{"string", "bytes"} {
			ws = append(ws, jgenWriters(p.Name, p.Escaping, input)...)
		}
	}
	ws = append(ws, peerWriters()...)
	for _, input := range []string{"string", "bytes"} {
		ws = append(ws, floorWriter(input))
	}
	return ws
}

// jgenWriters' generators set RootSeparator explicitly, so that the one
// array of an op is not followed by the default root terminator and the
// bytes equal the peers' and the floor's.
func jgenWriters(preset string, e jgen.Escaping, input string) []Writer {
	const mod = "github.com/jgen-go/jgen"
	bytesIn := input == "bytes"
	ws := []Writer{{
		Name: "jgen-gen", Preset: preset, Input: input, Kind: "jgen", Module: mod,
		API: "NewGenerator(w) + Reset, WriteString/WriteStringBytes, Flush; w appends to a reused slice",
		Prepare: func(in *Input) func() ([]byte, error) {
			sink := &bufWriter{b: make([]byte, 0, in.OutputBound())}
			g, err := jgen.NewGenerator(sink, &jgen.Options{Escaping: e, RootSeparator: "\n"})
			if err != nil {
				panic(err)
			}
			return func() ([]byte, error) {
				sink.b = sink.b[:0]
				g.Reset(sink)
				if err := writeArray(g, in, bytesIn); err != nil {
					return nil, err
				}
				err := g.Flush()
				return sink.b, err
			}
		},
	}, {
		Name: "jgen-append", Preset: preset, Input: input, Kind: "jgen", Module: mod,
		API: "NewAppendGenerator + ResetAppend(buf[:0]), WriteString/WriteStringBytes, Bytes",
		Prepare: func(in *Input) func() ([]byte, error) {
			buf := make([]byte, 0, in.OutputBound())
			g, err := jgen.NewAppendGenerator(buf, &jgen.Options{Escaping: e, RootSeparator: "\n"})
			if err != nil {
				panic(err)
			}
			return func() ([]byte, error) {
				g.ResetAppend(buf[:0])
				if err := writeArray(g, in, bytesIn); err != nil {
					return nil, err
				}
				buf = g.Bytes()
				return buf, nil
			}
		},
	}, {
		Name: "jgen-quote", Preset: preset, Input: input, Kind: "jgen", Module: mod,
		API: "Escaping.AppendQuote / AppendQuoteBytes into a reused slice, brackets and commas by hand",
		Prepare: func(in *Input) func() ([]byte, error) {
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				b := append(buf[:0], '[')
				var err error
				if bytesIn {
					for i, s := range in.Bytes {
						if i > 0 {
							b = append(b, ',')
						}
						if b, err = e.AppendQuoteBytes(b, s); err != nil {
							return nil, err
						}
					}
				} else {
					for i, s := range in.Strings {
						if i > 0 {
							b = append(b, ',')
						}
						if b, err = e.AppendQuote(b, s); err != nil {
							return nil, err
						}
					}
				}
				buf = append(b, ']')
				return buf, nil
			}
		},
	}}
	return ws
}

// jgenQuoterWriter is jgen-quote through a Quoter made once for e
// (Quoter.AppendQuote, string input): the drawn cells hold it against
// jgen-append (issue 23: within +5% of its instructions).
func jgenQuoterWriter(preset string, e jgen.Escaping) Writer {
	return Writer{
		Name: "jgen-quoter", Preset: preset, Input: "string", Kind: "jgen", Module: "github.com/jgen-go/jgen",
		API: "NewQuoter once, Quoter.AppendQuote into a reused slice, brackets and commas by hand",
		Prepare: func(in *Input) func() ([]byte, error) {
			q, err := jgen.NewQuoter(e)
			if err != nil {
				panic(err)
			}
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				b, err := quoteArray(q, buf[:0], in.Strings)
				if err != nil {
					return nil, err
				}
				buf = b
				return buf, nil
			}
		},
	}
}

// quoteArray appends strs to b as a JSON array by q, brackets and commas
// by hand. It is a function of its own, as writeArray is, so that
// Quoter.AppendQuote is inlined into the loop as a caller's would be: in
// the closure, which the compiler clones into DrawnWriters where it
// inlines jgenQuoterWriter, the call stayed a call (Go 1.26, seen in the
// test binary's code), 12 instructions a string more.
func quoteArray(q *jgen.Quoter, b []byte, strs []string) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i, s := range strs {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = q.AppendQuote(b, s); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// appendQuoteWriter is a writer over a generic AppendQuote of the jsontext
// kind (go-json-experiment, goccy), for string and []byte input.
func appendQuoteWriter(name, mod, api, input string,
	qs func([]byte, string) ([]byte, error), qb func([]byte, []byte) ([]byte, error)) Writer {
	bytesIn := input == "bytes"
	return Writer{
		Name: name, Preset: "minimal", Input: input, Kind: "peer", Module: mod, API: api,
		Prepare: func(in *Input) func() ([]byte, error) {
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				b := append(buf[:0], '[')
				var err error
				for i := range in.Strings {
					if i > 0 {
						b = append(b, ',')
					}
					if bytesIn {
						b, err = qb(b, in.Bytes[i])
					} else {
						b, err = qs(b, in.Strings[i])
					}
					if err != nil {
						return nil, err
					}
				}
				buf = append(b, ']')
				return buf, nil
			}
		},
	}
}

func peerWriters() []Writer {
	ws := []Writer{{
		Name: "stdjson-encoder", Preset: "stdlib", Input: "string", Kind: "peer", Module: "std",
		API: "json.NewEncoder(&bytes.Buffer).Encode([]string), buffer Reset each op", Newline: true,
		Prepare: func(in *Input) func() ([]byte, error) {
			var buf bytes.Buffer
			buf.Grow(in.OutputBound())
			enc := stdjson.NewEncoder(&buf)
			return func() ([]byte, error) {
				buf.Reset()
				err := enc.Encode(in.Strings)
				return buf.Bytes(), err
			}
		},
	}, {
		Name: "stdjson-marshal", Preset: "stdlib", Input: "string", Kind: "peer", Module: "std",
		API: "json.Marshal([]string) (allocates its result)",
		Prepare: func(in *Input) func() ([]byte, error) {
			return func() ([]byte, error) { return stdjson.Marshal(in.Strings) }
		},
	}, {
		Name: "jsontext-encoder", Preset: "minimal", Input: "string", Kind: "peer",
		Module: "github.com/go-json-experiment/json", Newline: true,
		API: "jsontext.Encoder.WriteToken(jsontext.String(s)) to a reused slice writer, Reset each op",
		Prepare: func(in *Input) func() ([]byte, error) {
			sink := &bufWriter{b: make([]byte, 0, in.OutputBound())}
			enc := gojsonexp.NewEncoder(sink)
			return func() ([]byte, error) {
				sink.b = sink.b[:0]
				enc.Reset(sink)
				if err := enc.WriteToken(gojsonexp.BeginArray); err != nil {
					return nil, err
				}
				for _, s := range in.Strings {
					if err := enc.WriteToken(gojsonexp.String(s)); err != nil {
						return nil, err
					}
				}
				// WriteToken of the end flushes the complete top-level value.
				err := enc.WriteToken(gojsonexp.EndArray)
				return sink.b, err
			}
		},
	}}
	for _, input := range []string{"string", "bytes"} {
		ws = append(ws, appendQuoteWriter("jsontext-quote", "github.com/go-json-experiment/json",
			"jsontext.AppendQuote into a reused slice, brackets and commas by hand", input,
			gojsonexp.AppendQuote[string], gojsonexp.AppendQuote[[]byte]))
	}
	ws = append(ws, Writer{
		Name: "goccy-encoder", Preset: "stdlib", Input: "string", Kind: "peer",
		Module: "github.com/goccy/go-json", Newline: true,
		API: "json.NewEncoder(&bytes.Buffer).Encode([]string), buffer Reset each op",
		Prepare: func(in *Input) func() ([]byte, error) {
			var buf bytes.Buffer
			buf.Grow(in.OutputBound())
			enc := goccy.NewEncoder(&buf)
			return func() ([]byte, error) {
				buf.Reset()
				err := enc.Encode(in.Strings)
				return buf.Bytes(), err
			}
		},
	})
	for _, input := range []string{"string", "bytes"} {
		ws = append(ws, appendQuoteWriter("goccy-quote", "github.com/goccy/go-json",
			"jsontext.AppendQuote (goccy's jsontext) into a reused slice, brackets and commas by hand", input,
			goccytext.AppendQuote[string], goccytext.AppendQuote[[]byte]))
	}
	ws = append(ws, Writer{
		Name: "sonic-encodeinto", Preset: "minimal", Input: "string", Kind: "peer",
		Module: "github.com/bytedance/sonic",
		API:    "encoder.EncodeInto(&buf, []string, 0) into a reused slice (default options: no HTML escaping, no UTF-8 check)",
		Prepare: func(in *Input) func() ([]byte, error) {
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				buf = buf[:0]
				err := sonicenc.EncodeInto(&buf, in.Strings, 0)
				return buf, err
			}
		},
	}, Writer{
		Name: "sonic-validate", Preset: "minimal", Input: "string", Kind: "peer",
		Module: "github.com/bytedance/sonic",
		API:    "encoder.EncodeInto(&buf, []string, encoder.ValidateString) into a reused slice (invalid UTF-8 becomes \\ufffd)",
		Prepare: func(in *Input) func() ([]byte, error) {
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				buf = buf[:0]
				err := sonicenc.EncodeInto(&buf, in.Strings, sonicenc.ValidateString)
				return buf, err
			}
		},
	}, Writer{
		Name: "sonic-marshal", Preset: "minimal", Input: "string", Kind: "peer",
		Module: "github.com/bytedance/sonic",
		API:    "sonic.Marshal([]string) (ConfigDefault; allocates its result)",
		Prepare: func(in *Input) func() ([]byte, error) {
			return func() ([]byte, error) { return sonic.Marshal(in.Strings) }
		},
	}, Writer{
		Name: "segmentio-append", Preset: "minimal", Input: "string", Kind: "peer",
		Module: "github.com/segmentio/encoding",
		API:    "json.Append(buf[:0], []string, 0) (flags 0: no HTML escaping)",
		Prepare: func(in *Input) func() ([]byte, error) {
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				var err error
				buf, err = segjson.Append(buf[:0], in.Strings, 0)
				return buf, err
			}
		},
	}, Writer{
		Name: "segmentio-escape", Preset: "minimal", Input: "string", Kind: "peer",
		Module: "github.com/segmentio/encoding",
		API:    "json.AppendEscape(b, s, 0) into a reused slice, brackets and commas by hand",
		Prepare: func(in *Input) func() ([]byte, error) {
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				b := append(buf[:0], '[')
				for i, s := range in.Strings {
					if i > 0 {
						b = append(b, ',')
					}
					b = segjson.AppendEscape(b, s, 0)
				}
				buf = append(b, ']')
				return buf, nil
			}
		},
	}, Writer{
		Name: "jsoniter-stream", Preset: "minimal", Input: "string", Kind: "peer",
		Module: "github.com/json-iterator/go",
		API:    "ConfigFastest.BorrowStream + SetBuffer(buf[:0]), WriteArrayStart/WriteString/WriteMore/WriteArrayEnd (no HTML escaping)",
		Prepare: func(in *Input) func() ([]byte, error) {
			st := jsoniter.ConfigFastest.BorrowStream(nil)
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				st.SetBuffer(buf[:0])
				st.WriteArrayStart()
				for i, s := range in.Strings {
					if i > 0 {
						st.WriteMore()
					}
					st.WriteString(s)
				}
				st.WriteArrayEnd()
				buf = st.Buffer()
				return buf, st.Error
			}
		},
	}, Writer{
		Name: "easyjson-jwriter", Preset: "stdlib", Input: "string", Kind: "peer",
		Module: "github.com/mailru/easyjson",
		API:    "jwriter.Writer{} with Buffer.Buf = buf[:0], RawByte + String (default: HTML-safe, U+2028/9 escaped)",
		Prepare: func(in *Input) func() ([]byte, error) {
			var w jwriter.Writer
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				// A Buf with room for the whole output never spills into
				// easyjson's pooled chunks, so Buf is the output.
				w.Buffer.Buf = buf[:0]
				w.RawByte('[')
				for i, s := range in.Strings {
					if i > 0 {
						w.RawByte(',')
					}
					w.String(s)
				}
				w.RawByte(']')
				buf = w.Buffer.Buf
				return buf, w.Error
			}
		},
	})
	return ws
}

// floorWriter is the floor: the same bytes copied with quotes and commas, no
// scanning. No JSON writer can do less work.
func floorWriter(input string) Writer {
	bytesIn := input == "bytes"
	return Writer{
		Name: "floor", Preset: PresetNone, Input: input, Kind: "floor", Module: "-",
		API: "append of '\"', the bytes, '\"' and ',' into a reused slice (a memmove per string)",
		Prepare: func(in *Input) func() ([]byte, error) {
			buf := make([]byte, 0, in.OutputBound())
			return func() ([]byte, error) {
				b := append(buf[:0], '[')
				for i := range in.Strings {
					if i > 0 {
						b = append(b, ',')
					}
					b = append(b, '"')
					if bytesIn {
						b = append(b, in.Bytes[i]...)
					} else {
						b = append(b, in.Strings[i]...)
					}
					b = append(b, '"')
				}
				buf = append(b, ']')
				return buf, nil
			}
		},
	}
}

// writeArray writes in's strings with g as one JSON array, from the string
// or the []byte copies.
func writeArray(g *jgen.Generator, in *Input, bytesIn bool) error {
	if err := g.WriteStartArray(); err != nil {
		return err
	}
	if bytesIn {
		for _, s := range in.Bytes {
			if err := g.WriteStringBytes(s); err != nil {
				return err
			}
		}
	} else {
		for _, s := range in.Strings {
			if err := g.WriteString(s); err != nil {
				return err
			}
		}
	}
	return g.WriteEndArray()
}
