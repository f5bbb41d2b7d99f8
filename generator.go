package jgen

import (
	"io"
)

// Generator writes a stream of JSON tokens (RFC 8259) to an io.Writer
// through a buffer, or appends them to a byte slice.
//
// Each Write method checks the token against the grammar before writing
// any byte of it: a value where a name is expected, a name outside an
// object or right after another name, an end that does not match the open
// container, or a start beyond Options.MaxDepth returns a *SyntaxError and
// leaves the output and the state as they were. So does a string value or
// name that holds invalid UTF-8 under the InvalidUTF8Error policy (a
// *UTF8Error), except when streamed with WriteStringFrom.
//
// Errors of the io.Writer are sticky, as with bufio.Writer: after one,
// every call returns it and nothing more is written. After Close every call
// returns ErrClosed.
//
// Several values may be written at the root; Options.RootSeparator goes
// between them. A Generator is not safe for concurrent use; independent
// Generators are.
//
// No byte from outside the data given to it (such as the rest of the array
// a string was cut from) is ever stored in its buffer, which in append mode
// is the slice Bytes returns: past the output's length the buffer holds
// only bytes that were there before, copies of input bytes, or bytes of
// jgen's own escape tables.
type Generator struct {
	k     sink
	x     escaper
	st    state
	opts  Options
	err   error // sticky: the writer's error, a streamed UTF-8 error, or ErrClosed
	indBy string
	rsep  string
	// rd is the read buffer of WriteStringFrom, allocated on first use.
	rd []byte
	// bufSize is the buffer capacity in writer mode, Slack included.
	bufSize int
}

// NewGenerator returns a Generator that writes to w through a buffer of
// opts.BufferSize bytes. opts may be nil for the defaults. Output reaches w
// when the buffer fills, on Flush and on Close. It returns an
// *OptionsError if opts is not valid, and panics if w is nil.
func NewGenerator(w io.Writer, opts *Options) (*Generator, error) {
	g := new(Generator)
	if err := g.init(opts); err != nil {
		return nil, err
	}
	g.Reset(w)
	return g, nil
}

// NewAppendGenerator returns a Generator that appends its output to dst
// (from len(dst) on), growing it as append does; Bytes returns the result.
// Nothing is ever flushed, so memory grows with the output. opts may be nil
// for the defaults. It returns an *OptionsError if opts is not valid.
func NewAppendGenerator(dst []byte, opts *Options) (*Generator, error) {
	g := new(Generator)
	if err := g.init(opts); err != nil {
		return nil, err
	}
	g.ResetAppend(dst)
	return g, nil
}

func (g *Generator) init(opts *Options) error {
	if opts != nil {
		g.opts = *opts
	}
	if err := g.opts.validate(); err != nil {
		return err
	}
	if err := g.x.compile(g.opts.Escaping); err != nil {
		return err
	}
	g.indBy = g.opts.Indent
	if g.indBy == "" {
		g.indBy = "  "
	}
	if g.opts.Layout == JacksonPretty {
		g.indBy = "  "
	}
	g.rsep = g.opts.RootSeparator
	if g.rsep == "" {
		g.rsep = "\n"
	}
	if g.opts.MaxDepth == 0 {
		g.opts.MaxDepth = DefaultMaxDepth
	}
	size := g.opts.BufferSize
	if size == 0 {
		size = DefaultBufferSize
	}
	g.bufSize = max(size, minBufferSize) + slack
	return nil
}

const slack = 64 // == scan.Slack, checked by a test

// Reset discards the state and any unflushed output and makes g write a new
// stream to w, keeping its options and current escaping. The buffer is
// kept, so a warmed-up Generator is reused without allocating. It panics if
// w is nil.
func (g *Generator) Reset(w io.Writer) {
	if w == nil {
		panic("jgen: Reset with a nil io.Writer")
	}
	buf := g.k.buf
	if g.k.w == nil || cap(buf) != g.bufSize {
		buf = make([]byte, 0, g.bufSize)
	}
	g.k = sink{buf: buf[:0], w: w}
	g.reset()
}

// ResetAppend discards the state and makes g append a new stream to dst,
// keeping its options and current escaping.
func (g *Generator) ResetAppend(dst []byte) {
	g.k = sink{buf: dst, base: len(dst)}
	g.reset()
}

func (g *Generator) reset() {
	g.err = nil
	g.st.reset(g.opts.MaxDepth, g.opts.Layout == Compact)
}

// Bytes returns the output in append mode: dst as given to
// NewAppendGenerator or ResetAppend, extended by everything written. In
// writer mode it returns nil. The slice is valid until the next call on g.
func (g *Generator) Bytes() []byte {
	if g.k.w != nil {
		return nil
	}
	return g.k.buf
}

