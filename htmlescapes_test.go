package jgen_test

import (
	"encoding/json"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestHTMLEscapesAndHTMLSafe: the two ways to HTML-safe strings differ
// as their documentation says: HTMLEscapes escapes the apostrophe too,
// HTMLSafe writes encoding/json's bytes and combines with another
// CharacterEscapes.
func TestHTMLEscapesAndHTMLSafe(t *testing.T) {
	const s = "<a href='x'>&\x7f"
	cases := []struct {
		name string
		e    jgen.Escaping
		want string
	}{
		{"HTMLSafe", jgen.Escaping{HTMLSafe: true}, `"\u003ca href='x'\u003e\u0026` + "\x7f" + `"`},
		{"HTMLEscapes", jgen.Escaping{CharacterEscapes: jgen.HTMLEscapes}, `"\u003ca href=\u0027x\u0027\u003e\u0026` + "\x7f" + `"`},
		{"HTMLEscapes/upper hex", jgen.Escaping{UpperHex: true, CharacterEscapes: jgen.HTMLEscapes}, `"\u003Ca href=\u0027x\u0027\u003E\u0026` + "\x7f" + `"`},
		{"HTMLSafe/apostrophe quote", jgen.Escaping{HTMLSafe: true, QuoteChar: '\''}, `'\u003ca href=\u0027x\u0027\u003e\u0026` + "\x7f" + `'`},
		{"HTMLSafe/with PrintableASCII's table", jgen.Escaping{HTMLSafe: true, CharacterEscapes: jgen.PrintableASCII.CharacterEscapes}, `"\u003ca href='x'\u003e\u0026\u007f"`},
	}
	for _, tc := range cases {
		got, err := tc.e.Quote(s)
		if err != nil || got != tc.want {
			t.Errorf("%s: got %s, %v; want %s", tc.name, got, err, tc.want)
		}
	}
	std, err := json.Marshal(s)
	chk(t, err)
	if got, _ := (jgen.Escaping{HTMLSafe: true}).Quote(s); got != string(std) {
		t.Errorf("HTMLSafe: got %s, encoding/json writes %s", got, std)
	}
}
