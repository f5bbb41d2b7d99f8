package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/jgen-go/jgen/internal/scan"
)

// streamAbove is the length in bytes, from its opening quote, above which a
// string token is taken out of the tokenizer's way and streamed: jsontext's
// Decoder holds a whole token in one buffer that it grows by doubling, so a
// string of S bytes would cost up to 2S of buffers while it grows, on top of
// the copies made to unquote it. It is at most the bufio.Reader's size.
// Tests lower it to send short strings down the streaming path, and set it
// to 0 to stream nothing (the reference the streaming path must equal).
var streamAbove = 64 << 10

// readSize is the size of the input's bufio.Reader: the splicer looks for
// a string's end in it. Tests lower it so that short strings straddle it.
var readSize = 64 << 10

// splicer sits between the input and the tokenizer. It follows string
// tokens in the bytes it passes (in valid JSON a '"' outside a string starts
// one, and '\\' stands only in strings), and hands the tokenizer every string
// token whole, except one longer than streamAbove: the tokenizer gets the
// empty string "" in its place (a placeholder), and the token's content
// stays in br, after its opening quote, until transcode reads it with value
// (streamed, for a string value) or rawToken (in memory, for a name).
//
// It follows strings by counting the quotes it hands with bytes.Count, less
// the escaped ones (found with bytes.Index as a backslash and a quote, then
// checked for an odd run of backslashes), and looks for a string's end only
// when the string is still open at the end of the bytes it hands: a loop
// over each string, or a call per backslash, would cost the command a
// tenth or some hundredths of its time on input of many short strings or
// many escape sequences.
//
// The tokenizer fetches input only when it lacks bytes to finish the
// current call, and a string token needs no byte after its closing quote,
// so it reaches the placeholder before it asks for what follows. Should it
// ask all the same, the content is read into memory first (spill), and
// transcode takes it from there.
type splicer struct {
	br *bufio.Reader

	// The lexer's state after the bytes handed so far: quotes counts the
	// quotes that open or close a string (escaped ones left out), so the
	// string that the quote number 2k opens has index k; inStr is set
	// inside a string, and esc when the next byte is escaped.
	quotes     int64
	inStr, esc bool
	ph         []byte

	long    bool  // a long string's content waits in br
	longIdx int64 // its index among the string tokens
	spilled []byte
	spillOK bool // spilled holds the whole token, closing quote included

	cuts    []cut // where placeholders replaced long tokens, in order
	removed int64 // sum of the cuts' n
	err     error // the input's read error met while passing a long string
}

// cut says that the n bytes before tokenizer offset at were taken out of
// the input (a long token less its placeholder's two bytes).
type cut struct{ at, n int64 }

var placeholder = []byte(`""`)

// Read hands the tokenizer the next bytes of the input, at most len(p),
// with the placeholder in place of a string token longer than
// streamAbove (see splicer). After a read error met while passing a long
// string it returns that error.
func (s *splicer) Read(p []byte) (int, error) {
	if len(s.ph) > 0 {
		n := copy(p, s.ph)
		s.ph = s.ph[n:]
		return n, nil
	}
	if s.long && s.spilled == nil {
		s.spill()
	}
	if s.err != nil {
		return 0, s.err
	}
	if streamAbove <= 0 {
		return s.br.Read(p)
	}
	if len(p) == 0 {
		return 0, nil
	}
	if next, err := s.br.Peek(1); len(next) == 0 {
		return 0, err
	}
	// held is all that br holds, n what is handed at most.
	held, _ := s.br.Peek(s.br.Buffered())
	n := min(len(held), len(p))
	quotesBefore := s.quotes
	start := 0 // the first byte of held not escaped
	if s.esc {
		start = 1
		s.esc = false
	}
	s.follow(held[start:n])
	if s.inStr {
		var long bool
		if n, long = s.cutAtString(held, start, n, quotesBefore); long {
			return s.Read(p)
		}
	}
	handed, _ := s.br.Peek(n)
	copy(p, handed)
	s.br.Discard(n)
	return n, nil
}

