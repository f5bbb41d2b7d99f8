package jgen

// WriteStartObject writes '{' and opens an object (RFC 8259 §4). It
// returns a *SyntaxError where a value may not stand, or matching
// ErrMaxDepth when the object would nest deeper than Options.MaxDepth.
func (g *Generator) WriteStartObject() error {
	return g.note(g.writeStart(inObject, '{', "start of object"))
}

// WriteStartArray writes '[' and opens an array (RFC 8259 §5). It returns
// a *SyntaxError where a value may not stand, or matching ErrMaxDepth when
// the array would nest deeper than Options.MaxDepth.
func (g *Generator) WriteStartArray() error {
	return g.note(g.writeStart(inArray, '[', "start of array"))
}

func (g *Generator) writeStart(c context, open byte, tok string) error {
	if err := g.checkValue(tok); err != nil {
		return err
	}
	if len(g.state.stack) >= g.state.maxDepth {
		return &SyntaxError{Token: tok, Context: g.state.where(), Offset: g.out.offset(), Err: ErrMaxDepth}
	}
	if _, err := g.beginValue(tok, 1); err != nil {
		return err
	}
	g.out.buf = append(g.out.buf, open)
	g.state.push(c)
	return nil
}

// WriteEndObject writes '}' and closes the current object. It returns a
// *SyntaxError if the innermost open container is not an object, or if its
// last name has no value.
func (g *Generator) WriteEndObject() error {
	return g.note(g.writeEnd(inObject, '}', "end of object"))
}

// WriteEndArray writes ']' and closes the current array. It returns a
// *SyntaxError if the innermost open container is not an array.
func (g *Generator) WriteEndArray() error {
	return g.note(g.writeEnd(inArray, ']', "end of array"))
}

func (g *Generator) writeEnd(c context, close byte, tok string) error {
	if g.err != nil {
		return g.err
	}
	if g.state.container != c || g.state.afterName {
		return g.syntaxErr(tok)
	}
	n := 3 + len(g.indent)*len(g.state.stack)
	if err := g.out.room(n); err != nil {
		return g.fail(err)
	}
	b := g.out.buf
	switch g.opts.Layout {
	case Indented:
		if !g.state.first {
			b = g.appendIndent(b, len(g.state.stack)-1)
		}
	case JacksonPretty:
		switch {
		case c == inArray || g.state.first:
			b = append(b, ' ')
		default:
			b = g.appendIndent(b, g.state.objects-1)
		}
	}
	g.out.buf = append(b, close)
	g.state.pop()
	return g.rootDone()
}

// WriteName writes name as the name of the next member of the current
// object (RFC 8259 §4), under the current escaping. It returns a
// *SyntaxError outside an object or right after another name, and a
// *UTF8Error (writing nothing) if name holds invalid UTF-8 under the
// InvalidUTF8Error policy.
func (g *Generator) WriteName(name string) error {
	return g.note(g.writeName(stringBytes(name)))
}

// WriteNameBytes is WriteName for a name held in a byte slice; name is only
// read.
func (g *Generator) WriteNameBytes(name []byte) error {
	return g.note(g.writeName(name))
}

func (g *Generator) writeName(name []byte) error {
	if err := g.beginName(); err != nil {
		return err
	}
	mark := len(g.out.buf)
	g.out.buf = g.appendPrefix(g.out.buf, true)
	if err := g.writeQuoted(name, mark); err != nil {
		return err
	}
	g.state.nameDone()
	return nil
}

// beginName checks that a name may be written and reserves room for its
// prefix and quotes.
func (g *Generator) beginName() error {
	if g.err != nil {
		return g.err
	}
	if !g.state.canName() {
		return g.syntaxErr("name")
	}
	if err := g.out.room(g.prefixRoom() + 2); err != nil {
		return g.fail(err)
	}
	return nil
}

// WriteString writes s as a string value under the current escaping. It
// returns a *SyntaxError where a value may not stand, and a *UTF8Error
// (writing nothing) if s holds invalid UTF-8 under the InvalidUTF8Error
// policy.
func (g *Generator) WriteString(s string) error {
	return g.writeStringValue(stringBytes(s))
}

// WriteStringBytes is WriteString for a string held in a byte slice; s is
// only read.
func (g *Generator) WriteStringBytes(s []byte) error {
	return g.writeStringValue(s)
}

// finishString writes the rest of a string value whose opening quote and
// first base bytes are written, then its closing quote. If the string is
// refused for invalid UTF-8, the buffer is cut back to mark, where the
// value's prefix starts: the string is checked before any of it can be
// flushed (see writeContent).
func (g *Generator) finishString(s []byte, base int64, mark int) error {
	if err := g.writeRest(s, base, mark); err != nil {
		return err
	}
	return g.valueDone()
}

// writeRest is finishString without the state change, shared with names.
func (g *Generator) writeRest(s []byte, base int64, mark int) error {
	out := &g.out
	st := strState{base: base}
	if err := g.esc.writeContent(out, s, &st); err != nil {
		if out.err != nil {
			g.err = out.err
			return out.err
		}
		out.buf = out.buf[:mark]
		return err
	}
	if err := out.room(1); err != nil {
		return g.fail(err)
	}
	out.buf = append(out.buf, g.esc.quote)
	return nil
}

// writeQuoted writes s quoted after a prefix that starts at mark; see
// finishString.
func (g *Generator) writeQuoted(s []byte, mark int) error {
	g.out.buf = append(g.out.buf, g.esc.quote)
	return g.writeRest(s, 0, mark)
}

// WriteBool writes true or false.
// It returns a *SyntaxError where a value may not stand.
func (g *Generator) WriteBool(v bool) error {
	if v {
		return g.note(g.writeLiteral("true", "true"))
	}
	return g.note(g.writeLiteral("false", "false"))
}

// WriteNull writes null.
// It returns a *SyntaxError where a value may not stand.
func (g *Generator) WriteNull() error {
	return g.note(g.writeLiteral("null", "null"))
}

func (g *Generator) writeLiteral(lit, tok string) error {
	if _, err := g.beginValue(tok, len(lit)); err != nil {
		return err
	}
	g.out.buf = append(g.out.buf, lit...)
	return g.valueDone()
}
