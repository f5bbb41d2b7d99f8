// Package jgen is a streaming JSON generator (RFC 8259) with fast,
// configurable string escaping.
//
// # Generating
//
// A [Generator] writes one token at a time: [Generator.WriteStartObject],
// [Generator.WriteName], [Generator.WriteString], [Generator.WriteInt],
// [Generator.WriteEndObject] and so on. It writes to an [io.Writer]
// through a buffer ([NewGenerator]) or appends to a byte slice
// ([NewAppendGenerator]). Every token is checked against the JSON grammar
// before any of it is written, so a program cannot produce malformed
// output by calling methods in the wrong order; the error says which token
// was refused and where. Several values may follow each other at the root;
// in the [Compact] and [Indented] layouts each is followed by a newline by
// default, written as soon as the value is complete, which makes NDJSON.
// [Generator.WriteValue] writes a whole Go value by the rules of
// encoding/json, or of encoding/json/v2 with [Options.V2].
//
// # Errors
//
// A refused token writes nothing and the stream goes on, but
// [Generator.Close] returns the first error that any call returned, so a
// program may check every call or, as with [bufio.Writer], only Close.
// Each error matches a sentinel with [errors.Is] and carries its details
// in a type for [errors.As]: a [*SyntaxError] for a token out of place, a
// [*ValueError] for a value refused for its content (NaN, bad number text,
// a bad raw value, an unusable base64 encoding), a [*UTF8Error] for
// invalid UTF-8, an [*OptionsError] for a bad option, and an
// [*EncodeError] for a Go value. [ErrSyntax] lists them with what their
// offsets mean.
//
// # Escaping
//
// How strings are written is an [Escaping] value: the quote char, which
// characters are escaped beyond the RFC 8259 §7 minimum ('/', HTML's
// '<' '>' '&', U+2028/U+2029, everything above a code point such as
// U+007F for ASCII-only output), the case of hex digits, surrogate pair
// escapes, the policy for invalid UTF-8, and custom per-character escapes
// ([CharacterEscapes]). The presets [Minimal] (the default, as jsontext),
// [Stdlib] (as the [encoding/json.Marshal] of the Go that builds the
// program), [Jackson] (as jackson-core), [ASCII] and [PrintableASCII] are
// starting points. A generator's escaping can be changed between tokens
// with [Generator.SetEscaping]. The option types [Layout],
// [NonFinitePolicy] and [InvalidUTF8Policy] read and write their names as
// text (as in flags and configuration files).
//
// The same rules are available without a generator, in the style of
// strconv: [Escaping.AppendQuote], [Escaping.AppendQuoteBytes] and
// [Escaping.Quote], and for many strings in a hot loop a [Quoter], which
// compiles an Escaping once.
//
// Whatever the options, the output of a string cannot end its quotes
// early: the quote char, '"', '\\' and control characters are always
// escaped, and custom escape sequences are checked when they are made.
//
// # Speed
//
// Strings are scanned many bytes at a time for the first byte that needs
// attention, and clean runs are copied in bulk: AVX-512 or AVX2 kernels on
// amd64, chosen at run time ([golang.org/x/sys/cpu]), and word-at-a-time
// (SWAR) kernels elsewhere or with the purego build tag. Valid UTF-8 passes
// through the scan unless an option escapes some of it; invalid UTF-8
// always stops it. The kernel is chosen once per option change, never per
// byte. Once a Generator's buffer has grown to its working size, writing
// tokens does not allocate.
package jgen
