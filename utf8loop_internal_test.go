package jgen

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestStringLoopUTF8 checks the string loop's UTF-8 paths (the kernel for
// non-ASCII in scan mode, Set.SeqLen in mixed mode) against the same
// escaper with the plain set, which sends every non-ASCII byte to
// utf8.DecodeRune and appendRune: the output must be the same bytes,
// under every option that changes which sequences pass raw.
func TestStringLoopUTF8(t *testing.T) {
	pieces := []string{
		"a", "bc", "\"", "\n", "/", "<", "'", "\x01",
		"é", "ß", "中", "文字", "\u2028", "\u2029", "€", "\U0001F600", "\U00010000",
		"\xff", "\xc3", "\xe4\xb8", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\x80", "\xf4\x90\x80\x80",
	}
	opts := []Escaping{
		Minimal, Stdlib, Jackson,
		{MaxUnescaped: 0xFFFF}, {MaxUnescaped: 0x7FF}, {SurrogateEscapes: true},
		{JSLineTerminators: true, QuoteChar: '\'', EscapeSlash: true},
		{InvalidUTF8: InvalidUTF8ReplaceRaw}, {InvalidUTF8: InvalidUTF8Replace, UpperHex: true},
	}
	rng := rand.New(rand.NewPCG(14, 3))
	var src []byte
	for range 3000 {
		src = src[:0]
		// Mostly one kind of text in a row, as CJK or emoji runs come.
		for n := rng.IntN(40); n > 0; n-- {
			p := pieces[rng.IntN(len(pieces))]
			for r := rng.IntN(12); r >= 0; r-- {
				src = append(src, p...)
			}
		}
		for _, e := range opts {
			var x, ref escaper
			if err := x.compile(e); err != nil {
				t.Fatal(err)
			}
			if !x.set.UTF8() {
				continue
			}
			ref = x
			ref.set = &stdSets[setKeyOf(&e)]
			got, gerr := x.appendQuoted([]byte("prefix"), src)
			want, werr := ref.appendQuoted([]byte("prefix"), src)
			if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
				t.Fatalf("%+v, %q:\ngot  %q, %v\nwant %q, %v", e, src, got, gerr, want, werr)
			}
		}
	}
}
