// Package reference is the test oracle for jgen's string escaping: a per-rune
// escaper written to be read and checked by eye, not to be fast.
//
// It implements the escaping model of docs/DESIGN.md §2 literally, one rule per
// line, in the order the rules are stated there. It does not import package
// jgen and has its own option type, so that a bug in jgen's options or
// presets cannot hide in both the library and its oracle.
//
// For each code point of the input, in order:
//
//  1. Decode with utf8.DecodeRune. A byte reported as utf8.RuneError with
//     width 1 is one invalid byte: PolicyError stops with a *UTF8Error
//     carrying its offset; PolicyReplace writes the escape \ufffd;
//     PolicyReplaceRaw treats it as the code point U+FFFD and goes to step 3.
//  2. An ASCII byte (< 0x80): a custom entry in Options.ASCII wins; otherwise
//     the RFC 8259 §7 escapes, the quote char, escape slash and HTML-safe.
//  3. A code point >= 0x80: the max-unescaped limit, then Options.Runes, then
//     JS line terminators, then supplementary-as-surrogate-escapes, then raw
//     UTF-8.
package reference

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// Policy says what to do with a byte that is not part of valid UTF-8.
type Policy int

const (
	// PolicyError rejects the string: AppendQuote returns dst unchanged and
	// a *UTF8Error.
	PolicyError Policy = iota
	// PolicyReplace writes each invalid byte as the escape \ufffd (as
	// encoding/json.Marshal does).
	PolicyReplace
	// PolicyReplaceRaw treats each invalid byte as the code point U+FFFD,
	// which is then written by the rules for code points >= 0x80 (raw, unless
	// a limit or custom sequence says otherwise), as jsontext does with
	// AllowInvalidUTF8.
	PolicyReplaceRaw
)

// Kind is the action of a custom escape for one ASCII byte.
type Kind int

const (
	// KindDefault leaves the byte to the standard rules.
	KindDefault Kind = iota
	// KindNone writes the byte raw.
	KindNone
	// KindUnicode writes the byte as \u00XX.
	KindUnicode
	// KindBackslash writes a backslash followed by Escape.Char.
	KindBackslash
	// KindSequence writes Escape.Seq verbatim.
	KindSequence
)

// Escape is a custom escape for one ASCII byte.
type Escape struct {
	Kind Kind
	Char byte   // for KindBackslash
	Seq  string // for KindSequence
}

// Options are the escaping options of docs/DESIGN.md §2. The zero value is the
// RFC 8259 minimum with lower-case hex digits and invalid UTF-8 rejected.
type Options struct {
	// Quote is the quote char: 0 or '"' means '"'; '\'' is the other choice.
	Quote byte

	EscapeSlash       bool // '/' as \/
	HTMLSafe          bool // '<' '>' '&' as \u003c \u003e \u0026
	JSLineTerminators bool // U+2028 U+2029 as \u2028 \u2029
	UpperHex          bool // hex digits of \u escapes in upper case
	SurrogateEscapes  bool // code points above U+FFFF as \uD83D\uDE00

	// MaxUnescaped is the highest code point written raw; every code point
	// >= 0x80 above it is escaped. 0 means no limit. ASCII is never affected
	// by it, so every value from 1 to 0x7F means ASCII-only output.
	MaxUnescaped rune

	InvalidUTF8 Policy

	ASCII map[byte]Escape // custom escapes for bytes < 0x80
	Runes map[rune]string // custom sequences for code points >= 0x80
}

// UTF8Error reports an invalid UTF-8 byte under PolicyError.
type UTF8Error struct {
	Offset int // byte offset of the invalid byte in the input
}

func (e *UTF8Error) Error() string {
	return fmt.Sprintf("reference: invalid UTF-8 at byte offset %d", e.Offset)
}

// AppendQuote appends the quote char, the escaped content of s and the quote
// char to dst. Under PolicyError an invalid byte makes it return dst
// unchanged (nothing is written, not even past len(dst)) and a *UTF8Error.
// It also returns dst unchanged and an error when o has a quote char, policy
// or escape kind that does not exist; it does not otherwise judge o (see
// Options.Validate).
func AppendQuote(dst, s []byte, o Options) ([]byte, error) {
	if err := o.checkEnums(); err != nil {
		return dst, err
	}
	var out []byte // built apart from dst, so an error leaves dst untouched
	out = append(out, o.quote())
	for i := 0; i < len(s); {
		r, width := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && width == 1 { // step 1: one invalid byte
			switch o.InvalidUTF8 {
			case PolicyError:
				return dst, &UTF8Error{Offset: i}
			case PolicyReplace:
				out = appendU(out, utf8.RuneError, o.UpperHex)
			case PolicyReplaceRaw:
				out = appendCodePoint(out, utf8.RuneError, o)
			}
			i++
			continue
		}
		if r < utf8.RuneSelf {
			out = appendASCII(out, byte(r), o) // step 2
		} else {
			out = appendCodePoint(out, r, o) // step 3
		}
		i += width
	}
	out = append(out, o.quote())
	return append(dst, out...), nil
}

