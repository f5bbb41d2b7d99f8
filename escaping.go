package jgen

import (
	"strconv"
)

// InvalidUTF8Policy says what happens to bytes of a string that are not
// valid UTF-8. A byte is invalid exactly when [unicode/utf8.DecodeRune]
// reports it as [unicode/utf8.RuneError] with width 1; each such byte is treated on its own, so
// "ab\xe2\x80" holds two invalid bytes.
type InvalidUTF8Policy uint8

const (
	// InvalidUTF8Error refuses the string: the quote functions return a
	// [*UTF8Error] and leave dst unchanged; the generator writes nothing of a
	// string or []byte value. This is the default, as in jsontext.
	InvalidUTF8Error InvalidUTF8Policy = iota

	// InvalidUTF8Replace writes each invalid byte as the escape sequence
	// \ufffd (U+FFFD REPLACEMENT CHARACTER), as [encoding/json.Marshal]
	// does.
	InvalidUTF8Replace

	// InvalidUTF8ReplaceRaw writes each invalid byte as the replacement
	// character U+FFFD in raw UTF-8 (EF BF BD), as encoding/json/v2 does
	// with AllowInvalidUTF8. The replacement character then follows the
	// rules for any code point of its value: it is escaped when
	// [Escaping.MaxUnescaped] is below U+FFFD, or written as a custom
	// sequence when [Escaping.CharacterEscapes] has one for it.
	InvalidUTF8ReplaceRaw
)

var invalidUTF8Names = [...]string{InvalidUTF8Error: "error", InvalidUTF8Replace: "replace", InvalidUTF8ReplaceRaw: "replace-raw"}

// String returns the policy's name: "error", "replace" or "replace-raw";
// for a value that is no policy, "InvalidUTF8Policy(N)".
func (p InvalidUTF8Policy) String() string {
	if int(p) < len(invalidUTF8Names) {
		return invalidUTF8Names[p]
	}
	return "InvalidUTF8Policy(" + strconv.Itoa(int(p)) + ")"
}

