package cli

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"

	"github.com/jgen-go/jgen"
)

// fastRoots turns the root path on. Tests turn it off to compare it with the
// token path, which is the reference for every output and message.
var fastRoots = true

// maxRootDepth is the deepest nesting the root path takes; a root value
// nested deeper goes to the token path (and jgen.DefaultMaxDepth is far
// above it, so the root path never meets a depth error).
const maxRootDepth = 512

// rootPath transcodes the input one root value at a time, as long as each
// root value lies whole in the input buffer and is valid JSON: it checks
// the value with its own lexer (one pass over its bytes, which records its
// tokens), then writes the tokens, so that a value it cannot take is left
// untouched for the token path. That path, with jsontext's Decoder, then
// takes that value from its start, reports its faults exactly where and as
// it always does, and hands the input back after it; the root path only
// ever meets the faults of the generator (invalid UTF-8 under the error
// policy, the output writer's), which it locates itself as the token path
// does.
//
// It accepts exactly what jsontext accepts (RFC 8259 with invalid UTF-8
// allowed, duplicate names allowed, root values one after another with or
// without whitespace, a number ending at the first byte that cannot extend
// it), and gives up on anything else, also on a string longer than
// streamAbove, which the token path streams.
type rootPath struct {
	g    *jgen.Generator
	br   *bufio.Reader
	name string
	c    *counts

	at    position // of the first byte not yet transcoded
	toks  []rootToken
	stack []byte // the open containers' '{' and '['
	buf   []byte // unquoted strings
}

// A rootToken is one token of the root value being transcoded: its kind
// ('{', '}', '[', ']', 'k' for a name, '"' for a string value, '0' for a
// number, or the first byte of a literal) and its bytes in the buffer.
type rootToken struct {
	kind       byte
	esc        bool  // a string holds an escape sequence
	start, end int32 // within the buffer, which is at most readSize bytes
}

type lexStatus uint8

const (
	lexOK   lexStatus = iota
	lexMore           // the value goes on past the bytes at hand
	lexBad            // not a value the root path takes
)

// transcodeRoots transcodes root values from br, which starts at position
// at, until the input ends (done) or a root value needs the token path: it
// then returns that value's position, br holding the value's first bytes,
// and how many root values it wrote before it.
func transcodeRoots(g *jgen.Generator, br *bufio.Reader, name string, c *counts, at position) (done bool, from position, wrote int64, err error) {
	p := &rootPath{g: g, br: br, name: name, c: c, at: at}
	defer func(roots int64) { wrote = c.roots - roots }(c.roots)
	for {
		w, readErr := br.Peek(readSize)
		ended := readErr != nil
		i, st := 0, lexOK
		for st == lexOK {
			i = skipSpace(w, i)
			var end int
			if end, st = p.lex(w, i, ended); st == lexOK {
				if err := p.write(w); err != nil {
					return false, position{}, 0, err
				}
				i = end
			}
		}
		if i == len(w) && st == lexMore {
			st = lexOK // only whitespace left
		}
		p.advance(w, i)
		switch {
		case ended && st == lexOK && readErr == io.EOF:
			c.in += p.at.offset
			return true, position{}, 0, nil
		case ended || st == lexBad || (st == lexMore && i == 0):
			// A read error, a value cut by the end of the input, an
			// invalid value, or one larger than the buffer: the token
			// path takes it (and the source repeats the read error).
			return false, p.at, 0, nil
		}
	}
}

// source is the input under the bufio.Readers of transcode. It returns
// first the bytes a path handed back (unread), then those of r; an error of
// r, io.EOF included, is returned again on every later call, so that a path
// taking over after another met it meets it too.
type source struct {
	r       io.Reader
	pending []byte
	err     error
}

func (s *source) Read(b []byte) (int, error) {
	if len(s.pending) > 0 {
		n := copy(b, s.pending)
		s.pending = s.pending[n:]
		return n, nil
	}
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(b)
	s.err = err
	return n, err
}

// unread puts b, then what br holds unread, back in front of the source's
// pending bytes; br is not to be used again.
func (s *source) unread(b []byte, br *bufio.Reader) {
	held, _ := br.Peek(br.Buffered())
	rest := make([]byte, 0, len(b)+len(held)+len(s.pending))
	s.pending = append(append(append(rest, b...), held...), s.pending...)
}

// advance moves the position past the n transcoded bytes at the start of
// w and drops them from the reader.
func (p *rootPath) advance(w []byte, n int) {
	done := w[:n]
	if k := bytes.LastIndexByte(done, '\n'); k >= 0 {
		p.at.line += int64(bytes.Count(done, newline))
		p.at.lineStart = p.at.offset + int64(k) + 1
	}
	p.at.offset += int64(n)
	p.br.Discard(n)
}

var newline = []byte{'\n'}

