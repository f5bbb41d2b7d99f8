package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

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
// input's name in error messages.
func transcode(g *jgen.Generator, r io.Reader, name string, c *counts) error {
	br := bufio.NewReaderSize(r, readSize)
	var skipped []byte
	if b, _ := br.Peek(3); bytes.Equal(b, bom) { // RFC 8259 §8.1
		br.Discard(3)
		skipped = bom
	}
	sp := &splicer{br: br}
	lr := newLineReader(sp, skipped)
	defer func() { c.in += lr.total + sp.removed }()
	dec := jsontext.NewDecoder(lr, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

	// locate places decoder offset d in the file, plus delta bytes on the
	// same line (a string holds no raw line break). The decoder's offsets
	// miss the bytes of long strings cut out by the splicer.
	locateIn := func(d, delta int64, msg string) error {
		line, col, off := lr.position(d)
		lineStart := off - col + 1 - lr.skip
		sh := sp.shift(d)
		col += sh - sp.shift(lineStart) + delta
		off += sh + delta
		return &inputError{name: name, line: line, col: col, offset: off, msg: msg}
	}
	locate := func(d int64, msg string) error { return locateIn(d, 0, msg) }
	// genError locates an error of the generator in the input, unless it
	// is the output writer's: that is no fault of the input.
	genError := func(d int64, err error) error {
		if !inputFault(err) {
			return fmt.Errorf("writing output: %w", err)
		}
		return locate(d, genMessage(err))
	}
	var buf []byte
	var strIdx int64 // string tokens read, for sp.isLong
	for {
		if lr.pending() > commitEvery {
			lr.commit(dec.InputOffset())
		}
		var err error
		switch dec.PeekKind() {
		case '{', '[', '}', ']':
			var tok jsontext.Token
			if tok, err = dec.ReadToken(); err != nil {
				break
			}
			switch tok.Kind() {
			case '{':
				c.values++
				err = g.WriteStartObject()
			case '[':
				c.values++
				err = g.WriteStartArray()
			case '}':
				err = g.WriteEndObject()
			case ']':
				err = g.WriteEndArray()
			}
			if err != nil {
				return genError(dec.InputOffset()-1, err)
			}
		case '"':
			kind, n := dec.StackIndex(dec.StackDepth())
			isName := kind == '{' && n%2 == 0
			var v jsontext.Value
			if v, err = dec.ReadValue(); err != nil {
				break
			}
			idx := strIdx
			strIdx++
			c.strings++
			if !isName {
				c.values++
			}
			start := dec.InputOffset() - int64(len(v))
			if sp.isLong(idx) {
				if err = writeLong(g, sp, name, isName, start, locateIn, genError); err != nil {
					return err
				}
				break
			}
			s := v[1 : len(v)-1]
			if bytes.IndexByte(s, '\\') >= 0 {
				buf = unquote(buf[:0], v)
				s = buf
			}
			if isName {
				err = g.WriteNameBytes(s)
			} else {
				err = g.WriteStringBytes(s)
			}
			if err != nil {
				var u *jgen.UTF8Error
				if errors.As(err, &u) {
					return locate(utf8Location(start, v, u.Offset))
				}
				return genError(start, err)
			}
		case '0':
			var v jsontext.Value
			if v, err = dec.ReadValue(); err != nil {
				break
			}
			c.values++
			// jsontext has checked the number grammar; copy it verbatim.
			if err = g.WriteRawValueUnchecked(v); err != nil {
				return genError(dec.InputOffset()-int64(len(v)), err)
			}
		case 't', 'f', 'n':
			var v jsontext.Value
			if v, err = dec.ReadValue(); err != nil {
				break
			}
			c.values++
			switch v[0] {
			case 't':
				err = g.WriteBool(true)
			case 'f':
				err = g.WriteBool(false)
			default:
				err = g.WriteNull()
			}
			if err != nil {
				return genError(dec.InputOffset()-int64(len(v)), err)
			}
		default:
			// Invalid input or the end: ReadToken says which.
			_, err = dec.ReadToken()
			if err == io.EOF {
				return nil
			}
			if err == nil {
				err = errors.New("unexpected token")
			}
		}
		if err != nil {
			var se *jsontext.SyntacticError
			if errors.As(err, &se) {
				return locate(syntaxLocation(dec, lr, se))
			}
			if err == io.ErrUnexpectedEOF {
				return locate(lr.total-lr.skip, "unexpected end of input")
			}
			return fmt.Errorf("%s: %w", name, err)
		}
		if dec.StackDepth() == 0 {
			c.roots++
		}
	}
}

// writeLong writes the long string token whose placeholder starts at
// decoder offset start: a value streamed from the input through
// WriteStringFrom, so that memory stays bounded by the buffers whatever its
// length; a name read whole into memory (a name has no streaming write).
//
// A streamed value is written as it is read, so a fault found inside it
// (invalid UTF-8 under the error policy, or a syntax error) ends the output
// inside the string, where a short string is refused whole.
func writeLong(g *jgen.Generator, sp *splicer, name string, isName bool, start int64,
	locateIn func(d, delta int64, msg string) error, genError func(d int64, err error) error) error {
	end := start + int64(len(placeholder))
	if isName || sp.spilled != nil {
		raw, msg, at, err := sp.rawToken(end)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if msg != "" {
			return locateIn(start, at, msg)
		}
		s := unquote(nil, raw)
		if isName {
			err = g.WriteNameBytes(s)
		} else {
			err = g.WriteStringBytes(s)
		}
		var u *jgen.UTF8Error
		if errors.As(err, &u) {
			at, msg := utf8Location(0, raw, u.Offset)
			return locateIn(start, at, msg)
		}
		if err != nil {
			return genError(start, err)
		}
		return nil
	}
	vr := sp.value(end)
	_, err := g.WriteStringFrom(vr)
	if err == nil {
		return nil
	}
	var se *stringError
	var u *jgen.UTF8Error
	switch {
	case errors.As(err, &se):
		return locateIn(start, se.at, se.msg)
	case errors.As(err, &u):
		at, msg := vr.utf8Location(u.Offset)
		return locateIn(start, at, msg)
	case inputFault(err):
		return genError(start, err)
	case vr.readErr != nil:
		return fmt.Errorf("%s: %w", name, vr.readErr)
	}
	return genError(start, err)
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

// genMessage is the generator's message without its package prefix.
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

func genMessage(err error) string {
	if errors.Is(err, jgen.ErrMaxDepth) {
		return "nesting too deep: " + err.Error()
	}
	return err.Error()
}