// MarshalText implements [encoding.TextMarshaler]: it returns the policy's
// name as [InvalidUTF8Policy.String] gives it, or an [*OptionsError] for a
// value that is no policy.
func (p InvalidUTF8Policy) MarshalText() ([]byte, error) {
	if int(p) >= len(invalidUTF8Names) {
		return nil, &OptionsError{"InvalidUTF8Policy", "unknown policy " + p.String()}
	}
	return []byte(invalidUTF8Names[p]), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it sets p to the
// policy named text, exactly as [InvalidUTF8Policy.MarshalText] writes it
// ("error", "replace" or "replace-raw"; case matters). For other text it
// returns an [*OptionsError], whose Reason lists the names, and leaves p
// unchanged.
func (p *InvalidUTF8Policy) UnmarshalText(text []byte) error {
	return unmarshalName(p, "InvalidUTF8Policy", invalidUTF8Names[:], text)
}

// Escaping says how strings (values and names alike) are quoted and which
// characters are written as escape sequences. The zero value is the
// [Minimal] preset: the RFC 8259 §7 minimum, lower-case hex digits, and an
// error for invalid UTF-8.
//
// Whatever the options, the quote char, '"', '\\' and the control
// characters U+0000..U+001F are always escaped (RFC 8259 §7): '"' as \",
// '\\' as \\, U+0008, U+0009, U+000A, U+000C and U+000D as \b \t \n \f \r,
// other controls as \u00XX. DEL (U+007F) is not escaped unless
// [CharacterEscapes] says so.
//
// For one code point the rules apply in this order (as in jackson-core):
// below U+0080, CharacterEscapes' per-byte action if it has one, else the
// options above; at or above U+0080, first MaxUnescaped, then
// CharacterEscapes' per-rune sequence, then JSLineTerminators, then
// SurrogateEscapes, else the code point is written as raw UTF-8.
//
// Escaping values are comparable with ==. Use [Escaping.Validate] to check
// one; every function that takes an Escaping validates it and returns the
// same error.
type Escaping struct {
	// QuoteChar is the byte that opens and closes every string: '"' (the
	// default; 0 means '"' too) or '\'' for JSON5/JavaScript consumers
	// (jackson-core's quoteChar). With '\'', a ' inside a string is written
	// \u0027 (never \', which JSON does not define) and '"' is still \".
	// Output with '\'' is not RFC 8259 JSON.
	QuoteChar byte

	// EscapeSlash writes '/' as \/ (jackson-core ESCAPE_FORWARD_SLASHES),
	// which keeps "</script>" out of HTML script blocks.
	EscapeSlash bool

	// HTMLSafe writes '<', '>' and '&' as \u003c, \u003e and \u0026,
	// exactly as encoding/json does by default; the apostrophe stays raw
	// (unless it is the QuoteChar). It is a flag, so it combines with any
	// CharacterEscapes. [HTMLEscapes], jackson-core's way to the same end,
	// also escapes the apostrophe, and takes the CharacterEscapes field.
	HTMLSafe bool

	// JSLineTerminators writes U+2028 LINE SEPARATOR and U+2029 PARAGRAPH
	// SEPARATOR as \u2028 and \u2029, which JavaScript before ES2019 does not
	// accept raw in string literals. encoding/json does this by default.
	JSLineTerminators bool

	// UpperHex writes the hex digits of every \u escape jgen generates in
	// upper case (\u001F, as jackson-core), instead of lower case (\u001f).
	// Custom sequences from [CharacterEscapes] are written as given.
	UpperHex bool

	// SurrogateEscapes writes every code point above U+FFFF as the escaped
	// UTF-16 surrogate pair (U+1F600 as \ud83d\ude00), even when the code
	// point is not above MaxUnescaped. This reproduces what jackson-core
	// 2.x's byte-output generator (UTF8JsonGenerator) writes.
	SurrogateEscapes bool

	// MaxUnescaped, when not 0, is the highest code point written raw:
	// every code point above it is written as \uXXXX, and above U+FFFF as
	// an escaped surrogate pair (RFC 8259 §7). 0x7F gives ASCII-only output
	// (jackson-core ESCAPE_NON_ASCII); other values match jackson-core's
	// highestNonEscapedChar as its byte-output generator
	// (UTF8JsonGenerator) applies it, to code points. Its char-output
	// generator (WriterBasedJsonGenerator) compares UTF-16 code units
	// instead, so from U+D800 up it differs for code points above U+FFFF,
	// whose surrogates it tests one at a time. Values from 1 to 0x7E are
	// rejected: they would escape ASCII characters, which is
	// [CharacterEscapes]' job.
	MaxUnescaped rune

	// InvalidUTF8 is the policy for bytes that are not valid UTF-8:
	// [InvalidUTF8Error], [InvalidUTF8Replace] or [InvalidUTF8ReplaceRaw].
	InvalidUTF8 InvalidUTF8Policy

	// CharacterEscapes, when not nil, customises how individual characters
	// are written (jackson-core's CharacterEscapes). See
	// [NewCharacterEscapes].
	CharacterEscapes *CharacterEscapes
}

// The presets. Each is an ordinary Escaping value: copy one and change
// fields to adjust it. Do not assign to their fields in place; that would
// change the preset for the whole program.
var (
	// Minimal is the RFC 8259 §7 minimum with lower-case hex digits: the
	// string form of encoding/json/jsontext's defaults and of RFC 8785
	// (JSON Canonicalization Scheme). It is the zero Escaping.
	Minimal = Escaping{}

	// Stdlib reproduces the strings of the [encoding/json.Marshal] the
	// program is built with: HTML-safe, U+2028/U+2029 escaped, each invalid
	// byte replaced by U+FFFD. The two implementations of encoding/json
	// write that replacement differently, and a build constraint gives
	// Stdlib the InvalidUTF8 of the one compiled in: [InvalidUTF8Replace]
	// (\ufffd) with the original (Go 1.26 and earlier),
	// [InvalidUTF8ReplaceRaw] (raw U+FFFD) with the one built on
	// encoding/json/v2 (Go 1.27 and later; GOEXPERIMENT=jsonv2 and nojsonv2
	// choose either). Their strings differ in nothing else. For the same
	// bytes whatever the toolchain, copy Stdlib and set InvalidUTF8.
	//
	// Under Stdlib, WriteValue and Marshal write json.Marshal's bytes and
	// return errors that hold encoding/json's error types and fields
	// (jgen's own message around them), on each of the builds the
	// toolchain offers: the classic encoding/json (Go 1.26; Go 1.27 with
	// GOEXPERIMENT=nojsonv2) and the one on encoding/json/v2 (Go 1.27; Go
	// 1.26 with GOEXPERIMENT=jsonv2), except:
	//   - every build: nesting deeper than Options.MaxDepth (10000 levels
	//     by default, counted from the root through MarshalJSON output) is
	//     refused, where classic encoding/json has no limit (and checks
	//     MarshalJSON output alone, to 10000 levels) and the v2-based one
	//     takes 10001 levels whose innermost container is empty; invalid
	//     UTF-8 and escaped lone surrogates (such as \ud800) inside
	//     MarshalJSON output follow InvalidUTF8 where encoding/json copies
	//     them (the drop-in package json, whose MarshalerEscaping refuses
	//     them, hands such a value to encoding/json); NaN and ±Inf
	//     follow Options.NonFinite;
	//     a marshal method may be called twice (see WriteValue);
	//   - on encoding/json/v2: map keys whose names are equal once invalid
	//     UTF-8 is replaced are in random order there, in collection order
	//     here; a refused map key's UnsupportedValueError.Str counts the
	//     offset in jgen's output, which is encoding/json's in the Compact
	//     layout only;
	//   - Go 1.26 with GOEXPERIMENT=jsonv2: a struct with a field whose
	//     tag holds the option inline, unknown or format (which that
	//     encoding/json applies) is refused, with an [*EncodeError]
	//     matching [ErrTagOptionUnsupported], where encoding/json encodes
	//     it.
	Stdlib = Escaping{HTMLSafe: true, JSLineTerminators: true, InvalidUTF8: stdlibInvalidUTF8}

	// Jackson reproduces jackson-core 2.14's defaults as written by its
	// char-output generator (WriterBasedJsonGenerator): upper-case hex
	// digits. Set SurrogateEscapes for its byte-output generator's form of
	// code points above U+FFFF.
	Jackson = Escaping{UpperHex: true}

	// ASCII is [Minimal] with every code point above U+007F escaped, so the
	// output is 7-bit clean.
	ASCII = Escaping{MaxUnescaped: 0x7F}

	// PrintableASCII is [ASCII] with DEL (U+007F) escaped too, as \u007f, so
	// that every byte between the quotes is printable ASCII (0x20..0x7E).
	// On valid UTF-8 its strings equal those of jq -a (--ascii-output) and
	// of Python's json.dumps with ensure_ascii=True, its default; the jgen
	// command's -a writes them. ASCII keeps DEL raw, as jackson-core's
	// ESCAPE_NON_ASCII does. Its CharacterEscapes escapes DEL and nothing
	// else: set it in another Escaping to escape DEL there.
	PrintableASCII = Escaping{MaxUnescaped: 0x7F, CharacterEscapes: mustCharacterEscapes(EscapeSpec{
		ASCII: map[byte]Escape{0x7F: EscapeUnicode()},
	})}
)

// Validate reports whether e is usable. It returns an [*OptionsError]
// (matching [ErrInvalidOptions]) when QuoteChar is neither 0, the quotation
// mark (") nor the apostrophe ('); when MaxUnescaped is negative, between
// 1 and 0x7E, or above U+10FFFF; when InvalidUTF8 is not one of the
// defined policies; when QuoteChar is the apostrophe and
// CharacterEscapes would write a raw apostrophe (an [EscapeNone] action
// for it, or a custom sequence holding one); or when a custom sequence of
// CharacterEscapes holds raw a character that this Escaping escapes ('<',
// '>' or '&' under HTMLSafe, '/' under EscapeSlash, unless the table
// writes that character raw with [EscapeNone]), so that no sequence
// undoes a guarantee of the options. The Reason names the sequence's key
// and the raw character as U+XXXX.
func (e Escaping) Validate() error {
	switch e.QuoteChar {
	case 0, '"', '\'':
	default:
		return &OptionsError{"Escaping.QuoteChar", "must be '\"' or '\\'', got " + strconv.QuoteRune(rune(e.QuoteChar))}
	}
	if e.MaxUnescaped < 0 || (e.MaxUnescaped > 0 && e.MaxUnescaped < 0x7F) || e.MaxUnescaped > 0x10FFFF {
		return &OptionsError{"Escaping.MaxUnescaped", "must be 0 (no limit) or from U+007F to U+10FFFF, got " + codePoint(e.MaxUnescaped)}
	}
	if e.InvalidUTF8 > InvalidUTF8ReplaceRaw {
		return &OptionsError{"Escaping.InvalidUTF8", "unknown policy " + e.InvalidUTF8.String()}
	}
	if e.QuoteChar == '\'' && e.CharacterEscapes != nil && e.CharacterEscapes.rawApostrophe {
		return &OptionsError{"Escaping.CharacterEscapes", "writes a raw ' but QuoteChar is '"}
	}
	if ce := e.CharacterEscapes; ce != nil {
		if c, key, option, ok := ce.rawEscaped(&e); ok {
			return &OptionsError{"Escaping.CharacterEscapes", "the sequence for " + codePoint(key) + " holds " + codePoint(rune(c)) + " raw, which " + option + " escapes"}
		}
	}
	return nil
}

// quote returns the effective quote char.
func (e *Escaping) quote() byte {
	if e.QuoteChar == 0 {
		return '"'
	}
	return e.QuoteChar
}
