package jgen

import (
	"errors"
	"sort"
	"strconv"
	"strings"
)

// The error model. Every error jgen makes is one of these sentinels or of
// one of five types that wrap one (an [*EncodeError] may wrap the error of
// encoding/json instead), so that [errors.Is] says what kind of failure
// happened and [errors.As] gives its details:
//
//   - a [*SyntaxError] (matching [ErrSyntax] or [ErrMaxDepth]) refuses a
//     token for its position: it does not fit the grammar of RFC 8259 §2
//     where it was written, or it would nest deeper than
//     [Options.MaxDepth];
//   - a [*ValueError] refuses a value for its content, wherever it stands:
//     NaN or ±Inf under [NonFiniteError] ([ErrNonFinite], from
//     [Generator.WriteFloat]), number text outside RFC 8259 §6
//     ([ErrInvalidNumber], from [Generator.WriteNumber]), bytes that are
//     not exactly one JSON value ([ErrInvalidValue], from
//     [Generator.WriteRawValue]) and a base64 encoding whose symbols would
//     break the string ([ErrInvalidEncoding], from [Generator.WriteBinary]);
//   - a [*UTF8Error] (matching [ErrInvalidUTF8]) refuses a string or name
//     that is not valid UTF-8 under [InvalidUTF8Error];
//   - an [*OptionsError] (matching [ErrInvalidOptions]) refuses what a
//     call is given to work with, rather than a token or a value: bad
//     [Options] (from [NewGenerator], [NewAppendGenerator], [Marshal],
//     [NewEncoder]); an invalid [Escaping] (from [Escaping.Validate], the
//     quote functions, [NewQuoter], [NewEncodedName],
//     [Generator.SetEscaping]); an [EscapeSpec] that
//     [NewCharacterEscapes] refuses; a nil [io.Writer] (from
//     [NewGenerator], [NewEncoder], and every writing call after
//     Reset(nil)); a nil [io.Reader] given to
//     [Generator.WriteStringFrom]; a nil or zero [EncodedName] given to
//     [Generator.WriteEncodedName]; every write, SetEscaping, Flush and
//     Close on a zero [Generator] (before Reset or ResetAppend);
//     [Encoder.Encode] on a zero [Encoder], which has no io.Writer; and
//     text that an UnmarshalText method such as [Layout.UnmarshalText]
//     does not know;
//   - an [*EncodeError] refuses a Go value given to [Generator.WriteValue]
//     (and [Marshal], [Encoder.Encode]): it locates the failure inside the
//     Go value by JSON Pointer and wraps one of the errors above, or the
//     error encoding/json returns for the same value.
//
// Offset, in a *SyntaxError and a *ValueError, is a position in the
// output: the number of bytes the generator had produced before the
// refused token, as [Generator.Offset] reports it (in append mode, not
// counting the dst given). A refused token writes nothing, so the output
// goes on from there. Index, in a *ValueError, is a position in the input:
// the byte of the raw value or of the number text at which the fault was
// found. A *UTF8Error's Offset is a position in the input too, the invalid
// byte's offset in the string, because the quote functions that also
// return it ([Escaping.AppendQuote]) have no output stream; the generator
// writes nothing of a refused string (except [Generator.WriteStringFrom],
// which cannot take back what it read), so [Generator.Offset] is where it
// would have started.
//
// A refused token or value leaves the Generator usable, and
// [Generator.Close] returns the first error any call returned, so checking
// only Close loses nothing. The errors of the [io.Writer] and [io.Reader]
// given to jgen ([io.ErrShortWrite] for a short write among them) are
// returned as they are, so that errors.Is matches them directly; only an
// io.Writer or io.Reader that reports an impossible byte count gets an
// error of jgen's that matches no sentinel. Close may join two errors (as
// [errors.Join] does), and errors.Is and errors.As see both.
var (
	// ErrInvalidUTF8 is matched by a [*UTF8Error]: a string held a byte
	// sequence that is not valid UTF-8 (RFC 3629) under the
	// [InvalidUTF8Error] policy. A [*ValueError] matches it too when the
	// policy refused invalid UTF-8 or a lone surrogate escape inside a raw
	// value.
	ErrInvalidUTF8 = errors.New("jgen: invalid UTF-8")

	// ErrSyntax is matched by a [*SyntaxError]: the token does not fit the
	// grammar of RFC 8259 §2 at the generator's current position.
	ErrSyntax = errors.New("jgen: token out of place")

	// ErrMaxDepth is matched by a [*SyntaxError] for a start token that
	// would nest deeper than [Options.MaxDepth], and by a [*ValueError] for
	// a raw value that would.
	ErrMaxDepth = errors.New("jgen: maximum nesting depth exceeded")

	// ErrClosed is returned by every call on a [Generator] after
	// [Generator.Close], except Close itself, which returns what it
	// returned the first time.
	ErrClosed = errors.New("jgen: generator is closed")

	// ErrInvalidOptions is matched by an [*OptionsError]: an [Escaping], an
	// [EscapeSpec], an [Options] value or the text given to an
	// UnmarshalText method is not valid.
	ErrInvalidOptions = errors.New("jgen: invalid options")

	// ErrNonFinite is matched by the [*ValueError] that
	// [Generator.WriteFloat] and [Generator.WriteFloat32] return for NaN
	// and ±Inf under the [NonFiniteError] policy: RFC 8259 §6 has no form
	// for them.
	ErrNonFinite = errors.New("jgen: NaN and infinities are not JSON numbers")

	// ErrInvalidNumber is matched by the [*ValueError] that
	// [Generator.WriteNumber] returns for text that does not match the
	// number grammar of RFC 8259 §6.
	ErrInvalidNumber = errors.New("jgen: invalid JSON number")

	// ErrInvalidValue is matched by the [*ValueError] that
	// [Generator.WriteRawValue] returns for bytes that are not exactly one
	// JSON value (RFC 8259 §2).
	ErrInvalidValue = errors.New("jgen: invalid raw JSON value")

	// ErrInvalidEncoding is matched by the [*ValueError] that
	// [Generator.WriteBinary] returns when the [*encoding/base64.Encoding]
	// given would write a byte that cannot stand raw in a JSON string
	// quoted with the current quote char.
	ErrInvalidEncoding = errors.New("jgen: base64 encoding unusable in a JSON string")

	// ErrTagOptionUnsupported is matched by the [*EncodeError] (its Type
	// the struct type) of a value that WriteValue, Marshal and
	// AppendMarshal refuse under the classic rules on Go 1.26 with
	// GOEXPERIMENT=jsonv2: a struct with a field (a member, or an
	// embedded struct, also through embedded structs) whose json tag holds
	// the option inline, unknown or format with a value, which that
	// build's encoding/json applies (it reads tags by encoding/json/v2's
	// rules) and jgen's rules do not. Nothing of the value was written.
	// Other builds never return it.
	ErrTagOptionUnsupported = errors.New("jgen: json tag option not supported on this build")
)

