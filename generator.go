package jgen

import (
	"errors"
	"io"

	"github.com/jgen-go/jgen/internal/scan"
)

// Generator writes a stream of JSON tokens (RFC 8259) to an io.Writer
// through a buffer, or appends them to a byte slice.
//
// Each Write method checks the token against the grammar before writing
// any byte of it: a value where a name is expected, a name outside an
// object or right after another name, an end that does not match the open
// container, or a start beyond Options.MaxDepth returns a [*SyntaxError] and
// leaves the output and the state as they were. A string value or name
// that holds invalid UTF-8 under the InvalidUTF8Error policy is refused
// the same way, leaving output and state as they were, but with a
// [*UTF8Error], not a [*SyntaxError]; a string streamed with WriteStringFrom
// is the exception (see WriteStringFrom). A refused token does not stop
// the stream: later tokens are accepted.
//
// The names of an object are not checked for uniqueness: RFC 8259 §4 says
// they SHOULD be unique, not that they must, and telling would mean
// keeping every name of every open object. A name is given whole, as a
// string or byte slice held in memory; unlike a string value, which
// WriteStringFrom streams from an io.Reader, a name has no streaming form.
//
// # Errors
//
// Close returns the first error that any call returned since the
// Generator was made or last Reset: a refused token as well as a failure
// of the io.Writer. So, as with bufio.Writer, a program may check the
// error of every call, or write its tokens and check only Close; either
// way no failure goes unreported. (Flush returns only the errors that stop
// the stream; see Flush.)
//
// Some errors stop the stream: after one, every call that writes returns
// it and nothing more is added to the output. They are the io.Writer's
// errors (as with bufio.Writer, what was not handed to the writer is
// lost), a failed WriteStringFrom (what was written before the failure
// still reaches the writer at Flush and Close), and the error left by
// Reset(nil). After Close, until Reset or ResetAppend, every call returns
// [ErrClosed], except Close, which returns what it returned the first time.
//
// # Root values
//
// Several values may be written at the root, one after another. Each is
// followed by Options.RootTerminator as soon as it is complete, and
// Options.RootSeparator goes between two of them; by default a newline
// ends each value in the Compact and Indented layouts (so a sequence of
// compact values is NDJSON) and one space separates them in the
// JacksonPretty layout. See Options.RootTerminator.
//
// A Generator is not safe for concurrent use; independent Generators are.
//
// The zero Generator has no output and no options: every call that writes,
// SetEscaping, Flush and Close return an [*OptionsError] (matching
// [ErrInvalidOptions]) and nothing is written, until Reset or ResetAppend,
// which give it the default options (as NewGenerator(w, nil) would), so
// that "var g Generator; g.Reset(w)" is a ready Generator.
//
// No byte from outside the data given to it (such as the rest of the array
// a string was cut from) is ever stored in its buffer, which in append mode
// is the slice Bytes returns: past the output's length the buffer holds
// only bytes that were there before, copies of input bytes, or bytes of
// jgen's own escape tables.
type Generator struct {
	out   sink    // the output buffer, flushed to the writer or appended to
	esc   escaper // the current escaping, compiled
	mx    escaper // Options.MarshalerEscaping compiled, when set
	state state   // the position in the grammar
	opts  Options
	// err stops the stream: the writer's error, a failed WriteStringFrom's
	// error, Reset(nil)'s error, or [ErrClosed].
	err error
	// firstErr is the first error any call returned since New or Reset;
	// closeErr is what Close returned.
	firstErr error
	closeErr error
	indent   string // one level of indentation in the pretty layouts
	rootSep  string // written between two root values
	rootTerm string // written after each complete root value
	// readBuf is the read buffer of WriteStringFrom, allocated on first use.
	readBuf []byte
	// bufSize is the buffer capacity in writer mode, Slack included.
	bufSize int
	// enc is the encState a generator of genPool keeps between the
	// values it writes (WriteValue), so that Marshal and Encode take one
	// pooled object per call rather than two; nil while a value is
	// written, and for every other generator.
	enc *encState
	// v2s is the v2State a generator of genPool keeps between the values
	// it writes under Options.V2 (writeValueV2), as enc; nil while a
	// value is written, and for every other generator.
	v2s *v2State
	// pooled is set for a generator of genPool (getGenerator).
	pooled bool
}

// NewGenerator returns a Generator that writes to w through a buffer of
// opts.BufferSize bytes. opts may be nil for the defaults. Output reaches w
// when the buffer fills, on Flush and on Close. It returns an
// [*OptionsError] if opts is not valid or w is nil.
func NewGenerator(w io.Writer, opts *Options) (*Generator, error) {
	if w == nil {
		return nil, errNilWriter()
	}
	g := new(Generator)
	if err := g.init(opts); err != nil {
		return nil, err
	}
	g.Reset(w)
	return g, nil
}

