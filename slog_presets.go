package jgen

// The escapings of log/slog's JSONHandler, which writes one record with two
// escapers: its own for keys, messages, string values and the text of
// errors ([Slog]), and an [encoding/json.Encoder] with SetEscapeHTML(false)
// for every other value ([StdlibNoHTML], with [StdlibNoHTMLMarshaler] as
// the [Options].MarshalerEscaping for the strings inside MarshalJSON
// output). Package slogjgen combines them into a [log/slog.Handler]. Like
// the other presets, each is an ordinary [Escaping] value: copy one to
// change it.
var (
	// Slog reproduces the string escaper of log/slog's JSONHandler: the
	// escaping of encoding/json without HTMLSafe, except that U+0008 and
	// U+000C are written \u0008 and \u000c rather than \b and \f; U+2028
	// and U+2029 escaped; each invalid byte replaced by U+FFFD, written as
	// the escape sequence \ufffd by the slog of the original encoding/json
	// and as a raw U+FFFD by the slog of Go 1.27 on encoding/json/v2 (the
	// goexperiment.jsonv2 build tag chooses, as for [Stdlib], except that
	// Go 1.26's slog writes \ufffd with GOEXPERIMENT=jsonv2 too).
	Slog = Escaping{JSLineTerminators: true, InvalidUTF8: slogInvalidUTF8(), CharacterEscapes: slogControls}

	// StdlibNoHTML is [Stdlib] without HTMLSafe: the strings of an
	// [encoding/json.Encoder] after SetEscapeHTML(false).
	StdlibNoHTML = Escaping{JSLineTerminators: true, InvalidUTF8: stdlibInvalidUTF8}

	// StdlibNoHTMLMarshaler is what a json.Encoder after
	// SetEscapeHTML(false) does to the strings inside MarshalJSON output,
	// as an escaping for [Options].MarshalerEscaping. The original
	// encoding/json leaves them as the method wrote them: valid escape
	// sequences as written and nothing escaped, U+2028 and U+2029
	// included, so this is Minimal there. The encoding/json of Go 1.27
	// (on encoding/json/v2) escapes U+2028 and U+2029 in them, so this is
	// StdlibNoHTML there. Both copy invalid UTF-8 in that output as it is,
	// which is not JSON; under this escaping each invalid byte is replaced
	// as in StdlibNoHTML.
	StdlibNoHTMLMarshaler = Escaping{JSLineTerminators: stdlibJSONv2, InvalidUTF8: stdlibInvalidUTF8}
)

// stdlibJSONv2 is set when encoding/json is the one on encoding/json/v2:
// the goexperiment.jsonv2 build tag that chooses stdlibInvalidUTF8 chooses
// both.
const stdlibJSONv2 = stdlibInvalidUTF8 == InvalidUTF8ReplaceRaw

// slogControls writes U+0008 and U+000C as \u0008 and \u000c, as log/slog's
// escaper does (it has no short forms for them).
var slogControls = mustCharacterEscapes(EscapeSpec{
	ASCII: map[byte]Escape{0x08: EscapeUnicode(), 0x0C: EscapeUnicode()},
})

// slogInvalidUTF8 is Slog's InvalidUTF8: Stdlib's, but the escape
// sequence on Go 1.26 with GOEXPERIMENT=jsonv2, whose log/slog quotes
// strings with its own code whatever encoding/json is.
func slogInvalidUTF8() InvalidUTF8Policy {
	if jsonOnV2 && !jsonV2Go127 {
		return InvalidUTF8Replace
	}
	return stdlibInvalidUTF8
}