// UTF8Error reports a byte that is not part of a valid UTF-8 sequence, as
// judged by [unicode/utf8.DecodeRune]: each byte it decodes as
// [unicode/utf8.RuneError] with width 1 is one invalid byte.
type UTF8Error struct {
	// Offset is the byte offset of the invalid byte within the string
	// being written (not within the output).
	Offset int64
}

func (e *UTF8Error) Error() string {
	return "jgen: invalid UTF-8 at byte offset " + strconv.FormatInt(e.Offset, 10) + " of string"
}

// Unwrap returns [ErrInvalidUTF8].
func (e *UTF8Error) Unwrap() error { return ErrInvalidUTF8 }

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
	// Err is [ErrSyntax], or [ErrMaxDepth] for a nesting limit.
	Err error
}

func (e *SyntaxError) Error() string {
	msg := "jgen: cannot write " + e.Token + " " + e.Context
	if e.Err == ErrMaxDepth {
		msg += ": maximum nesting depth exceeded"
	}
	return msg + " (output offset " + strconv.FormatInt(e.Offset, 10) + ")"
}

// Unwrap returns Err: [ErrSyntax] or [ErrMaxDepth].
func (e *SyntaxError) Unwrap() error { return e.Err }

// OptionsError reports an option value jgen refuses, and why.
type OptionsError struct {
	// Option names the offending field, such as "Escaping.QuoteChar", or
	// the type whose UnmarshalText refused its text, such as "Layout".
	Option string
	// Reason says what is wrong with it.
	Reason string
}

func (e *OptionsError) Error() string {
	return "jgen: invalid option " + e.Option + ": " + e.Reason
}

// Unwrap returns [ErrInvalidOptions].
func (e *OptionsError) Unwrap() error { return ErrInvalidOptions }

// ValueError reports a value the generator refused for its content rather
// than its position: NaN or ±Inf under [NonFiniteError], number text
// outside RFC 8259 §6, a raw JSON value that [Generator.WriteRawValue]
// does not accept (or MarshalJSON output that [Generator.WriteValue] does
// not, inside an [*EncodeError]), or a base64 encoding that
// [Generator.WriteBinary] does not accept. Nothing of the value was
// written, and the generator stays usable.
type ValueError struct {
	// Token names what was being written: "number", "raw value",
	// "binary value", or "MarshalJSON output" (from WriteValue).
	Token string
	// Offset is the number of output bytes produced before the token.
	Offset int64
	// Index is a position in the input: for a raw value, the byte offset
	// in it at which the fault was found; for number text, the byte
	// offset of the first byte that no number can continue with
	// (len(text) when the text ends inside a number); for a base64
	// encoding, the index of the offending symbol in its alphabet, or 64
	// for the padding; 0 for NaN and ±Inf.
	Index int64
	// Reason says what is wrong, such as "invalid UTF-8 in a string".
	Reason string
	// Err is the sentinel of the kind of value: [ErrNonFinite],
	// [ErrInvalidNumber], [ErrInvalidValue] or [ErrInvalidEncoding].
	Err error
	// Cause is nil, or the sentinel of the rule that refused a raw value:
	// [ErrInvalidUTF8] when the [InvalidUTF8Error] policy refuses invalid
	// UTF-8 or a lone surrogate escape, [ErrMaxDepth] when the value would
	// nest deeper than [Options.MaxDepth].
	Cause error
}

