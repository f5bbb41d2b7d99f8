package jgen

import (
	"unicode/utf8"
	"unsafe"
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
	out := sink{buf: dst}
	_ = out.room(len(src) + 2) // append mode: cannot fail
	out.buf = append(out.buf, x.quote)
	st := strState{}
	if err := x.writeContent(&out, src, &st); err != nil {
		return dst, err
	}
	_ = out.room(1)
	out.buf = append(out.buf, x.quote)
	return out.buf, nil
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
func (x *escaper) writeContent(out *sink, src []byte, st *strState) error {
	i := 0
	start := len(out.buf)
	for {
		var bad bool
		out.buf, i, bad = x.appendSome(out.buf, src, i)
		if i >= len(src) {
			return nil
		}
		if bad {
			return &UTF8Error{Offset: st.base + int64(i)}
		}
		// Out of room: make some, at least for one escape.
		n := max(min(len(src)-i, minRun), x.maxEsc)
		if out.w == nil {
			n = max(n, restRoom(len(src)-i, len(out.buf)-start, i))
		}
		if err := x.room(out, src, i, st, n); err != nil {
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

// room is sink.room with the InvalidUTF8Error guarantee of writeContent.
func (x *escaper) room(out *sink, src []byte, i int, st *strState, n int) error {
	if out.free() >= n {
		return nil
	}
	if out.w != nil && !st.checked && x.escaping.InvalidUTF8 == InvalidUTF8Error {
		if j := invalidIndex(src[i:]); j >= 0 {
			return &UTF8Error{Offset: st.base + int64(i+j)}
		}
		st.checked = true
	}
	return out.room(n)
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
