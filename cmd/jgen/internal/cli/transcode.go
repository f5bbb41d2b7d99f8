package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/jgen-go/jgen"
)

// counts are the figures --stats reports.
type counts struct {
	roots   int64 // top-level values
	values  int64 // values at any depth
	strings int64 // string values and names
	in      int64 // bytes read
}

// inputError is invalid input, located in the file.
type inputError struct {
	name              string
	line, col, offset int64
	msg               string
}

func (e *inputError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s (byte offset %d)", e.name, e.line, e.col, e.msg, e.offset)
}

// commitEvery is how many bytes the line reader keeps before it is told to
// forget those the decoder is done with.
const commitEvery = 256 << 10

var bom = []byte{0xEF, 0xBB, 0xBF}

// transcode reads every JSON value from r and writes it to g. name is the
// input's name in error messages. The root path takes the root values it
// can; the token path takes each one it cannot, and hands the input back
// after it.
func transcode(g *jgen.Generator, r io.Reader, name string, c *counts) error {
	src := &source{r: r}
	br := bufio.NewReaderSize(src, readSize)
	var at position
	if b, _ := br.Peek(3); bytes.Equal(b, bom) { // RFC 8259 §8.1
		br.Discard(3)
		at.offset = 3
	}
	// The token path takes turns root values before it hands back: 1 at
	// first, twice as many each time the root path then cannot take the
	// next one either (as in NDJSON whose lines are all larger than the
	// buffer, where each turn would cost the root path a buffer's lexing
	// and the token path a new Decoder), 1 again once it can.
	var turn int64
	for {
		done, from, wrote, err := transcodeRoots(g, br, name, c, at)
		if done || err != nil {
			return err
		}
		if wrote > 0 || turn == 0 {
			turn = 1
		} else {
			turn *= 2
		}
		if done, at, err = transcodeTokens(g, br, src, name, c, from, turn); done || err != nil {
			return err
		}
		br = bufio.NewReaderSize(src, readSize)
	}
}

// position is a place in the input: its file offset, the number of line
// breaks before it and the file offset where its line starts.
type position struct {
	offset, line, lineStart int64
}

// tokenPath transcodes token by token with jsontext's Decoder, which
// checks the input and says where it is at fault. It reads through a
// splicer, which streams long strings past the decoder, and a lineReader,
// which turns the decoder's offsets into lines and columns.
type tokenPath struct {
	g      *jgen.Generator
	dec    *jsontext.Decoder
	lr     *lineReader
	sp     *splicer
	name   string
	c      *counts
	buf    []byte // unquoted strings
	strIdx int64  // string tokens read, for sp.isLong
}

// transcodeTokens transcodes the input from br, which starts at position at
// (outside any value), token by token, until the input ends (done) or,
// after turn root values or more, a root value ends where the root path can
// take over: it then puts the bytes it holds past that value back in src
// and returns its position.
func transcodeTokens(g *jgen.Generator, br *bufio.Reader, src *source, name string, c *counts, at position, turn int64) (done bool, next position, err error) {
	roots := c.roots + turn
	sp := &splicer{br: br}
	lr := lineReaderAt(sp, at)
	t := &tokenPath{
		g:    g,
		dec:  jsontext.NewDecoder(lr, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)),
		lr:   lr,
		sp:   sp,
		name: name,
		c:    c,
	}
	for {
		if lr.pending() > commitEvery {
			lr.commit(t.dec.InputOffset())
		}
		var err error
		switch t.dec.PeekKind() {
		case '{', '[', '}', ']':
			err = t.delim()
		case '"':
			err = t.string()
		case '0':
			err = t.number()
		case 't', 'f', 'n':
			err = t.literal()
		default:
			// Invalid input or the end: ReadToken says which.
			_, err = t.dec.ReadToken()
			if err == io.EOF {
				c.in += lr.total + sp.removed
				return true, position{}, nil
			}
			if err == nil {
				err = errors.New("unexpected token")
			}
			err = t.readError(err)
		}
		if err != nil {
			return false, position{}, err
		}
		if t.dec.StackDepth() == 0 {
			c.roots++
			if fastRoots && c.roots >= roots && sp.idle() {
				next = t.position()
				src.unread(lr.from(t.dec.InputOffset()), br)
				return false, next, nil
			}
		}
	}
}

// position returns the position in the file of the decoder's offset.
func (t *tokenPath) position() position {
	d := t.dec.InputOffset()
	line, col, off := t.lr.position(d)
	lineStart := off - col + 1 // in the file, less the cuts before it
	return position{
		offset:    off + t.sp.shift(d),
		line:      line - 1,
		lineStart: lineStart + t.sp.shift(lineStart-t.lr.skip),
	}
}

