package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// lineReader passes input through to the decoder and keeps what it needs to
// turn a byte offset into a line and column after the fact: the number of
// lines before a committed offset, and the bytes read since then. The
// decoder's offsets only grow and an error is never reported before the end
// of the last token read, so the caller commits that offset from time to
// time and memory stays bounded by what the decoder itself buffers (at least
// the largest token).
//
// Offsets here are offsets in the file; skip is the number of bytes at its
// start that the decoder never sees (a byte-order mark, and the root values
// transcoded before the decoder took over), so a decoder offset d is the
// file offset d+skip.
type lineReader struct {
	r    io.Reader
	skip int64

	base      int64  // file offset of kept[0]
	kept      []byte // file bytes from base on
	line      int64  // number of '\n' before base
	lineStart int64  // file offset just after the last '\n' before base
	total     int64  // bytes read, skip included
}

func newLineReader(r io.Reader, skipped []byte) *lineReader {
	lr := &lineReader{r: r, skip: int64(len(skipped)), total: int64(len(skipped))}
	lr.kept = append(lr.kept, skipped...)
	return lr
}

func (lr *lineReader) Read(p []byte) (int, error) {
	n, err := lr.r.Read(p)
	lr.kept = append(lr.kept, p[:n]...)
	lr.total += int64(n)
	return n, err
}

// lineReaderAt returns a lineReader for input r that starts at position at
// of the file: decoder offset 0 is file offset at.offset.
func lineReaderAt(r io.Reader, at position) *lineReader {
	return &lineReader{r: r, skip: at.offset, base: at.offset, line: at.line, lineStart: at.lineStart, total: at.offset}
}

// pending returns the number of bytes kept.
func (lr *lineReader) pending() int { return len(lr.kept) }

// commit forgets the bytes before decoder offset d, keeping their count of lines.
func (lr *lineReader) commit(d int64) {
	off := d + lr.skip
	if off <= lr.base {
		return
	}
	n := off - lr.base
	if n > int64(len(lr.kept)) {
		n = int64(len(lr.kept))
	}
	done := lr.kept[:n]
	if i := bytes.LastIndexByte(done, '\n'); i >= 0 {
		lr.line += int64(bytes.Count(done, []byte{'\n'}))
		lr.lineStart = lr.base + int64(i) + 1
	}
	lr.kept = append(lr.kept[:0], lr.kept[n:]...)
	lr.base += n
}

// from returns the kept bytes from decoder offset d on, which may end
// before the input does; d must not be before the last commit.
func (lr *lineReader) from(d int64) []byte {
	n := d + lr.skip - lr.base
	if n < 0 || n > int64(len(lr.kept)) {
		return nil
	}
	return lr.kept[n:]
}

// position returns the 1-based line and byte column and the file offset of
// decoder offset d, which must not be before the last commit.
func (lr *lineReader) position(d int64) (line, col, off int64) {
	off = d + lr.skip
	line, lineStart := lr.line, lr.lineStart
	n := off - lr.base
	if n > int64(len(lr.kept)) {
		n = int64(len(lr.kept))
	}
	if n > 0 {
		done := lr.kept[:n]
		if i := bytes.LastIndexByte(done, '\n'); i >= 0 {
			line += int64(bytes.Count(done, []byte{'\n'}))
			lineStart = lr.base + int64(i) + 1
		}
	}
	return line + 1, off - lineStart + 1, off
}

// syntaxLocation returns the decoder offset of the byte at fault in a
// tokenizer error, and its message.
//
// jsontext locates some errors where the token at fault starts, or at the
// delimiter before it; the user looks for the byte that cannot stand where
// it stands. Input cut short is at fault where it ends: "1.", "\u12" and a
// UTF-8 sequence cut by the end of input are located at the input's length.
// A valid ',' followed by ']' or '}' (a trailing comma) is located at that
// ']' or '}'.
func syntaxLocation(dec *jsontext.Decoder, lr *lineReader, se *jsontext.SyntacticError) (int64, string) {
	if errors.Is(se.Err, io.ErrUnexpectedEOF) {
		// The decoder read to the end before giving up.
		return lr.total - lr.skip, "unexpected end of input"
	}
	// rest starts after the last token read.
	rest := lr.from(dec.InputOffset())
	at := int(se.ByteOffset - dec.InputOffset())
	if 0 <= at && at < len(rest) && rest[at] == ',' && se.Err.Error() == "invalid character ',' at start of value" &&
		len(bytes.TrimLeft(rest[:at], " \t\r\n")) == 0 {
		// jsontext blames the ',' after the last token whether it is out
		// of place ("[,") or what follows it is ("[1,]"). It is in place
		// after a whole value in an array or after a whole member in an
		// object.
		depth := dec.StackDepth()
		kind, n := dec.StackIndex(depth)
		i := at + 1
		for i < len(rest) && isSpace(rest[i]) {
			i++
		}
		if depth > 0 && n > 0 && (kind == '[' || n%2 == 0) && i < len(rest) && (rest[i] == ']' || rest[i] == '}') {
			want := "a value"
			if kind == '{' {
				want = "an object member name"
			}
			return dec.InputOffset() + int64(i), fmt.Sprintf("invalid character '%c' after ',' (expecting %s)", rest[i], want)
		}
	}
	msg := wholeRune(decMessage(se), lr, se.ByteOffset)
	if c, ok := strings.CutSuffix(msg, " at start of value"); ok && strings.HasPrefix(c, "invalid character ") {
		// jsontext reads a name as a value, and names a character where a
		// name should start (as in {'a':1}) as one at the start of a value.
		if depth := dec.StackDepth(); depth > 0 {
			if kind, n := dec.StackIndex(depth); kind == '{' && n%2 == 0 {
				if n == 0 {
					return se.ByteOffset, c + " where an object member name (a string) or '}' is expected"
				}
				return se.ByteOffset, c + " where an object member name (a string) is expected"
			}
		}
	}
	return se.ByteOffset, msg
}

// wholeRune names the character at decoder offset d in msg as the code
// point it is, where jsontext named only its first byte ('\xe2') because
// the rest of a valid UTF-8 sequence was not yet in its buffer: so the
// message does not depend on where a read ended. It reads from lr up to
// the sequence's end; the decoder has stopped, so nothing else reads on.
func wholeRune(msg string, lr *lineReader, d int64) string {
	const prefix = `invalid character '\x`
	rest, ok := strings.CutPrefix(msg, prefix)
	if !ok || len(rest) < 3 || rest[2] != '\'' {
		return msg
	}
	b := lr.from(d)
	var one [1]byte
	for len(b) > 0 && len(b) < utf8.UTFMax && !utf8.FullRune(b) {
		n, err := lr.Read(one[:])
		b = lr.from(d)
		if n == 0 || err != nil {
			break
		}
	}
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size <= 1 {
		return msg
	}
	return "invalid character " + strconv.QuoteRune(r) + rest[3:]
}

// isSpace reports whether c is JSON whitespace (RFC 8259 §2).
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
