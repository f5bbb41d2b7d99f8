package jgen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestRawChecked: emitRawChecked, the one-pass check and copy of a raw
// value, gives the bytes and the error of the two-pass path (checkRaw, then
// emitRawVerbatim or emitRaw) for valid raw values and for values cut short
// or with a byte replaced (grammar faults, unterminated strings, bad
// escapes, invalid UTF-8), under several escapings, a small
// Options.MaxDepth and deep nesting, at the root, in an array and after a
// name; and it takes the compact values of a MarshalJSON method.
func TestRawChecked(t *testing.T) {
	pieces := []string{`"plain"`, `"é ü 中"`, `"<b>&amp;"`, "\"\u2028\"", `"a\"b\\c\/d\n"`, `"\u00e9\u0041"`, `"\ud83d\ude00"`, `"\udc00"`, `"\ud800x"`,
		"\"\xff\"", `12`, `-0.5e+3`, `true`, `false`, `null`, `""`, `"'"`, `{}`, `[]`, `[ ]`, `{ }`, `"\x01"`, `"\q"`, `"\u12"`, `01`, `1.`, `tru`}
	r := rand.New(rand.NewPCG(5, 6))
	var gen func(depth, max int) string
	gen = func(depth, max int) string {
		sp := []string{"", "", " ", "\n\t", "\r\n  "}[r.IntN(5)]
		switch k := r.IntN(6); {
		case depth > max || k < 2:
			return sp + pieces[r.IntN(len(pieces))] + sp
		case k < 4:
			n := r.IntN(4)
			s := "[" + sp
			for i := range n {
				if i > 0 {
					s += "," + sp
				}
				s += gen(depth+1, max)
			}
			return s + "]"
		default:
			n := r.IntN(4)
			s := "{" + sp
			for i := range n {
				if i > 0 {
					s += ","
				}
				s += sp + pieces[r.IntN(3)] + sp + ":" + gen(depth+1, max)
			}
			return s + sp + "}"
		}
	}
	deep := func(n int) string {
		return string(bytes.Repeat([]byte(`{"a":[`), n)) + "1" + string(bytes.Repeat([]byte(`]}`), n))
	}
	var raws []string
	for _, n := range []int{31, 32, 33, 63, 64, 65, 100} {
		raws = append(raws, deep(n), deep(n)[:len(deep(n))-1])
	}
	junk := []byte(` ,:{}[]"\x0012a-.etu\\/` + "\xff\xe2")
	for range 3000 {
		raw := gen(0, 1+r.IntN(4))
		raws = append(raws, raw)
		b := []byte(raw)
		switch r.IntN(3) {
		case 0:
			b = b[:r.IntN(len(b)+1)]
		case 1:
			if len(b) > 0 {
				b[r.IntN(len(b))] = junk[r.IntN(len(junk))]
			}
		default:
			at := r.IntN(len(b) + 1)
			b = append(b[:at:at], append([]byte{junk[r.IntN(len(junk))]}, b[at:]...)...)
		}
		raws = append(raws, string(b))
	}
	escapings := []Escaping{Minimal, Stdlib, ASCII, {EscapeSlash: true, InvalidUTF8: InvalidUTF8Replace}, {InvalidUTF8: InvalidUTF8ReplaceRaw}}
	write := func(g *Generator, raw []byte, pos int) ([]byte, string) {
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
		_ = g.WriteInt(2) // the state after the value
		return bytes.Clone(g.Bytes()), fmt.Sprintf("%#v", err)
	}
	took, refused := 0, 0
	for _, raw := range raws {
		for _, esc := range escapings {
			for _, depth := range []int{0, 3} {
				for pos := range 3 {
					g, err := NewAppendGenerator(nil, &Options{Escaping: esc, MaxDepth: depth})
					if err != nil {
						t.Fatal(err)
					}
					got, gerr := write(g, []byte(raw), pos)
					rawCheckedOff = true
					want, werr := write(g, []byte(raw), pos)
					rawCheckedOff = false
					if gerr != werr || !bytes.Equal(got, want) {
						t.Fatalf("%q under %+v, MaxDepth %d, at %d: got %q, %s; two-pass %q, %s", raw, esc, depth, pos, got, gerr, want, werr)
					}
					if gerr == "<nil>" {
						took++
					} else {
						refused++
					}
				}
			}
		}
	}
	if took == 0 || refused == 0 {
		t.Errorf("%d values written, %d refused: the cases do not cover both", took, refused)
	}
	// The path is taken for a compact value, and it writes it verbatim.
	g, _ := NewAppendGenerator(nil, nil)
	g.rootTerm = ""
	const money = `{"amount":"12.34","currency":"EUR","n":[1,true,null,{}],"s":"\u00e9\n"}`
	if !g.emitRawChecked("raw value", []byte(money)) || string(g.Bytes()) != money {
		t.Errorf("one-pass path not taken: %q", g.Bytes())
	}
}
