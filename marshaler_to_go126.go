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
	"unsafe"
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
// options encoding/json/v2's encoder would carry under o (ms, where not
// nil, the *jsonv2.Marshalers of o's Marshalers) and an escaping
// that is Minimal's but for HTMLSafe, JSLineTerminators and its
// InvalidUTF8 policy (allowUTF8: not InvalidUTF8Error), so that a method
// that reads its options or marshals through json.MarshalEncode writes
// what it writes there; the output is compact. wrote reports whether the
// method wrote any token or value.
func callMarshalJSONToV2(m any, buf *toBuffer, o *JSONv2, ms any, html, js, allowUTF8 bool) (wrote bool, err error) {
	buf.b.Reset()
	// StringifyNumbers is set only where true, as v2's encoder holds it
	// only where given: set to false, GetOption of it would hide the string
	// tag option from encoding/json's Number in a value the method marshals
	// through this encoder (its json.MarshalEncode), writing a number where
	// v2 writes a string.
	var stringify jsonv2.Options
	if o.StringifyNumbers {
		stringify = jsonv2.StringifyNumbers(true)
	}
	opts := jsonv2.JoinOptions(
		jsontext.AllowDuplicateNames(o.AllowDuplicateNames),
		jsontext.AllowInvalidUTF8(allowUTF8),
		jsontext.EscapeForHTML(html),
		jsontext.EscapeForJS(js),
		jsonv2.Deterministic(true), // sorted, AnyMapOrder or not: any order is valid
		jsonv2.FormatNilSliceAsNull(o.FormatNilSliceAsNull),
		jsonv2.FormatNilMapAsNull(o.FormatNilMapAsNull),
		jsonv2.OmitZeroStructFields(o.OmitZeroStructFields),
		stringify,
	)
	if ms != nil {
		opts = jsonv2.JoinOptions(opts, jsonv2.WithMarshalers(ms.(*jsonv2.Marshalers)))
	}
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

// v2ToDeclined says why a MarshalJSONTo call (a method or a
// MarshalToFunc) that returned an error is declined: the words after the
// method's name in the reason.
func v2ToDeclined(err error, wrote bool, tb *toBuffer) string {
	return "failed, which Go 1.26's encoding/json/v2 experiment reports in its own way"
}

// MarshalToFunc returns a list of one function encoding the values of
// type T under the v2 rules, as encoding/json/v2's MarshalToFunc: it
// applies to the values [MarshalFunc]'s function of type T applies to,
// getting them as it does, and writes one value with the encoder it gets
// (one of its own, as a MarshalJSONTo method gets under the v2 rules: see
// [JSONv2]; its options carry encoding/json/v2's equivalent of the
// Marshalers, so that a value marshaled with json.MarshalEncode there
// gets the same functions). A function that returns errors.ErrUnsupported
// having written nothing passes the value to the next function of the
// list that applies, else to the type's methods and default encoding. A
// function that returns another error having written nothing or one
// whole value, or returns nil having written nothing, fails as
// encoding/json/v2 fails: with an *EncodeError for type T whose Err is the
// function's error (errors.Is and errors.As reach it; a
// *json.SemanticError for T at the value's pointer beside it), or an
// error saying it must write exactly one value. Declined as
// [ErrV2Unimplemented], its reason saying which (encoding/json/v2's
// errors, whose positions are those of its own encoder; the drop-in
// calls the function again there): a function that writes part of a
// value or more than one, returns an error holding a *json.SemanticError
// or *jsontext.SyntacticError, io.EOF, or errors.ErrUnsupported having
// written, and on Go 1.26's experiment, which reports such errors in its
// own way, any function that fails. T may not be a named pointer type:
// MarshalToFunc panics on one, as encoding/json/v2 does. It exists where
// encoding/json/v2 is built.
func MarshalToFunc[T any](fn func(*jsontext.Encoder, T) error) *Marshalers {
	typ := reflect.TypeFor[T]()
	checkFuncType(typ)
	kind := typ.Kind()
	to := func(enc *jsontext.Encoder, t reflect.Type, p unsafe.Pointer) error {
		return fn(enc, castValue[T](kind, t, p))
	}
	std := func() any { return jsonv2.MarshalToFunc(fn) }
	return newMarshalers([]marshalFunc{{typ: typ, to: to, std: std}})
}

// stdMarshalFunc returns a function making encoding/json/v2's
// *Marshalers of fn.
func stdMarshalFunc[T any](fn func(T) ([]byte, error)) func() any {
	return func() any { return jsonv2.MarshalFunc(fn) }
}

// joinStdMarshalers returns encoding/json/v2's *Marshalers of fns.
func joinStdMarshalers(fns []marshalFunc) any {
	ms := make([]*jsonv2.Marshalers, len(fns))
	for i := range fns {
		ms[i] = fns[i].std().(*jsonv2.Marshalers)
	}
	return jsonv2.JoinMarshalers(ms...)
}

// toCall is a MarshalToFunc's function bound to a value of type t at p,
// as a MarshalJSONTo method for callMarshalJSONToV2.
type toCall struct {
	fn func(*jsontext.Encoder, reflect.Type, unsafe.Pointer) error
	t  reflect.Type
	p  unsafe.Pointer
}

func (c *toCall) MarshalJSONTo(enc *jsontext.Encoder) error { return c.fn(enc, c.t, c.p) }

// bindTo binds to, a marshalFunc's to, to the value of type t at p.
func bindTo(to any, t reflect.Type, p unsafe.Pointer) any {
	return &toCall{to.(func(*jsontext.Encoder, reflect.Type, unsafe.Pointer) error), t, p}
}
