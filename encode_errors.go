package jgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// EncodeError reports a Go value that WriteValue (and Marshal,
// AppendMarshal, Encoder.Encode) cannot encode. Nothing of the value was
// written.
//
// Err is the reason. errors.As finds through it the error type
// encoding/json would have returned for the same value:
//   - *json.UnsupportedTypeError for a channel, function, complex number or
//     unsafe pointer, and (classic encoding/json) for a map whose key type
//     is not a string, integer or encoding.TextMarshaler type;
//   - *json.UnsupportedValueError for NaN and ±Inf under NonFiniteError
//     (the default Options.NonFinite), for a pointer cycle and (encoding/json
//     on v2, Go 1.27) for a map key that has no member name;
//   - *json.MarshalerError for a MarshalJSON or MarshalText method that
//     returned an error, or a MarshalJSON that returned bytes that are not
//     exactly one JSON value (then its Err matches ErrInvalidValue); on v2
//     also for a map key whose MarshalText fails and for an invalid
//     json.Number (its Err matching ErrInvalidNumber).
//
// Classic encoding/json returns plain errors in the last two cases; so
// does jgen then: an error matching ErrInvalidNumber, and one naming the
// map type. Errors of the generator are reasons too: a *UTF8Error for
// invalid UTF-8 in a string, a map key or MarshalText output under the
// InvalidUTF8Error policy, and a *SyntaxError matching ErrMaxDepth for
// nesting deeper than Options.MaxDepth. MarshalJSON output (json.RawMessage
// included) is checked as WriteRawValue checks a raw value: where it is
// not exactly one JSON value or nests deeper than Options.MaxDepth, the
// *json.MarshalerError wraps the *ValueError (matching ErrInvalidValue or
// ErrMaxDepth) and the *json.SyntaxError encoding/json reports for it;
// where the invalid-UTF-8 rule refuses it (invalid UTF-8 or a lone
// surrogate escape under the InvalidUTF8Error policy), the reason is the
// *ValueError itself, matching ErrInvalidUTF8. The *json.MarshalerError's
// Error names the method that failed, and on encoding/json/v2 its Type is
// the pointer to the value's type, as there; on v2 a nesting refusal
// outside MarshalJSON output also holds a *json.SyntaxError. On Go 1.26
// with GOEXPERIMENT=jsonv2, a struct type with a field tagged inline,
// unknown or format is refused with a reason matching
// ErrTagOptionUnsupported, where encoding/json encodes it.
//
// Under the v2 rules (Options.V2), where encoding/json/v2 is built, Err
// holds beside jgen's reason the error encoding/json/v2 returns for the
// same failure, which errors.As finds: a *json.SemanticError (v2's) at
// Pointer for the failing value's type (a failing method, NaN, an
// invalid json.Number), or a *jsontext.SyntacticError (invalid UTF-8,
// nesting past Options.MaxDepth; inside a SemanticError for the output
// of a MarshalText, AppendText or MarshalJSON method). Their ByteOffset
// is 0, and Err's message stays jgen's reason.
type EncodeError struct {
	// Pointer is the JSON Pointer (RFC 6901) of the failing value within
	// the value given, such as "/items/3/price": member names and map keys
	// as written (with "~" as "~0" and "/" as "~1"), array and slice
	// elements by index. It is "" for the value itself. A map key that
	// cannot be written points at its map.
	Pointer string
	// Type is the Go type of the failing value: its dynamic type when it
	// is held in an interface (a string in a []any is a string), the key
	// type for a map key that cannot be written.
	Type reflect.Type
	// Err is the reason, one of the errors listed above, whole: its
	// message is not shortened as Error shortens the pointer.
	Err error
	// method is "MarshalJSON", "MarshalJSONTo" or "MarshalText" when a
	// method failed.
	method string
	// key is set when the failing value is a map key.
	key bool
	// path holds the reference tokens of Pointer, innermost first, while
	// the error travels up through the containers.
	path []string
	// nameOffset is set for a map key that encoding/json on v2 refuses
	// as not a string (nameNotString): -1 until setNameNotString gives
	// the output offset of the refusal; finish then writes jsontext's
	// message into the *json.UnsupportedValueError's Str.
	nameOffset int64
}

// Error returns a message of bounded length: "jgen: cannot encode value
// of type T at POINTER: REASON" ("map key" for a key). A pointer longer
// than maxPointerText bytes is shortened to its first and last reference
// tokens and its depth, as in "/Next/…/Next (depth 1000)"; the Pointer
// field keeps it whole. The reason's own "jgen: " prefix is left out.
func (e *EncodeError) Error() string {
	var b strings.Builder
	b.WriteString("jgen: cannot encode ")
	if e.key {
		b.WriteString("map key")
	} else {
		b.WriteString("value")
	}
	if e.Type != nil {
		b.WriteString(" of type ")
		b.WriteString(e.Type.String())
	}
	if e.Pointer != "" {
		b.WriteString(" at ")
		b.WriteString(shortPointer(e.Pointer))
	}
	b.WriteString(": ")
	var me *json.MarshalerError
	if e.method != "" && errors.As(e.Err, &me) {
		b.WriteString("error calling " + e.method + ": ")
		b.WriteString(strings.TrimPrefix(me.Err.Error(), "jgen: "))
	} else {
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "jgen: "))
	}
	return b.String()
}

