package json

import (
	stdjson "encoding/json"
	"io"
)

// This file holds the decoding side, forwarded to encoding/json, and the
// types, which are aliases of encoding/json's: a value of one is a value
// of the other.

// Decoder is encoding/json's Decoder: it reads and decodes JSON values
// from an input stream.
type Decoder = stdjson.Decoder

// NewDecoder is encoding/json's NewDecoder: it returns a new decoder that
// reads from r.
func NewDecoder(r io.Reader) *Decoder { return stdjson.NewDecoder(r) }

// Marshaler is encoding/json's Marshaler: the interface of types that
// marshal themselves into valid JSON (MarshalJSON).
type Marshaler = stdjson.Marshaler

// Unmarshaler is encoding/json's Unmarshaler: the interface of types that
// unmarshal a JSON description of themselves (UnmarshalJSON).
type Unmarshaler = stdjson.Unmarshaler

// RawMessage is encoding/json's RawMessage: a raw encoded JSON value.
type RawMessage = stdjson.RawMessage

// Number is encoding/json's Number: a JSON number literal.
type Number = stdjson.Number

// Token is encoding/json's Token: a Delim, bool, float64, Number, string
// or nil, as returned by [Decoder.Token].
type Token = stdjson.Token

// Delim is encoding/json's Delim: a JSON array or object delimiter, one of
// [ ] { or }.
type Delim = stdjson.Delim

// MarshalerError is encoding/json's MarshalerError: the error of a
// MarshalJSON or MarshalText method, or of invalid MarshalJSON output.
type MarshalerError = stdjson.MarshalerError

// UnsupportedTypeError is encoding/json's UnsupportedTypeError: returned by
// [Marshal] for a value of a type it cannot encode.
type UnsupportedTypeError = stdjson.UnsupportedTypeError

// UnsupportedValueError is encoding/json's UnsupportedValueError: returned
// by [Marshal] for a value it cannot encode (NaN, ±Inf, a pointer cycle).
type UnsupportedValueError = stdjson.UnsupportedValueError

// SyntaxError is encoding/json's SyntaxError: a description of a JSON
// syntax error, with the byte offset after which it was found.
type SyntaxError = stdjson.SyntaxError

// UnmarshalTypeError is encoding/json's UnmarshalTypeError: a JSON value
// not appropriate for the Go type it is decoded into.
type UnmarshalTypeError = stdjson.UnmarshalTypeError

// InvalidUnmarshalError is encoding/json's InvalidUnmarshalError: an
// invalid argument passed to [Unmarshal] (not a non-nil pointer).
type InvalidUnmarshalError = stdjson.InvalidUnmarshalError

// InvalidUTF8Error is encoding/json's InvalidUTF8Error.
//
// Deprecated: No longer used; kept for compatibility (as in encoding/json).
//
//lint:ignore SA1019 the drop-in has every identifier of encoding/json.
type InvalidUTF8Error = stdjson.InvalidUTF8Error

// UnmarshalFieldError is encoding/json's UnmarshalFieldError.
//
// Deprecated: No longer used; kept for compatibility (as in encoding/json).
//
//lint:ignore SA1019 the drop-in has every identifier of encoding/json.
type UnmarshalFieldError = stdjson.UnmarshalFieldError
