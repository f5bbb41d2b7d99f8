// Package json is a drop-in replacement for [encoding/json] whose encoding
// runs on jgen: change the import path from "encoding/json" to
// "github.com/jgen-go/jgen/json" and nothing else. It has every exported
// identifier of the encoding/json of the toolchain the program is built with
// (Go 1.26 and 1.27; with encoding/json on encoding/json/v2, that is Go 1.27
// or GOEXPERIMENT=jsonv2, also [Options] and its option functions).
//
// [Marshal], [MarshalIndent] and [Encoder.Encode] encode with jgen's value
// encoder ([jgen.Marshal] and [jgen.AppendMarshal] with the [jgen.Stdlib] escaping, or
// [jgen.StdlibNoHTML] after [Encoder.SetEscapeHTML](false)) into pooled
// scratch memory: for a value that encodes, Marshal allocates its result
// and nothing else, and Encode allocates nothing, beyond what the value's
// own MarshalJSON and MarshalText methods allocate. Their output bytes are those of the toolchain's
// encoding/json. Where jgen cannot encode a value, the value is encoded
// again by encoding/json, whose result (bytes or error) is returned, so the
// errors are encoding/json's own values and texts; a MarshalJSON or
// MarshalText method of such a value can then be called twice.
//
// Everything else is encoding/json's: decoding ([Unmarshal], [Decoder]),
// [Compact], [Indent], [HTMLEscape] and [Valid] are forwarded to it, and
// the types ([RawMessage], [Number], [Marshaler], the error types, ...) are
// aliases of its types, so values, type assertions and [errors.As] work
// across both packages.
//
// For what encoding/json cannot do (other escapings, streaming token
// output, NDJSON, jackson-core's layouts), use package jgen itself.
package json

import (
	"bytes"
	stdjson "encoding/json"
	"sync"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/bufpool"
)

// The options of Marshal and of an Encoder with HTML escaping (the
// default), and of an Encoder after SetEscapeHTML(false). They are
// package variables so that passing their address allocates nothing.
//
// encoding/json copies invalid UTF-8 and lone surrogate escapes inside
// MarshalJSON output (and json.RawMessage) as they are, where jgen's
// Stdlib escapings replace them; the MarshalerEscaping here refuses them
// instead (InvalidUTF8Error), so that such a value fails in jgen and is
// encoded by encoding/json, with its bytes.
var (
	htmlOptions   = jgen.Options{Escaping: jgen.Stdlib, MarshalerEscaping: strict(jgen.Stdlib)}
	noHTMLOptions = jgen.Options{Escaping: jgen.StdlibNoHTML, MarshalerEscaping: strict(jgen.StdlibNoHTMLMarshaler)}
)

// strict returns e refusing invalid UTF-8.
func strict(e jgen.Escaping) *jgen.Escaping {
	e.InvalidUTF8 = jgen.InvalidUTF8Error
	return &e
}

var bufPool = sync.Pool{New: func() any {
	b := make([]byte, 0, 1024)
	return &b
}}

func getBuf() *[]byte { return bufPool.Get().(*[]byte) }

// putBuf returns b, the grown contents of *p, to the pool where
// bufpool.Keep keeps it: a rare large value does not pin its memory in
// the pool.
func putBuf(p *[]byte, b []byte) {
	if !bufpool.Keep(b) {
		return
	}
	*p = b[:0]
	bufPool.Put(p)
}

// Marshal returns the JSON encoding of v: the bytes of encoding/json's
// Marshal, and on failure its error (nil bytes and an
// [*UnsupportedTypeError], [*UnsupportedValueError] or [*MarshalerError],
// or another error encoding/json returns). The rules are encoding/json's
// (see its Marshal). It allocates the result and nothing else, beyond the
// value's own methods.
func Marshal(v any) ([]byte, error) {
	// jgen.Marshal encodes into pooled scratch memory and allocates the
	// result only.
	b, err := jgen.Marshal(v, &htmlOptions)
	if err != nil {
		return stdjson.Marshal(v)
	}
	return b, nil
}

// MarshalIndent is like [Marshal] but indents the output as [Indent] does
// with prefix and indent: each element of an object or array on its own
// line, starting with prefix followed by one copy of indent per level of
// nesting. Its bytes and errors are encoding/json's MarshalIndent's.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	p := getBuf()
	b, err := jgen.AppendMarshal((*p)[:0], v, &htmlOptions)
	if err != nil {
		putBuf(p, b)
		return stdjson.MarshalIndent(v, prefix, indent)
	}
	var dst bytes.Buffer
	err = stdjson.Indent(&dst, b, prefix, indent)
	putBuf(p, b)
	if err != nil {
		// Not reached: Marshal's output is valid JSON.
		return nil, err
	}
	return dst.Bytes(), nil
}

// Unmarshal is encoding/json's Unmarshal: it parses the JSON-encoded data
// and stores the result in the value pointed to by v, returning its errors
// ([*SyntaxError], [*UnmarshalTypeError], [*InvalidUnmarshalError], ...).
func Unmarshal(data []byte, v any) error { return stdjson.Unmarshal(data, v) }

// Valid is encoding/json's Valid: it reports whether data is a valid JSON
// encoding (RFC 8259, as encoding/json reads it).
func Valid(data []byte) bool { return stdjson.Valid(data) }

// Compact is encoding/json's Compact: it appends to dst the JSON-encoded
// src with insignificant space characters elided. It returns a
// [*SyntaxError] for invalid src, and dst is then as it was.
func Compact(dst *bytes.Buffer, src []byte) error { return stdjson.Compact(dst, src) }

// Indent is encoding/json's Indent: it appends to dst an indented form of
// the JSON-encoded src, each element of an object or array on a new line
// starting with prefix followed by one or more copies of indent according
// to the nesting depth. It returns a [*SyntaxError] for invalid src.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	return stdjson.Indent(dst, src, prefix, indent)
}

// HTMLEscape is encoding/json's HTMLEscape: it appends to dst the
// JSON-encoded src with <, >, &, U+2028 and U+2029 characters inside
// string literals changed to \u003c, \u003e, \u0026, \u2028, \u2029.
func HTMLEscape(dst *bytes.Buffer, src []byte) { stdjson.HTMLEscape(dst, src) }