// maxPointerText is the longest JSON Pointer an EncodeError message shows
// whole, in bytes.
const maxPointerText = 128

// shortPointer returns p, or for a p longer than maxPointerText its first
// and last reference tokens (each cut to maxTokenText bytes) around "…",
// and its depth.
func shortPointer(p string) string {
	if len(p) <= maxPointerText {
		return p
	}
	toks := strings.Split(p[1:], "/")
	first, last := shortToken(toks[0]), shortToken(toks[len(toks)-1])
	if len(toks) == 1 {
		return "/" + first + " (depth 1)"
	}
	return "/" + first + "/…/" + last + " (depth " + strconv.Itoa(len(toks)) + ")"
}

// maxTokenText is the longest reference token shortPointer shows whole.
const maxTokenText = 40

// shortToken cuts tok to at most maxTokenText bytes, at a rune boundary,
// and marks the cut with "…".
func shortToken(tok string) string {
	if len(tok) <= maxTokenText {
		return tok
	}
	n := maxTokenText
	for n > 0 && !utf8.RuneStart(tok[n]) {
		n--
	}
	return tok[:n] + "…"
}

// Unwrap returns Err.
func (e *EncodeError) Unwrap() error { return e.Err }

// encodeErr makes err, an error for a value of type t, an *EncodeError
// (unless it is one already).
func encodeErr(t reflect.Type, err error) *EncodeError {
	if ee, ok := err.(*EncodeError); ok {
		return ee
	}
	return &EncodeError{Type: t, Err: err}
}

// keyErr makes err, an error writing a map key of type t, an
// *EncodeError that says so.
func keyErr(t reflect.Type, err error) *EncodeError {
	ee := encodeErr(t, err)
	ee.key = true
	return ee
}

// atPath records that err happened at the reference token tok below a
// container; t is the type of the value at tok.
func atPath(err error, t reflect.Type, tok string) error {
	ee := encodeErr(t, err)
	ee.path = append(ee.path, tok)
	return ee
}

// finish turns the recorded path into Pointer.
func (e *EncodeError) finish() {
	var me *json.MarshalerError
	if jsonOnV2 && errors.Is(e.Err, ErrMaxDepth) && !errors.As(e.Err, &me) {
		e.Err = &depthError{e.Err, depthSyntaxError()}
	}
	if len(e.path) > 0 {
		e.joinPath()
	}
	if e.nameOffset > 0 {
		var uv *json.UnsupportedValueError
		if errors.As(e.Err, &uv) {
			// jsontext's message (SyntacticError.Error).
			b := []byte("jsontext: object member name must be a string")
			if e.Pointer != "" {
				// The names as written, invalid UTF-8 replaced.
				b = strconv.AppendQuote(append(b, " within "...), cutPointer(string([]rune(e.Pointer)), 100))
			}
			b = strconv.AppendInt(append(b, " after offset "...), e.nameOffset, 10)
			uv.Str = string(b)
		}
	}
}

// cutPointer shortens a JSON Pointer p longer than n bytes as jsontext's
// error messages do (TruncatePointer in encoding/json/internal/jsonwire):
// it keeps about n/2 bytes at each end, widened to whole reference tokens
// and whole runes, and marks what it cuts with "…" per side of each
// '/' cut ("…", "…/…" or "…/…/…", without the "…" beside a '/' kept at
// either edge).
func cutPointer(p string, n int) string {
	if len(p) <= n {
		return p
	}
	i, j := n/2, len(p)-n/2
	if k := strings.LastIndexByte(p[:i], '/'); k > 0 {
		i = k
	}
	if k := strings.IndexByte(p[j:], '/'); k >= 0 {
		j += k + 1
	}
	for i > 0 {
		if r, size := utf8.DecodeLastRuneInString(p[:i]); r != utf8.RuneError || size != 1 {
			break
		}
		i--
	}
	for j < len(p) {
		if r, size := utf8.DecodeRuneInString(p[j:]); r != utf8.RuneError || size != 1 {
			break
		}
		j++
	}
	mid := p[i:j]
	middle := [...]string{"…", "…/…", "…/…/…"}[min(strings.Count(mid, "/"), 2)]
	if middle != "…" {
		if strings.HasPrefix(mid, "/") {
			middle = middle[len("…"):]
		}
		if strings.HasSuffix(mid, "/") {
			middle = middle[:len(middle)-len("…")]
		}
	}
	return p[:i] + middle + p[j:]
}

