package jgen

import (
	"encoding/binary"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/jgen-go/jgen/internal/scan"
)

// AppendQuote appends s to dst as a JSON string (RFC 8259 §7) under the
// escaping e: the quote char, the escaped content, the quote char. It
// returns the extended slice.
//
// It returns dst unchanged and an error when e is not valid (an
// *OptionsError, see Escaping.Validate), or when s holds invalid UTF-8
// under the InvalidUTF8Error policy (a *UTF8Error whose Offset is the byte
// offset of the first invalid byte in s). Like append, it may write to
// dst's spare capacity even when it fails.
//
// No byte from outside s is ever stored in dst, even when s is cut from a
// larger buffer: past the returned length (or len(dst) when it fails) the
// spare capacity holds only bytes that were there before, copies of bytes
// of s, or bytes of jgen's own escape tables. The vector kernels store
// whole vectors past the end of the output, but only of those bytes.
func (e Escaping) AppendQuote(dst []byte, s string) ([]byte, error) {
	return e.appendQuote(dst, stringBytes(s))
}

// AppendQuoteBytes is AppendQuote for a string held in a byte slice.
// s is only read, and no byte of the array around s reaches dst.
func (e Escaping) AppendQuoteBytes(dst, s []byte) ([]byte, error) {
	return e.appendQuote(dst, s)
}

func (e *Escaping) appendQuote(dst, src []byte) ([]byte, error) {
	// Fast path: options without CharacterEscapes, room in dst, and
	// nothing to escape. Compiling a whole escaper costs more than
	// quoting a short string, so only the scan set is looked up.
	if set := e.quickSet(); set != nil {
		q := e.quote()
		l := len(dst)
		b := dst
		if need := len(src) + scan.Slack + 2; cap(b)-l < need {
			b = slices.Grow(b, need)
		}
		b = b[:cap(b)]
		b[l] = q
		l++
		n := set.Copy(b[l:], src)
		if n == len(src) {
			b[l+n] = q
			return b[:l+n+1], nil
		}
		// ASCII escapes from the table of the standard options.
		ti := setIndex(e)
		if e.UpperHex {
			ti |= 8
		}
		if l, n = tableEscapes(b, l+n, src, n, set, &stdTabs[ti]); n == len(src) {
			b[l] = q
			return b[:l+1], nil
		}
		// Something else to escape: e is valid (quickSet checked it), so
		// init the escaper without validating again, and go on from n.
		var x escaper
		x.init(*e)
		b, i, bad := x.appendSome(b[:l], src, n)
		if i == len(src) && !bad && cap(b)-len(b) > scan.Slack {
			return append(b, q), nil
		}
		if bad {
			return dst, &UTF8Error{Offset: int64(i)}
		}
		k := sink{buf: b}
		if err := x.writeContent(&k, src[i:], &strState{base: int64(i)}); err != nil {
			return dst, err
		}
		_ = k.room(1)
		return append(k.buf, q), nil
	}
	var x escaper
	if err := x.compile(*e); err != nil {
		return dst, err
	}
	return x.appendQuoted(dst, src)
}

