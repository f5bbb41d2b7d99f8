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

// v2AppendTextEncoder writes the text of AppendText as a string under
// the escaping (invalid UTF-8 under its policy, as v2 under
// AllowInvalidUTF8 or not).
func v2AppendTextEncoder(t reflect.Type) v2Func {
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		m, _ := reflect.NewAt(t, p).Interface().(encoding.TextAppender)
		text, err := m.AppendText(s.tmp[:0])
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
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		m, _ := reflect.NewAt(t, p).Interface().(encoding.TextMarshaler)
		text, err := m.MarshalText()
		if err != nil {
			return b, methodErr(t, "MarshalText", err)
		}
		return s.esc.appendQuoted(b, text)
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
	return func(s *v2State, b []byte, p unsafe.Pointer) ([]byte, error) {
		m, _ := reflect.NewAt(t, p).Interface().(json.Marshaler)
		val, err := m.MarshalJSON()
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
