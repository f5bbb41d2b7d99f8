//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"io"

	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
)

// This file forwards what the package does not implement itself to
// encoding/json/v2: the types are aliases, the functions call it.

// Options is encoding/json/v2's Options: marshal, unmarshal and jsontext
// options, read with [GetOption].
type Options = jsonv2.Options

// Marshaler is encoding/json/v2's Marshaler (MarshalJSON).
type Marshaler = jsonv2.Marshaler

// MarshalerTo is encoding/json/v2's MarshalerTo (MarshalJSONTo).
type MarshalerTo = jsonv2.MarshalerTo

// Unmarshaler is encoding/json/v2's Unmarshaler (UnmarshalJSON).
type Unmarshaler = jsonv2.Unmarshaler

// UnmarshalerFrom is encoding/json/v2's UnmarshalerFrom
// (UnmarshalJSONFrom).
type UnmarshalerFrom = jsonv2.UnmarshalerFrom

// Marshalers is encoding/json/v2's Marshalers: caller-specified marshal
// functions for WithMarshalers.
type Marshalers = jsonv2.Marshalers

// Unmarshalers is encoding/json/v2's Unmarshalers.
type Unmarshalers = jsonv2.Unmarshalers

// SemanticError is encoding/json/v2's SemanticError: a Go value that
// cannot be marshaled (or JSON that cannot be unmarshaled), with the JSON
// pointer of the failure.
type SemanticError = jsonv2.SemanticError

// ErrUnknownName is encoding/json/v2's ErrUnknownName.
var ErrUnknownName = jsonv2.ErrUnknownName

// GetOption is encoding/json/v2's GetOption: the value of the option that
// setter sets in opts, and whether opts holds it.
func GetOption[T any](opts Options, setter func(T) Options) (T, bool) {
	return jsonv2.GetOption(opts, setter)
}

// JoinOptions is encoding/json/v2's JoinOptions: srcs joined, later ones
// taking precedence.
func JoinOptions(srcs ...Options) Options { return jsonv2.JoinOptions(srcs...) }

// DefaultOptionsV2 is encoding/json/v2's DefaultOptionsV2.
func DefaultOptionsV2() Options { return jsonv2.DefaultOptionsV2() }

// Deterministic is encoding/json/v2's option of that name (without it
// jgen writes map entries in iteration order, or sorted where keys may
// share a name).
func Deterministic(v bool) Options { return jsonv2.Deterministic(v) }

// FormatNilMapAsNull is encoding/json/v2's option of that name.
func FormatNilMapAsNull(v bool) Options { return jsonv2.FormatNilMapAsNull(v) }

// FormatNilSliceAsNull is encoding/json/v2's option of that name.
func FormatNilSliceAsNull(v bool) Options { return jsonv2.FormatNilSliceAsNull(v) }

// MatchCaseInsensitiveNames is encoding/json/v2's option of that name
// (unmarshal only).
func MatchCaseInsensitiveNames(v bool) Options { return jsonv2.MatchCaseInsensitiveNames(v) }

// OmitZeroStructFields is encoding/json/v2's option of that name.
func OmitZeroStructFields(v bool) Options { return jsonv2.OmitZeroStructFields(v) }

// RejectUnknownMembers is encoding/json/v2's option of that name
// (unmarshal only).
func RejectUnknownMembers(v bool) Options { return jsonv2.RejectUnknownMembers(v) }

// StringifyNumbers is encoding/json/v2's option of that name.
// StringifyNumbers(false), given, is left to encoding/json/v2 whole: it
// writes an encoding/json Number with the string tag option as a number
// there (where the option is not given, as a string).
func StringifyNumbers(v bool) Options { return jsonv2.StringifyNumbers(v) }

// WithMarshalers is encoding/json/v2's option of that name; jgen encodes
// with the functions of [MarshalFunc], [MarshalToFunc] and
// [JoinMarshalers], and leaves any other *Marshalers to
// encoding/json/v2.
func WithMarshalers(v *Marshalers) Options { return jsonv2.WithMarshalers(v) }

// WithUnmarshalers is encoding/json/v2's option of that name.
func WithUnmarshalers(v *Unmarshalers) Options { return jsonv2.WithUnmarshalers(v) }

// JoinUnmarshalers is encoding/json/v2's JoinUnmarshalers.
func JoinUnmarshalers(us ...*Unmarshalers) *Unmarshalers { return jsonv2.JoinUnmarshalers(us...) }

// UnmarshalFunc is encoding/json/v2's UnmarshalFunc.
func UnmarshalFunc[T any](fn func([]byte, T) error) *Unmarshalers { return jsonv2.UnmarshalFunc(fn) }

// UnmarshalFromFunc is encoding/json/v2's UnmarshalFromFunc.
func UnmarshalFromFunc[T any](fn func(*jsontext.Decoder, T) error) *Unmarshalers {
	return jsonv2.UnmarshalFromFunc(fn)
}

// Unmarshal is encoding/json/v2's Unmarshal.
func Unmarshal(in []byte, out any, opts ...Options) error { return jsonv2.Unmarshal(in, out, opts...) }

// UnmarshalRead is encoding/json/v2's UnmarshalRead.
func UnmarshalRead(in io.Reader, out any, opts ...Options) error {
	return jsonv2.UnmarshalRead(in, out, opts...)
}

// UnmarshalDecode is encoding/json/v2's UnmarshalDecode.
func UnmarshalDecode(in *jsontext.Decoder, out any, opts ...Options) error {
	return jsonv2.UnmarshalDecode(in, out, opts...)
}
