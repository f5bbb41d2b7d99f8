//go:build goexperiment.jsonv2 && !go1.27

package jgen

// This file and its twin (marshaler_to_go126.go / marshaler_to_go127.go)
// hold the same code (v2ToFailure aside): encoding/json/jsontext exists under the build tag
// goexperiment.jsonv2, but Go 1.27 declares its API as of go1.27, which a
// file of this go1.26 module may name only under a go1.27 constraint, and
// Go 1.26's experiment needs the file without one.

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"reflect"
)

// marshalerTo is encoding/json/v2's MarshalerTo.
type marshalerTo interface {
	MarshalJSONTo(*jsontext.Encoder) error
}

// marshalerToType is the type of marshalerTo; nil where encoding/json is
// the classic one, which does not call MarshalJSONTo.
var marshalerToType = reflect.TypeFor[marshalerTo]()

// callMarshalJSONTo calls the MarshalJSONTo method of m with a
// jsontext.Encoder that writes into buf and allows what encoding/json's v1
// options allow (duplicate names, invalid UTF-8); the caller checks and
// escapes the output as MarshalJSON output.
func callMarshalJSONTo(m any, buf *bytes.Buffer) error {
	enc := jsontext.NewEncoder(buf, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	return m.(marshalerTo).MarshalJSONTo(enc)
}

// toFailure is a value whose MarshalJSONTo returns err, for
// newMarshalerError.
type toFailure struct{ err error }

func (f toFailure) MarshalJSONTo(*jsontext.Encoder) error { return f.err }

func marshalToFailure(err error) any { return toFailure{err} }

// toBuffer is the output of a MarshalJSONTo call under the v2 rules and
// the encoder writing into it, pooled with it.
type toBuffer struct {
	b   bytes.Buffer
	enc *jsontext.Encoder
}

// callMarshalJSONToV2 calls the MarshalJSONTo method of m with the
// jsontext.Encoder of buf, reset onto its buffer (emptied) with the
// options encoding/json/v2's encoder would carry under o and an escaping
// that is Minimal's but for HTMLSafe, JSLineTerminators and its
// InvalidUTF8 policy (allowUTF8: not InvalidUTF8Error), so that a method
// that reads its options or marshals through json.MarshalEncode writes
// what it writes there; the output is compact. wrote reports whether the
// method wrote any token or value.
func callMarshalJSONToV2(m any, buf *toBuffer, o *JSONv2, html, js, allowUTF8 bool) (wrote bool, err error) {
	buf.b.Reset()
	opts := jsonv2.JoinOptions(
		jsontext.AllowDuplicateNames(o.AllowDuplicateNames),
		jsontext.AllowInvalidUTF8(allowUTF8),
		jsontext.EscapeForHTML(html),
		jsontext.EscapeForJS(js),
		jsonv2.Deterministic(true), // jgen sorts map entries always
		jsonv2.FormatNilSliceAsNull(o.FormatNilSliceAsNull),
		jsonv2.FormatNilMapAsNull(o.FormatNilMapAsNull),
		jsonv2.OmitZeroStructFields(o.OmitZeroStructFields),
		jsonv2.StringifyNumbers(o.StringifyNumbers),
	)
	enc := buf.enc
	if enc == nil {
		enc = jsontext.NewEncoder(&buf.b, opts)
		buf.enc = enc
	} else {
		enc.Reset(&buf.b, opts)
	}
	err = m.(marshalerTo).MarshalJSONTo(enc)
	return enc.OutputOffset() > 0 || enc.StackDepth() > 0, err
}

// v2ToFailure reports false: Go 1.26's experiment reports the errors of a
// MarshalJSONTo method in its own way (json.SkipFunc), which jgen leaves
// to it (the Go 1.27 twin returns the reason of the *EncodeError).
func v2ToFailure(err error, wrote bool, tb *toBuffer) (reason error, ok bool) { return nil, false }
