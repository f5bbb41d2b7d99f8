package jgen

import "encoding/base64"

// WriteBinary writes data as a string holding its base64 encoding
// (RFC 4648) in enc, which may be nil for base64.StdEncoding. The base64
// alphabet needs no escaping, so the escaping options do not apply ('/'
// stays '/' even with EscapeSlash, as in jackson-core); the quote char
// does. Data of any size is encoded in pieces, in bounded memory. It
// returns a *SyntaxError where a value may not stand.
func (g *Generator) WriteBinary(enc *base64.Encoding, data []byte) error {
	if enc == nil {
		enc = base64.StdEncoding
	}
	if _, err := g.beginValue("binary value", 2); err != nil {
		return g.note(err)
	}
	k := &g.k
	k.buf = append(k.buf, g.x.quote)
	for len(data) > 0 {
		// Encode whole groups of 3 bytes except at the end, so that no
		// padding appears inside the string.
		n := min(len(data), minRun/4*3)
		if k.w != nil {
			n = min(len(data), max(k.free()/4*3, minRun/4*3))
		}
		if n < len(data) {
			n -= n % 3
		}
		if err := k.room(enc.EncodedLen(n)); err != nil {
			return g.note(g.fail(err))
		}
		k.buf = enc.AppendEncode(k.buf, data[:n])
		data = data[n:]
	}
	if err := k.room(1); err != nil {
		return g.note(g.fail(err))
	}
	k.buf = append(k.buf, g.x.quote)
	return g.note(g.valueDone())
}