// joinPath turns the recorded path into Pointer.
func (e *EncodeError) joinPath() {
	var b strings.Builder
	for i := len(e.path) - 1; i >= 0; i-- {
		b.WriteByte('/')
		tok := e.path[i]
		if strings.ContainsAny(tok, "~/") {
			tok = strings.ReplaceAll(tok, "~", "~0")
			tok = strings.ReplaceAll(tok, "/", "~1")
		}
		b.WriteString(tok)
	}
	e.Pointer = b.String() + e.Pointer
	e.path = nil
}

func unsupportedType(t reflect.Type) error {
	return &EncodeError{Type: t, Err: &json.UnsupportedTypeError{Type: t}}
}

func unsupportedValue(v reflect.Value, str string) error {
	return &EncodeError{Type: v.Type(), Err: &json.UnsupportedValueError{Value: v, Str: str}}
}

// marshalerErr reports err from the method MarshalJSON or MarshalText of
// a value of type t as encoding/json does: a *json.MarshalerError whose
// Error names the method and whose Type is t, or on v2 (jsonOnV2) the
// pointer to t, the receiver encoding/json/v2 always calls the method on.
func marshalerErr(t reflect.Type, err error, method string) error {
	mt := t
	if jsonOnV2 && t.Kind() != reflect.Pointer {
		mt = reflect.PointerTo(t)
	}
	return &EncodeError{Type: t, Err: newMarshalerError(mt, err, method), method: method}
}

// textFailure and jsonFailure are values whose method returns err, for
// newMarshalerError.
type (
	textFailure   struct{ err error }
	jsonFailure   struct{ err error }
	appendFailure struct{ err error }
)

func (f textFailure) MarshalText() ([]byte, error) { return nil, f.err }
func (f jsonFailure) MarshalJSON() ([]byte, error) { return nil, f.err }

// appendFailure has both text methods, as a TextAppender's type usually
// has: encoding/json on v2 calls AppendText and names it in its error.
func (f appendFailure) AppendText([]byte) ([]byte, error) { return nil, f.err }
func (f appendFailure) MarshalText() ([]byte, error)      { return nil, f.err }

// newMarshalerError returns a *json.MarshalerError for err from method
// on a value of type t. The method name its Error reports sits in an
// unexported field, which only encoding/json sets: so the error comes
// from json.Marshal on a value whose method fails with err, and then its
// Type and Err are set.
func newMarshalerError(t reflect.Type, err error, method string) *json.MarshalerError {
	var jerr error
	switch method {
	case "MarshalText":
		_, jerr = json.Marshal(textFailure{err})
	case "AppendText":
		_, jerr = json.Marshal(appendFailure{err})
	case "MarshalJSONTo":
		_, jerr = json.Marshal(marshalToFailure(err))
	default:
		_, jerr = json.Marshal(jsonFailure{err})
	}
	var me *json.MarshalerError
	if !errors.As(jerr, &me) {
		me = new(json.MarshalerError)
	}
	me.Type, me.Err = t, err
	return me
}

// outputError is a *ValueError for MarshalJSON output together with the
// *json.SyntaxError encoding/json reports for the same output, so that
// errors.As finds either inside the *json.MarshalerError. Its message is
// the ValueError's.
type outputError struct {
	*ValueError
	syntax *json.SyntaxError
}

// Unwrap returns the ValueError and the SyntaxError.
func (e *outputError) Unwrap() []error { return []error{e.ValueError, e.syntax} }

// withSyntaxError joins ve, a refusal of the MarshalJSON output b, with
// encoding/json's *json.SyntaxError for b; for b that encoding/json takes
// alone but refuses for its depth within the value, with its depth
// error.
func withSyntaxError(ve *ValueError, b []byte) error {
	var buf bytes.Buffer
	err := json.Compact(&buf, b)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		se = depthSyntaxError()
	}
	return &outputError{ve, se}
}

// depthSyntaxError returns the *json.SyntaxError encoding/json reports
// for nesting past its limit of 10000 levels.
func depthSyntaxError() *json.SyntaxError {
	err := json.Compact(new(bytes.Buffer), []byte(strings.Repeat("[", 10001)))
	se, ok := err.(*json.SyntaxError)
	if !ok {
		se = new(json.SyntaxError)
	}
	return se
}

// depthError is jgen's refusal of nesting deeper than Options.MaxDepth
// together with the *json.SyntaxError encoding/json on v2 returns for it
// (classic encoding/json has no limit). Its message is jgen's.
type depthError struct {
	err    error
	syntax *json.SyntaxError
}

func (e *depthError) Error() string   { return e.err.Error() }
func (e *depthError) Unwrap() []error { return []error{e.err, e.syntax} }
