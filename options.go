package jgen

import "strconv"

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

// DefaultMaxDepth is the nesting limit used when Options.MaxDepth is 0,
// the same as encoding/json/jsontext's.
const DefaultMaxDepth = 10000

// DefaultBufferSize is the buffer size in bytes used when
// Options.BufferSize is 0.
const DefaultBufferSize = 8 << 10

// minBufferSize is the smallest buffer a Generator uses: room for the
// longest escape and a useful scan run.
const minBufferSize = 512

// Options configures a Generator. The zero value is valid: compact layout,
// Minimal escaping, "\n" between root values, nesting limit
// DefaultMaxDepth, buffer DefaultBufferSize, NaN and infinities refused.
type Options struct {
	// Escaping is applied to every string value and name. It can be
	// changed later with Generator.SetEscaping.
	Escaping Escaping

	// Layout is Compact, Indented or JacksonPretty.
	Layout Layout

	// Indent is the indentation of one level in the Indented layout: only
	// spaces and tabs; "" means two spaces. Ignored in the other layouts.
	Indent string

	// RootSeparator is written between two values at the root (it is not
	// written after the last one): only JSON whitespace (RFC 8259 §2:
	// space, tab, LF, CR); "" means "\n", which makes a sequence of
	// compact values NDJSON.
	RootSeparator string

	// MaxDepth is the deepest nesting of objects and arrays allowed; a
	// start token beyond it fails with ErrMaxDepth. 0 means
	// DefaultMaxDepth.
	MaxDepth int

	// BufferSize is the size in bytes of the buffer in front of the
	// io.Writer; values below 512 are raised to 512. 0 means
	// DefaultBufferSize. Ignored in append mode.
	BufferSize int

	// NonFinite is the policy for NaN and ±Inf floats.
	NonFinite NonFinitePolicy
}

// validate returns an *OptionsError for a bad field.
func (o *Options) validate() error {
	if err := o.Escaping.Validate(); err != nil {
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
	for i := 0; i < len(o.RootSeparator); i++ {
		switch o.RootSeparator[i] {
		case ' ', '\t', '\n', '\r':
		default:
			return &OptionsError{"Options.RootSeparator", "may hold only JSON whitespace, got " + strconv.Quote(o.RootSeparator)}
		}
	}
	if o.MaxDepth < 0 {
		return &OptionsError{"Options.MaxDepth", "must not be negative"}
	}
	if o.BufferSize < 0 {
		return &OptionsError{"Options.BufferSize", "must not be negative"}
	}
	if o.NonFinite > NonFiniteNull {
		return &OptionsError{"Options.NonFinite", "unknown policy " + strconv.Itoa(int(o.NonFinite))}
	}
	return nil
}