// follow updates the lexer's state (quotes, inStr, esc) over b, the bytes
// about to be handed, the first of them not escaped.
func (s *splicer) follow(b []byte) {
	if len(b) == 0 {
		return
	}
	if count := bytes.Count(b, placeholder[:1]) - escapedQuotes(b); count > 0 {
		s.quotes += int64(count)
		s.inStr = s.inStr != (count%2 == 1)
	}
	// An odd run of backslashes at the end escapes the next byte.
	k := len(b)
	for k > 0 && b[k-1] == '\\' {
		k--
	}
	s.esc = (len(b)-k)%2 == 1
}

// cutAtString is Read's step when a string is open at n, the end of what
// it would hand of held (the first start bytes of held were already
// followed). If that string starts in held[start:n] and may not end within
// the streaming threshold, the string is not handed now: cutAtString
// returns n cut back to its opening quote when bytes precede it, and
// otherwise, when the string is long indeed, takes it out of the input
// (its content stays in br, the placeholder is handed instead) and
// reports long. quotesBefore is the quote count before held.
func (s *splicer) cutAtString(held []byte, start, n int, quotesBefore int64) (int, bool) {
	lim := min(streamAbove, s.br.Size())
	q := openQuote(held[start:n])
	if q < 0 {
		return n, false
	}
	q += start
	if end := closeQuote(held[q+1:]); end >= 0 && end+2 <= lim {
		return n, false
	}
	if q > 0 {
		// Hand what is before it; look again from the quote.
		s.quotes--
		s.inStr, s.esc = false, false
		return q, false
	}
	if ahead, _ := s.br.Peek(lim); closeQuote(ahead[1:]) < 0 && len(ahead) == lim {
		// Long: keep its content in br, hand the placeholder.
		s.br.Discard(1)
		s.quotes = quotesBefore + int64(len(placeholder))
		s.inStr, s.esc = false, false
		s.long, s.longIdx, s.spilled, s.spillOK = true, quotesBefore/2, nil, false
		s.ph = placeholder
		return n, true
	}
	// Short, or cut by the end of the input (the tokenizer reports that):
	// hand it.
	return n, false
}

// escQuote is a quote after a backslash, escaped when the run of
// backslashes before it is odd.
var escQuote = []byte(`\"`)

// escapedQuotes returns the number of quotes in b that a backslash escapes.
// b starts where no escape is pending. Each quote is found with
// bytes.Index over the whole of b, so that the cost per byte stays that of
// a vectorised search however many backslashes b holds.
func escapedQuotes(b []byte) int {
	n := 0
	for i := 0; ; {
		j := bytes.Index(b[i:], escQuote)
		if j < 0 {
			return n
		}
		q := i + j + 1 // the quote
		k := q - 1
		for k > 0 && b[k-1] == '\\' {
			k--
		}
		if (q-k)%2 == 1 {
			n++
		}
		i = q + 1
	}
}

// openQuote returns the index in b of its last quote that no backslash
// escapes, or -1. b starts where no escape is pending.
func openQuote(b []byte) int {
	for e := len(b); ; {
		q := bytes.LastIndexByte(b[:e], '"')
		if q < 0 {
			return -1
		}
		k := q
		for k > 0 && b[k-1] == '\\' {
			k--
		}
		if (q-k)%2 == 0 {
			return q
		}
		e = q
	}
}

// closeQuote returns the index in b (the bytes after a string's opening
// quote) of its closing quote, or -1 if b does not hold it.
func closeQuote(b []byte) int {
	i := 0
	for {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			return -1
		}
		i += j
		k := i
		for k > 0 && b[k-1] == '\\' {
			k--
		}
		if (i-k)%2 == 0 {
			return i
		}
		i++
	}
}

// idle reports whether the splicer holds nothing the tokenizer has not
// been handed as it stands: no long string's content or placeholder, no
// read error.
func (s *splicer) idle() bool { return !s.long && len(s.ph) == 0 && s.err == nil }

