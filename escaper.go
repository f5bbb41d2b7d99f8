package jgen

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// maxEscapeLen is the length in bytes of the longest escape sequence the
// options write: a code point above U+FFFF as an escaped surrogate pair,
// \uXXXX\uXXXX (RFC 8259 §7).
const maxEscapeLen = 12

// escaper is an Escaping compiled for writing: the scan set, hex digits and
// quote char are chosen here, once per option change, so that the string
// loop has no mode switch.
type escaper struct {
	set         *scan.Set
	hex         *[16]byte
	quote       byte
	escaping    Escaping
	charEscapes *CharacterEscapes // == escaping.CharacterEscapes
	hook        func([]byte) int  // == charEscapes.hook, or nil
	// maxEsc is the most bytes one escape can write: maxEscapeLen, or a
	// longer sequence of charEscapes.
	maxEsc int
	// table, when not nil, holds the form of every ASCII byte: stdTabs'
	// for the standard options, or the CharacterEscapes' own when each of
	// its forms fits 8 bytes.
	table *[128]escCode
	// shortTab is table where set takes scan.Set.CopyEscapeTo
	// (ShortEscapes), else nil: the one test of the generator's short
	// strings (fastpath.go).
	shortTab *[128]escCode
	// long is set and its table where shortTab is and scan.LongEscapes:
	// the generator's strings longer than scan.ShortEscape take
	// scan.CopyEscapeLong (fastpath.go); else its Tab is nil.
	long scan.EscapeSet
	// rawTwoByte is set when every code point from U+0080 to U+07FF (two
	// UTF-8 bytes) is written raw, so valid two-byte sequences skip
	// decoding.
	rawTwoByte bool
	// b64 caches whether the escaping changes a symbol of the standard
	// base64 alphabet (see base64Escaped): 0 not known yet, 1 no, 2 yes.
	b64 uint8
	// rfc3339 caches, the same way, whether the escaping changes a byte
	// that RFC 3339 text holds (see rfc3339Escaped).
	rfc3339 uint8
}

const (
	lowerHex = "0123456789abcdef"
	upperHex = "0123456789ABCDEF"
)

var (
	hexLower = (*[16]byte)([]byte(lowerHex))
	hexUpper = (*[16]byte)([]byte(upperHex))
)

// compile validates e and fills x. It does not allocate.
func (x *escaper) compile(e Escaping) error {
	if err := e.Validate(); err != nil {
		return err
	}
	x.init(e)
	return nil
}

// init fills x from a valid e.
func (x *escaper) init(e Escaping) {
	key := setKeyOf(&e)
	*x = escaper{
		set:         &stdSets[key],
		hex:         hexLower,
		quote:       e.quote(),
		escaping:    e,
		charEscapes: e.CharacterEscapes,
		maxEsc:      maxEscapeLen,
	}
	if e.UpperHex {
		x.hex = hexUpper
		key |= keyUpperHex
	}
	x.rawTwoByte = e.MaxUnescaped == 0 || e.MaxUnescaped >= 0x7FF
	lead, pass := leadClassOf(&e)
	if ce := e.CharacterEscapes; ce != nil {
		x.set = &ce.sets[key.set()]
		// A hook is given the clean runs of this set, non-ASCII text
		// included (EscapeSpec.IndexEscape).
		if pass {
			x.set = ce.utf8[utf8Index(lead, key)].get(func() scan.Set { return ce.utf8Set(lead, key) })
		}
		x.hook = ce.hook
		if ce.tableOK {
			x.table = ce.tabs[key].get(key, ce)
		}
		x.maxEsc = ce.maxSeq
		x.rawTwoByte = x.rawTwoByte && ce.minRune > 0x7FF
	} else {
		if pass {
			x.set = stdUTF8Set(lead, key)
		}
		x.table = &stdTabs[key]
	}
	if x.table != nil && x.set.ShortEscapes() {
		x.shortTab = x.table
		if scan.LongEscapes {
			x.long = scan.EscapeSet{Set: x.set, Tab: x.table}
		}
	}
}

