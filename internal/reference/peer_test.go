package reference_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/jgen-go/jgen/internal/reference"
)

// The tests over ../shared also run with -shared (compat.SharedRequested
// looks this flag up) or JGEN_SHARED=1.
var _ = flag.Bool("shared", false, "run the tests over the corpora in ../shared (also JGEN_SHARED=1); pass it after -args")

var (
	// stdlibOptions are the strings of encoding/json.Marshal before it was
	// built on encoding/json/v2 (Go 1.26): \ufffd per invalid byte.
	stdlibOptions = reference.Options{HTMLSafe: true, JSLineTerminators: true, InvalidUTF8: reference.PolicyReplace}
	// marshalOptions are those of the encoding/json this test binary is
	// built with: stdlibOptions, or rawWebOptions when Marshal writes an
	// invalid byte as a raw U+FFFD (Go 1.27).
	marshalOptions = marshalReference()
	rawOptions     = reference.Options{InvalidUTF8: reference.PolicyReplaceRaw}
	rawWebOptions  = reference.Options{HTMLSafe: true, JSLineTerminators: true, InvalidUTF8: reference.PolicyReplaceRaw}
)

// marshalReference returns the reference options that reproduce the
// encoding/json.Marshal compiled in, told apart by its output for one
// invalid byte.
func marshalReference() reference.Options {
	out, err := json.Marshal("a\xffb")
	switch string(out) {
	case `"a\ufffdb"`:
		return stdlibOptions
	case "\"a\uFFFDb\"":
		return rawWebOptions
	}
	panic(fmt.Sprintf("encoding/json.Marshal(\"a\\xffb\") = %q, %v: neither \\ufffd nor a raw U+FFFD", out, err))
}

// peers compares the reference with encoding/json and jsontext. Its
// encoders are reused across calls, so one peers serves one goroutine.
type peers struct {
	buf     bytes.Buffer
	raw     *jsontext.Encoder // AllowInvalidUTF8
	rawWeb  *jsontext.Encoder // AllowInvalidUTF8, EscapeForHTML, EscapeForJS
	scratch []byte
}

func newPeers() *peers {
	p := &peers{}
	p.raw = jsontext.NewEncoder(&p.buf, jsontext.AllowInvalidUTF8(true))
	p.rawWeb = jsontext.NewEncoder(&p.buf, jsontext.AllowInvalidUTF8(true), jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true))
	return p
}

// encode writes s as one top-level string with enc and returns its bytes
// without the newline the encoder puts after a top-level value.
func (p *peers) encode(enc *jsontext.Encoder, s []byte) ([]byte, error) {
	p.buf.Reset()
	if err := enc.WriteToken(jsontext.String(string(s))); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(p.buf.Bytes(), []byte("\n")), nil
}

// check returns a description of every way the reference differs from its
// peers on s, or nil.
func (p *peers) check(s []byte) []string {
	var diffs []string
	diff := func(what string, ref []byte, refErr error, peer []byte, peerErr error) {
		switch {
		case refErr != nil && peerErr != nil:
		case refErr != nil || peerErr != nil:
			diffs = append(diffs, fmt.Sprintf("%s on %x: reference %x (err %v), peer %x (err %v)", what, s, ref, refErr, peer, peerErr))
		case !bytes.Equal(ref, peer):
			diffs = append(diffs, fmt.Sprintf("%s on %x:\n  reference %x %q\n  peer      %x %q", what, s, ref, ref, peer, peer))
		}
	}

	// encoding/json.Marshal: HTML-safe, JS line terminators, U+FFFD as
	// \ufffd or raw (see marshalOptions).
	ref, refErr := reference.AppendQuote(p.scratch[:0], s, marshalOptions)
	peer, peerErr := json.Marshal(string(s))
	diff("encoding/json.Marshal vs its options", ref, refErr, peer, peerErr)

	// jsontext.AppendQuote: the RFC 8259 minimum; invalid UTF-8 is an error
	// for both (jsontext still returns output then, which is not compared).
	ref, refErr = reference.AppendQuote(p.scratch[:0], s, reference.Options{})
	peer, peerErr = jsontext.AppendQuote(nil, s)
	if valid := utf8.Valid(s); valid != (refErr == nil) || valid != (peerErr == nil) {
		diffs = append(diffs, fmt.Sprintf("jsontext.AppendQuote vs zero options on %x: valid UTF-8 %v, reference err %v, peer err %v", s, valid, refErr, peerErr))
	} else {
		diff("jsontext.AppendQuote vs zero options", ref, refErr, peer, peerErr)
	}
	if refErr != nil {
		var ue *reference.UTF8Error
		if !errors.As(refErr, &ue) || ue.Offset != firstInvalid(s) {
			diffs = append(diffs, fmt.Sprintf("zero options on %x: error %v, want *UTF8Error at offset %d", s, refErr, firstInvalid(s)))
		}
	}

	// jsontext with AllowInvalidUTF8: raw U+FFFD per invalid byte.
	ref, refErr = reference.AppendQuote(p.scratch[:0], s, rawOptions)
	peer, peerErr = p.encode(p.raw, s)
	diff("jsontext AllowInvalidUTF8 vs PolicyReplaceRaw", ref, refErr, peer, peerErr)

	// The same with EscapeForHTML and EscapeForJS.
	ref, refErr = reference.AppendQuote(p.scratch[:0], s, rawWebOptions)
	peer, peerErr = p.encode(p.rawWeb, s)
	diff("jsontext AllowInvalidUTF8+EscapeForHTML+EscapeForJS vs PolicyReplaceRaw+HTMLSafe+JSLineTerminators", ref, refErr, peer, peerErr)

	p.scratch = ref[:0]
	return diffs
}