// isLong reports whether the string token of index idx (0 for the first
// string the tokenizer returned) is a placeholder.
func (s *splicer) isLong(idx int64) bool { return s.long && s.longIdx == idx }

// done records that the long token, rawLen bytes with its quotes, has been
// read, and that the tokenizer's offset after its placeholder is end.
func (s *splicer) done(rawLen, end int64) {
	s.long, s.spilled = false, nil
	c := cut{at: end, n: rawLen - int64(len(placeholder))}
	s.cuts = append(s.cuts, c)
	s.removed += c.n
}

// shift returns how many input bytes before tokenizer offset d the
// placeholders replaced: d's offset in the input is d+shift(d).
func (s *splicer) shift(d int64) int64 {
	var n int64
	for _, c := range s.cuts {
		if c.at > d {
			break
		}
		n += c.n
	}
	return n
}

// spill reads the rest of the long token into memory.
func (s *splicer) spill() {
	s.spilled, s.spillOK, s.err = s.readRaw()
}

// rawChunk is the size in bytes of the pieces readRaw reads a long token
// into before it joins them.
const rawChunk = 1 << 20

// readRaw reads the rest of a long string token from br, after its opening
// quote, and returns the whole token, quotes included; ok is false if the
// input ended first (err is then its read error, or nil at its end).
//
// The token is read into pieces of rawChunk bytes, then joined into one
// slice of its exact length, each piece dropped as it is copied: a token of
// N bytes costs 2N bytes allocated, at most N plus rawChunk held with the
// pieces and 2N while they are joined. (Appending to one slice would
// allocate about 5N in all, as append grows a large slice by a quarter.)
func (s *splicer) readRaw() (raw []byte, ok bool, err error) {
	chunks := [][]byte{make([]byte, 1, rawChunk)}
	chunks[0][0] = '"'
	total := 1
	add := func(b []byte) {
		for len(b) > 0 {
			last := &chunks[len(chunks)-1]
			if len(*last) == cap(*last) {
				chunks = append(chunks, make([]byte, 0, rawChunk))
				last = &chunks[len(chunks)-1]
			}
			n := min(len(b), cap(*last)-len(*last))
			*last = append(*last, b[:n]...)
			b = b[n:]
			total += n
		}
	}
	join := func() []byte {
		if len(chunks) == 1 {
			return chunks[0]
		}
		out := make([]byte, 0, total)
		for i := range chunks {
			out = append(out, chunks[i]...)
			chunks[i] = nil
		}
		return out
	}
	escaped := false // the next byte is escaped by a backslash before it
	for {
		w, err := s.br.Peek(1)
		if len(w) == 0 {
			if err == io.EOF {
				err = nil
			}
			return join(), false, err
		}
		w, _ = s.br.Peek(s.br.Buffered())
		from := 0
		if escaped {
			from = 1
		}
		if end := closeQuote(w[from:]); end >= 0 {
			add(w[:from+end+1])
			s.br.Discard(from + end + 1)
			return join(), true, nil
		}
		k := len(w)
		for k > from && w[k-1] == '\\' {
			k--
		}
		escaped = (len(w)-k)%2 == 1
		add(w)
		s.br.Discard(len(w))
	}
}

// rawToken returns the long token whole, quotes included, read into
// memory, and the tokenizer's message and the byte index in the token of
// its first fault (syntax error or end of input), or "" if it is valid.
func (s *splicer) rawToken(end int64) (raw []byte, msg string, at int64, err error) {
	if s.spilled == nil {
		s.spill()
	}
	raw, ok := s.spilled, s.spillOK
	if !ok && s.err != nil {
		return nil, "", 0, s.err
	}
	if ok {
		s.done(int64(len(raw)), end)
	}
	// Unterminated, the token may still hold a fault before the end of
	// the input (a raw line break), which the tokenizer reports first.
	// A bytes.Buffer is read without a copy.
	dec := jsontext.NewDecoder(bytes.NewBuffer(raw), jsontext.AllowInvalidUTF8(true))
	if _, derr := dec.ReadValue(); derr != nil {
		var se *jsontext.SyntacticError
		if errors.As(derr, &se) && !errors.Is(se.Err, io.ErrUnexpectedEOF) {
			return raw, decMessage(se), se.ByteOffset, nil
		}
		// Cut short (in an escape sequence or a UTF-8 sequence, say),
		// the token is at fault where the input ends, as syntaxLocation
		// locates it.
		return raw, "unexpected end of input", int64(len(raw)), nil
	}
	return raw, "", 0, nil
}