// quickSet returns the scan set of e when e has no CharacterEscapes: a
// set that passes valid UTF-8 through, or for a MaxUnescaped below U+07FF
// (the ASCII preset) the plain set, which stops at every non-ASCII byte.
// Either way a string the set finds nothing in is written as it is.
// Otherwise it returns nil. It returns a set only for an e that Validate
// accepts (TestQuickSetOnlyValid), so its callers need not validate.
func (e *Escaping) quickSet() *scan.Set {
	if e.CharacterEscapes != nil || e.InvalidUTF8 > InvalidUTF8ReplaceRaw {
		return nil
	}
	if q := e.QuoteChar; q != 0 && q != '"' && q != '\'' {
		return nil
	}
	lead, pass := leadClassOf(e)
	if !pass {
		// MaxUnescaped is below 0, from 1 to U+007E (both refused by
		// Validate), or from U+007F to U+07FE.
		if e.MaxUnescaped < 0x7F {
			return nil
		}
		return &stdSets[setKeyOf(e)]
	}
	if e.MaxUnescaped > utf8.MaxRune {
		return nil
	}
	return stdUTF8Set(lead, setKeyOf(e))
}

// mixedRun is how many clean ASCII bytes in a row send the string loop
// from its byte-at-a-time mode back to the scan kernel: about where a
// kernel call starts to cost less than the bytes it saves.
const mixedRun = 16

// utf8Run is how many bytes must be left, at a non-ASCII byte, for the
// string loop to hand them to the kernel of a UTF-8 set rather than check
// the sequences one at a time: the AVX2 kernel's vector width, below which
// it takes a short path that costs more than a few sequences in Go.
const utf8Run = 32

// appendNonASCII appends the form of the code point, or under ASCII-only
// output the run of code points, that starts at the non-ASCII byte src[i]
// to b[:l] (b's length is l), where room for one escape remains up to full
// (see appendSome). It returns the extended slice and the index after what
// it wrote, or b and i unchanged when src[i] is invalid UTF-8 under the
// InvalidUTF8Error policy.
func (x *escaper) appendNonASCII(b, src []byte, i, full int) ([]byte, int) {
	if x.escaping.MaxUnescaped == 0x7F {
		// ASCII-only output: a run of non-ASCII code points at once.
		l := len(b)
		if nl, ni := x.escapeRun(b[:cap(b)], l, src, i, full); ni > i {
			return b[:nl], ni
		}
	}
	r, size := utf8.DecodeRune(src[i:])
	if r == utf8.RuneError && size == 1 {
		if x.escaping.InvalidUTF8 == InvalidUTF8Error {
			return b, i
		}
		return x.appendInvalid(b), i + size
	}
	return x.appendRune(b, r, src[i:i+size]), i + size
}

