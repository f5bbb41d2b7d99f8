package jgen

// The v2 rules' encoders of types with marshaling methods
// (MarshalJSON, AppendText, MarshalText).

import (
	"encoding"
	"encoding/json"
	"reflect"
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
// refused), for the output that v2 leaves unchanged but for its
// whitespace: valid JSON and valid UTF-8 without a backslash, and under
// HTMLSafe or JSLineTerminators without the characters they escape. Other
// output (whose strings v2 rewrites) is declined, as is any under an
// escaping other than Minimal's (with HTMLSafe, JSLineTerminators).
func v2MarshalJSONEncoder(t reflect.Type) v2Func {
	z := v2MethodIface(t).(json.Marshaler)
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		val, err := withData(z, p).MarshalJSON()
		if err != nil {
			return b, methodErr(t, "MarshalJSON", err)
		}
		out, ok, deep := s.appendPlainJSON(b, val)
		if deep >= 0 {
			return b, methodErr(t, "MarshalJSON", &ValueError{
				Token:  "MarshalJSON output",
				Offset: s.valueOffset(b),
				Index:  int64(deep),
				Reason: "nesting deeper than Options.MaxDepth",
				Err:    ErrInvalidValue,
				Cause:  ErrMaxDepth,
			})
		}
		if !ok {
			return b, &EncodeError{Type: t, Err: ErrV2Unimplemented}
		}
		return out, nil
	}
}
