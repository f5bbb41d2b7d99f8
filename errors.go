package jgen

import (
	"errors"
	"strconv"
)

// Sentinel errors. Every error that jgen makes is one of these or wraps one,
// so callers can classify failures with errors.Is, except the two errors
// for an io.Writer or io.Reader that reports an impossible byte count. The
// errors of the io.Writer and io.Reader given to jgen, io.ErrShortWrite for
// a short write among them, are returned as they are, so that errors.Is
// matches them directly; Generator.Close may join two errors (errors.Join),
// and errors.Is and errors.As see both.
var (
	// ErrInvalidUTF8 is matched by a *UTF8Error: a string held a byte
	// sequence that is not valid UTF-8 (RFC 3629) under the InvalidUTF8Error
	// policy.
	ErrInvalidUTF8 = errors.New("jgen: invalid UTF-8")

	// ErrSyntax is matched by a *SyntaxError: the token does not fit the
	// grammar of RFC 8259 §2 at the generator's current position.
	ErrSyntax = errors.New("jgen: token out of place")

	// ErrMaxDepth is matched by a *SyntaxError for a start token that would
	// nest deeper than Options.MaxDepth.
	ErrMaxDepth = errors.New("jgen: maximum nesting depth exceeded")

	// ErrClosed is returned by every call on a Generator after Close,
	// except Close itself, which returns what it returned the first time.
	ErrClosed = errors.New("jgen: generator is closed")

	// ErrInvalidOptions is matched by an *OptionsError: an Escaping, a
	// CharacterEscapes specification or an Options value is not valid.
	ErrInvalidOptions = errors.New("jgen: invalid options")

	// ErrNonFinite is returned by WriteFloat and WriteFloat32 for NaN and
	// ±Inf under the NonFiniteError policy: RFC 8259 §6 has no form for them.
	ErrNonFinite = errors.New("jgen: NaN and infinities are not JSON numbers")

	// ErrInvalidNumber is returned by WriteNumber for text that does not
	// match the number grammar of RFC 8259 §6.
	ErrInvalidNumber = errors.New("jgen: invalid JSON number")

	// ErrInvalidValue is returned by WriteRawValue for bytes that are not
	// exactly one JSON value (RFC 8259 §2).
	ErrInvalidValue = errors.New("jgen: invalid raw JSON value")
)

// UTF8Error reports a byte that is not part of a valid UTF-8 sequence, as
// judged by utf8.DecodeRune: each byte it decodes as RuneError with width 1
// is one invalid byte.
type UTF8Error struct {
	// Offset is the byte offset of the invalid byte within the string
	// being written (not within the output).
	Offset int64
}

func (e *UTF8Error) Error() string {
	return "jgen: invalid UTF-8 at byte offset " + strconv.FormatInt(e.Offset, 10) + " of string"
}

// Is reports whether target is ErrInvalidUTF8.
func (e *UTF8Error) Is(target error) bool { return target == ErrInvalidUTF8 }

// SyntaxError reports a token that the generator refused because it does
// not fit the JSON grammar at the current position. Nothing of the token was
// written.
type SyntaxError struct {
	// Token names what was being written, such as "string value",
	// "name" or "end of object".
	Token string
	// Context describes where the generator was, such as "in array at
	// depth 2" or "at root after a complete value".
	Context string
	// Offset is the number of output bytes produced before the token.
	Offset int64
	// Err is ErrSyntax, or ErrMaxDepth for a nesting limit.
	Err error
}

func (e *SyntaxError) Error() string {
	msg := "jgen: cannot write " + e.Token + " " + e.Context
	if e.Err == ErrMaxDepth {
		msg += ": maximum nesting depth exceeded"
	}
	return msg + " (output offset " + strconv.FormatInt(e.Offset, 10) + ")"
}

// Unwrap returns ErrSyntax or ErrMaxDepth.
func (e *SyntaxError) Unwrap() error { return e.Err }

// OptionsError reports an option value jgen refuses, and why.
type OptionsError struct {
	// Option names the offending field, such as "Escaping.QuoteChar".
	Option string
	// Reason says what is wrong with it.
	Reason string
}

func (e *OptionsError) Error() string {
	return "jgen: invalid option " + e.Option + ": " + e.Reason
}

// Is reports whether target is ErrInvalidOptions.
func (e *OptionsError) Is(target error) bool { return target == ErrInvalidOptions }

// ErrInvalidEncoding is matched by a *ValueError from WriteBinary: the
// *base64.Encoding given would write a byte that cannot stand raw in a JSON
// string quoted with the current quote char.
var ErrInvalidEncoding = errors.New("jgen: base64 encoding unusable in a JSON string")

// ValueError reports a value the generator refused for its content rather
// than its position: a raw JSON value that WriteRawValue does not accept
// (or MarshalJSON output that WriteValue does not, inside an *EncodeError),
// or a base64 encoding that WriteBinary does not accept. Nothing of the
// value was written, and the generator stays usable.
type ValueError struct {
	// Token names what was being written: "raw value", "binary value",
	// or "MarshalJSON output" (from WriteValue).
	Token string
	// Offset is the number of output bytes produced before the token.
	Offset int64
	// Index is the byte offset in the input (the raw value) at which the
	// fault was found; for a base64 encoding it is the index of the
	// offending symbol in its alphabet, or 64 for the padding.
	Index int64
	// Reason says what is wrong, such as "invalid UTF-8 in a string".
	Reason string
	// Err is ErrInvalidValue for a raw value and ErrInvalidEncoding for a
	// base64 encoding.
	Err error
	// Cause is nil, or the sentinel of the rule that refused the value:
	// ErrInvalidUTF8 when the InvalidUTF8Error policy refuses invalid
	// UTF-8 or a lone surrogate escape, ErrMaxDepth when the value would
	// nest deeper than Options.MaxDepth.
	Cause error
}

func (e *ValueError) Error() string {
	msg := "jgen: cannot write " + e.Token + ": " + e.Reason
	if e.Err != ErrInvalidEncoding {
		msg += " at byte " + strconv.FormatInt(e.Index, 10) + " of the value"
	}
	return msg + " (output offset " + strconv.FormatInt(e.Offset, 10) + ")"
}

// Unwrap returns Err, and Cause when it is set, so that errors.Is matches
// either.
func (e *ValueError) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}