// appendSome appends the escaped form of src[i:] to b for as long as b's
// capacity lasts, without growing it, and returns b, the index of the
// first byte not written, and whether that byte is invalid UTF-8 under the
// InvalidUTF8Error policy. It stops early when fewer than x.maxEsc bytes
// (plus Slack) are left, so that an escape never needs to grow b.
//
// It runs in two modes, one loop with the mode in a variable. In scan mode
// a kernel call copies each clean run; a test of its first byte, which
// after an escape is often special too, comes before the call. Where the
// scan stops, it turns to mixed mode, a byte-at-a-time loop, because text
// that needs attention often keeps needing it: mixed text (accented Latin,
// an escape every few bytes) would otherwise cost a kernel call per short
// run. It goes back to scan mode after mixedRun clean ASCII bytes in a
// row, or at once when a hook must see clean runs.
//
// Under a UTF-8 set, scan mode also takes a non-ASCII byte to the kernel
// when at least utf8Run bytes are left, and mixed mode passes a valid
// sequence the set passes with one Set.SeqLen check and one word store;
// it goes back to scan mode when another non-ASCII byte follows with
// utf8Run bytes left (a run of CJK text). So text that starts with
// non-ASCII, or goes on with it after an escape, is not left to a
// decode per rune.
//
// It works on the whole capacity of b with a length l kept in a register,
// and sets b's length once on return: cheaper than an append per piece.
// The cases stay in one body because a call per code point or per run
// costs more than the loop's instruction budget allows (see
// docs/PERFORMANCE.md); only the rare ones are calls: a code point that is
// escaped or invalid (appendNonASCII), an ASCII byte without a table.
func (x *escaper) appendSome(b, src []byte, i int) ([]byte, int, bool) {
	set := x.set
	passUTF8 := set.UTF8()
	l := len(b)
	b = b[:cap(b)]
	end := len(b) - scan.Slack
	full := end - x.maxEsc // past it, one more escape might not fit
	mixed := false
	for i < len(src) && l <= full {
		c := src[i]
		if !mixed && (!set.Contains(c) || c >= utf8.RuneSelf && len(src)-i >= utf8Run && passUTF8) {
			chunk := src[i:min(len(src), i+end-l)]
			n := set.Copy(b[l:], chunk)
			if x.hook != nil && n > 0 {
				if j := x.hook(chunk[:n]); uint(j) < uint(n) {
					b, l, i = x.hookStop(b, l, src, i, j)
					continue
				}
			}
			l, i = l+n, i+n
			mixed = n < len(chunk)
			if n > 0 {
				continue
			}
			// n == 0: c starts no sequence the set passes.
		}
		mixed = true
		if c >= utf8.RuneSelf {
			if passUTF8 {
				if k := set.SeqLen(src[i:]); k > 0 { // valid and raw
					if i+4 <= len(src) { // one word; Slack covers the rest
						binary.LittleEndian.PutUint32(b[l:], binary.LittleEndian.Uint32(src[i:]))
					} else {
						for m := range k {
							b[l+m] = src[i+m]
						}
					}
					l, i = l+k, i+k
					// A run of non-ASCII (CJK, emoji) long enough for the
					// vector kernel: back to scan mode.
					mixed = i >= len(src) || src[i] < utf8.RuneSelf || len(src)-i < utf8Run
					continue
				}
			}
			if x.rawTwoByte && c >= 0xC2 && c <= 0xDF && i+1 < len(src) && src[i+1]&0xC0 == 0x80 {
				b[l], b[l+1] = c, src[i+1] // U+0080..U+07FF, valid: raw
				l, i = l+2, i+2
				continue
			}
			out, ni := x.appendNonASCII(b[:l], src, i, full)
			if ni == i {
				return b[:l], i, true // invalid UTF-8 under InvalidUTF8Error
			}
			l, b, i = len(out), out[:cap(out)], ni
			continue
		}
		if set.Contains(c) {
			if t := x.table; t != nil { // all 8 bytes stored: Slack covers them
				e := &t[c]
				binary.LittleEndian.PutUint64(b[l:], e.W)
				l += int(e.N)
			} else {
				r := x.appendASCII(b[:l], c)
				l, b = len(r), r[:cap(r)]
			}
			i++
			continue
		}
		if x.hook != nil {
			mixed = false
			continue
		}
		j := i + 1 // a clean ASCII run: a byte loop, then one copy
		lim := min(len(src), i+min(mixedRun, end-l))
		for j < lim && !set.Contains(src[j]) {
			j++
		}
		n := j - i
		switch {
		case i+mixedRun <= len(src): // two word stores, not a memmove call
			binary.LittleEndian.PutUint64(b[l:], binary.LittleEndian.Uint64(src[i:]))
			binary.LittleEndian.PutUint64(b[l+8:], binary.LittleEndian.Uint64(src[i+8:]))
		case n <= 4:
			for k := range n { // the tail of a string: no call
				b[l+k] = src[i+k]
			}
		default:
			copy(b[l:], src[i:j])
		}
		l, i = l+n, j
		mixed = n < mixedRun
	}
	return b[:l], i, false
}

