package jgen

import "testing"

// TestHTMLEscapesHasNoHook: HTMLEscapes takes the scan derived from its
// table, not a per-segment IndexEscape call, and writes the bytes of the
// same table compiled by NewCharacterEscapes under every quote char and hex
// case, for every ASCII byte and a few non-ASCII runes.
func TestHTMLEscapesHasNoHook(t *testing.T) {
	if HTMLEscapes.hook != nil {
		t.Fatal("HTMLEscapes has an IndexEscape hook")
	}
	table, err := NewCharacterEscapes(EscapeSpec{ASCII: map[byte]Escape{
		'<': EscapeUnicode(), '>': EscapeUnicode(), '&': EscapeUnicode(), '\'': EscapeUnicode(),
	}})
	if err != nil {
		t.Fatal(err)
	}
	var all []byte
	for c := 0; c < 0x80; c++ {
		all = append(all, 'a', byte(c))
	}
	inputs := []string{"", "plain text", "<a href='x'>&amp;</a>", string(all), "é<€>𝄞'\u2028&"}
	for _, e := range []Escaping{{}, {QuoteChar: '\''}, {UpperHex: true}, {EscapeSlash: true, HTMLSafe: true}} {
		for _, s := range inputs {
			e.CharacterEscapes = HTMLEscapes
			got, err1 := e.AppendQuote(nil, s)
			e.CharacterEscapes = table
			want, err2 := e.AppendQuote(nil, s)
			if err1 != nil || err2 != nil || string(got) != string(want) {
				t.Errorf("%+v %q: got %s, %v; want %s, %v", e, s, got, err1, want, err2)
			}
		}
	}
}