func errNilWriter() error { return &OptionsError{"io.Writer", "must not be nil"} }

// errZeroGenerator is the error of every call on a zero Generator.
func errZeroGenerator() error {
	return &OptionsError{"Generator", "is the zero value: make it with NewGenerator or NewAppendGenerator, or call Reset or ResetAppend first"}
}

// zero reports whether g is a zero Generator, never initialised: init
// always sets bufSize.
func (g *Generator) zero() bool { return g.bufSize == 0 }

// NewAppendGenerator returns a Generator that appends its output to dst
// (from len(dst) on), growing it as append does; Bytes returns the result.
// Nothing is ever flushed, so memory grows with the output. opts may be nil
// for the defaults. It returns an [*OptionsError] if opts is not valid.
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
	g.initOpts()
	return nil
}

// initOpts sets up g from g.opts, which are valid.
func (g *Generator) initOpts() {
	g.esc.init(g.opts.Escaping) // validated with the options
	if e := g.opts.MarshalerEscaping; e != nil {
		g.mx.init(*e) // validated with the options
	}
	g.indent = g.opts.Indent
	if g.indent == "" {
		g.indent = "  "
	}
	if g.opts.Layout == JacksonPretty {
		g.indent = "  "
	}
	g.rootSep, g.rootTerm = g.opts.RootSeparator, g.opts.RootTerminator
	if g.rootSep == "" && g.rootTerm == "" {
		if g.opts.Layout == JacksonPretty {
			g.rootSep = " " // DefaultPrettyPrinter's root separator
		} else {
			g.rootTerm = "\n"
		}
	}
	if g.opts.MaxDepth == 0 {
		g.opts.MaxDepth = DefaultMaxDepth
	}
	size := g.opts.BufferSize
	if size == 0 {
		size = DefaultBufferSize
	}
	g.bufSize = max(size, minBufferSize) + slack
}

// slack is scan.Slack: the capacity the buffer keeps beyond what is
// reserved, because the kernels store whole vectors past their output.
const slack = scan.Slack

// Reset discards the state, any unflushed output and the errors recorded
// so far, and makes g write a new stream to w, keeping its options and
// current escaping. The buffer is kept, so a warmed-up Generator is reused
// without allocating.
//
// Reset(nil) leaves g without an output: until the next Reset or
// ResetAppend, every call that writes, Flush and Close return an
// [*OptionsError] (matching [ErrInvalidOptions]) and nothing is written.
//
// Reset also revives a closed Generator, and gives a zero Generator the
// default options.
func (g *Generator) Reset(w io.Writer) {
	if g.zero() {
		_ = g.init(nil) // the default options are valid
	}
	if w == nil {
		g.out = sink{}
		g.reset()
		g.err = errNilWriter()
		return
	}
	buf := g.out.buf
	if g.out.w == nil || cap(buf) != g.bufSize {
		buf = make([]byte, 0, g.bufSize)
	}
	g.out = sink{buf: buf[:0], w: w}
	g.reset()
}

// ResetAppend discards the state and makes g append a new stream to dst,
// keeping its options and current escaping. Like Reset, it revives a
// closed Generator and gives a zero Generator the default options.
func (g *Generator) ResetAppend(dst []byte) {
	if g.zero() {
		_ = g.init(nil) // the default options are valid
	}
	g.out = sink{buf: dst, base: len(dst)}
	g.reset()
}

func (g *Generator) reset() {
	g.err, g.firstErr, g.closeErr = nil, nil, nil
	g.state.reset(g.opts.MaxDepth, g.opts.Layout == Compact)
}

// Bytes returns the output in append mode: dst as given to
// NewAppendGenerator or ResetAppend, extended by everything written. In
// writer mode it returns nil. The slice is valid until the next call on g.
func (g *Generator) Bytes() []byte {
	if g.out.w != nil {
		return nil
	}
	return g.out.buf
}

// Offset returns the number of bytes of output produced so far, flushed or
// not (in append mode, not counting the dst given).
func (g *Generator) Offset() int64 { return g.out.offset() }

// Depth returns the number of open objects and arrays.
func (g *Generator) Depth() int { return len(g.state.stack) }

// Escaping returns the escaping in use.
func (g *Generator) Escaping() Escaping { return g.esc.escaping }

// SetEscaping changes the escaping of the strings and names written from
// now on; it may be called between any two tokens (jackson-core's
// setCharacterEscapes mid-stream). It returns an [*OptionsError], and keeps
// the old escaping, if e is not valid, and [ErrClosed] after Close.
func (g *Generator) SetEscaping(e Escaping) error {
	if g.zero() {
		return g.note(errZeroGenerator())
	}
	if g.err == ErrClosed {
		return g.note(ErrClosed)
	}
	var compiled escaper
	if err := compiled.compile(e); err != nil {
		return g.note(err)
	}
	g.esc = compiled
	return nil
}

