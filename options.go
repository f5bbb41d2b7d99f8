package jgen

import (
	"strconv"
	"strings"
)

// Layout selects how a Generator lays out structure (whitespace between
// tokens). Strings and numbers are the same in every layout.
type Layout uint8

const (
	// Compact writes no whitespace between tokens: {"a":[1,2]}.
	Compact Layout = iota

	// Indented puts every member and element on its own line, indented by
	// Options.Indent per level, with ": " between name and value, and
	// empty containers as {} and [] (the layout of jq and of
	// encoding/json.MarshalIndent).
	Indented

	// JacksonPretty reproduces jackson-core's DefaultPrettyPrinter byte for
	// byte (LF line ends): members on their own lines indented two spaces
	// per enclosing object, " : " between name and value, arrays on one
	// line as [ 1, "x" ], empty containers as { } and [ ].
	JacksonPretty
)

// String returns the layout's name: "compact", "indented" or "jackson".
func (l Layout) String() string {
	switch l {
	case Compact:
		return "compact"
	case Indented:
		return "indented"
	case JacksonPretty:
		return "jackson"
	}
	return "Layout(" + strconv.Itoa(int(l)) + ")"
}

// NonFinitePolicy says how WriteFloat and WriteFloat32 write NaN and the
// infinities, which RFC 8259 §6 does not allow as numbers.
type NonFinitePolicy uint8

const (
	// NonFiniteError refuses them with ErrNonFinite (the default, as
	// encoding/json).
	NonFiniteError NonFinitePolicy = iota
	// NonFiniteString writes them as the strings "NaN", "Infinity" and
	// "-Infinity" (jackson-core's QUOTE_NON_NUMERIC_NUMBERS).
	NonFiniteString
	// NonFiniteNull writes them as null.
	NonFiniteNull
)

// String returns the policy's name: "error", "string" or "null".
func (p NonFinitePolicy) String() string {
	switch p {
	case NonFiniteError:
		return "error"
	case NonFiniteString:
		return "string"
	case NonFiniteNull:
		return "null"
	}
	return "NonFinitePolicy(" + strconv.Itoa(int(p)) + ")"
}

// DefaultMaxDepth is the nesting limit used when Options.MaxDepth is 0,
// the same as encoding/json/jsontext's.
const DefaultMaxDepth = 10000

// DefaultBufferSize is the buffer size in bytes used when
// Options.BufferSize is 0.
const DefaultBufferSize = 8 << 10

// MaxBufferSize is the largest Options.BufferSize accepted, 1 GiB. The
// buffer is allocated whole when the Generator is made, and a buffer this
// large already makes the cost of each Write call to the io.Writer
// negligible; the limit also keeps the buffer's size arithmetic far from
// overflow where int has 32 bits.
const MaxBufferSize = 1 << 30

// minBufferSize is the smallest buffer a Generator uses: room for the
// longest escape and a useful scan run.
const minBufferSize = 512

// Options configures a Generator. The zero value is valid: compact layout,
// Minimal escaping, "\n" after each root value, nesting limit
// DefaultMaxDepth, buffer DefaultBufferSize, NaN and infinities refused.
type Options struct {
	// Escaping is applied to every string value and name. It can be
	// changed later with Generator.SetEscaping.
	Escaping Escaping

	// Layout is Compact, Indented or JacksonPretty.
	Layout Layout

	// Indent is the indentation of one level in the Indented layout: only
	// spaces and tabs; "" means two spaces. The other layouts do not use
	// it, but it is checked in every layout.
	Indent string

	// RootSeparator is written between two values at the root, when the
	// second one starts (it is not written after the last one): only JSON
	// whitespace (RFC 8259 §2: space, tab, LF, CR).
	RootSeparator string

	// RootTerminator is written right after each value at the root is
	// complete, that is with its last token (a scalar at the root, or the
	// end of the root object or array), the last value included: only
	// JSON whitespace. With "\n", after Flush the io.Writer holds whole
	// lines, one per root value (NDJSON; json.Encoder and jsontext's
	// Encoder write the same).
	//
	// When RootSeparator and RootTerminator are both "", the layout's
	// default applies: in Compact and Indented, "\n" ends each root value;
	// in JacksonPretty, one space separates root values and nothing
	// follows the last, as jackson-core's DefaultPrettyPrinter writes
	// ({ } [ ]). Setting either field means exactly what it says, the
	// other one "" then writing nothing: for instance RootSeparator "\n"
	// alone writes a newline between root values and none after the last
	// (one value per buffer, as json.Marshal).
	RootTerminator string

	// MaxDepth is the deepest nesting of objects and arrays allowed; a
	// start token beyond it fails with ErrMaxDepth. 0 means
	// DefaultMaxDepth.
	MaxDepth int

	// BufferSize is the size in bytes of the buffer in front of the
	// io.Writer, at most MaxBufferSize; values below 512 are raised to
	// 512. 0 means DefaultBufferSize. Not used in append mode, but
	// checked there too.
	BufferSize int

	// NonFinite is the policy for NaN and ±Inf floats.
	NonFinite NonFinitePolicy

	// MarshalerEscaping, when not nil, is the escaping WriteValue applies
	// to the strings inside MarshalJSON output and json.RawMessage, which
	// it re-encodes by the raw-value rule (see WriteValue); the rest of
	// the value, and every other token, follows Escaping. It is compiled
	// when the Generator is made; SetEscaping does not change it.
	// StdlibNoHTMLMarshaler, with StdlibNoHTML as Escaping, gives the
	// bytes of a json.Encoder after SetEscapeHTML(false).
	MarshalerEscaping *Escaping
}

// validate returns an *OptionsError for a bad field.
func (o *Options) validate() error {
	if err := o.Escaping.Validate(); err != nil {
		return err
	}
	if err := o.validateMarshalerEscaping(); err != nil {
		return err
	}
	if o.Layout > JacksonPretty {
		return &OptionsError{"Options.Layout", "unknown layout " + o.Layout.String()}
	}
	for i := 0; i < len(o.Indent); i++ {
		if c := o.Indent[i]; c != ' ' && c != '\t' {
			return &OptionsError{"Options.Indent", "may hold only spaces and tabs, got " + strconv.Quote(o.Indent)}
		}
	}
	if !onlyJSONSpace(o.RootSeparator) {
		return &OptionsError{"Options.RootSeparator", "may hold only JSON whitespace, got " + strconv.Quote(o.RootSeparator)}
	}
	if !onlyJSONSpace(o.RootTerminator) {
		return &OptionsError{"Options.RootTerminator", "may hold only JSON whitespace, got " + strconv.Quote(o.RootTerminator)}
	}
	if o.MaxDepth < 0 {
		return &OptionsError{"Options.MaxDepth", "must not be negative"}
	}
	if o.BufferSize < 0 {
		return &OptionsError{"Options.BufferSize", "must not be negative"}
	}
	if o.BufferSize > MaxBufferSize {
		return &OptionsError{"Options.BufferSize", "must be at most MaxBufferSize (1 GiB), got " + strconv.Itoa(o.BufferSize)}
	}
	if o.NonFinite > NonFiniteNull {
		return &OptionsError{"Options.NonFinite", "unknown policy " + o.NonFinite.String()}
	}
	return nil
}

// codePoint formats r in the Unicode notation U+XXXX (at least four
// upper-case hex digits); a negative r, which is no code point, in decimal.
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

// onlyJSONSpace reports whether s holds only JSON whitespace (RFC 8259 §2).
func onlyJSONSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
		default:
			return false
		}
	}
	return true
}
