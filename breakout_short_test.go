package jgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

var brkSpecials = []string{
	"\"", "\\", "\x00", "\x01", "\x08", "\t", "\n", "\x0b", "\x0c", "\r", "\x1f", "<", ">", "&", "/", "'", "\x7f", "\x80",
	"é", "\u2028", "\u2029", "😀", "\xff", "\xe2\x80", "\xed\xa0\x80", "\uFFFD", "\u00a0", " ",
}

func brkShortStrings() []string {
	var out []string
	for n := 0; n <= 17; n++ {
		out = append(out, strings.Repeat("a", n))
		for _, sp := range brkSpecials {
			for i := 0; i+len(sp) <= n; i++ {
				out = append(out, strings.Repeat("b", i)+sp+strings.Repeat("c", n-i-len(sp)))
			}
		}
		out = append(out, strings.Repeat("\"", n), strings.Repeat("\x01", n), strings.Repeat("<", n), strings.Repeat("é", n/2))
	}
	// Two specials at every pair of positions, in 16 bytes.
	for _, p := range [][2]string{{"\"", "\n"}, {"\x01", "<"}, {"\\", "\x7f"}, {"&", "é"}, {"\x00", "\u2028"}, {"/", "\xff"}} {
		for i := 0; i < 16; i++ {
			for j := i + len(p[0]); j+len(p[1]) <= 16; j++ {
				s := []byte(strings.Repeat("x", 16))
				copy(s[i:], p[0])
				copy(s[j:], p[1])
				out = append(out, string(s[:16]))
			}
		}
	}
	return out
}

func brkPresets(t *testing.T) map[string]jgen.Escaping {
	ce, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeUnicode(), 'c': jgen.EscapeSequence(`\u0063`), '\n': jgen.EscapeUnicode(), '<': jgen.EscapeNone()}})
	if err != nil {
		t.Fatal(err)
	}
	hooked, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{
		ASCII:       map[byte]jgen.Escape{'b': jgen.EscapeUnicode(), '/': jgen.EscapeBackslash('/')},
		Runes:       map[rune]string{'é': `\u00E9`, '\u2028': `\u2028`},
		IndexEscape: func(s []byte) int { return bytes.IndexByte(s, 'b') },
	})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]jgen.Escaping{
		"hooked":  {CharacterEscapes: hooked, HTMLSafe: true},
		"Minimal": jgen.Minimal, "Stdlib": jgen.Stdlib, "Jackson": jgen.Jackson, "ASCII": jgen.ASCII,
		"PrintableASCII": jgen.PrintableASCII, "Slog": jgen.Slog, "StdlibNoHTML": jgen.StdlibNoHTML,
		"StdlibNoHTMLMarshaler": jgen.StdlibNoHTMLMarshaler,
		"slash":                 {EscapeSlash: true, UpperHex: true},
		"single":                {QuoteChar: '\''},
		"replace":               {InvalidUTF8: jgen.InvalidUTF8Replace, HTMLSafe: true},
		"replaceRaw":            {InvalidUTF8: jgen.InvalidUTF8ReplaceRaw, JSLineTerminators: true},
		"surrogates":            {MaxUnescaped: 0x7f, SurrogateEscapes: true, UpperHex: true},
		"maxA0":                 {MaxUnescaped: 0xa0},
		"custom":                {CharacterEscapes: ce},
	}
}

func brkQuoteErr(err error) string {
	var ue *jgen.UTF8Error
	if errors.As(err, &ue) {
		return fmt.Sprintf("utf8@%d", ue.Offset)
	}
	return fmt.Sprint(err)
}