// Quote returns s as a JSON string under the escaping e. It returns "" and
// an error in the cases AppendQuote does.
func (e Escaping) Quote(s string) (string, error) {
	b, err := e.AppendQuote(make([]byte, 0, len(s)+2), s)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// stringBytes views s as a byte slice without copying. The slice must
// never be written to.
func stringBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// appendQuoted appends src quoted to dst; on error it returns dst.
func (x *escaper) appendQuoted(dst, src []byte) ([]byte, error) {
	k := sink{buf: dst}
	_ = k.room(len(src) + 2) // append mode: cannot fail
	k.buf = append(k.buf, x.quote)
	st := strState{}
	if err := x.writeContent(&k, src, &st); err != nil {
		return dst, err
	}
	_ = k.room(1)
	k.buf = append(k.buf, x.quote)
	return k.buf, nil
}

// strState follows one string value through writeContent calls.
type strState struct {
	// base is the offset of src[0] within the whole string, for errors of
	// a string streamed in pieces.
	base int64
	// checked is set once the rest of the string is known to be valid
	// UTF-8, or when it does not matter because nothing can be taken back.
	checked bool
}

// minRun is the shortest run the string loop will scan into a nearly full
// buffer before it flushes: short enough to keep memory bounded, long
// enough that a full buffer does not cost a flush per byte.
const minRun = 256

// mixedRun is how many clean ASCII bytes in a row send the string loop
// from its byte-at-a-time mode back to the scan kernel: about where a
// kernel call starts to cost less than the bytes it saves.
const mixedRun = 16

// shortTail is the length in bytes up to which the rest of a string after
// an escape is copied a byte at a time rather than by a kernel call: a
// call costs ~50 instructions (callgrind, AVX2), the byte loop ~5 a byte.
const shortTail = 8

// tableEscapes writes the ASCII escapes of s from n on, each from the
// table t of the standard options, with set's clean runs between them, to
// b[l:] (b being the whole capacity): a quote or a newline in a sentence
// costs a word store, not an escaper. It stops at the end of s, at a byte
// >= 0x80, or when the rest of s might no longer fit with Slack to spare,
// and returns the new l and n.
func tableEscapes(b []byte, l int, s []byte, n int, set *scan.Set, t *[128]escCode) (int, int) {
	// The rest fits with Slack to spare while l-n <= lim.
	lim := len(b) - len(s) - scan.Slack - 16
	for n < len(s) && s[n] < utf8.RuneSelf && l-n <= lim {
		e := &t[s[n]]
		binary.LittleEndian.PutUint64(b[l:], e.w)
		l += int(e.n)
		n++
		if len(s)-n <= shortTail {
			// A few bytes after the escape (a quote that closes a
			// sentence): a byte loop costs less than a kernel call.
			for n < len(s) && !set.Contains(s[n]) {
				b[l] = s[n]
				l++
				n++
			}
			continue
		}
		m := set.Copy(b[l:], s[n:])
		l += m
		n += m
	}
	return l, n
}

// writeContent writes the escaped content of src (no quotes) to k.
//
// In writer mode under the InvalidUTF8Error policy, before the first flush
// that would hand part of this string to the writer, it validates the rest
// of src, so that an invalid string is refused before any of it is
// written. It returns a *UTF8Error or the writer's error.
//
// In append mode, which holds the whole output, it reserves room for the
// rest of src at the rate of output to input so far, so that a long string
// costs the buffer one or two copies rather than one per growth by a
// quarter (slices.Grow's rate for large slices).
func (x *escaper) writeContent(k *sink, src []byte, st *strState) error {
	i := 0
	start := len(k.buf)
	for {
		var bad bool
		k.buf, i, bad = x.appendSome(k.buf, src, i)
		if i >= len(src) {
			return nil
		}
		if bad {
			return &UTF8Error{Offset: st.base + int64(i)}
		}
		// Out of room: make some, at least for one escape.
		n := max(min(len(src)-i, minRun), x.maxEsc)
		if k.w == nil {
			n = max(n, restRoom(len(src)-i, len(k.buf)-start, i))
		}
		if err := x.room(k, src, i, st, n); err != nil {
			return err
		}
	}
}

// restRoom estimates the room in bytes that the rest of a string, rest
// bytes of input, takes when in bytes of it gave out bytes: at the same
// rate plus a sixteenth, once in is a sample of rateSample bytes; before,
// room for the sample.
func restRoom(rest, out, in int) int {
	if in < rateSample {
		return min(rest, rateSample)
	}
	est := rest
	if out > in {
		// In float64: rest*out overflows int for a string of gigabytes
		// that escapes to several bytes a byte.
		est = int(float64(rest) * float64(out) / float64(in))
	}
	return est + rest/16
}

// rateSample is how many bytes of a string restRoom wants to have seen
// before it trusts their rate of output to input.
const rateSample = 4096

// appendSome appends the escaped form of src[i:] to b for as long as b's
// capacity lasts, without growing it, and returns b, the index of the
// first byte not written, and whether that byte is invalid UTF-8 under the
// InvalidUTF8Error policy. It stops early when fewer than x.maxEsc bytes
// (plus Slack) are left, so that an escape never needs to grow b.
//
// It works on the whole capacity of b with a length l kept in a register,
// and sets b's length once on return: cheaper than an append per piece.
func (x *escaper) appendSome(b, src []byte, i int) ([]byte, int, bool) {
	set := x.set
	l := len(b)
	b = b[:cap(b)]
	end := len(b) - scan.Slack
	// full is the length past which one more escape might not fit.
	full := end - x.maxEsc
	for i < len(src) {
		if l > full {
			break
		}
		free := end - l
		c := src[i]
		// After an escape the next byte is often special too: test it
		// before paying for a kernel call.
		if !set.Contains(c) {
			chunk := src[i:]
			if len(chunk) > free {
				chunk = chunk[:free]
			}
			n := set.Copy(b[l:], chunk)
			if x.hook != nil {
				if j := x.hook(chunk[:n]); j >= 0 && j < n {
					n = j
					l += n
					i += n
					r := x.appendASCII(b[:l], src[i])
					l, b = len(r), r[:cap(r)]
					i++
					continue
				}
			}
			l += n
			i += n
			if n == len(chunk) {
				continue
			}
		}
		// The scan stopped at src[i]. Stay in a byte-at-a-time loop while
		// the text keeps needing attention: mixed text (accented Latin,
		// an escape every few bytes) would otherwise cost a kernel call
		// per short run. Go back to the kernel after mixedRun clean ASCII
		// bytes in a row, or at once when a hook must see clean runs.
		for i < len(src) {
			if l > full {
				return b[:l], i, false
			}
			c := src[i]
			if c < utf8.RuneSelf {
				if !set.Contains(c) {
					if x.hook != nil {
						break
					}
					// A clean ASCII run: a table loop, then one copy.
					j := i + 1
					lim := min(len(src), i+min(mixedRun, end-l))
					for j < lim && !set.Contains(src[j]) {
						j++
					}
					n := j - i
					switch {
					case i+mixedRun <= len(src):
						// Two word stores instead of a memmove call; the
						// bytes past n land in room that is free or Slack.
						binary.LittleEndian.PutUint64(b[l:], binary.LittleEndian.Uint64(src[i:]))
						binary.LittleEndian.PutUint64(b[l+8:], binary.LittleEndian.Uint64(src[i+8:]))
					case n <= 4:
						// The short tail of a string: bytes, no call.
						for k := range n {
							b[l+k] = src[i+k]
						}
					default:
						copy(b[l:], src[i:j])
					}
					l += n
					i = j
					if n >= mixedRun {
						break
					}
					continue
				}
				if t := x.tab; t != nil {
					// Store all 8 bytes of the code (Slack covers the
					// excess) and keep the n that belong to it.
					e := &t[c]
					binary.LittleEndian.PutUint64(b[l:], e.w)
					l += int(e.n)
				} else {
					r := x.appendASCII(b[:l], c)
					l, b = len(r), r[:cap(r)]
				}
				i++
				continue
			}
			if x.raw2 && c >= 0xC2 && c <= 0xDF && i+1 < len(src) && src[i+1]&0xC0 == 0x80 {
				// A valid two-byte sequence, U+0080..U+07FF, written raw.
				b[l] = c
				b[l+1] = src[i+1]
				l += 2
				i += 2
				continue
			}
			if x.esc.MaxUnescaped == 0x7F {
				if nl, ni := x.escapeRun(b, l, src, i, full); ni > i {
					l, i = nl, ni
					continue
				}
			}
			r, size := utf8.DecodeRune(src[i:])
			var out []byte
			if r == utf8.RuneError && size == 1 {
				switch x.esc.InvalidUTF8 {
				case InvalidUTF8Error:
					return b[:l], i, true
				case InvalidUTF8Replace:
					out = x.appendU(b[:l], utf8.RuneError)
				default:
					out = x.appendRune(b[:l], utf8.RuneError, replacementUTF8)
				}
			} else {
				out = x.appendRune(b[:l], r, src[i:i+size])
			}
			l, b = len(out), out[:cap(out)]
			i += size
		}
	}
	return b[:l], i, false
}

// room is sink.room with the InvalidUTF8Error guarantee of writeContent.
func (x *escaper) room(k *sink, src []byte, i int, st *strState, n int) error {
	if k.free() >= n {
		return nil
	}
	if k.w != nil && !st.checked && x.esc.InvalidUTF8 == InvalidUTF8Error {
		if j := invalidIndex(src[i:]); j >= 0 {
			return &UTF8Error{Offset: st.base + int64(i+j)}
		}
		st.checked = true
	}
	return k.room(n)
}

// invalidIndex returns the index of the first invalid UTF-8 byte of b, or
// -1 if b is valid.
func invalidIndex(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

var replacementUTF8 = []byte("\uFFFD")

// appendASCII appends the form of the ASCII byte c under x's rules.
func (x *escaper) appendASCII(b []byte, c byte) []byte {
	if x.ce != nil {
		switch e := &x.ce.ascii[c]; e.action {
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
		if x.esc.EscapeSlash {
			return append(b, '\\', '/')
		}
	case '<', '>', '&':
		if x.esc.HTMLSafe {
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
	if m := x.esc.MaxUnescaped; m != 0 && r > m {
		return x.appendU(b, r)
	}
	if x.ce != nil {
		if seq, ok := x.ce.rune(r); ok {
			return append(b, seq...)
		}
	}
	if x.esc.JSLineTerminators && (r == '\u2028' || r == '\u2029') {
		return x.appendU(b, r)
	}
	if x.esc.SurrogateEscapes && r > 0xFFFF {
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