// stringError is a fault found in the content of a long string value:
// msg, at byte index at of the token (its opening quote is at 0).
type stringError struct {
	at  int64
	msg string
}

func (e *stringError) Error() string { return e.msg }

// contentSet stops the copy of a long string's content at the bytes that
// need a look: control bytes, '"' and '\\' (and invalid UTF-8, copied as it
// is one byte at a time).
var contentSet = scan.NewUTF8Set(new([256]bool))

// valueReader reads the content of a long string value from br, its escape
// sequences decoded as unquote does, for Generator.WriteStringFrom. It
// returns io.EOF after the closing quote, a *stringError where the
// tokenizer would have refused the token, or the input's read error.
type valueReader struct {
	s   *splicer
	raw int64 // bytes of the token read, its opening quote included
	dec int64 // bytes of content returned
	end int64 // the tokenizer's offset after the placeholder
	eof bool
	// readErr is the input's read error, if one ended the string.
	readErr error
	// The escape sequences of the last two calls, to map an offset in
	// the content back to the token (rawAt).
	prev, cur   []escAt
	prev0, cur0 escAt // where each call started
	// pend holds the decoded bytes of the last escape sequence that did
	// not fit in the caller's p, in scratch, and that sequence.
	pend    []byte
	pendEsc escAt
	scratch [utf8Max]byte
}

// escAt says that the escape sequence at token byte raw, rawN bytes long,
// decoded to the content bytes dec..dec+decN. A lone surrogate escape
// (decoded to the byte loneSurrogate) keeps its four hex digits in hex,
// for the message that names it; hex is zero for every other escape.
type escAt struct {
	dec, raw   int64
	decN, rawN int8
	hex        [4]byte
}

func (s *splicer) value(end int64) *valueReader {
	return &valueReader{s: s, raw: 1, end: end}
}

// Read decodes the next content bytes into p, filling it unless the
// string ends first, and returns io.EOF with the bytes before the closing
// quote. An escape sequence whose decoded bytes (one to utf8Max) do not fit
// in what is left of p is decoded whole and its bytes that do not fit are
// kept in pend for the next call, so Read never returns more than len(p)
// and works with a p of any length. It records the escape sequences it
// decodes for rawAt.
func (r *valueReader) Read(p []byte) (int, error) {
	r.prev, r.cur = r.cur, r.prev[:0]
	r.prev0, r.cur0 = r.cur0, escAt{dec: r.dec, raw: r.raw}
	if len(r.pend) > 0 {
		// The escape sequence whose bytes these are is recorded again,
		// so that rawAt finds it from this call.
		r.cur = append(r.cur, r.pendEsc)
	}
	n := copy(p, r.pend)
	r.pend = r.pend[n:]
	r.dec += int64(n)
	if r.eof {
		if n == 0 {
			return 0, io.EOF
		}
		return n, nil
	}
	br := r.s.br
	for n < len(p) {
		held, err := br.Peek(1)
		if len(held) == 0 {
			if err == io.EOF || err == nil {
				return n, &stringError{at: r.raw, msg: "unexpected end of input"}
			}
			r.readErr = err
			return n, err
		}
		held, _ = br.Peek(min(br.Buffered(), len(p)-n))
		run := contentSet.Index(held)
		copy(p[n:], held[:run])
		n += run
		r.dec += int64(run)
		r.raw += int64(run)
		if run == len(held) {
			br.Discard(run)
			continue
		}
		c := held[run]
		br.Discard(run)
		switch {
		case c == '"':
			br.Discard(1)
			r.raw++
			r.eof = true
			r.s.done(r.raw, r.end)
			return n, io.EOF
		case c == '\\':
			seq, _ := br.Peek(pairEscapeLen)
			seqLen := escapeLen(seq)
			if seqLen == 0 {
				return n, r.fault(seq)
			}
			decoded, used := appendEscape(r.scratch[:0], seq[:seqLen])
			esc := escAt{dec: r.dec, raw: r.raw, decN: int8(len(decoded)), rawN: int8(used)}
			if decoded[0] == loneSurrogate {
				copy(esc.hex[:], seq[2:6])
			}
			r.cur = append(r.cur, esc)
			k := copy(p[n:], decoded)
			r.pend, r.pendEsc = decoded[k:], esc
			n += k
			r.dec += int64(k)
			r.raw += int64(used)
			br.Discard(used)
		case c < ' ':
			return n, r.fault(held[run:min(run+1, len(held))])
		default: // a byte of invalid UTF-8: the generator's policy decides
			p[n] = c
			n++
			r.dec++
			r.raw++
			br.Discard(1)
		}
	}
	return n, nil
}

