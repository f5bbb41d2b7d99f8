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
// sequence (RFC 8259 §7). So that no guarantee of an [Escaping] is lost
// through it, seq must also not be empty, hold only printable ASCII
// (0x20..0x7E) raw, with any other character written as \u escapes, and
// name no lone surrogate in a \u escape (a high surrogate escape followed
// by a low one is a pair); [Escaping.Validate] further refuses a raw
// character that the Escaping's options escape.
func EscapeSequence(seq string) Escape { return Escape{action: actSequence, seq: seq} }

// EscapeSpec is the specification of a [CharacterEscapes]: what the
// caller writes, which [NewCharacterEscapes] validates and compiles (as
// [regexp.Compile] turns a pattern into a [regexp.Regexp]).
type EscapeSpec struct {
	// ASCII maps bytes 0x00..0x7F to how each is written. Keys of 0x80 and
	// above are rejected: non-ASCII characters go in [EscapeSpec.Runes].
	ASCII map[byte]Escape

	// Runes maps code points U+0080 and above to the exact JSON string
	// content written for them (for instance "\\u20ac" for '€'), under
	// the rules of [EscapeSequence].
	Runes map[rune]string

	// IndexEscape, when not nil, is a scan hook for escapers whose rules
	// are fixed. jgen's own scan still stops at every byte the Escaping
	// options and Runes escape (the quote char, '"', '\\', controls, '/',
	// '<', '>', '&' as set, the code points above MaxUnescaped, invalid
	// UTF-8); the hook is given each clean run between those stops, the
	// bytes the scan copied in one go: ASCII and whole, valid UTF-8
	// sequences that are written raw. It returns the index of the first
	// ASCII byte in it that ASCII may want to escape, or a value < 0 or >=
	// len(s) if there is none. It is called once per run, never per byte,
	// and not for an empty run; a string the scan finds nothing in costs
	// one call. Every byte either finder stops at is written as ASCII says
	// (or, without an entry there, as the options say); an index at a byte
	// >= 0x80 stops nothing there, and the rest of the run after that
	// code point is given to the hook again. A byte the hook misses is
	// written as the options write it, so a careless hook can lose a
	// custom escape but never a mandatory one (RFC 8259 §7). s is only
	// read and must not be kept. Under a MaxUnescaped from U+007F to
	// U+07FE (ASCII-only output included) the runs are ASCII only, since
	// the scan stops at every byte >= 0x80. Without a hook, jgen derives its
	// scan from ASCII: as fast for any set on the SIMD kernels, slower on
	// the portable one.
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
	// rawKey[c] is 1 + the smallest key (an ASCII byte or a Runes code
	// point) whose custom sequence holds c raw, or 0; Escaping.Validate
	// refuses raw characters that the escaping itself escapes.
	rawKey [128]rune
	// sets are the scan sets for each optionKey.set(), like stdSets.
	sets [setKeys]scan.Set
	// utf8 are the sets that pass valid UTF-8 through, indexed by
	// utf8Index like stdUTF8.
	utf8 [utf8Sets]lazySet
	// tabs are the ASCII escape tables for each optionKey, like stdTabs,
	// built on first use; unused unless tableOK.
	tabs [tableKeys]lazyTable
	// tableOK is set when every ASCII entry's form fits an escCode (8
	// bytes), so that the string loops can write it from a table as they
	// do for the standard options.
	tableOK bool
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
// jackson-core's HTML escaping, HTMLEscapes. It has no
// [EscapeSpec.IndexEscape] hook: the scan is derived from its table, which
// on the SIMD kernels costs what Minimal's does on strings it leaves
// unchanged (docs/PERFORMANCE.md).
var HTMLEscapes = mustCharacterEscapes(EscapeSpec{
	ASCII: map[byte]Escape{
		'<': EscapeUnicode(), '>': EscapeUnicode(), '&': EscapeUnicode(), '\'': EscapeUnicode(),
	},
})

// JSONPEscapes writes U+2028 and U+2029 as \u2028 and \u2029, as
// jackson-core's JsonpCharacterEscapes does. [Escaping.JSLineTerminators]
// gives the same output without CharacterEscapes.
var JSONPEscapes = mustCharacterEscapes(EscapeSpec{
	Runes: map[rune]string{'\u2028': `\u2028`, '\u2029': `\u2029`},
})

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
// JSON string content or breaks a rule of [EscapeSequence] (empty, a raw
// character outside printable ASCII, a lone surrogate escape). The spec's
// maps are copied.
func NewCharacterEscapes(spec EscapeSpec) (*CharacterEscapes, error) {
	ce := &CharacterEscapes{hook: spec.IndexEscape, minRune: utf8.MaxRune + 1, maxSeq: maxEscapeLen, tableOK: true}
	for b, esc := range spec.ASCII {
		if err := ce.addASCII(b, esc); err != nil {
			return nil, err
		}
	}
	if len(spec.Runes) > 0 {
		ce.runes = make(map[rune]string, len(spec.Runes))
	}
	for r, seq := range spec.Runes {
		if err := ce.addRune(r, seq); err != nil {
			return nil, err
		}
	}
	for key := range ce.sets {
		ce.sets[key] = ce.scanSet(optionKey(key).extra())
	}
	return ce, nil
}

// addASCII validates esc, the spec's escape for the byte b, and records
// it in ce.
func (ce *CharacterEscapes) addASCII(b byte, esc Escape) error {
	where := "EscapeSpec.ASCII[" + strconv.QuoteRune(rune(b)) + "]"
	if b >= 0x80 {
		return &OptionsError{where, "not an ASCII byte; use EscapeSpec.Runes"}
	}
	switch esc.action {
	case actDefault, actUnicode:
	case actNone:
		if b < 0x20 || b == '"' || b == '\\' {
			return &OptionsError{where, "RFC 8259 §7 requires this character to be escaped"}
		}
		if b == '\'' {
			ce.rawApostrophe = true
		}
	case actBackslash:
		switch esc.char {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		default:
			return &OptionsError{where, backslashAnd(esc.char) + " is not a JSON escape sequence"}
		}
	case actSequence:
		if err := validSequence(esc.seq); err != nil {
			return &OptionsError{where, err.Error()}
		}
		if containsByte(esc.seq, '\'') {
			ce.rawApostrophe = true
		}
		ce.noteRaw(esc.seq, rune(b))
		ce.maxSeq = max(ce.maxSeq, len(esc.seq))
		ce.tableOK = ce.tableOK && len(esc.seq) <= 8
	default:
		return &OptionsError{where, "unknown escape action"}
	}
	ce.ascii[b] = esc
	ce.custom[b] = esc.action != actDefault
	return nil
}

// addRune validates seq, the spec's sequence for the code point r, and
// records it in ce; ce.runes must be made.
func (ce *CharacterEscapes) addRune(r rune, seq string) error {
	where := "EscapeSpec.Runes[" + codePoint(r) + "]"
	if r < 0x80 || r > utf8.MaxRune || (r >= 0xD800 && r <= 0xDFFF) {
		return &OptionsError{where, "key must be a code point from U+0080 to U+10FFFF, not a surrogate"}
	}
	if err := validSequence(seq); err != nil {
		return &OptionsError{where, err.Error()}
	}
	if containsByte(seq, '\'') {
		ce.rawApostrophe = true
	}
	ce.noteRaw(seq, r)
	ce.runes[r] = seq
	ce.minRune = min(ce.minRune, r)
	ce.maxRune = max(ce.maxRune, r)
	ce.maxSeq = max(ce.maxSeq, len(seq))
	return nil
}

// rune returns the custom sequence for r, if any.
func (ce *CharacterEscapes) rune(r rune) (string, bool) {
	if r < ce.minRune || r > ce.maxRune {
		return "", false
	}
	seq, ok := ce.runes[r]
	return seq, ok
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
	stops := stopLeads(c)
	var buf [utf8.UTFMax]byte
	for r := range ce.runes {
		utf8.EncodeRune(buf[:], r)
		stops[buf[0]] = true
	}
	return stops
}

// utf8Set returns the scan set that passes valid UTF-8 through for ce
// under lead class c and option key k: it stops at the lead bytes of c
// and of ce's custom runes, and of those passes every code point that
// neither escapes (runeTest).
func (ce *CharacterEscapes) utf8Set(c leadClass, k optionKey) scan.Set {
	return scan.NewUTF8SetFunc(ce.stopLeads(c), ce.runeTest(c), ce.scanExtra(k.extra())...)
}

// runeTest returns the rune test of ce's UTF-8 sets under lead class c:
// true for ce's custom runes and for what c escapes.
func (ce *CharacterEscapes) runeTest(c leadClass) func(rune) bool {
	if len(ce.runes) == 0 {
		return c.runeTest()
	}
	if c == leadNoLimit { // no option escapes a code point
		return func(r rune) bool {
			_, ok := ce.rune(r)
			return ok
		}
	}
	return func(r rune) bool {
		if _, ok := ce.rune(r); ok {
			return true
		}
		return c.escapes(r)
	}
}

// noteRaw records the raw characters of seq, a valid sequence for key,
// in rawKey.
func (ce *CharacterEscapes) noteRaw(seq string, key rune) {
	for i := 0; i < len(seq); i++ {
		c := seq[i]
		if c == '\\' {
			i++ // the escaped byte
			if seq[i] == 'u' {
				i += 4 // and the hex digits
			}
			continue
		}
		if held := ce.rawKey[c]; held == 0 || key+1 < held {
			ce.rawKey[c] = key + 1
		}
	}
}

// rawEscaped returns a raw character of a custom sequence of ce that an
// option of e escapes (HTMLSafe, EscapeSlash; the table's own EscapeNone
// for the character overrides them), the key of that sequence and the
// option; ok is false if there is none. The apostrophe under its own quote
// char is left to the rawApostrophe check, '"' and '\\' to validSequence.
// How the table itself writes a character is its own business: "~~" for
// '~' is a valid table.
func (ce *CharacterEscapes) rawEscaped(e *Escaping) (c byte, key rune, option string, ok bool) {
	for c := byte(0x20); c < 0x7F; c++ {
		if ce.rawKey[c] == 0 {
			continue
		}
		option := ""
		switch {
		case ce.ascii[c].action == actNone:
		case e.HTMLSafe && (c == '<' || c == '>' || c == '&'):
			option = "HTMLSafe"
		case e.EscapeSlash && c == '/':
			option = "EscapeSlash"
		}
		if option != "" {
			return c, ce.rawKey[c] - 1, option, true
		}
	}
	return 0, 0, "", false
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
// It also checks what a custom sequence must be so that no Escaping
// guarantee is lost through it: not empty (the character would vanish),
// no \u escape of a lone surrogate (which the InvalidUTF8Error policy
// refuses elsewhere; a high surrogate escape followed by a low one is a
// pair), and no raw byte outside printable ASCII (0x20..0x7E), which
// would break the 7-bit output of ASCII and PrintableASCII and let U+2028
// through JSLineTerminators.
func validSequence(seq string) error {
	if seq == "" {
		return errString("sequence is empty")
	}
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
				n, lone := escapeLen([]byte(seq[i:]))
				if n == 0 {
					return errString("sequence holds \\u not followed by four hex digits at byte " + strconv.Itoa(i))
				}
				if lone {
					return errString("sequence holds the lone surrogate escape " + seq[i:i+6] + " at byte " + strconv.Itoa(i))
				}
				i += n - 1
			default:
				return errString("sequence holds an invalid escape " + backslashAnd(seq[i+1]) + " at byte " + strconv.Itoa(i))
			}
		}
	}
	for i, r := range seq {
		if r > 0x7E {
			return errString("sequence holds " + codePoint(r) + " raw at byte " + strconv.Itoa(i) + ": only printable ASCII may stand raw; write it as \\u escapes")
		}
	}
	return nil
}

// errString is a reason as an error: validSequence's, which
// NewCharacterEscapes puts in an [*OptionsError] with the key it is for.
type errString string

func (e errString) Error() string { return string(e) }
