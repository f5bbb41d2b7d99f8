package jgen

import (
	"encoding/base64"
	"sync/atomic"
	"unsafe"
)

// WriteBinary writes data as a string holding its base64 encoding
// (RFC 4648) in enc, which may be nil for base64.StdEncoding. The base64
// alphabet needs no escaping, so the escaping options do not apply ('/'
// stays '/' even with EscapeSlash, as in jackson-core); the quote char
// does. Data of any size is encoded in pieces, in bounded memory.
//
// A custom encoding is accepted only if none of its 64 symbols nor its
// padding is '"', '\\', a control byte (below 0x20), the current quote
// char or a byte of 0x80 or above: written raw, any of these would end the
// string early or make the output invalid JSON (RFC 8259 §7) or invalid
// UTF-8. The standard, URL and raw encodings of package base64 are always
// accepted.
//
// It returns a [*SyntaxError] where a value may not stand, and a [*ValueError]
// matching [ErrInvalidEncoding] for an encoding it does not accept; in both
// cases nothing is written.
func (g *Generator) WriteBinary(enc *base64.Encoding, data []byte) error {
	if enc == nil {
		enc = base64.StdEncoding
	}
	if err := g.checkValue("binary value"); err != nil {
		return g.note(err)
	}
	if err := g.checkEncoding(enc); err != nil {
		return g.note(err)
	}
	if _, err := g.beginValue("binary value", 2); err != nil {
		return g.note(err)
	}
	out := &g.out
	out.buf = append(out.buf, g.esc.quote)
	for len(data) > 0 {
		// Encode whole groups of 3 bytes except at the end, so that no
		// padding appears inside the string.
		n := min(len(data), minRun/4*3)
		if out.w != nil {
			n = min(len(data), max(out.free()/4*3, minRun/4*3))
		}
		if n < len(data) {
			n -= n % 3
		}
		if err := out.room(enc.EncodedLen(n)); err != nil {
			return g.note(g.fail(err))
		}
		out.buf = enc.AppendEncode(out.buf, data[:n])
		data = data[n:]
	}
	if err := out.room(1); err != nil {
		return g.note(g.fail(err))
	}
	out.buf = append(out.buf, g.esc.quote)
	return g.note(g.valueDone())
}

// checkEncoding returns a [*ValueError] if enc writes a byte that may not
// stand raw in a string quoted with the current quote char.
func (g *Generator) checkEncoding(enc *base64.Encoding) error {
	switch enc {
	case base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding:
		return nil
	}
	v := encodingVerdict(enc)
	if v.bad == 0 && (v.apos == 0 || g.esc.quote != '\'') {
		return nil
	}
	at, c := v.bad, v.badByte
	if v.bad == 0 || (v.apos != 0 && g.esc.quote == '\'' && v.apos < v.bad) {
		at, c = v.apos, '\''
	}
	return encodingErr(int(at)-1, c, g.esc.quote, g.out.offset()) // at is one-based
}

// encVerdict is what probing a *base64.Encoding found: the one-based
// index (65 for the padding) of the first symbol that may never stand raw
// in a JSON string, and of the first apostrophe (a problem only with that quote
// char); 0 for none.
type encVerdict struct {
	enc       *base64.Encoding
	bad, apos uint8
	badByte   byte
	_         [5]byte
}

// encCache holds verdicts of recently used custom encodings, direct-mapped
// by pointer. An encoding's symbols cannot change after base64.NewEncoding
// or WithPadding, short of overwriting the whole struct, so a verdict holds
// for its pointer. A slot keeps its encoding alive, so at most
// len(encCache) encodings are held.
var encCache [16]atomic.Pointer[encVerdict]

// encodingVerdict returns the verdict on enc, probing it on a cache miss:
// the alphabet is not exported, so the encoding's own output shows it.
func encodingVerdict(enc *base64.Encoding) *encVerdict {
	slot := &encCache[uintptr(unsafe.Pointer(enc))>>4%uintptr(len(encCache))]
	if v := slot.Load(); v != nil && v.enc == enc {
		return v
	}
	v := &encVerdict{enc: enc}
	check := func(i int, c byte) {
		switch {
		case c == '"' || c == '\\' || c < 0x20 || c >= 0x80:
			if v.bad == 0 {
				v.bad, v.badByte = uint8(i+1), c
			}
		case c == '\'':
			if v.apos == 0 {
				v.apos = uint8(i + 1)
			}
		}
	}
	var sym [64]byte
	enc.Encode(sym[:], alphabetProbe[:])
	for i, c := range sym {
		check(i, c)
	}
	// One byte encodes to two symbols and, with padding, two padding
	// bytes (RFC 4648 §4); with NoPadding to the two symbols alone.
	if enc.EncodedLen(1) == 4 {
		var p [4]byte
		enc.Encode(p[:], []byte{0})
		check(64, p[2])
	}
	slot.Store(v)
	return v
}

// alphabetProbe is 48 bytes whose 64 six-bit groups, read in order, are
// 0, 1, ..., 63: its base64 encoding is the alphabet itself.
var alphabetProbe = func() (p [48]byte) {
	for i := range 16 {
		// Four six-bit groups, group to group+3, make three bytes.
		group := uint32(4 * i)
		bits := group<<18 | (group+1)<<12 | (group+2)<<6 | (group + 3)
		p[3*i], p[3*i+1], p[3*i+2] = byte(bits>>16), byte(bits>>8), byte(bits)
	}
	return p
}()
