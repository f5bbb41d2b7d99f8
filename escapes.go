package jgen

import (
	"strconv"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// Escape says how a [CharacterEscapes] writes one ASCII character: it is
// the value type of [EscapeSpec.ASCII], jackson-core's escape code for the
// character. The zero Escape means "not customised": the [Escaping]
// options decide. Build the others with [EscapeNone], [EscapeUnicode],
// [EscapeBackslash] and [EscapeSequence].
type Escape struct {
	action escapeAction
	char   byte   // for actBackslash
	seq    string // for actSequence
}

type escapeAction uint8

const (
	actDefault escapeAction = iota
	actNone
	actUnicode
	actBackslash
	actSequence
)

// EscapeNone writes the character raw (jackson-core ESCAPE_NONE), even
// where an [Escaping] option would escape it. [NewCharacterEscapes]
// rejects it for the characters RFC 8259 §7 requires to be escaped.
func EscapeNone() Escape { return Escape{action: actNone} }

// EscapeUnicode writes the character as \u00XX, with the hex case of the
// [Escaping] in use (jackson-core ESCAPE_STANDARD for characters without a
// short form).
func EscapeUnicode() Escape { return Escape{action: actUnicode} }

// EscapeBackslash writes the character as a backslash followed by c
// (jackson-core's positive escape codes), for instance '/' as \/ with
// EscapeBackslash('/'). c must make a valid two-character escape sequence
// of RFC 8259 §7: one of " \ / b f n r t.
func EscapeBackslash(c byte) Escape { return Escape{action: actBackslash, char: c} }

// EscapeSequence writes the character as seq, verbatim (jackson-core
// ESCAPE_CUSTOM). seq must be valid JSON string content: valid UTF-8, no
// raw '"' or control character, every '\\' starting a valid escape
// sequence (RFC 8259 §7).
func EscapeSequence(seq string) Escape { return Escape{action: actSequence, seq: seq} }

// EscapeSpec is the specification of a [CharacterEscapes]: what the
// caller writes, which [NewCharacterEscapes] validates and compiles (as
// [regexp.Compile] turns a pattern into a [regexp.Regexp]).
type EscapeSpec struct {
	// ASCII maps bytes 0x00..0x7F to how each is written. Keys of 0x80 and
	// above are rejected: non-ASCII characters go in [EscapeSpec.Runes].
	ASCII map[byte]Escape

	// Runes maps code points U+0080 and above to the exact JSON string
	// content written for them (for instance "\\u20ac" for '€').
	Runes map[rune]string

	// IndexEscape, when not nil, is a scan hook for escapers whose rules
	// are fixed. jgen's own scan still stops at every byte the Escaping
	// options escape (the quote char, '"', '\\', controls, and '/', '<',
	// '>', '&' as set); the hook is given each run of ASCII bytes between
	// those stops and returns the index of the first byte in it that ASCII
	// may want to escape, or a value < 0 or >= len(s) if there is none. It
	// is called once per run, never per byte. Every byte either finder
	// stops at is written as ASCII says (or, without an entry there, as the
	// options say). A byte the hook misses is written as the options write
	// it, so a careless hook can lose a custom escape but never a mandatory
	// one (RFC 8259 §7). Without a hook, jgen derives its scan from ASCII:
	// as fast for any set on the SIMD kernels, slower on the portable one.
	IndexEscape func(s []byte) int
}

// CharacterEscapes is a compiled, validated [EscapeSpec]: jackson-core's
// CharacterEscapes. It is immutable and safe for concurrent use; set it in
// [Escaping.CharacterEscapes]. Make one with [NewCharacterEscapes], or use
// [HTMLEscapes] or [JSONPEscapes].
type CharacterEscapes struct {
	ascii [128]Escape
	runes map[rune]string
	// minRune and maxRune bound the keys of runes, for a cheap miss.
	minRune, maxRune rune
	hook             func(s []byte) int
	// custom[b] is true where ascii[b] is set; used to build scan sets.
	custom        [128]bool
	rawApostrophe bool
	// sets are the scan sets for each optionKey.set(), like stdSets.
	sets [setKeys]scan.Set
	// utf8 are the sets that pass valid UTF-8 through, indexed by
	// utf8Index like stdUTF8.
	utf8 [utf8Sets]lazySet
	// maxSeq is the longest output of one escape, in bytes.
	maxSeq int
}

// HTMLEscapes writes '<', '>', '&' and the apostrophe (') as \u003c,
// \u003e, \u0026 and \u0027 (hex case from the [Escaping]), as jackson-core
// users configure for output embedded in HTML.
//
// It differs from [Escaping.HTMLSafe] in two ways. It escapes the
// apostrophe too, which matters where the JSON text is placed in an HTML
// attribute quoted with apostrophes; HTMLSafe escapes only '<', '>' and
// '&', as [encoding/json.Marshal] does, and writes the apostrophe raw
// (unless it is the quote char). And it is a CharacterEscapes, so it takes
// the Escaping's one CharacterEscapes field and cannot be combined with
// another custom table, where HTMLSafe is a flag that combines with any.
// For encoding/json's bytes use HTMLSafe (or the [Stdlib] preset); for
// jackson-core's HTML escaping, HTMLEscapes.
var HTMLEscapes = mustCharacterEscapes(EscapeSpec{
	ASCII: map[byte]Escape{
		'<': EscapeUnicode(), '>': EscapeUnicode(), '&': EscapeUnicode(), '\'': EscapeUnicode(),
	},
	IndexEscape: indexHTML,
})

// JSONPEscapes writes U+2028 and U+2029 as \u2028 and \u2029, as
// jackson-core's JsonpCharacterEscapes does. [Escaping.JSLineTerminators]
// gives the same output without CharacterEscapes.
var JSONPEscapes = mustCharacterEscapes(EscapeSpec{
	Runes: map[rune]string{'\u2028': `\u2028`, '\u2029': `\u2029`},
})

func indexHTML(s []byte) int {
	for i, c := range s {
		switch c {
		case '<', '>', '&', '\'':
			return i
		}
	}
	return -1
}

func mustCharacterEscapes(spec EscapeSpec) *CharacterEscapes {
	ce, err := NewCharacterEscapes(spec)
	if err != nil {
		panic(err)
	}
	return ce
}

// NewCharacterEscapes validates spec and compiles it. It returns an
// [*OptionsError] (matching [ErrInvalidOptions]) when an ASCII key is 0x80
// or above; when [EscapeNone] is given for '"', '\\' or a control
// character (RFC 8259 §7 requires them escaped); when [EscapeBackslash]
// names a byte other than " \ / b f n r t; when a Runes key is below
// U+0080, above U+10FFFF or a surrogate; or when a sequence is not valid
// JSON string content (see [EscapeSequence]). The spec's maps are copied.
func NewCharacterEscapes(spec EscapeSpec) (*CharacterEscapes, error) {
	ce := &CharacterEscapes{hook: spec.IndexEscape, minRune: utf8.MaxRune + 1, maxSeq: maxEscapeLen}
	for b, e := range spec.ASCII {
		where := "EscapeSpec.ASCII[" + strconv.QuoteRune(rune(b)) + "]"
		if b >= 0x80 {
			return nil, &OptionsError{where, "not an ASCII byte; use EscapeSpec.Runes"}
		}
		switch e.action {
		case actDefault, actUnicode:
		case actNone:
			if b < 0x20 || b == '"' || b == '\\' {
				return nil, &OptionsError{where, "RFC 8259 §7 requires this character to be escaped"}
			}
			if b == '\'' {
				ce.rawApostrophe = true
			}
		case actBackslash:
			switch e.char {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			default:
				return nil, &OptionsError{where, backslashAnd(e.char) + " is not a JSON escape sequence"}
			}
		case actSequence:
			if err := validSequence(e.seq); err != nil {
				return nil, &OptionsError{where, err.Error()}
			}
			if containsByte(e.seq, '\'') {
				ce.rawApostrophe = true
			}
			ce.maxSeq = max(ce.maxSeq, len(e.seq))
		default:
			return nil, &OptionsError{where, "unknown escape action"}
		}
		ce.ascii[b] = e
		ce.custom[b] = e.action != actDefault
	}
	if len(spec.Runes) > 0 {
		ce.runes = make(map[rune]string, len(spec.Runes))
	}
	for r, seq := range spec.Runes {
		where := "EscapeSpec.Runes[" + codePoint(r) + "]"
		if r < 0x80 || r > utf8.MaxRune || (r >= 0xD800 && r <= 0xDFFF) {
			return nil, &OptionsError{where, "key must be a code point from U+0080 to U+10FFFF, not a surrogate"}
		}
		if err := validSequence(seq); err != nil {
			return nil, &OptionsError{where, err.Error()}
		}
		if containsByte(seq, '\'') {
			ce.rawApostrophe = true
		}
		ce.runes[r] = seq
		ce.minRune = min(ce.minRune, r)
		ce.maxRune = max(ce.maxRune, r)
		ce.maxSeq = max(ce.maxSeq, len(seq))
	}
	for k := range ce.sets {
		ce.sets[k] = ce.scanSet(optionKey(k).extra())
	}
	return ce, nil
}

// rune returns the custom sequence for r, if any.
func (ce *CharacterEscapes) rune(r rune) (string, bool) {
	if r < ce.minRune || r > ce.maxRune {
		return "", false
	}
	s, ok := ce.runes[r]
	return s, ok
}

// scanSet returns the scan set for ce combined with the option bytes extra.
func (ce *CharacterEscapes) scanSet(extra []byte) scan.Set {
	return scan.NewSet(ce.scanExtra(extra)...)
}

// scanExtra returns the ASCII bytes the scan stops at for ce combined with
// the option bytes extra. With a hook, the custom ASCII bytes are found by
// the hook instead.
func (ce *CharacterEscapes) scanExtra(extra []byte) []byte {
	if ce.hook != nil {
		return extra
	}
	tab := ce.custom
	for _, c := range extra {
		tab[c] = true
	}
	var all []byte
	for c, in := range tab {
		if in {
			all = append(all, byte(c))
		}
	}
	return all
}

// stopLeads is the package's stopLeads for lead class c plus the lead
// bytes of ce's custom runes.
func (ce *CharacterEscapes) stopLeads(c leadClass) *[256]bool {
	t := stopLeads(c)
	var buf [utf8.UTFMax]byte
	for r := range ce.runes {
		utf8.EncodeRune(buf[:], r)
		t[buf[0]] = true
	}
	return t
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// validSequence checks that seq is valid JSON string content (RFC 8259 §7)
// that cannot end a string quoted with '"': valid UTF-8, no raw '"' or
// control character, and every backslash starting a valid escape sequence.
func validSequence(seq string) error {
	if !utf8.ValidString(seq) {
		return errString("sequence is not valid UTF-8")
	}
	for i := 0; i < len(seq); i++ {
		c := seq[i]
		switch {
		case c < 0x20:
			return errString("sequence holds a raw control character at byte " + strconv.Itoa(i))
		case c == '"':
			return errString("sequence holds a raw '\"' at byte " + strconv.Itoa(i))
		case c == '\\':
			if i+1 >= len(seq) {
				return errString("sequence ends with a lone backslash")
			}
			switch seq[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+6 > len(seq) || !isHex(seq[i+2]) || !isHex(seq[i+3]) || !isHex(seq[i+4]) || !isHex(seq[i+5]) {
					return errString("sequence holds \\u not followed by four hex digits at byte " + strconv.Itoa(i))
				}
				i += 5
			default:
				return errString("sequence holds an invalid escape " + backslashAnd(seq[i+1]) + " at byte " + strconv.Itoa(i))
			}
		}
	}
	return nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

type errString string

func (e errString) Error() string { return string(e) }