// utf8Max is the most content bytes one escape sequence decodes to.
const utf8Max = 4

// escapeLen returns the length of the valid escape sequence at the start of
// e (e[0] is '\\', e holds up to pairEscapeLen bytes): 2, 6, or
// pairEscapeLen for a surrogate pair of escapes; 0 if it is not valid or
// not whole.
func escapeLen(e []byte) int {
	if len(e) < 2 {
		return 0
	}
	switch e[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if len(e) < 6 || !isHex4(e[2:6]) {
			return 0
		}
		// Offer the next escape only when it is a whole \uXXXX, so
		// that appendEscape pairs surrogates exactly when the tokenizer
		// would.
		if len(e) >= pairEscapeLen && e[6] == '\\' && e[7] == 'u' && isHex4(e[8:pairEscapeLen]) {
			return pairEscapeLen
		}
		return 6
	}
	return 0
}

func isHex4(b []byte) bool {
	for _, c := range b[:4] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// fault returns the tokenizer's error for the bytes b at token byte r.raw,
// where the content is not valid: decoded with the same tokenizer, so that
// the message is the one a short string gets.
func (r *valueReader) fault(b []byte) error {
	tok := append([]byte{'"'}, b...)
	dec := jsontext.NewDecoder(bytes.NewReader(tok), jsontext.AllowInvalidUTF8(true))
	_, err := dec.ReadValue()
	var se *jsontext.SyntacticError
	if errors.As(err, &se) && !errors.Is(se.Err, io.ErrUnexpectedEOF) {
		return &stringError{at: r.raw + se.ByteOffset - 1, msg: decMessage(se)}
	}
	// b is cut by the end of the input, where the fault is located.
	return &stringError{at: r.raw + int64(len(b)), msg: "unexpected end of input"}
}

// utf8Location returns the token byte index and the message of the invalid
// content byte k, which must belong to one of the last two calls: a raw
// invalid byte, or a lone surrogate escape, which is named (as the
// package's utf8Location names it for a token in memory).
func (r *valueReader) utf8Location(k int64) (int64, string) {
	at, e := r.rawAt(k)
	if e != nil && e.hex != [4]byte{} {
		return at, fmt.Sprintf("lone surrogate escape `\\u%s` in string", e.hex[:])
	}
	return at, "invalid UTF-8 in string"
}

// rawAt returns the token byte index of the escape sequence or byte that
// produced content byte k, which must belong to one of the last two calls,
// and the escape sequence's record if an escape sequence produced it.
func (r *valueReader) rawAt(k int64) (int64, *escAt) {
	base := r.prev0
	if k >= r.cur0.dec {
		base = r.cur0
	}
	for _, list := range [][]escAt{r.prev, r.cur} {
		for _, e := range list {
			if e.dec > k {
				break
			}
			if k < e.dec+int64(e.decN) {
				return e.raw, &e
			}
			base = escAt{dec: e.dec + int64(e.decN), raw: e.raw + int64(e.rawN)}
		}
	}
	return base.raw + k - base.dec, nil
}