// locate returns the error msg at byte k of w, which starts at p.at.
func (p *rootPath) locate(w []byte, k int, msg string) error {
	line, lineStart := p.at.line, p.at.lineStart
	if nl := bytes.LastIndexByte(w[:k], '\n'); nl >= 0 {
		line += int64(bytes.Count(w[:k], newline))
		lineStart = p.at.offset + int64(nl) + 1
	}
	off := p.at.offset + int64(k)
	return &inputError{name: p.name, line: line + 1, col: off - lineStart + 1, offset: off, msg: msg}
}

// genError locates an error of the generator at byte k of w, as the token
// path's genError does.
func (p *rootPath) genError(w []byte, k int, err error) error {
	if !inputFault(err) {
		return fmt.Errorf("writing output: %w", err)
	}
	return p.locate(w, k, genMessage(err))
}

// write writes the tokens of the root value that lex checked in w.
func (p *rootPath) write(w []byte) error {
	g, c := p.g, p.c
	for _, t := range p.toks {
		var err error
		switch t.kind {
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
		case 'k', '"':
			c.strings++
			s := w[t.start+1 : t.end-1]
			if t.esc {
				p.buf = unquote(p.buf[:0], w[t.start:t.end])
				s = p.buf
			}
			if t.kind == 'k' {
				err = g.WriteNameBytes(s)
			} else {
				c.values++
				err = g.WriteStringBytes(s)
			}
		case '0':
			c.values++
			err = g.WriteRawValueUnchecked(w[t.start:t.end])
		default:
			c.values++
			err = writeLiteral(g, t.kind)
		}
		if err != nil {
			return p.tokenError(w, t, err)
		}
	}
	c.roots++
	return nil
}

// tokenError locates the generator's error err, met writing token t of w:
// invalid UTF-8 in a string at the byte or escape sequence at fault, as the
// token path does, any other at the token.
func (p *rootPath) tokenError(w []byte, t rootToken, err error) error {
	var u *jgen.UTF8Error
	if (t.kind == 'k' || t.kind == '"') && errors.As(err, &u) {
		at, msg := utf8Location(int64(t.start), w[t.start:t.end], u.Offset)
		return p.locate(w, int(at), msg)
	}
	return p.genError(w, int(t.start), err)
}

// lex checks the root value that starts at w[i] and records its tokens. It
// returns the index just after it. ended says that w holds the rest of the
// input.
func (p *rootPath) lex(w []byte, i int, ended bool) (int, lexStatus) {
	p.toks, p.stack = p.toks[:0], p.stack[:0]
	if !fastRoots {
		return i, lexBad
	}
	for {
		var st lexStatus
		var opened bool
		if i, opened, st = p.value(w, i, ended); st != lexOK {
			return i, st
		}
		if opened {
			continue // its first element or member follows
		}
		// After a value: the end of the root value, a ',' and the next
		// element or member, or the end of a container.
		for {
			n := len(p.stack)
			if n == 0 {
				return i, lexOK
			}
			if i = skipSpace(w, i); i >= len(w) {
				return i, lexMore
			}
			c, top := w[i], p.stack[n-1]
			if c == ',' {
				if i = skipSpace(w, i+1); top == '{' {
					i, st = p.member(w, i)
				}
				if st != lexOK {
					return i, st
				}
				break
			}
			if c != top+2 { // '}' is '{'+2, ']' is '['+2
				return i, lexBad
			}
			p.toks = append(p.toks, rootToken{kind: c, start: int32(i)})
			p.stack = p.stack[:n-1]
			i++
		}
	}
}

// value checks the value at w[i] and returns the index after it, or after
// the start of a container with elements or members (opened), whose first
// value follows.
func (p *rootPath) value(w []byte, i int, ended bool) (next int, opened bool, st lexStatus) {
	if i >= len(w) {
		return i, false, lexMore
	}
	c := w[i]
	switch c {
	case '{', '[':
		if len(p.stack) >= maxRootDepth {
			return i, false, lexBad
		}
		p.toks = append(p.toks, rootToken{kind: c, start: int32(i)})
		j := skipSpace(w, i+1)
		if j >= len(w) {
			return j, false, lexMore
		}
		if w[j] == c+2 {
			p.toks = append(p.toks, rootToken{kind: c + 2, start: int32(j)})
			return j + 1, false, lexOK
		}
		p.stack = append(p.stack, c)
		if c == '{' {
			j, st = p.member(w, j)
		}
		return j, true, st
	case '"':
		next, st = p.string(w, i, '"')
	case 't':
		next, st = literal(w, i, "true", ended)
	case 'f':
		next, st = literal(w, i, "false", ended)
	case 'n':
		next, st = literal(w, i, "null", ended)
	default:
		next, st = number(w, i, ended)
	}
	if st == lexOK && c != '"' {
		kind := c
		if c != 't' && c != 'f' && c != 'n' {
			kind = '0'
		}
		p.toks = append(p.toks, rootToken{kind: kind, start: int32(i), end: int32(next)})
	}
	return next, false, st
}