// firstInvalid is the offset of the first byte utf8.DecodeRune reports as
// invalid, or -1.
func firstInvalid(s []byte) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// collector gathers mismatches and reports the first few.
type collector struct {
	n     int
	first []string
}

func (c *collector) add(diffs []string) {
	c.n += len(diffs)
	for _, d := range diffs {
		if len(c.first) < 8 {
			c.first = append(c.first, d)
		}
	}
}

func (c *collector) report(t *testing.T, inputs int) {
	t.Helper()
	t.Logf("%d inputs compared with encoding/json and jsontext", inputs)
	if c.n > 0 {
		t.Errorf("%d mismatches; first %d:\n%s", c.n, len(c.first), strings.Join(c.first, "\n"))
	}
	if inputs == 0 {
		t.Error("no input compared")
	}
}

// TestPeersEveryCodePoint compares every code point U+0000..U+10FFFF except
// the surrogates, alone and inside text.
func TestPeersEveryCodePoint(t *testing.T) {
	p := newPeers()
	var c collector
	inputs := 0
	var s []byte
	for cp := rune(0); cp <= utf8.MaxRune; cp++ {
		if 0xD800 <= cp && cp <= 0xDFFF {
			continue
		}
		s = utf8.AppendRune(s[:0], cp)
		c.add(p.check(s))
		s = append(utf8.AppendRune(append(s[:0], "ab"...), cp), "cd"...)
		c.add(p.check(s))
		inputs += 2
	}
	c.report(t, inputs)
}

// invalidUTF8 holds one or more examples of every class of invalid UTF-8.
var invalidUTF8 = []struct{ name, s string }{
	{"lone_cont_80", "\x80"},
	{"lone_cont_bf", "\xbf"},
	{"lone_cont_run", "\x80\x81\x82"},
	{"truncated_2", "\xc3"},
	{"truncated_3_of_1", "\xe2"},
	{"truncated_3_of_2", "\xe2\x82"},
	{"truncated_4_of_1", "\xf0"},
	{"truncated_4_of_2", "\xf0\x9f"},
	{"truncated_4_of_3", "\xf0\x9f\x98"},
	{"truncated_before_ascii", "\xe2\x82A"},
	{"truncated_before_quote", "\xe2\x82\""},
	{"truncated_before_backslash", "\xc3\\"},
	{"overlong_2_c0", "\xc0\x80"},
	{"overlong_2_c0_slash", "\xc0\xaf"},
	{"overlong_2_c1", "\xc1\xbf"},
	{"overlong_2_lt", "\xc0\xbc"},
	{"overlong_3", "\xe0\x80\xaf"},
	{"overlong_3_max", "\xe0\x9f\xbf"},
	{"overlong_4", "\xf0\x80\x80\xaf"},
	{"overlong_4_max", "\xf0\x8f\xbf\xbf"},
	{"surrogate_d800", "\xed\xa0\x80"},
	{"surrogate_dfff", "\xed\xbf\xbf"},
	{"surrogate_dc00", "\xed\xb0\x80"},
	{"cesu8_pair", "\xed\xa0\xbd\xed\xb8\x80"},
	{"above_10ffff", "\xf4\x90\x80\x80"},
	{"f5", "\xf5\x80\x80\x80"},
	{"five_byte", "\xf8\x88\x80\x80\x80"},
	{"six_byte", "\xfc\x84\x80\x80\x80\x80"},
	{"fe", "\xfe"},
	{"ff", "\xff"},
	{"latin1", "caf\xe9"},
	{"invalid_then_valid", "\xff\u2028\U0001F600<"},
	{"fffd_then_invalid", "\uFFFD\xff"},
}

func TestPeersInvalidUTF8(t *testing.T) {
	p := newPeers()
	var c collector
	inputs := 0
	for _, tt := range invalidUTF8 {
		for _, s := range []string{tt.s, "ab" + tt.s + "cd", tt.s + tt.s, "<" + tt.s + "\u2028"} {
			c.add(p.check([]byte(s)))
			inputs++
		}
	}
	// Every string of one or two bytes.
	for b0 := 0; b0 < 256; b0++ {
		c.add(p.check([]byte{byte(b0)}))
		inputs++
		for b1 := 0; b1 < 256; b1++ {
			c.add(p.check([]byte{byte(b0), byte(b1)}))
			inputs++
		}
	}
	c.report(t, inputs)
}
