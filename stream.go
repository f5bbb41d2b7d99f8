package jgen

import (
	"io"
	"unicode/utf8"
)

// WriteStringFrom writes everything read from r, up to io.EOF, as one
// string value under the current escaping, in memory bounded by the
// buffer size whatever the length of the string. A UTF-8 sequence split
// across reads is kept whole. It returns the number of bytes read from r.
//
// It returns a [*SyntaxError], writing nothing, where a value may not stand,
// and an [*OptionsError], writing nothing, if r is nil.
// Because part of the string may already have reached the io.Writer, later
// failures cannot be taken back: a read error other than io.EOF, or a
// [*UTF8Error] under the InvalidUTF8Error policy (Offset counts bytes read
// from r), stops the stream inside the string (see Generator). The output
// then ends with the string's opening quote and its content up to the
// failing read (less a UTF-8 sequence the failure cut short) or up to the
// invalid byte, with no closing quote; Flush and Close hand all of it to
// the io.Writer and return the error, as does every later call that
// writes. The writer's errors stop the stream too.
func (g *Generator) WriteStringFrom(r io.Reader) (int64, error) {
	n, err := g.writeStringFrom(r)
	return n, g.note(err)
}

func (g *Generator) writeStringFrom(r io.Reader) (int64, error) {
	if err := g.checkValue("string value"); err != nil {
		return 0, err
	}
	if r == nil {
		return 0, &OptionsError{"io.Reader", "must not be nil"}
	}
	if _, err := g.beginValue("string value", 2); err != nil {
		return 0, err
	}
	g.out.buf = append(g.out.buf, g.esc.quote)
	if g.readBuf == nil {
		g.readBuf = make([]byte, g.bufSize)
	}
	st := strState{checked: true}
	var total int64
	carry := 0 // bytes of an incomplete UTF-8 sequence kept at g.readBuf[:carry]
	for {
		n, rerr := r.Read(g.readBuf[carry:])
		if n < 0 || n > len(g.readBuf)-carry {
			n, rerr = 0, errString("jgen: io.Reader returned an invalid byte count")
		}
		total += int64(n)
		data := g.readBuf[:carry+n]
		end := len(data)
		if rerr != io.EOF {
			// Keep a sequence split by this read for the next one; after a
			// read error the bytes before it are still written.
			end = completeUTF8(data)
		}
		if err := g.esc.writeContent(&g.out, data[:end], &st); err != nil {
			g.err = g.fail(err)
			return total, g.err
		}
		st.base += int64(end)
		carry = copy(g.readBuf, data[end:])
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			g.err = rerr
			return total, rerr
		}
	}
	if err := g.out.room(1); err != nil {
		return total, g.fail(err)
	}
	g.out.buf = append(g.out.buf, g.esc.quote)
	return total, g.valueDone()
}

// completeUTF8 returns the length of the longest prefix of b that does not
// end inside a UTF-8 sequence that later bytes could complete.
func completeUTF8(b []byte) int {
	// A sequence is at most utf8.UTFMax bytes: look back at most 3 bytes
	// for the start of the last one.
	for i := len(b) - 1; i >= 0 && i >= len(b)-(utf8.UTFMax-1); i-- {
		c := b[i]
		if c < utf8.RuneSelf {
			return len(b)
		}
		if c >= 0xC0 { // a leading byte
			if !utf8.FullRune(b[i:]) {
				return i
			}
			return len(b)
		}
	}
	return len(b)
}