// member checks a member's name and the ':' after it, at w[i], and returns
// the index of its value.
func (p *rootPath) member(w []byte, i int) (int, lexStatus) {
	if i >= len(w) {
		return i, lexMore
	}
	if w[i] != '"' {
		return i, lexBad
	}
	i, st := p.string(w, i, 'k')
	if st != lexOK {
		return i, st
	}
	if i = skipSpace(w, i); i >= len(w) {
		return i, lexMore
	}
	if w[i] != ':' {
		return i, lexBad
	}
	return skipSpace(w, i+1), lexOK
}

// string checks the string token at w[i] and records it as kind.
func (p *rootPath) string(w []byte, i int, kind byte) (int, lexStatus) {
	j, esc := i+1, false
	for {
		// Cross the plain content sixteen bytes at a time, then byte by
		// byte.
		for ; j+16 <= len(w); j += 16 {
			x := binary.LittleEndian.Uint64(w[j : j+8 : j+8])
			y := binary.LittleEndian.Uint64(w[j+8 : j+16 : j+16])
			if m := plainWord(x); m != 0 {
				j += bits.TrailingZeros64(m) / 8
				break
			}
			if m := plainWord(y); m != 0 {
				j += 8 + bits.TrailingZeros64(m)/8
				break
			}
		}
		for j < len(w) && !stringStop[w[j]] {
			j++
		}
		if j >= len(w) {
			return j, lexMore
		}
		switch c := w[j]; {
		case c == '"':
			j++
			if streamAbove > 0 && j-i > streamAbove {
				return i, lexBad // the token path streams it
			}
			p.toks = append(p.toks, rootToken{kind: kind, esc: esc, start: int32(i), end: int32(j)})
			return j, lexOK
		case c == '\\':
			n, st := escapeSeq(w[j:])
			if st != lexOK {
				return j, st
			}
			j += n
			esc = true
		default: // a control character
			return j, lexBad
		}
	}
}

// plainWord returns, for the eight bytes of x in little-endian order, a
// mask whose lowest set bit is the high bit of the first byte below 0x20 or
// equal to '"' or '\\', or 0 if there is none. A borrow may set the high
// bit of a later byte too, never of an earlier one.
func plainWord(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q, bs := x^('"'*ones), x^('\\'*ones)
	return ((x-0x20*ones)&^x | (q-ones)&^q | (bs-ones)&^bs) & highs
}

// escapeSeq returns the length of the escape sequence at the start of e
// (RFC 8259 §7); a \u escape of a surrogate needs no partner (jsontext
// with AllowInvalidUTF8).
func escapeSeq(e []byte) (int, lexStatus) {
	if len(e) < 2 {
		return 0, lexMore
	}
	switch e[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, lexOK
	case 'u':
		if len(e) < 6 {
			return 0, lexMore
		}
		if !isHex4(e[2:6]) {
			return 0, lexBad
		}
		return 6, lexOK
	}
	return 0, lexBad
}

// stringStop marks the bytes that end a run of plain string content:
// '"', '\\' and the control characters.
var stringStop = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// literal checks the literal lit at w[i].
func literal(w []byte, i int, lit string, ended bool) (int, lexStatus) {
	n := min(len(w)-i, len(lit))
	if string(w[i:i+n]) != lit[:n] {
		return i, lexBad
	}
	if n < len(lit) {
		if ended {
			return i, lexBad
		}
		return i, lexMore
	}
	return i + n, lexOK
}

// number checks the number at w[i] (RFC 8259 §6) and returns the index
// after it: the longest prefix that is a number, as jsontext reads it.
func number(w []byte, i int, ended bool) (int, lexStatus) {
	j := i
	if j < len(w) && w[j] == '-' {
		j++
	}
	if j >= len(w) {
		return j, lexMore
	}
	switch c := w[j]; {
	case c == '0':
		j++
	case '1' <= c && c <= '9':
		j = digits(w, j+1)
	default:
		return j, lexBad
	}
	if j < len(w) && w[j] == '.' {
		if j++; j >= len(w) {
			return j, lexMore
		}
		if !isDigit(w[j]) {
			return j, lexBad
		}
		j = digits(w, j)
	}
	if j < len(w) && (w[j] == 'e' || w[j] == 'E') {
		if j++; j < len(w) && (w[j] == '+' || w[j] == '-') {
			j++
		}
		if j >= len(w) {
			return j, lexMore
		}
		if !isDigit(w[j]) {
			return j, lexBad
		}
		j = digits(w, j)
	}
	if j >= len(w) && !ended {
		return j, lexMore // more digits may follow
	}
	return j, lexOK
}

func digits(w []byte, j int) int {
	for j < len(w) && isDigit(w[j]) {
		j++
	}
	return j
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skipSpace returns the index of the first byte of w from i on that is not
// JSON whitespace, or len(w).
func skipSpace(w []byte, i int) int {
	for i < len(w) && isSpace(w[i]) {
		i++
	}
	return i
}
