package jgen

import "strconv"

// reencodeMarshalerOutput writes raw, the output of a MarshalJSON method
// (json.RawMessage included), as one value through the generator, by the
// raw-value rule of docs/DESIGN.md §3: valid escape sequences in strings
// are kept as written (as encoding/json's compaction keeps them); raw
// characters the current escaping requires escaped are escaped; raw
// invalid UTF-8 and lone surrogate escapes (each counting as one invalid
// byte) follow the invalid-UTF-8 policy; numbers are copied as written;
// whitespace is dropped and the layout applied. It returns a
// *rawSyntaxError if raw is not exactly one JSON value (RFC 8259 §2), or
// the generator's error. It may leave a partial value behind on error;
// WriteValue cuts it back.
//
// This is the value encoder's own minimal implementation of that rule;
// it is meant to give way to the shared one behind WriteRawValue.
func (e *encState) reencodeMarshalerOutput(raw []byte) error {
	p := rawParser{b: raw}
	p.ws()
	if err := p.value(e.g); err != nil {
		return err
	}
	p.ws()
	if p.i != len(p.b) {
		return p.syntax("data after the value")
	}
	return nil
}

// rawSyntaxError reports MarshalJSON output that is not one JSON value.
type rawSyntaxError struct {
	off int
	msg string
}

func (e *rawSyntaxError) Error() string {
	return "jgen: invalid JSON from MarshalJSON at offset " + strconv.Itoa(e.off) + ": " + e.msg
}

// Is reports whether target is ErrInvalidValue.
func (e *rawSyntaxError) Is(target error) bool { return target == ErrInvalidValue }

type rawParser struct {
	b []byte
	i int
}

func (p *rawParser) syntax(msg string) error { return &rawSyntaxError{off: p.i, msg: msg} }

func (p *rawParser) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *rawParser) at(c byte) bool { return p.i < len(p.b) && p.b[p.i] == c }

func (p *rawParser) value(g *Generator) error {
	if p.i >= len(p.b) {
		return p.syntax("unexpected end of input")
	}
	switch c := p.b[p.i]; c {
	case '{':
		p.i++
		if err := g.WriteStartObject(); err != nil {
			return err
		}
		p.ws()
		if p.at('}') {
			p.i++
			return g.WriteEndObject()
		}
		for {
			if !p.at('"') {
				return p.syntax("a name is expected")
			}
			if err := p.str(g, true); err != nil {
				return err
			}
			p.ws()
			if !p.at(':') {
				return p.syntax("':' is expected after a name")
			}
			p.i++
			p.ws()
			if err := p.value(g); err != nil {
				return err
			}
			p.ws()
			if p.at(',') {
				p.i++
				p.ws()
				continue
			}
			if p.at('}') {
				p.i++
				return g.WriteEndObject()
			}
			return p.syntax("',' or '}' is expected")
		}
	case '[':
		p.i++
		if err := g.WriteStartArray(); err != nil {
			return err
		}
		p.ws()
		if p.at(']') {
			p.i++
			return g.WriteEndArray()
		}
		for {
			if err := p.value(g); err != nil {
				return err
			}
			p.ws()
			if p.at(',') {
				p.i++
				p.ws()
				continue
			}
			if p.at(']') {
				p.i++
				return g.WriteEndArray()
			}
			return p.syntax("',' or ']' is expected")
		}
	case '"':
		return p.str(g, false)
	case 't':
		return p.literal(g, "true")
	case 'f':
		return p.literal(g, "false")
	case 'n':
		return p.literal(g, "null")
	}
	j := p.i
	for j < len(p.b) && (isDigit(p.b[j]) || p.b[j] == '-' || p.b[j] == '+' || p.b[j] == '.' || p.b[j] == 'e' || p.b[j] == 'E') {
		j++
	}
	text := p.b[p.i:j]
	if len(text) == 0 || !validNumber(string(text)) {
		return p.syntax("invalid value")
	}
	if _, err := g.beginValue("number", len(text)); err != nil {
		return err
	}
	g.k.buf = append(g.k.buf, text...)
	rawValueDone(g)
	p.i = j
	return nil
}

func (p *rawParser) literal(g *Generator, lit string) error {
	if len(p.b)-p.i < len(lit) || string(p.b[p.i:p.i+len(lit)]) != lit {
		return p.syntax("invalid literal")
	}
	p.i += len(lit)
	if _, err := g.beginValue(lit, len(lit)); err != nil {
		return err
	}
	g.k.buf = append(g.k.buf, lit...)
	rawValueDone(g)
	return nil
}

// str writes the string at p.i, a name or a value.
func (p *rawParser) str(g *Generator, name bool) error {
	if name {
		if err := g.beginName(); err != nil {
			return err
		}
		g.k.buf = g.appendPrefix(g.k.buf, true)
	} else if _, err := g.beginValue("string value", 2); err != nil {
		return err
	}
	g.k.buf = append(g.k.buf, g.x.quote)
	p.i++
	start := p.i
	for {
		if p.i >= len(p.b) {
			return p.syntax("unterminated string")
		}
		c := p.b[p.i]
		switch {
		case c == '"':
			if err := p.run(g, start); err != nil {
				return err
			}
			p.i++
			_ = g.k.room(1) // append mode: cannot fail
			g.k.buf = append(g.k.buf, g.x.quote)
			if name {
				g.st.nameDone()
			} else {
				rawValueDone(g)
			}
			return nil
		case c == '\\':
			if err := p.run(g, start); err != nil {
				return err
			}
			if err := p.escape(g); err != nil {
				return err
			}
			start = p.i
		case c < 0x20:
			return p.syntax("control character in string")
		default:
			p.i++
		}
	}
}

// run writes p.b[start:p.i], raw string content, escaped under the
// current escaping.
func (p *rawParser) run(g *Generator, start int) error {
	if start == p.i {
		return nil
	}
	return g.x.writeContent(&g.k, p.b[start:p.i], &strState{base: int64(start)})
}

// escape copies the escape sequence at p.i as written, except a lone
// surrogate escape, which is one invalid byte to the invalid-UTF-8 policy.
func (p *rawParser) escape(g *Generator) error {
	b := p.b[p.i:]
	if len(b) < 2 {
		return p.syntax("unterminated escape sequence")
	}
	n := 2
	switch b[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
	case 'u':
		r, ok := hex4(b[2:])
		if !ok {
			return p.syntax("invalid \\u escape")
		}
		n = 6
		if utf16Surrogate(r) {
			lo, ok := rune(0), false
			if r < 0xDC00 && len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
				lo, ok = hex4(b[8:])
			}
			if ok && lo >= 0xDC00 && lo <= 0xDFFF {
				n = 12
			} else {
				off := p.i
				p.i += 6
				return g.x.writeContent(&g.k, invalidByte, &strState{base: int64(off)})
			}
		}
	default:
		return p.syntax("invalid escape sequence")
	}
	_ = g.k.room(n) // append mode: cannot fail
	g.k.buf = append(g.k.buf, b[:n]...)
	p.i += n
	return nil
}

// invalidByte stands for a lone surrogate escape before the policy.
var invalidByte = []byte{0xFF}

func utf16Surrogate(r rune) bool { return r >= 0xD800 && r <= 0xDFFF }

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}

// rawValueDone records a complete scalar value of the re-encoded output:
// the one place where this file completes a value, root values included,
// so what the generator writes after a root value goes here too.
func rawValueDone(g *Generator) { g.st.valueDone() }
