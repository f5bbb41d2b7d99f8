package json

import (
	"bytes"
	stdjson "encoding/json"
	"io"

	"github.com/jgen-go/jgen"
)

// An Encoder writes JSON values to an output stream, as encoding/json's
// Encoder does: each value followed by a newline, with one Write call per
// value. Its bytes and errors are encoding/json's Encoder's. An Encoder
// holds no buffer between calls: Encode takes scratch memory from a pool
// and gives it back, so an Encoder made per request and used once
// allocates only itself.
type Encoder struct {
	w      io.Writer
	err    error // the first error of w.Write, returned from then on
	noHTML bool

	indentPrefix string
	indentValue  string
}

// NewEncoder returns a new encoder that writes to w, with HTML escaping on
// and no indentation.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w} }

// SetIndent makes the encoder format each later value as if indented by
// [Indent](dst, src, prefix, indent). SetIndent("", "") turns indentation
// off.
func (enc *Encoder) SetIndent(prefix, indent string) {
	enc.indentPrefix = prefix
	enc.indentValue = indent
}

// SetEscapeHTML sets whether the characters &, < and > are written as
// \u0026, \u003c and \u003e inside JSON strings (the default is true), as
// encoding/json's Encoder does.
func (enc *Encoder) SetEscapeHTML(on bool) { enc.noHTML = !on }

// Encode writes the JSON encoding of v to the stream, followed by a newline
// character, in one Write call; see [Marshal] for the rules. A value that
// cannot be encoded writes nothing and returns encoding/json's error. The
// first error of the writer is returned, and from then on every Encode
// returns it without writing, as in encoding/json.
func (enc *Encoder) Encode(v any) error {
	if enc.err != nil {
		return enc.err
	}
	opts := &htmlOptions
	if enc.noHTML {
		opts = &noHTMLOptions
	}
	p := getBuf()
	b, err := jgen.AppendMarshal((*p)[:0], v, opts)
	if err != nil {
		if b, err = enc.stdlibEncode(b, v); err != nil {
			putBuf(p, b)
			return err
		}
	}
	if enc.indentPrefix != "" || enc.indentValue != "" {
		q := getBuf()
		dst := bytes.NewBuffer((*q)[:0])
		err = stdjson.Indent(dst, b, enc.indentPrefix, enc.indentValue)
		putBuf(p, b)
		p, b = q, dst.Bytes()
		if err != nil {
			// Not reached: the encoding is valid JSON.
			putBuf(p, b)
			return err
		}
	}
	b = append(b, '\n')
	_, err = enc.w.Write(b)
	putBuf(p, b)
	if err != nil {
		enc.err = err
	}
	return err
}

// stdlibEncode appends to b the encoding of v by encoding/json's Encoder
// with the same HTML escaping, without its newline, and returns its error:
// the result of a value jgen does not encode.
func (enc *Encoder) stdlibEncode(b []byte, v any) ([]byte, error) {
	var buf bytes.Buffer
	se := stdjson.NewEncoder(&buf)
	se.SetEscapeHTML(!enc.noHTML)
	if err := se.Encode(v); err != nil {
		return b, err
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
}
