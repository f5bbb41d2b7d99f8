//go:build goexperiment.jsonv2 && !go1.27

package jgen

// This file and its twin (errors_v2std_go126.go / errors_v2std_go127.go)
// hold the same code, for the reason marshaler_to_go127.go gives.

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"io"
	"reflect"
	"strings"
	"sync"
)

func init() { v2StdError = addV2StdError }

// addV2StdError makes the reason of ee, an error of the v2 rules, a
// *v2Reason holding encoding/json/v2's error for the failure, so that
// errors.As finds a *json.SemanticError or *jsontext.SyntacticError in
// it as in encoding/json/v2's. Its JSONPointer is ee.Pointer and its
// GoType ee.Type (less its pointers), its ByteOffset is 0 (jgen does not track the output
// offset of a failure). As encoding/json/v2 reports them:
//   - invalid UTF-8 (a string, a map key) and nesting past
//     Options.MaxDepth: a *jsontext.SyntacticError whose Err is
//     jsontext's own (errors.Is matches its sentinel); in MarshalText or
//     AppendText output and MarshalJSON output, that SyntacticError
//     wrapped in a *json.SemanticError for the method's type (the
//     SyntacticError's pointer is then the value's, where
//     encoding/json/v2's points within the output);
//   - NaN and ±Inf: a *json.SemanticError whose Err says "unsupported
//     value: NaN";
//   - a method or marshal function that failed, and the other refusals: a
//     *json.SemanticError whose Err is jgen's reason (the method's own
//     error for a method, whose GoType is the function's T for a function; for
//     an invalid json.Number jgen's *ValueError, where encoding/json/v2's
//     Err quotes the number).
//
// A value jgen declines (its reason an *unimplementedError, matching
// ErrV2Unimplemented) gets none: encoding/json/v2 may encode it. The
// reason is the Err of the decline itself, never wrapped, so that one
// type switch tells it; a method's or marshal function's own error that
// wraps ErrV2Unimplemented is a failure of the method, which v2 reports.
func addV2StdError(ee *EncodeError) {
	switch ee.Err.(type) {
	case *v2Reason, *unimplementedError:
		return
	}
	ptr := jsontext.Pointer(ee.Pointer)
	var std error
	var uv *json.UnsupportedValueError
	switch {
	case errors.Is(ee.Err, ErrMaxDepth):
		std = &jsontext.SyntacticError{JSONPointer: ptr, Err: v2Sentinels().maxDepth}
		if ee.method != "" {
			// MarshalJSON output too deep: encoding/json/v2 wraps the
			// SyntacticError (whose pointer is deeper, within the output)
			// in a SemanticError for the method's type.
			std = v2Semantic(ptr, ee.Type, std)
		}
	case errors.Is(ee.Err, ErrInvalidUTF8):
		std = &jsontext.SyntacticError{JSONPointer: ptr, Err: v2Sentinels().invalidUTF8}
		if !ee.key && hasTextMethod(ee.Type) {
			// Text of MarshalText or AppendText: wrapped, as above.
			std = v2Semantic(ptr, ee.Type, std)
		}
	case ee.method == "" && errors.As(ee.Err, &uv):
		std = v2Semantic(ptr, ee.Type, errors.New("unsupported value: "+uv.Str))
	case ee.method == "MarshalFunc" || ee.method == "MarshalToFunc":
		// A marshal function's error: encoding/json/v2 names the
		// function's T, a pointer type included.
		se := v2Semantic(ptr, ee.Type, ee.Err)
		se.GoType = ee.Type
		std = se
	default:
		std = v2Semantic(ptr, ee.Type, ee.Err)
	}
	ee.Err = &v2Reason{err: ee.Err, std: std}
}

// hasTextMethod reports whether t or *t has MarshalText or AppendText.
func hasTextMethod(t reflect.Type) bool {
	if t == nil {
		return false
	}
	pt := reflect.PointerTo(t)
	return t.Implements(textMarshalerType) || t.Implements(textAppenderType) ||
		pt.Implements(textMarshalerType) || pt.Implements(textAppenderType)
}

// v2Semantic returns a marshal *json.SemanticError (its unexported
// action copied from one encoding/json/v2 returns) at ptr for a value of
// type t.
//
// t is taken out of its pointers: encoding/json/v2 marshals a pointer by
// marshaling what it points to, and reports that value's type (the
// errors jgen converts never fail at a pointer itself).
func v2Semantic(ptr jsontext.Pointer, t reflect.Type, err error) *jsonv2.SemanticError {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	e := v2Sentinels().semantic
	e.JSONPointer, e.GoType, e.Err = ptr, t, err
	return &e
}

// v2StdSentinels are values of encoding/json/v2 and jsontext that
// addV2StdError copies or wraps: they are unexported there, so they are
// taken once from errors encoding/json/v2 returns.
type v2StdSentinels struct {
	semantic    jsonv2.SemanticError // its exported fields zero
	invalidUTF8 error                // jsonwire.ErrInvalidUTF8
	maxDepth    error                // jsontext's errMaxDepth
}

var v2Sentinels = sync.OnceValue(func() v2StdSentinels {
	var s v2StdSentinels
	_, err := jsonv2.Marshal(make(chan int))
	var se *jsonv2.SemanticError
	if errors.As(err, &se) {
		s.semantic = *se
		s.semantic.ByteOffset, s.semantic.JSONPointer, s.semantic.JSONKind = 0, "", 0
		s.semantic.JSONValue, s.semantic.GoType, s.semantic.Err = nil, nil, nil
	}
	_, err = jsonv2.Marshal("\xff")
	s.invalidUTF8 = innermost(err)
	err = jsontext.NewEncoder(io.Discard).WriteValue([]byte(strings.Repeat("[", 10001) + strings.Repeat("]", 10001)))
	s.maxDepth = innermost(err)
	return s
})

// innermost returns the last error of err's chain of single Unwraps.
func innermost(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}

// v2Reason is the reason of an *EncodeError of the v2 rules together
// with encoding/json/v2's error for the same failure: a
// *json.SemanticError or a *jsontext.SyntacticError, with its JSON
// pointer. Its message is the reason's.
type v2Reason struct {
	err error // jgen's reason
	std error // encoding/json/v2's error
}

func (e *v2Reason) Error() string { return e.err.Error() }

// Unwrap returns jgen's reason and encoding/json/v2's error.
func (e *v2Reason) Unwrap() []error { return []error{e.err, e.std} }
