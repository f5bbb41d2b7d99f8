package cli

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// unquote appends the content of the JSON string raw (quotes included, as
// returned by jsontext's ReadValue, so its escapes are known to be well
// formed) to dst, decoding its escape sequences (RFC 8259 §7) and leaving
// every other byte as it is, invalid UTF-8 included.
//
// An escaped surrogate pair becomes the UTF-8 of its code point. A lone
// surrogate escape (\ud800 not followed by a low surrogate escape, or a low
// one on its own) is one UTF-16 code unit that is no character: it becomes
// the single byte loneSurrogate, which is never valid UTF-8, so the
// generator's invalid-UTF-8 policy meets it as one invalid byte. It is then
// refused, or written as exactly one replacement character in whatever form
// the Escaping gives an invalid byte (\ufffd, \uFFFD, raw U+FFFD or its
// custom sequence), as encoding/json decodes it to one U+FFFD. Raw
// invalid bytes are kept, so they keep their one replacement per byte.
func unquote(dst, raw []byte) []byte {
	s := raw[1 : len(raw)-1]
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\\')
		if i < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:i]...)
		s = s[i:]
		var n int
		dst, n = appendEscape(dst, s)
		s = s[n:]
	}
	return dst
}

// pairEscapeLen is the length in bytes of the longest escape sequence, an
// escaped surrogate pair: \uXXXX\uXXXX (RFC 8259 §7).
const pairEscapeLen = 12

// appendEscape decodes the escape sequence at the start of s (s[0] is '\\')
// and appends its bytes to dst. It returns the extended slice and the number
// of bytes of s consumed.
func appendEscape(dst, s []byte) ([]byte, int) {
	switch s[1] {
	case 'b':
		return append(dst, '\b'), 2
	case 'f':
		return append(dst, '\f'), 2
	case 'n':
		return append(dst, '\n'), 2
	case 'r':
		return append(dst, '\r'), 2
	case 't':
		return append(dst, '\t'), 2
	case 'u':
		r := hex4(s[2:6])
		if utf16High(r) && len(s) >= pairEscapeLen && s[6] == '\\' && s[7] == 'u' {
			if lo := hex4(s[8:pairEscapeLen]); utf16Low(lo) {
				return utf8.AppendRune(dst, 0x10000+(r-0xD800)<<10+(lo-0xDC00)), pairEscapeLen
			}
		}
		if utf16High(r) || utf16Low(r) {
			return append(dst, loneSurrogate), 6
		}
		return utf8.AppendRune(dst, r), 6
	default: // '"', '\\', '/'
		return append(dst, s[1]), 2
	}
}

// utf8Location returns the decoder offset and the message of an invalid
// byte at index k of unquote(nil, raw), where raw starts at decoder offset
// start: a raw invalid byte, or a lone surrogate escape (the one escape
// unquote makes invalid), which is named.
func utf8Location(start int64, raw []byte, k int64) (int64, string) {
	at := rawIndex(raw, k)
	if raw[at] == '\\' {
		return start + at, fmt.Sprintf("lone surrogate escape `%s` in string", raw[at:at+6])
	}
	return start + at, "invalid UTF-8 in string"
}

// rawIndex returns the index in raw (quotes included) of the byte or escape
// sequence that produced byte k of unquote(nil, raw).
func rawIndex(raw []byte, k int64) int64 {
	var scratch [4]byte
	s := raw[1 : len(raw)-1]
	var at, decoded int64 = 1, 0
	for len(s) > 0 {
		n, w := 1, 1
		if s[0] == '\\' {
			var b []byte
			b, n = appendEscape(scratch[:0], s)
			w = len(b)
		}
		if decoded+int64(w) > k {
			return at
		}
		decoded += int64(w)
		at += int64(n)
		s = s[n:]
	}
	return at
}

// loneSurrogate stands for a lone surrogate escape in unquote's output. No
// UTF-8 sequence holds the byte 0xFF, so it is invalid wherever it stands
// and never joins the bytes around it into a valid sequence.
const loneSurrogate = 0xFF

func utf16High(r rune) bool { return 0xD800 <= r && r < 0xDC00 }
func utf16Low(r rune) bool  { return 0xDC00 <= r && r < 0xE000 }

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