// delim transcodes the next token, a start or end of an object or array.
func (t *tokenPath) delim() error {
	tok, err := t.dec.ReadToken()
	if err != nil {
		return t.readError(err)
	}
	switch tok.Kind() {
	case '{':
		t.c.values++
		err = t.g.WriteStartObject()
	case '[':
		t.c.values++
		err = t.g.WriteStartArray()
	case '}':
		err = t.g.WriteEndObject()
	case ']':
		err = t.g.WriteEndArray()
	}
	if err != nil {
		return t.genError(t.dec.InputOffset()-1, err)
	}
	return nil
}

// string transcodes the next token, a string value or an object member's
// name.
func (t *tokenPath) string() error {
	kind, n := t.dec.StackIndex(t.dec.StackDepth())
	isName := kind == '{' && n%2 == 0
	v, err := t.dec.ReadValue()
	if err != nil {
		return t.readError(err)
	}
	idx := t.strIdx
	t.strIdx++
	t.c.strings++
	if !isName {
		t.c.values++
	}
	start := t.dec.InputOffset() - int64(len(v))
	if t.sp.isLong(idx) {
		return t.writeLong(isName, start)
	}
	s := v[1 : len(v)-1]
	if bytes.IndexByte(s, '\\') >= 0 {
		t.buf = unquote(t.buf[:0], v)
		s = t.buf
	}
	if isName {
		err = t.g.WriteNameBytes(s)
	} else {
		err = t.g.WriteStringBytes(s)
	}
	if err != nil {
		var u *jgen.UTF8Error
		if errors.As(err, &u) {
			return t.locate(utf8Location(start, v, u.Offset))
		}
		return t.genError(start, err)
	}
	return nil
}

// number transcodes the next token, a number: jsontext has checked its
// grammar, so it is copied verbatim.
func (t *tokenPath) number() error {
	v, err := t.dec.ReadValue()
	if err != nil {
		return t.readError(err)
	}
	t.c.values++
	if err = t.g.WriteRawValueUnchecked(v); err != nil {
		return t.genError(t.dec.InputOffset()-int64(len(v)), err)
	}
	return nil
}

// literal transcodes the next token, true, false or null.
func (t *tokenPath) literal() error {
	v, err := t.dec.ReadValue()
	if err != nil {
		return t.readError(err)
	}
	t.c.values++
	if err = writeLiteral(t.g, v[0]); err != nil {
		return t.genError(t.dec.InputOffset()-int64(len(v)), err)
	}
	return nil
}

// writeLiteral writes the literal that starts with c: true, false or null.
func writeLiteral(g *jgen.Generator, c byte) error {
	switch c {
	case 't':
		return g.WriteBool(true)
	case 'f':
		return g.WriteBool(false)
	}
	return g.WriteNull()
}

// readError locates an error of the decoder in the input.
func (t *tokenPath) readError(err error) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		return t.locate(syntaxLocation(t.dec, t.lr, se))
	}
	if err == io.ErrUnexpectedEOF {
		return t.locate(t.lr.total-t.lr.skip, "unexpected end of input")
	}
	return t.inputReadError(err)
}

// inputReadError is err, the input's read error, as the command reports
// it: "reading NAME: " and the system's reason, without the tokenizer's
// "jsontext: read error: " or the *os.PathError's "read FILE: ".
func (t *tokenPath) inputReadError(err error) error {
	name := t.name
	if name == "<stdin>" {
		name = "standard input"
	}
	for {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
			break
		}
		u := errors.Unwrap(err)
		if u == nil {
			break
		}
		err = u
	}
	return fmt.Errorf("reading %s: %w", name, err)
}

// locateIn places decoder offset d in the file, plus delta bytes on the
// same line (a string holds no raw line break). The decoder's offsets miss
// the bytes of long strings cut out by the splicer.
func (t *tokenPath) locateIn(d, delta int64, msg string) error {
	line, col, off := t.lr.position(d)
	lineStart := off - col + 1 - t.lr.skip
	sh := t.sp.shift(d)
	col += sh - t.sp.shift(lineStart) + delta
	off += sh + delta
	return &inputError{name: t.name, line: line, col: col, offset: off, msg: msg}
}

func (t *tokenPath) locate(d int64, msg string) error { return t.locateIn(d, 0, msg) }

// genError locates an error of the generator at decoder offset d in the
// input, unless it is the output writer's: that is no fault of the input.
func (t *tokenPath) genError(d int64, err error) error {
	if !inputFault(err) {
		return fmt.Errorf("writing output: %w", err)
	}
	return t.locate(d, genMessage(err))
}