// TestBreakoutShortStrings: strings of up to 17 bytes (the short escape
// kernel's, and one past) with every special byte or character at every
// position, two at every pair of positions, and runs of escapes, under
// every preset and a few other escapings (a hook, Runes, single quotes):
// Quote, AppendQuote (several dst capacities), Quoter, Marshal (root,
// slice, map key and value, struct, pointer) and the Generator (values,
// names, writer mode with the smallest buffer) write what the long path
// writes for the same string after 40 clean bytes, and fail at the same
// offset. Run under -tags purego and GODEBUG=cpu.avx512f=off too.
func TestBreakoutShortStrings(t *testing.T) {
	const pad = "0123456789012345678901234567890123456789"
	for name, esc := range brkPresets(t) {
		q, err := jgen.NewQuoter(esc)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range brkShortStrings() {
			long, lerr := esc.Quote(pad + s)
			var want string
			if lerr == nil {
				want = long[:1] + long[1+len(pad):]
			} else {
				var ue *jgen.UTF8Error
				if errors.As(lerr, &ue) {
					lerr = &jgen.UTF8Error{Offset: ue.Offset - int64(len(pad))}
				}
			}
			got, gerr := esc.Quote(s)
			if got != want || brkQuoteErr(gerr) != brkQuoteErr(lerr) {
				t.Errorf("%s Quote(%q) = %q %v, long path %q %v", name, s, got, gerr, want, lerr)
				continue
			}
			for _, dst := range [][]byte{nil, []byte("xyz"), make([]byte, 5, 5+len(s)+2)} {
				b, err := esc.AppendQuote(bytes.Clone(dst), s)
				if err == nil && string(b) != string(dst)+want || brkQuoteErr(err) != brkQuoteErr(lerr) {
					t.Errorf("%s AppendQuote(%q, %q) = %q %v, want %q", name, dst, s, b, err, want)
				}
				b, err = q.AppendQuote(bytes.Clone(dst), s)
				if err == nil && string(b) != string(dst)+want || brkQuoteErr(err) != brkQuoteErr(lerr) {
					t.Errorf("%s Quoter.AppendQuote(%q, %q) = %q %v, want %q", name, dst, s, b, err, want)
				}
			}
			if lerr != nil {
				continue
			}
			opts := &jgen.Options{Escaping: esc}
			for _, c := range []struct {
				v    any
				want string
			}{
				{s, want},
				{[]string{s, "z", s}, "[" + want + `,"z",` + want + "]"},
				{map[string]string{s: s}, "{" + want + ":" + want + "}"},
				{struct{ S, T string }{s, s}, `{"S":` + want + `,"T":` + want + "}"},
				{&struct{ P *string }{&s}, `{"P":` + want + "}"},
				{[]any{s, 1}, "[" + want + ",1]"},
			} {
				if esc.QuoteChar == '\'' {
					continue
				}
				got, err := jgen.Marshal(c.v, opts)
				if err != nil || string(got) != c.want {
					t.Errorf("%s Marshal(%#v) = %q %v, want %q", name, c.v, got, err, c.want)
				}
			}
			// Names, and the writer mode with the smallest buffer: the
			// string at every fill level of the buffer, compared with the
			// same tokens in append mode.
			var buf bytes.Buffer
			wo := &jgen.Options{Escaping: esc, BufferSize: 512, RootSeparator: " "}
			g, err := jgen.NewGenerator(&buf, wo)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := jgen.NewAppendGenerator(nil, wo)
			for _, x := range []*jgen.Generator{g, a} {
				_ = x.WriteStartArray()
				for i := range 60 {
					_ = x.WriteString(s)
					_ = x.WriteString(pad[:i%7])
				}
				_ = x.WriteStartObject()
				_ = x.WriteName(s)
				_ = x.WriteString(s)
				_ = x.WriteEndObject()
				_ = x.WriteEndArray()
				if err := x.Close(); err != nil {
					t.Fatalf("%s %q: %v", name, s, err)
				}
			}
			if !bytes.Equal(buf.Bytes(), a.Bytes()) {
				t.Errorf("%s %q: writer mode\n%q\nappend mode\n%q", name, s, buf.Bytes(), a.Bytes())
			}
			if obj := "{" + want + ":" + want + "}]"; !bytes.HasSuffix(a.Bytes(), []byte(obj)) {
				t.Errorf("%s %q: name and value %q, want %q", name, s, a.Bytes()[max(0, a.Offset()-int64(len(obj))-4):], obj)
			}
		}
	}
}

// TestBrkShortStdlib compares Stdlib and StdlibNoHTML with encoding/json.
func TestBreakoutShortStdlib(t *testing.T) {
	for _, s := range brkShortStrings() {
		want, _ := json.Marshal(s)
		got, err := jgen.Marshal(s, &jgen.Options{Escaping: jgen.Stdlib})
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Stdlib %q: %q %v, encoding/json %q", s, got, err, want)
		}
		q, err := jgen.Stdlib.Quote(s)
		if err != nil || q != string(want) {
			t.Errorf("Stdlib.Quote %q: %q %v, encoding/json %q", s, q, err, want)
		}
		var b bytes.Buffer
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		_ = e.Encode([]string{s, s})
		got, err = jgen.Marshal([]string{s, s}, &jgen.Options{Escaping: jgen.StdlibNoHTML})
		if err != nil || string(got)+"\n" != b.String() {
			t.Errorf("StdlibNoHTML %q: %q %v, encoding/json %q", s, got, err, b.String())
		}
	}
}