// appendASCII is step 2: one ASCII byte c.
func appendASCII(out []byte, c byte, o Options) []byte {
	if e, ok := o.ASCII[c]; ok && e.Kind != KindDefault { // 2(a): custom table
		switch e.Kind {
		case KindNone:
			return append(out, c)
		case KindUnicode:
			return appendU(out, rune(c), o.UpperHex)
		case KindBackslash:
			return append(out, '\\', e.Char)
		case KindSequence:
			return append(out, e.Seq...)
		}
	}
	switch { // 2(b): standard rules
	case c == '"':
		return append(out, `\"`...)
	case c == '\\':
		return append(out, `\\`...)
	case c == '\'' && o.quote() == '\'':
		return appendU(out, '\'', o.UpperHex)
	case c == '\b':
		return append(out, `\b`...)
	case c == '\t':
		return append(out, `\t`...)
	case c == '\n':
		return append(out, `\n`...)
	case c == '\f':
		return append(out, `\f`...)
	case c == '\r':
		return append(out, `\r`...)
	case c < 0x20:
		return appendU(out, rune(c), o.UpperHex)
	case c == '/' && o.EscapeSlash:
		return append(out, `\/`...)
	case (c == '<' || c == '>' || c == '&') && o.HTMLSafe:
		return appendU(out, rune(c), o.UpperHex)
	default:
		return append(out, c)
	}
}

// appendCodePoint is step 3: one code point cp >= 0x80.
func appendCodePoint(out []byte, cp rune, o Options) []byte {
	if o.MaxUnescaped != 0 && cp > o.MaxUnescaped { // 3(a)
		return appendEscaped(out, cp, o.UpperHex)
	}
	if seq, ok := o.Runes[cp]; ok { // 3(b)
		return append(out, seq...)
	}
	if o.JSLineTerminators && (cp == '\u2028' || cp == '\u2029') { // 3(c)
		return appendU(out, cp, o.UpperHex)
	}
	if o.SurrogateEscapes && cp > 0xFFFF { // 3(d)
		return appendEscaped(out, cp, o.UpperHex)
	}
	return utf8.AppendRune(out, cp) // 3(e)
}

// appendEscaped writes cp as \uXXXX, or above U+FFFF as the \uXXXX\uXXXX
// escapes of its UTF-16 surrogate pair.
func appendEscaped(out []byte, cp rune, upper bool) []byte {
	if cp > 0xFFFF {
		hi, lo := utf16.EncodeRune(cp)
		out = appendU(out, hi, upper)
		return appendU(out, lo, upper)
	}
	return appendU(out, cp, upper)
}

// appendU writes the escape \uXXXX of the 16-bit value u.
func appendU(out []byte, u rune, upper bool) []byte {
	digits := "0123456789abcdef"
	if upper {
		digits = "0123456789ABCDEF"
	}
	return append(out, '\\', 'u',
		digits[u>>12&0xF], digits[u>>8&0xF], digits[u>>4&0xF], digits[u&0xF])
}

func (o Options) quote() byte {
	if o.Quote == '\'' {
		return '\''
	}
	return '"'
}

// checkEnums rejects values that have no meaning at all.
func (o Options) checkEnums() error {
	if o.Quote != 0 && o.Quote != '"' && o.Quote != '\'' {
		return fmt.Errorf("reference: quote char %q is neither '\"' nor '\\''", o.Quote)
	}
	if o.InvalidUTF8 < PolicyError || o.InvalidUTF8 > PolicyReplaceRaw {
		return fmt.Errorf("reference: unknown invalid UTF-8 policy %d", o.InvalidUTF8)
	}
	for c, e := range o.ASCII {
		if c >= utf8.RuneSelf {
			return fmt.Errorf("reference: custom ASCII escape for non-ASCII byte 0x%02X", c)
		}
		if e.Kind < KindDefault || e.Kind > KindSequence {
			return fmt.Errorf("reference: unknown escape kind %d for byte 0x%02X", e.Kind, c)
		}
	}
	for cp := range o.Runes {
		if cp < utf8.RuneSelf || cp > utf8.MaxRune || (0xD800 <= cp && cp <= 0xDFFF) {
			return fmt.Errorf("reference: custom sequence for %U, which is not a non-ASCII code point", cp)
		}
	}
	return nil
}