func (e *ValueError) Error() string {
	msg := "jgen: cannot write " + e.Token + ": " + e.Reason
	switch e.Err {
	case ErrInvalidValue:
		msg += " at byte " + strconv.FormatInt(e.Index, 10) + " of the value"
	case ErrInvalidNumber:
		msg += " at byte " + strconv.FormatInt(e.Index, 10) + " of the text"
	}
	return msg + " (output offset " + strconv.FormatInt(e.Offset, 10) + ")"
}

// Unwrap returns Err, and Cause when it is set, so that [errors.Is]
// matches either.
func (e *ValueError) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

// nonFiniteErr returns the *ValueError refusing v, NaN or ±Inf, at output
// offset off.
func nonFiniteErr(v float64, off int64) *ValueError {
	return &ValueError{
		Token:  "number",
		Offset: off,
		Reason: "RFC 8259 §6 has no form for " + strconv.FormatFloat(v, 'g', -1, 64),
		Err:    ErrNonFinite,
	}
}

// numberErr returns the *ValueError refusing text, which is not a number
// by RFC 8259 §6, at output offset off.
func numberErr(text string, off int64) *ValueError {
	at := numberFault(text)
	shown := text
	if len(shown) > 40 {
		shown = shown[:40] + "..."
	}
	what := "unexpected end"
	if at < len(text) {
		what = "unexpected " + quoteByte(text[at])
	}
	return &ValueError{
		Token:  "number",
		Offset: off,
		Index:  int64(at),
		Reason: strconv.Quote(shown) + " does not match the number grammar of RFC 8259 §6: " + what,
		Err:    ErrInvalidNumber,
	}
}

// numberFault returns, for text that is not a number (RFC 8259 §6), the
// length of its longest prefix that is a number or can become one by
// appending bytes: the offset of the first byte that no number continues
// with, or len(text) if the text ends inside a number.
func numberFault(text string) int {
	if n := numberLen(stringBytes(text)); n > 0 {
		// A whole number, then a byte that cannot continue it.
		return n
	}
	// A prefix p can become a number when p or p+"0" is one, and every
	// prefix of such a prefix can too: search for the longest.
	buf := make([]byte, len(text)+1)
	copy(buf, text)
	dead := func(n int) bool {
		c := buf[n]
		buf[n] = '0'
		alive := numberLen(buf[:n+1]) == n+1 || n > 0 && numberLen(buf[:n]) == n
		buf[n] = c
		return !alive
	}
	return sort.Search(len(text)+1, dead) - 1
}

// encodingErr returns the *ValueError refusing a base64 encoding at output
// offset off: the symbol at index at of its alphabet (64 for the padding)
// is c, which may not stand raw in a string quoted with quote.
func encodingErr(at int, c, quote byte, off int64) *ValueError {
	what := "base64 alphabet symbol " + strconv.Itoa(at)
	if at == 64 {
		what = "base64 padding"
	}
	return &ValueError{
		Token:  "binary value",
		Offset: off,
		Index:  int64(at),
		Reason: what + " is " + quoteByte(c) + ", which may not stand raw in a string quoted with " + quoteByte(quote),
		Err:    ErrInvalidEncoding,
	}
}

// codePoint formats r in the Unicode notation U+XXXX (at least four
// upper-case hex digits), for every message that names a code point; a
// negative r, which is no code point, in decimal.
func codePoint(r rune) string {
	if r < 0 {
		return strconv.Itoa(int(r))
	}
	s := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	if len(s) < 4 {
		s = "0000"[len(s):] + s
	}
	return "U+" + s
}

// quoteByte formats c for an error message: a printable ASCII byte in
// single quotes, any other as 0xXX.
func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7F {
		return strconv.QuoteRune(rune(c))
	}
	const hex = "0123456789ABCDEF"
	return "0x" + string([]byte{hex[c>>4], hex[c&15]})
}

// backslashAnd formats a backslash followed by c for an error message: \x
// for a printable ASCII c, otherwise with c as 0xXX (a byte of 0x80 or
// above is part of a UTF-8 sequence, not a code point of its own).
func backslashAnd(c byte) string {
	if c >= 0x20 && c < 0x7F {
		return "\\" + string(rune(c))
	}
	return "\\ followed by " + quoteByte(c)
}