// Offset returns the number of bytes of output produced so far, flushed or
// not (in append mode, not counting the dst given).
func (g *Generator) Offset() int64 { return g.k.offset() }

// Depth returns the number of open objects and arrays.
func (g *Generator) Depth() int { return len(g.st.stack) }

// Escaping returns the escaping in use.
func (g *Generator) Escaping() Escaping { return g.x.esc }

// SetEscaping changes the escaping of the strings and names written from
// now on; it may be called between any two tokens (jackson-core's
// setCharacterEscapes mid-stream). It returns an *OptionsError, and keeps
// the old escaping, if e is not valid.
func (g *Generator) SetEscaping(e Escaping) error {
	var x escaper
	if err := x.compile(e); err != nil {
		return err
	}
	g.x = x
	return nil
}

// Flush writes the buffered output to the io.Writer. It returns the
// writer's error, which is then sticky, or ErrClosed after Close. In
// append mode it does nothing.
func (g *Generator) Flush() error {
	if g.err != nil {
		return g.err
	}
	if err := g.k.flush(); err != nil {
		g.err = err
		return err
	}
	return nil
}

// Close flushes the output and ends the stream; it does not close the
// io.Writer. It returns a *SyntaxError if an object or array is still open
// or a name has no value (the output written so far is flushed all the
// same), or the writer's error. Calls after Close return ErrClosed; Close
// itself may be called again and then returns nil.
func (g *Generator) Close() error {
	if g.err == ErrClosed {
		return nil
	}
	var ferr error
	if g.err != nil {
		ferr = g.err
	} else if err := g.k.flush(); err != nil {
		g.err = err
		ferr = err
	}
	var serr error
	if g.st.cur != inRoot {
		serr = g.syntaxErr("end of output")
	}
	if g.err == nil {
		g.err = ErrClosed
	}
	if ferr != nil {
		return ferr
	}
	return serr
}

func (g *Generator) syntaxErr(tok string) error {
	return &SyntaxError{Token: tok, Context: g.st.where(), Offset: g.k.offset(), Err: ErrSyntax}
}

// checkValue returns the error that refuses a value token, or nil.
func (g *Generator) checkValue(tok string) error {
	if g.err != nil {
		return g.err
	}
	if !g.st.canValue() {
		return g.syntaxErr(tok)
	}
	return nil
}

// prefixRoom is an upper bound of the bytes appendPrefix writes.
func (g *Generator) prefixRoom() int {
	return 4 + len(g.rsep) + len(g.indBy)*(len(g.st.stack)+1)
}

// appendPrefix appends what goes before a value (isName false) or a name
// (isName true): separators and, in the pretty layouts, line breaks and
// indentation. The caller has reserved prefixRoom bytes.
func (g *Generator) appendPrefix(b []byte, isName bool) []byte {
	st := &g.st
	switch st.cur {
	case inRoot:
		if st.rootValues > 0 {
			b = append(b, g.rsep...)
		}
		return b
	case inObject:
		if !isName {
			switch g.opts.Layout {
			case Compact:
				return append(b, ':')
			case Indented:
				return append(b, ':', ' ')
			default:
				return append(b, ' ', ':', ' ')
			}
		}
		if !st.first {
			b = append(b, ',')
		}
		switch g.opts.Layout {
		case Indented:
			return g.appendIndent(b, len(st.stack))
		case JacksonPretty:
			return g.appendIndent(b, st.objects)
		}
		return b
	default: // inArray
		switch g.opts.Layout {
		case Compact:
			if !st.first {
				b = append(b, ',')
			}
		case Indented:
			if !st.first {
				b = append(b, ',')
			}
			b = g.appendIndent(b, len(st.stack))
		default:
			if !st.first {
				b = append(b, ',')
			}
			b = append(b, ' ')
		}
		return b
	}
}

// appendIndent appends a line break and level indentations.
func (g *Generator) appendIndent(b []byte, level int) []byte {
	b = append(b, '\n')
	for range level {
		b = append(b, g.indBy...)
	}
	return b
}

// beginValue checks that a value may be written and writes its prefix,
// reserving n more bytes after it. It returns the length of the buffer
// before the prefix, to which a failed value is rolled back.
func (g *Generator) beginValue(tok string, n int) (int, error) {
	if err := g.checkValue(tok); err != nil {
		return 0, err
	}
	if err := g.k.room(g.prefixRoom() + n); err != nil {
		g.err = err
		return 0, err
	}
	mark := len(g.k.buf)
	g.k.buf = g.appendPrefix(g.k.buf, false)
	return mark, nil
}

// fail records a writer error as sticky and returns it.
func (g *Generator) fail(err error) error {
	if g.k.err != nil {
		g.err = g.k.err
		return g.k.err
	}
	return err
}