// writeLong writes the long string token whose placeholder starts at
// decoder offset start: a value streamed from the input through
// WriteStringFrom, so that memory stays bounded by the buffers whatever its
// length; a name read whole into memory (a name has no streaming write).
//
// A streamed value is written as it is read, so a fault found inside it
// (invalid UTF-8 under the error policy, or a syntax error) ends the output
// inside the string, where a short string is refused whole.
func (t *tokenPath) writeLong(isName bool, start int64) error {
	end := start + int64(len(placeholder))
	if isName || t.sp.spilled != nil {
		return t.writeLongInMemory(isName, start, end)
	}
	vr := t.sp.value(end)
	_, err := t.g.WriteStringFrom(vr)
	if err == nil {
		return nil
	}
	var se *stringError
	var u *jgen.UTF8Error
	switch {
	case errors.As(err, &se):
		return t.locateIn(start, se.at, se.msg)
	case errors.As(err, &u):
		at, msg := vr.utf8Location(u.Offset)
		return t.locateIn(start, at, msg)
	case inputFault(err):
		return t.genError(start, err)
	case vr.readErr != nil:
		return t.inputReadError(vr.readErr)
	}
	return t.genError(start, err)
}

// writeLongInMemory writes a long token read whole into memory: a name, or
// a value the decoder made the splicer spill.
func (t *tokenPath) writeLongInMemory(isName bool, start, end int64) error {
	raw, msg, at, err := t.sp.rawToken(end)
	if err != nil {
		return t.inputReadError(err)
	}
	if msg != "" {
		return t.locateIn(start, at, msg)
	}
	var s []byte
	if t.unquoteInPlace(raw) {
		s = unquote(raw[:0], raw)
	} else {
		// The content is at most len(raw)-2 bytes: one allocation.
		s = unquote(make([]byte, 0, len(raw)), raw)
	}
	if isName {
		err = t.g.WriteNameBytes(s)
	} else {
		err = t.g.WriteStringBytes(s)
	}
	var u *jgen.UTF8Error
	if errors.As(err, &u) {
		at, msg := utf8Location(0, raw, u.Offset)
		return t.locateIn(start, at, msg)
	}
	if err != nil {
		return t.genError(start, err)
	}
	return nil
}

// unquoteInPlace reports whether the long token raw may be unquoted over
// itself, so that a long name costs its raw bytes and no copy: its decoded
// content is never longer than raw less its opening quote, so unquote's
// writes stay behind its reads. It may not when the generator could
// refuse the content for invalid UTF-8, whose location is found in raw:
// under the error policy, when raw is not valid UTF-8 (an escape decodes to
// whole characters, so the content is invalid exactly where raw is) or may
// hold a surrogate escape.
func (t *tokenPath) unquoteInPlace(raw []byte) bool {
	if t.g.Escaping().InvalidUTF8 != jgen.InvalidUTF8Error {
		return true
	}
	if !utf8.Valid(raw) {
		return false
	}
	for i := 0; ; {
		j := bytes.Index(raw[i:], []byte(`\u`))
		if j < 0 {
			return true
		}
		i += j + 2
		if i+1 < len(raw) && (raw[i] == 'd' || raw[i] == 'D') && bytes.IndexByte([]byte("89abcdefABCDEF"), raw[i+1]) >= 0 {
			return false
		}
	}
}

// decMessage is the tokenizer's message without its package prefix.
func decMessage(se *jsontext.SyntacticError) string {
	msg := se.Err.Error()
	switch {
	case msg == io.ErrUnexpectedEOF.Error():
		return "unexpected end of input"
	case strings.Contains(msg, "exceeded max depth"):
		return fmt.Sprintf("nesting too deep: more than %d levels of objects and arrays", jgen.DefaultMaxDepth)
	}
	return msg
}

// inputFault reports whether an error of the generator comes from the
// input (grammar, depth, invalid UTF-8, a number or value it refuses)
// rather than from the writer it writes to.
func inputFault(err error) bool {
	for _, e := range []error{jgen.ErrSyntax, jgen.ErrMaxDepth, jgen.ErrInvalidUTF8, jgen.ErrInvalidNumber, jgen.ErrInvalidValue, jgen.ErrNonFinite} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// genMessage is the message the command reports for err, an error of the
// generator that inputFault attributes to the input: err's own text, with
// "nesting too deep: " in front for the depth limit, as the tokenizer's
// depth message (decMessage) begins.
func genMessage(err error) string {
	if errors.Is(err, jgen.ErrMaxDepth) {
		return "nesting too deep: " + err.Error()
	}
	return err.Error()
}