// hookStop writes the stop of the IndexEscape hook at src[i+j], in the
// clean run src[i:] that the scan copied to b[l:] (b being the whole
// capacity), and returns b, the new output length and the index where the
// scan goes on. An ASCII byte is written as ASCII says; a byte >= 0x80
// lies in a sequence the scan passed, which is kept raw, and the scan
// goes on after it, so that the rest of the run is given to the hook
// again (EscapeSpec.IndexEscape).
func (x *escaper) hookStop(b []byte, l int, src []byte, i, j int) ([]byte, int, int) {
	if c := src[i+j]; c < utf8.RuneSelf {
		r := x.appendASCII(b[:l+j], c)
		return r[:cap(r)], len(r), i + j + 1
	}
	for j > 0 && src[i+j]&0xC0 == 0x80 { // back to the lead byte
		j--
	}
	_, size := utf8.DecodeRune(src[i+j:])
	return b, l + j + size, i + j + size
}

// appendInvalid appends the replacement of one invalid UTF-8 byte under
// the InvalidUTF8Replace or InvalidUTF8ReplaceRaw policy.
func (x *escaper) appendInvalid(b []byte) []byte {
	if x.escaping.InvalidUTF8 == InvalidUTF8Replace {
		return x.appendU(b, utf8.RuneError)
	}
	return x.appendRune(b, utf8.RuneError, replacementUTF8)
}

var replacementUTF8 = []byte("\uFFFD")

// appendASCII appends the form of the ASCII byte c under x's rules.
func (x *escaper) appendASCII(b []byte, c byte) []byte {
	if x.charEscapes != nil {
		switch e := &x.charEscapes.ascii[c]; e.action {
		case actNone:
			return append(b, c)
		case actUnicode:
			return x.appendU(b, rune(c))
		case actBackslash:
			return append(b, '\\', e.char)
		case actSequence:
			return append(b, e.seq...)
		}
	}
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	case '/':
		if x.escaping.EscapeSlash {
			return append(b, '\\', '/')
		}
	case '<', '>', '&':
		if x.escaping.HTMLSafe {
			return x.appendU(b, rune(c))
		}
	case '\'':
		if x.quote == '\'' {
			return x.appendU(b, rune(c))
		}
	}
	if c < 0x20 {
		return x.appendU(b, rune(c))
	}
	return append(b, c)
}

// appendRune appends the form of the code point r >= U+0080, whose UTF-8
// encoding is raw, under x's rules (see Escaping for their order).
func (x *escaper) appendRune(b []byte, r rune, raw []byte) []byte {
	if m := x.escaping.MaxUnescaped; m != 0 && r > m {
		return x.appendU(b, r)
	}
	if x.charEscapes != nil {
		if seq, ok := x.charEscapes.rune(r); ok {
			return append(b, seq...)
		}
	}
	if x.escaping.JSLineTerminators && (r == '\u2028' || r == '\u2029') {
		return x.appendU(b, r)
	}
	if x.escaping.SurrogateEscapes && r > 0xFFFF {
		return x.appendU(b, r)
	}
	return append(b, raw...)
}

// appendU appends r as \uXXXX, or above U+FFFF as the escaped UTF-16
// surrogate pair (RFC 8259 §7), with x's hex case.
func (x *escaper) appendU(b []byte, r rune) []byte {
	if r > 0xFFFF {
		r -= 0x10000
		b = x.appendU16(b, 0xD800+(r>>10))
		return x.appendU16(b, 0xDC00+(r&0x3FF))
	}
	return x.appendU16(b, r)
}

func (x *escaper) appendU16(b []byte, r rune) []byte {
	h := x.hex
	return append(b, '\\', 'u', h[r>>12&0xF], h[r>>8&0xF], h[r>>4&0xF], h[r&0xF])
}
