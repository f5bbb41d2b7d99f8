package jgen_test

import (
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestPrintableASCII checks the preset byte by byte against ASCII: the
// same output for every ASCII character but DEL, which it escapes, with
// the hex case and quote char of the Escaping it is combined with.
func TestPrintableASCII(t *testing.T) {
	for c := 0; c < 0x80; c++ {
		s := string(rune(c))
		got, err := jgen.PrintableASCII.Quote(s)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := jgen.ASCII.Quote(s)
		if c == 0x7F {
			want = `"\u007f"`
		}
		if got != want {
			t.Errorf("%#02x: got %q, want %q", c, got, want)
		}
	}
	tests := []struct {
		name string
		esc  jgen.Escaping
		in   string
		want string
	}{
		{"mixed", jgen.PrintableASCII, "a\x7f\u00e9\x1f\u2028\U0001F600/\"\\", `"a\u007f\u00e9\u001f\u2028\ud83d\ude00/\"\\"`},
		{"ascii_keeps_del", jgen.ASCII, "a\x7f\u00e9", "\"a\x7f\\u00e9\""},
		{"upper_hex", withUpperHexAndQuote(jgen.PrintableASCII, 0), "\x7f\u00e9", `"\u007F\u00E9"`},
		{"apostrophe", withUpperHexAndQuote(jgen.PrintableASCII, '\''), "'\x7f", `'\u0027\u007F'`},
		{"del_only_in_stdlib", jgen.Escaping{HTMLSafe: true, CharacterEscapes: jgen.PrintableASCII.CharacterEscapes}, "<\x7f\u00e9", "\"\\u003c\\u007f\u00e9\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.esc.Quote(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("Quote(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
	// Every byte between the quotes is printable ASCII.
	var b strings.Builder
	for r := rune(0); r < 0x3000; r++ {
		b.WriteRune(r)
	}
	b.WriteString("\uFFFD\uFEFF\U0010FFFF")
	q, err := jgen.PrintableASCII.Quote(b.String())
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(q); i++ {
		if q[i] < 0x20 || q[i] > 0x7E {
			t.Fatalf("byte %#02x at %d of the output", q[i], i)
		}
	}
}

func withUpperHexAndQuote(e jgen.Escaping, quote byte) jgen.Escaping {
	e.UpperHex, e.QuoteChar = true, quote
	return e
}
