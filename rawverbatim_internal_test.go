package jgen

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestRawVerbatim: emitRawVerbatim writes what emitRaw writes, or
// declines, for raw values with whitespace, escape sequences (surrogates
// among them), non-ASCII, HTML characters and invalid UTF-8, under
// escapings that keep and that rewrite them, at the root, in arrays and
// after names; and it takes the plain compact values.
func TestRawVerbatim(t *testing.T) {
	pieces := []string{`"plain"`, `"é ü 中"`, `"<b>&amp;"`, "\"\u2028\"", `"a\"b\\c\/d\n"`, `"\u00e9\u0041"`, `"\ud83d\ude00"`, `"\udc00"`, `"\ud800x"`,
		"\"\xff\"", `12`, `-0.5e+3`, `true`, `false`, `null`, `""`, `"'"`}
	r := rand.New(rand.NewPCG(3, 4))
	var gen func(depth int) string
	gen = func(depth int) string {
		sp := []string{"", " ", "\n\t", "\r\n  "}[r.IntN(4)]
		switch k := r.IntN(6); {
		case depth > 3 || k < 3:
			return sp + pieces[r.IntN(len(pieces))] + sp
		case k == 3:
			n := r.IntN(4)
			s := "[" + sp
			for i := range n {
				if i > 0 {
					s += "," + sp
				}
				s += gen(depth + 1)
			}
			return s + "]"
		default:
			n := r.IntN(4)
			s := "{" + sp
			for i := range n {
				if i > 0 {
					s += ","
				}
				s += sp + pieces[r.IntN(3)] + sp + ":" + gen(depth+1)
			}
			return s + sp + "}"
		}
	}
	escapings := []Escaping{Minimal, Stdlib, ASCII, PrintableASCII, {QuoteChar: '\''}, {EscapeSlash: true, InvalidUTF8: InvalidUTF8Replace}}
	write := func(g *Generator, raw []byte, pos int) ([]byte, error) {
		g.ResetAppend(nil)
		switch pos {
		case 1:
			_ = g.WriteStartArray()
			_ = g.WriteInt(1)
		case 2:
			_ = g.WriteStartObject()
			_ = g.WriteName("n")
		}
		err := g.WriteRawValue(raw)
		return g.Bytes(), err
	}
	took := 0
	for range 3000 {
		raw := []byte(gen(0))
		for _, esc := range escapings {
			for pos := range 3 {
				g, err := NewAppendGenerator(nil, &Options{Escaping: esc})
				if err != nil {
					t.Fatal(err)
				}
				got, gerr := write(g, raw, pos)
				got = bytes.Clone(got)
				rawVerbatimOff = true
				want, werr := write(g, raw, pos)
				rawVerbatimOff = false
				if (gerr == nil) != (werr == nil) || !bytes.Equal(got, want) {
					t.Fatalf("%q under %+v at %d: got %q, %v; emitRaw %q, %v", raw, esc, pos, got, gerr, want, werr)
				}
				if gerr == nil && esc == Minimal && !bytes.ContainsAny(raw, "\xff\\") {
					took++
				}
			}
		}
	}
	// The path is taken: a compact value is copied verbatim.
	g, _ := NewAppendGenerator(nil, nil)
	g.rootTerm = ""
	if !g.emitRawVerbatim("raw value", []byte(`{"a":[1,"x\n"],"b":null}`)) || string(g.Bytes()) != `{"a":[1,"x\n"],"b":null}` {
		t.Errorf("verbatim path not taken: %q", g.Bytes())
	}
	if took == 0 {
		t.Error("no value checked")
	}
}
