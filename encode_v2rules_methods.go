package jgen

// The v2 rules' encoders of types with marshaling methods
// (MarshalJSONTo, MarshalJSON, AppendText, MarshalText).

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"sync"
	"unsafe"
)

// methodErr wraps the error of the method of a value of type t.
func methodErr(t reflect.Type, method string, err error) error {
	return &EncodeError{Type: t, Err: err, method: method}
}

// v2MethodIface returns a nil *t in an interface, whose method set holds
// those of t and *t: the encoders below assert it to the interface of the
// method once, and call the method of the value at p through a copy with
// the data word set to p (withData), as v2 calls it through the value's
// address, without a conversion per value. t is not a pointer type.
func v2MethodIface(t reflect.Type) any {
	return reflect.Zero(reflect.PointerTo(t)).Interface()
}

// v2AppendTextEncoder writes the text of AppendText as a string under
// the escaping (invalid UTF-8 under its policy, as v2 under
// AllowInvalidUTF8 or not).
func v2AppendTextEncoder(t reflect.Type) v2Func {
	z := v2MethodIface(t).(encoding.TextAppender)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		text, err := withData(z, p).AppendText(s.tmp[:0])
		if err != nil {
			return b, methodErr(t, "AppendText", err)
		}
		if cap(text) <= 1<<10 {
			s.tmp = text[:0]
		}
		return s.appendString(b, text)
	}
}

// v2MarshalTextEncoder writes the text of MarshalText as a string, as
// v2AppendTextEncoder does.
func v2MarshalTextEncoder(t reflect.Type) v2Func {
	z := v2MethodIface(t).(encoding.TextMarshaler)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		text, err := withData(z, p).MarshalText()
		if err != nil {
			return b, methodErr(t, "MarshalText", err)
		}
		return s.appendString(b, text)
	}
}

// v2MarshalJSONEncoder writes the output of MarshalJSON as v2 writes it
// (jsontext's WriteValue: checked, whitespace dropped, strings written
// canonically under the escaping, numbers verbatim, duplicate names
// refused; appendPlainJSON). Output v2 refuses is declined, as is any
// under an escaping other than Minimal's (with HTMLSafe,
// JSLineTerminators, any InvalidUTF8 policy).
func v2MarshalJSONEncoder(t reflect.Type) v2Func {
	z := v2MethodIface(t).(json.Marshaler)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		val, err := withData(z, p).MarshalJSON()
		if err != nil {
			return b, methodErr(t, "MarshalJSON", err)
		}
		// appendMarshalJSON's body, kept here: the common path of
		// MarshalJSON output pays no call for it.
		out, ok, deep := s.appendPlainJSON(b, val)
		if ok {
			return out, nil
		}
		return s.marshalerFailure(t, b, val, deep, "MarshalJSON")
	}
}

// v2RawValueEncoder writes a jsontext.Value (t) as encoding/json/v2
// does, through its MarshalJSON method (null for nil, else its bytes),
// whose output it writes as v2MarshalJSONEncoder does, without calling
// the method.
func v2RawValueEncoder(t reflect.Type) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		val := *(*[]byte)(p)
		if val == nil {
			return append(b, "null"...), nil
		}
		return s.appendMarshalerOutput(b, val, t, "MarshalJSON")
	}
}

// appendMarshalerOutput appends val, the output of method (MarshalJSON,
// or MarshalFunc for a marshal function) for a value of type t, as
// v2MarshalJSONEncoder writes MarshalJSON output (appendPlainJSON).
func (s *v2State) appendMarshalerOutput(b, val []byte, t reflect.Type, method string) ([]byte, error) {
	out, ok, deep := s.appendPlainJSON(b, val)
	if ok {
		return out, nil
	}
	return s.marshalerFailure(t, b, val, deep, method)
}

// marshalerFailure returns the error for val, output of method that
// appendPlainJSON refused: nesting past Options.MaxDepth at the index
// deep of the output, or (deep < 0) declined (rawOutputReason).
func (s *v2State) marshalerFailure(t reflect.Type, b, val []byte, deep int, method string) ([]byte, error) {
	if deep >= 0 {
		return b, methodErr(t, method, &ValueError{
			Token:  method + " output",
			Offset: s.valueOffset(b),
			Index:  int64(deep),
			Reason: "nesting deeper than Options.MaxDepth",
			Err:    ErrInvalidValue,
			Cause:  ErrMaxDepth,
		})
	}
	return b, declineValue(t, s.rawOutputReason(method+" output", val))
}

// rawOutputReason is the reason appendPlainJSON declines val, what
// (such as "MarshalJSON output"), having reported deep < 0.
func (s *v2State) rawOutputReason(what string, val []byte) *unimplementedError {
	switch {
	case s.rawEscaping < 0:
		return unimplemented(what + " under an escaping other than Minimal's with or without HTMLSafe and JSLineTerminators")
	case !json.Valid(val):
		return unimplemented(what + " that is not exactly one JSON value (encoding/json/v2's error)")
	}
	return unimplemented(what + " with a duplicate name, invalid UTF-8 or an unpaired surrogate escape (encoding/json/v2's error)")
}