// Flush writes the buffered output to the io.Writer. It returns the error
// that stopped the stream, if one did (see Generator): the writer's error,
// which is then sticky, or a failed WriteStringFrom's error, after
// flushing what was written before that failure. After Close it returns
// [ErrClosed]. A refused token does not make Flush fail; Close reports it.
// In append mode Flush writes nothing.
func (g *Generator) Flush() error {
	if g.zero() {
		return g.note(errZeroGenerator())
	}
	if g.err == ErrClosed {
		return g.note(ErrClosed)
	}
	if err := g.out.flush(); err != nil {
		g.err = err
		return g.note(err)
	}
	return g.note(g.err)
}

// Close flushes the output and ends the stream; it does not close the
// io.Writer. It returns the first error that any call returned since the
// Generator was made or last Reset (see Generator), matchable with
// errors.Is and errors.As. If Close itself meets a failure other than
// that one, it returns both, the first one first, joined as by
// errors.Join: the error that stopped the stream, the writer's error
// while flushing, or a [*SyntaxError] if an object or array is still open
// or a name has no value (the output is flushed all the same). It returns
// nil only if every call since the Generator was made or last Reset
// succeeded and the output is complete.
//
// After Close, until Reset or ResetAppend, every other call returns
// [ErrClosed]; Close itself may be called again and returns what it
// returned the first time.
func (g *Generator) Close() error {
	if g.zero() {
		return g.note(errZeroGenerator())
	}
	if g.err == ErrClosed {
		return g.note(g.closeErr)
	}
	own := g.out.flush()
	if own == nil {
		own = g.err
	}
	if own == nil && g.state.container != inRoot {
		own = g.syntaxErr("end of output")
	}
	err := g.firstErr
	switch {
	case err == nil:
		err = own
	case own != nil && own != err:
		err = errors.Join(err, own)
	}
	g.err, g.closeErr = ErrClosed, err
	return g.note(err)
}

// note records err as the first error if it is and there was none, and
// returns it. Every exported method returns its error through note, so
// that Close reports it (TestExportedMethodsNoteErrors checks the rule).
func (g *Generator) note(err error) error {
	// No test of err: storing a nil where first is nil changes nothing,
	// and the smaller body keeps WriteString within the inlining budget.
	if g.firstErr == nil {
		g.firstErr = err
	}
	return err
}

func (g *Generator) syntaxErr(tok string) error {
	if g.zero() {
		// A zero Generator is at the root, where names and ends are
		// refused: they come here.
		return errZeroGenerator()
	}
	return &SyntaxError{Token: tok, Context: g.state.where(), Offset: g.out.offset(), Err: ErrSyntax}
}

// checkValue returns the error that refuses a value token, or nil.
func (g *Generator) checkValue(tok string) error {
	if g.err != nil {
		return g.err
	}
	if !g.state.canValue() || g.zero() {
		return g.syntaxErr(tok)
	}
	return nil
}

// prefixRoom is an upper bound of the bytes appendPrefix writes, and of
// the root terminator after a value of a size reserved with it.
func (g *Generator) prefixRoom() int {
	return 4 + len(g.rootSep) + len(g.rootTerm) + len(g.indent)*(len(g.state.stack)+1)
}

// appendPrefix appends what goes before a value (isName false) or a name
// (isName true): separators and, in the pretty layouts, line breaks and
// indentation. The caller has reserved prefixRoom bytes.
func (g *Generator) appendPrefix(b []byte, isName bool) []byte {
	st := &g.state
	switch st.container {
	case inRoot:
		if st.rootValues > 0 {
			b = append(b, g.rootSep...)
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
		b = append(b, g.indent...)
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
	if err := g.out.room(g.prefixRoom() + n); err != nil {
		g.err = err
		return 0, err
	}
	mark := len(g.out.buf)
	g.out.buf = g.appendPrefix(g.out.buf, false)
	return mark, nil
}

// valueDone records a complete value and, if it is a root value, writes
// the root terminator. It returns the writer's error if making room for
// the terminator fails.
func (g *Generator) valueDone() error {
	g.state.valueDone()
	return g.rootDone()
}

// rootDone writes the root terminator if the value just completed is at
// the root (after st.valueDone or st.pop).
func (g *Generator) rootDone() error {
	if g.state.container != inRoot || g.rootTerm == "" {
		return nil
	}
	if err := g.out.room(len(g.rootTerm)); err != nil {
		return g.fail(err)
	}
	g.out.buf = append(g.out.buf, g.rootTerm...)
	return nil
}

// fail records a writer error as sticky and returns it.
func (g *Generator) fail(err error) error {
	if g.out.err != nil {
		g.err = g.out.err
		return g.out.err
	}
	return err
}
