package jgen

import "encoding/json"

// WriteRawValue writes raw verbatim as one value, after checking that it is
// exactly one JSON value (RFC 8259 §2; surrounding whitespace allowed and
// kept) with encoding/json.Valid. The escaping options are not applied to
// strings inside it. It returns an error matching ErrInvalidValue if raw is
// not one valid value, and a *SyntaxError where a value may not stand; in
// both cases nothing is written.
func (g *Generator) WriteRawValue(raw []byte) error {
	if err := g.checkValue("raw value"); err != nil {
		return g.note(err)
	}
	if !json.Valid(raw) {
		return g.note(ErrInvalidValue)
	}
	return g.WriteRawValueUnchecked(raw)
}

// WriteRawValueUnchecked writes raw verbatim as one value without checking
// it. The caller is responsible for raw being one valid JSON value; if it
// is not, neither is the output. It returns a *SyntaxError where a value
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
	k := &g.k
	if k.w == nil {
		_ = k.room(len(p)) // append mode: cannot fail
		k.buf = append(k.buf, p...)
		return nil
	}
	for len(p) > 0 {
		if err := k.room(min(len(p), minRun)); err != nil {
			return g.fail(err)
		}
		n := min(len(p), k.free())
		k.buf = append(k.buf, p[:n]...)
		p = p[n:]
	}
	return nil
}
