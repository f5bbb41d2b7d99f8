package jgen

import (
	"strconv"
	"strings"
)

// Layout selects how a [Generator] lays out structure (whitespace between
// tokens). Strings and numbers are the same in every layout.
type Layout uint8

const (
	// Compact writes no whitespace between tokens: {"a":[1,2]}.
	Compact Layout = iota

	// Indented puts every member and element on its own line, indented by
	// [Options.Indent] per level, with ": " between name and value, and
	// empty containers as {} and [] (the layout of jq and of
	// [encoding/json.MarshalIndent]).
	Indented

	// JacksonPretty reproduces jackson-core's DefaultPrettyPrinter byte for
	// byte (LF line ends): members on their own lines indented two spaces
	// per enclosing object, " : " between name and value, arrays on one
	// line as [ 1, "x" ], empty containers as { } and [ ].
	JacksonPretty
)

var layoutNames = [...]string{Compact: "compact", Indented: "indented", JacksonPretty: "jackson"}

// String returns the layout's name: "compact", "indented" or "jackson";
// for a value that is no layout, "Layout(N)".
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return "Layout(" + strconv.Itoa(int(l)) + ")"
}

// MarshalText implements [encoding.TextMarshaler]: it returns the layout's
// name as [Layout.String] gives it, or an [*OptionsError] for a value that
// is no layout.
func (l Layout) MarshalText() ([]byte, error) {
	if int(l) >= len(layoutNames) {
		return nil, &OptionsError{"Layout", "unknown layout " + l.String()}
	}
	return []byte(layoutNames[l]), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it sets l to the
// layout named text, exactly as [Layout.MarshalText] writes it ("compact",
// "indented" or "jackson"; case matters). For other text it returns an
// [*OptionsError], whose Reason lists the names, and leaves l unchanged.
func (l *Layout) UnmarshalText(text []byte) error {
	return unmarshalName(l, "Layout", layoutNames[:], text)
}

// NonFinitePolicy says how [Generator.WriteFloat] and
// [Generator.WriteFloat32] write NaN and the infinities, which RFC 8259 §6 does not allow as numbers.
type NonFinitePolicy uint8

const (
	// NonFiniteError refuses them with a [*ValueError] matching
	// [ErrNonFinite] (the default, as encoding/json).
	NonFiniteError NonFinitePolicy = iota
	// NonFiniteString writes them as the strings "NaN", "Infinity" and
	// "-Infinity" (jackson-core's QUOTE_NON_NUMERIC_NUMBERS).
	NonFiniteString
	// NonFiniteNull writes them as null.
	NonFiniteNull
)

var nonFiniteNames = [...]string{NonFiniteError: "error", NonFiniteString: "string", NonFiniteNull: "null"}

// String returns the policy's name: "error", "string" or "null"; for a
// value that is no policy, "NonFinitePolicy(N)".
func (p NonFinitePolicy) String() string {
	if int(p) < len(nonFiniteNames) {
		return nonFiniteNames[p]
	}
	return "NonFinitePolicy(" + strconv.Itoa(int(p)) + ")"
}

// MarshalText implements [encoding.TextMarshaler]: it returns the policy's
// name as [NonFinitePolicy.String] gives it, or an [*OptionsError] for a
// value that is no policy.
func (p NonFinitePolicy) MarshalText() ([]byte, error) {
	if int(p) >= len(nonFiniteNames) {
		return nil, &OptionsError{"NonFinitePolicy", "unknown policy " + p.String()}
	}
	return []byte(nonFiniteNames[p]), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it sets p to the
// policy named text, exactly as [NonFinitePolicy.MarshalText] writes it
// ("error", "string" or "null"; case matters). For other text it returns
// an [*OptionsError], whose Reason lists the names, and leaves p
// unchanged.
func (p *NonFinitePolicy) UnmarshalText(text []byte) error {
	return unmarshalName(p, "NonFinitePolicy", nonFiniteNames[:], text)
}

// DefaultMaxDepth is the nesting limit used when [Options.MaxDepth] is 0,
// the same as encoding/json/jsontext's.
const DefaultMaxDepth = 10000

// DefaultBufferSize is the buffer size in bytes used when
// [Options.BufferSize] is 0.
const DefaultBufferSize = 8 << 10

// MaxBufferSize is the largest [Options.BufferSize] accepted, 1 GiB. The
// buffer is allocated whole when the [Generator] is made, and a buffer this
// large already makes the cost of each Write call to the [io.Writer]
// negligible; the limit also keeps the buffer's size arithmetic far from
// overflow where int has 32 bits.
const MaxBufferSize = 1 << 30

// minBufferSize is the smallest buffer a Generator uses: room for the
// longest escape and a useful scan run.
const minBufferSize = 512

// Options configures a [Generator]. The zero value is valid: [Compact]
// layout, [Minimal] escaping, "\n" after each root value, nesting limit
// [DefaultMaxDepth], buffer [DefaultBufferSize], NaN and infinities
// refused. [NewGenerator] and [NewAppendGenerator] return an
// [*OptionsError] for a field outside the range its comment gives.
type Options struct {
	// Escaping is applied to every string value and name. It can be
	// changed later with [Generator.SetEscaping].
	Escaping Escaping

	// Layout is [Compact], [Indented] or [JacksonPretty].
	Layout Layout

	// Indent is the indentation of one level in the [Indented] layout: only
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
	// JSON whitespace. With "\n", after [Generator.Flush] the [io.Writer]
	// holds whole lines, one per root value (NDJSON; [encoding/json.Encoder]
	// and jsontext's Encoder write the same).
	//
	// When RootSeparator and RootTerminator are both "", the layout's
	// default applies: in [Compact] and [Indented], "\n" ends each root
	// value; in [JacksonPretty], one space separates root values and nothing
	// follows the last, as jackson-core's DefaultPrettyPrinter writes
	// ({ } [ ]). Setting either field means exactly what it says, the
	// other one "" then writing nothing: for instance RootSeparator "\n"
	// alone writes a newline between root values and none after the last
	// (one value per buffer, as [encoding/json.Marshal]).
	RootTerminator string

	// MaxDepth is the deepest nesting of objects and arrays allowed; a
	// start token beyond it fails with a [*SyntaxError] matching
	// [ErrMaxDepth]. 0 means [DefaultMaxDepth].
	MaxDepth int

	// BufferSize is the size in bytes of the buffer in front of the
	// [io.Writer], at most [MaxBufferSize]; values below 512 are raised to
	// 512. 0 means [DefaultBufferSize]. Not used in append mode, but
	// checked there too.
	BufferSize int

	// NonFinite is the policy for NaN and ±Inf floats: [NonFiniteError],
	// [NonFiniteString] or [NonFiniteNull].
	NonFinite NonFinitePolicy

	// MarshalerEscaping, when not nil, is the escaping WriteValue applies
	// to the strings inside MarshalJSON output and json.RawMessage, which
	// it re-encodes by the raw-value rule (see WriteValue); the rest of
	// the value, and every other token, follows Escaping. It is compiled
	// when the Generator is made; SetEscaping does not change it.
	// StdlibNoHTMLMarshaler, with StdlibNoHTML as Escaping, gives the
	// bytes of a json.Encoder after SetEscapeHTML(false).
	MarshalerEscaping *Escaping

	// V2, when not nil, makes WriteValue (and Marshal, AppendMarshal,
	// Encoder) follow encoding/json/v2's rules with these options instead
	// of encoding/json's; see [JSONv2]. MarshalerEscaping and NonFinite do
	// not apply then. The Generator keeps the pointer: the JSONv2 must not
	// change while a Generator made with it is in use.
	V2 *JSONv2
}

// validate returns an [*OptionsError] for a bad field.
func (o *Options) validate() error {
	if o.plain() {
		return nil
	}
	return o.check()
}

// check is validate without its shortcut.
func (o *Options) check() error {
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

// plain reports whether o is valid by a test cheaper than validate's,
// which holds for the options most programs pass (a preset escaping with
// no CharacterEscapes, no MarshalerEscaping, empty strings, fields in
// range) and is false for others, valid or not; NewEncoder, made per
// request by a handler, validates each time.
func (o *Options) plain() bool {
	e := &o.Escaping
	return e.CharacterEscapes == nil && o.MarshalerEscaping == nil &&
		(e.QuoteChar == 0 || e.QuoteChar == '"') && e.MaxUnescaped == 0 && e.InvalidUTF8 <= InvalidUTF8ReplaceRaw &&
		o.Layout <= JacksonPretty && o.NonFinite <= NonFiniteNull &&
		len(o.Indent)|len(o.RootSeparator)|len(o.RootTerminator) == 0 &&
		o.MaxDepth >= 0 && uint(o.BufferSize) <= MaxBufferSize
}

// unmarshalName sets *dst to the index of text in names, the names of the
// values of the option type typ, or returns an [*OptionsError] that lists
// them, such as: want error, replace or replace-raw, not "drop".
func unmarshalName[T ~uint8](dst *T, typ string, names []string, text []byte) error {
	for i, name := range names {
		if string(text) == name {
			*dst = T(i)
			return nil
		}
	}
	want := names[len(names)-1]
	if len(names) > 1 {
		want = strings.Join(names[:len(names)-1], ", ") + " or " + want
	}
	return &OptionsError{typ, "want " + want + ", not " + strconv.Quote(string(text))}
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
