package jgen

import (
	"encoding/binary"
	"unicode/utf8"
)

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
	if len(g.st.stack) >= g.st.maxDepth {
		return &SyntaxError{Token: tok, Context: g.st.where(), Offset: g.k.offset(), Err: ErrMaxDepth}
	}
	if _, err := g.beginValue(tok, 1); err != nil {
		return err
	}
	g.k.buf = append(g.k.buf, open)
	g.st.push(c)
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
	if g.st.cur != c || g.st.afterName {
		return g.syntaxErr(tok)
	}
	n := 3 + len(g.indBy)*len(g.st.stack)
	if err := g.k.room(n); err != nil {
		return g.fail(err)
	}
	b := g.k.buf
	switch g.opts.Layout {
	case Indented:
		if !g.st.first {
			b = g.appendIndent(b, len(g.st.stack)-1)
		}
	case JacksonPretty:
		switch {
		case c == inArray || g.st.first:
			b = append(b, ' ')
		default:
			b = g.appendIndent(b, g.st.objects-1)
		}
	}
	g.k.buf = append(b, close)
	g.st.pop()
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
	mark := len(g.k.buf)
	g.k.buf = g.appendPrefix(g.k.buf, true)
	if err := g.writeQuoted(name, mark); err != nil {
		return err
	}
	g.st.nameDone()
	return nil
}

// beginName checks that a name may be written and reserves room for its
// prefix and quotes.
func (g *Generator) beginName() error {
	if g.err != nil {
		return g.err
	}
	if !g.st.canName() {
		return g.syntaxErr("name")
	}
	if err := g.k.room(g.prefixRoom() + 2); err != nil {
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

// writeStringValue returns its errors through g.note itself, so that
// WriteString stays small enough to be inlined.
func (g *Generator) writeStringValue(s []byte) error {
	// Fast path, for values in a compact array or after a name: the
	// separator, the string and its quotes fit in the buffer, and the
	// scan finds nothing to escape, so the string costs one kernel call.
	if st := &g.st; st.vsep != noFast && g.err == nil && g.x.hook == nil {
		b := g.k.buf
		l := len(b)
		if need := len(s) + slack + 3; need > cap(b)-l && need <= cap(b) && g.k.w != nil {
			// Flush before a string that fits an empty buffer rather
			// than in its middle, which would first have to check the
			// rest of it for invalid UTF-8 (see writeContent).
			if err := g.k.flush(); err != nil {
				g.err = err
				return g.note(err)
			}
			b, l = g.k.buf, 0
		}
		if len(s) <= cap(b)-l-(slack+3) {
			// Index into the whole capacity and set the length once at
			// the end: cheaper than three appends.
			mark := l
			b = b[:cap(b)]
			if st.vsep != 0 {
				b[l] = st.vsep
				l++
			}
			b[l] = g.x.quote
			l++
			set := g.x.set
			n := set.Copy(b[l:], s)
			l += n
			if n == len(s) {
				b[l] = g.x.quote
				g.k.buf = g.k.buf[:l+1]
				st.fastValueDone()
				return nil
			}
			// A few ASCII escapes between clean runs (a quote in a
			// sentence): escape each from the table and scan on, while
			// the rest still fits with Slack to spare (l-n <= lim). This
			// is tableEscapes written inline: the call cost 9% at 12
			// bytes (BenchmarkWriteString escaped, benchstat n=6).
			if t := g.x.tab; t != nil {
				lim := len(b) - len(s) - slack - 16
				for n < len(s) && s[n] < utf8.RuneSelf && l-n <= lim {
					e := &t[s[n]]
					binary.LittleEndian.PutUint64(b[l:], e.w)
					l += int(e.n)
					n++
					if len(s)-n <= shortTail {
						// A few bytes after the escape (a quote that
						// closes a sentence): a byte loop costs less
						// than a kernel call.
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
			}
			if n == len(s) {
				b[l] = g.x.quote
				g.k.buf = g.k.buf[:l+1]
				st.fastValueDone()
				return nil
			}
			// Something else to escape: escape the rest in place when it
			// fits, which is the common case of a short string.
			b, i, bad := g.x.appendSome(b[:l], s, n)
			if i == len(s) && !bad && cap(b)-len(b) > slack {
				g.k.buf = append(b, g.x.quote)
				st.fastValueDone()
				return nil
			}
			g.k.buf = b
			return g.note(g.finishString(s[i:], int64(i), mark))
		}
	}
	mark, err := g.beginValue("string value", 2)
	if err != nil {
		return g.note(err)
	}
	g.k.buf = append(g.k.buf, g.x.quote)
	return g.note(g.finishString(s, 0, mark))
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
	k := &g.k
	st := strState{base: base}
	if err := g.x.writeContent(k, s, &st); err != nil {
		if k.err != nil {
			g.err = k.err
			return k.err
		}
		k.buf = k.buf[:mark]
		return err
	}
	if err := k.room(1); err != nil {
		return g.fail(err)
	}
	k.buf = append(k.buf, g.x.quote)
	return nil
}

// writeQuoted writes s quoted after a prefix that starts at mark; see
// finishString.
func (g *Generator) writeQuoted(s []byte, mark int) error {
	g.k.buf = append(g.k.buf, g.x.quote)
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
	g.k.buf = append(g.k.buf, lit...)
	return g.valueDone()
}