// toBufferPool holds *toBuffer (marshaler_to_*.go).
var toBufferPool = sync.Pool{New: func() any { return new(toBuffer) }}

// v2MarshalJSONToEncoder calls MarshalJSONTo, as encoding/json/v2 calls
// it through the value's address, with a jsontext.Encoder of v2's options
// (callMarshalJSONToV2) writing into a buffer, and writes the output as
// v2MarshalJSONEncoder writes MarshalJSON output: the bytes v2's own
// encoder writes for the method's tokens are those of that encoder, as
// compact text, which v2 lays out as it lays out MarshalJSON output. As
// the encoder's strings are v2's, escapes included, output the
// MarshalJSON rule declines is written as it is. It declines, as not
// implemented, a method that writes part of a value or more than one and
// returns an error, or writes more than one value (v2's errors, its fallback on
// errors.ErrUnsupported aside), nesting past Options.MaxDepth, and any
// escaping but
// Minimal's with HTMLSafe, JSLineTerminators and the InvalidUTF8 policies
// Error and ReplaceRaw (those of v2's options). A method that returns an
// error matching errors.ErrUnsupported having written nothing gets prev,
// as v2 falls back on the next method or the default encoding; one that
// writes nothing or one value and returns another error, or writes
// nothing and returns nil, fails with the method's error (v2ToFailure),
// as v2 fails.
func v2MarshalJSONToEncoder(t reflect.Type, prev v2Func) v2Func {
	z := v2MethodIface(t)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		out, skip, err := s.callTo(b, t, withData(z, p), nil)
		if skip {
			return prev(s, b, p)
		}
		return out, err
	}
}

// callTo calls m's MarshalJSONTo (a method, fn nil, or the MarshalToFunc
// fn's function bound to its value: bindTo) on a value of type t as
// v2MarshalJSONToEncoder says, the encoder carrying encoding/json/v2's
// equivalent of the options' Marshalers, and appends its output to b;
// skip is set where it declines (errors.ErrUnsupported, nothing
// written), b then unchanged. A failure whose error v2 reports as jgen
// knows it (v2ToFailure) is that error, for the method's type t or the
// function's T (as v2 names them); other failures are declined.
func (s *v2State) callTo(b []byte, t reflect.Type, m any, fn *marshalFunc) (out []byte, skip bool, err error) {
	e := s.esc.escaping
	if e.InvalidUTF8 != InvalidUTF8Error && e.InvalidUTF8 != InvalidUTF8ReplaceRaw {
		return b, false, declineValue(t, unimplemented(toName(t, fn)+" under an InvalidUTF8 policy other than InvalidUTF8Error and InvalidUTF8ReplaceRaw"))
	}
	tb := toBufferPool.Get().(*toBuffer)
	o := s.g.opts.V2
	wrote, err := callMarshalJSONToV2(m, tb, o, o.Marshalers.stdMarshalers(), e.HTMLSafe, e.JSLineTerminators, e.InvalidUTF8 != InvalidUTF8Error)
	if err != nil && !wrote && errors.Is(err, errors.ErrUnsupported) {
		toBufferPool.Put(tb)
		return b, true, nil
	}
	var (
		ok   bool
		deep = -1
	)
	if err == nil {
		val := tb.b.Bytes()
		out, ok, deep = s.appendPlainJSON(b, val)
		if !ok && deep < 0 && s.rawEscaping > 0 && s.esc.hook == nil && s.esc.quote == '"' && json.Valid(val) {
			// The bytes of an encoder of v2's escaping: its strings
			// are v2's, escapes included, and need no rewriting.
			if deep = nestsPast(val, s.room); deep < 0 {
				// less the newline jsontext ends a root value with
				out, ok = append(b, bytes.TrimSuffix(val, []byte{'\n'})...), true
			}
		}
	}
	if !wrote || err != nil {
		// An error, or no value: v2's error where jgen knows it.
		if reason, known := v2ToFailure(err, wrote, tb); known {
			toBufferPool.Put(tb)
			if fn != nil {
				return b, false, methodErr(fn.typ, "MarshalToFunc", reason)
			}
			return b, false, methodErr(t, "MarshalJSONTo", reason)
		}
	}
	var why *unimplementedError
	switch {
	case err != nil:
		why = unimplemented(toName(t, fn) + " " + v2ToDeclined(err, wrote, tb))
	case deep >= 0:
		why = unimplemented(toName(t, fn) + " output nesting deeper than Options.MaxDepth (encoding/json/v2's error, at its position within the output)")
	case !ok:
		why = s.rawOutputReason(toName(t, fn)+" output", tb.b.Bytes())
	}
	if tb.b.Cap() <= 1<<16 {
		toBufferPool.Put(tb)
	}
	if why != nil {
		return b, false, declineValue(t, why)
	}
	return out, false, nil
}

// toName names, in a reason, the MarshalJSONTo method of t (fn nil) or
// the MarshalToFunc fn.
func toName(t reflect.Type, fn *marshalFunc) string {
	if fn != nil {
		return "MarshalToFunc of " + fn.typ.String()
	}
	return "MarshalJSONTo method of " + t.String()
}
