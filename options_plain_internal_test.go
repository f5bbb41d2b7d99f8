package jgen

import (
	"math/rand/v2"
	"testing"
)

// TestOptionsPlainOnlyValid: plain, validate's shortcut, holds only for
// options that the full check accepts, and for the presets without
// CharacterEscapes and the zero Options.
func TestOptionsPlainOnlyValid(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	strs := []string{"", " ", "\t", "x", "\n"}
	quotes := []byte{0, '"', '\'', 'x'}
	runes := []rune{0, -1, 1, 0x7E, 0x7F, 0xFFFF, 0x10FFFF, 0x110000}
	ce := mustCharacterEscapes(EscapeSpec{ASCII: map[byte]Escape{'a': EscapeUnicode()}})
	for range 200000 {
		o := Options{
			Escaping: Escaping{
				QuoteChar:    quotes[r.IntN(len(quotes))],
				HTMLSafe:     r.IntN(2) == 0,
				MaxUnescaped: runes[r.IntN(len(runes))],
				InvalidUTF8:  InvalidUTF8Policy(r.IntN(4)),
			},
			Layout:         Layout(r.IntN(4)),
			Indent:         strs[r.IntN(len(strs))],
			RootSeparator:  strs[r.IntN(len(strs))],
			RootTerminator: strs[r.IntN(len(strs))],
			MaxDepth:       r.IntN(3) - 1,
			BufferSize:     []int{-1, 0, 1, MaxBufferSize, MaxBufferSize + 1}[r.IntN(5)],
			NonFinite:      NonFinitePolicy(r.IntN(4)),
		}
		if r.IntN(8) == 0 {
			o.Escaping.CharacterEscapes = ce
		}
		if r.IntN(8) == 0 {
			o.MarshalerEscaping = &Escaping{QuoteChar: 'x'}
		}
		if o.plain() {
			if err := o.check(); err != nil {
				t.Fatalf("plain but %v: %+v", err, o)
			}
		}
	}
	for _, e := range []Escaping{Minimal, Stdlib, StdlibNoHTML, Jackson} {
		if o := (Options{Escaping: e}); !o.plain() {
			t.Errorf("%+v not plain", o)
		}
	}
}
