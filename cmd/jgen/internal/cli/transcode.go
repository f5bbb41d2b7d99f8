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
	br := bufio.NewReaderSize(r, 64<<10)
	var skipped []byte
	if b, _ := br.Peek(3); bytes.Equal(b, bom) { // RFC 8259 §8.1
		br.Discard(3)
		skipped = bom
	}
	lr := newLineReader(br, skipped)
	defer func() { c.in += lr.total }()
	dec := jsontext.NewDecoder(lr, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

	locate := func(d int64, msg string) error {
		line, col, off := lr.position(d)
		return &inputError{name: name, line: line, col: col, offset: off, msg: msg}
	}
	// genError locates an error of the generator in the input, unless it
	// is the output writer's: that is no fault of the input.
	genError := func(d int64, err error) error {
		if !inputFault(err) {
			return fmt.Errorf("writing output: %w", err)
		}
		return locate(d, genMessage(err))
	}
	var buf []byte
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
			s := v[1 : len(v)-1]
			if bytes.IndexByte(s, '\\') >= 0 {
				buf = unquote(buf[:0], v)
				s = buf
			}
			c.strings++
			if isName {
				err = g.WriteNameBytes(s)
			} else {
				c.values++
				err = g.WriteStringBytes(s)
			}
			if err != nil {
				start := dec.InputOffset() - int64(len(v))
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
