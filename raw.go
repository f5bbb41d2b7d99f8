package jgen

// WriteRawValue writes raw, which must be exactly one JSON value
// (RFC 8259 §2) with optional whitespace around and inside it, as one
// value re-encoded under the generator's escaping, its tokens laid out
// exactly as the Write methods lay them out:
//
//   - whitespace follows the layout; raw whitespace is dropped;
//   - numbers and the literals true, false and null are written verbatim;
//   - in strings (names and values alike) every valid escape sequence is
//     kept verbatim, as encoding/json's Compact keeps it (\u00E9 stays
//     \u00E9, \/ stays \/), except a lone surrogate escape;
//   - raw characters in strings are written as the current escaping writes
//     them (a raw 'é' under the ASCII preset becomes \u00e9), between the
//     current quote char;
//   - a byte that is not valid UTF-8 and a lone surrogate escape (\uD800
//     not followed by an escaped low surrogate, or a lone \uDC00..\uDFFF;
//     RFC 8259 §8.2) follow Escaping.InvalidUTF8: refused under InvalidUTF8Error, \ufffd
//     under InvalidUTF8Replace, the replacement character U+FFFD (escaped
//     as the escaping says) under InvalidUTF8ReplaceRaw.
//
// raw is checked whole before anything is written. It returns a
// [*SyntaxError] where a value may not stand, and a [*ValueError] matching
// [ErrInvalidValue] if raw is not exactly one valid value, nests deeper than
// Options.MaxDepth allows from the current depth (also matching
// [ErrMaxDepth]), or holds invalid UTF-8 or a lone surrogate escape under the
// InvalidUTF8Error policy (also matching [ErrInvalidUTF8]); in all these
// cases nothing is written and the generator stays usable. raw is only
// read.
func (g *Generator) WriteRawValue(raw []byte) error {
	return g.note(g.writeRaw("raw value", raw))
}

// WriteRawValueUnchecked writes raw verbatim as one value without checking
// or re-encoding it: neither the escaping, nor the invalid-UTF-8 policy, nor
// the layout applies to its bytes. The caller is responsible for raw being
// one valid JSON value; if it is not, neither is the output. It returns a [*SyntaxError] where a value
// may not stand.
func (g *Generator) WriteRawValueUnchecked(raw []byte) error {
	if _, err := g.beginValue("raw value", 0); err != nil {
		return g.note(err)
	}
	if err := g.appendRaw(raw); err != nil {
		return g.note(err)
	}
	return g.note(g.valueDone())
}

// appendRaw appends p, flushing as the buffer fills in writer mode.
func (g *Generator) appendRaw(p []byte) error {
	out := &g.out
	if out.w == nil {
		_ = out.room(len(p)) // append mode: cannot fail
		out.buf = append(out.buf, p...)
		return nil
	}
	for len(p) > 0 {
		if err := out.room(min(len(p), minRun)); err != nil {
			return g.fail(err)
		}
		n := min(len(p), out.free())
		out.buf = append(out.buf, p[:n]...)
		p = p[n:]
	}
	return nil
}
