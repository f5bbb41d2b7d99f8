package jgen_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestAllocsPerToken: once warmed up, no token allocates, in writer mode
// and in append mode with a reused slice.
func TestAllocsPerToken(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("allocation counts are not meaningful under coverage")
	}
	long := strings.Repeat("abcdefgh\"é😀", 100)
	longB := []byte(long)
	name := mustNameNoT("name")
	otherName := mustNameNoT("other é")
	tokens := []struct {
		name string
		do   func(g *jgen.Generator)
	}{
		{"WriteString", func(g *jgen.Generator) { g.WriteString("hello\n") }},
		{"WriteString long", func(g *jgen.Generator) { g.WriteString(long) }},
		{"WriteStringBytes", func(g *jgen.Generator) { g.WriteStringBytes(longB) }},
		{"WriteName", func(g *jgen.Generator) { g.WriteStartObject(); g.WriteName("né"); g.WriteNull(); g.WriteEndObject() }},
		{"WriteNameBytes", func(g *jgen.Generator) {
			g.WriteStartObject()
			g.WriteNameBytes(longB)
			g.WriteNull()
			g.WriteEndObject()
		}},
		{"WriteEncodedName", func(g *jgen.Generator) {
			g.WriteStartObject()
			g.WriteEncodedName(name)
			g.WriteNull()
			g.WriteEncodedName(otherName)
			g.WriteNull()
			g.WriteEndObject()
		}},
		{"WriteInt", func(g *jgen.Generator) { g.WriteInt(-1234567890123) }},
		{"WriteUint", func(g *jgen.Generator) { g.WriteUint(1 << 63) }},
		{"WriteFloat", func(g *jgen.Generator) { g.WriteFloat(3.141592653589793e-9) }},
		{"WriteFloat32", func(g *jgen.Generator) { g.WriteFloat32(0.1) }},
		{"WriteBool", func(g *jgen.Generator) { g.WriteBool(true) }},
		{"WriteNull", func(g *jgen.Generator) { g.WriteNull() }},
		{"WriteNumber", func(g *jgen.Generator) { g.WriteNumber("-1.5e+300") }},
		{"objects", func(g *jgen.Generator) { g.WriteStartObject(); g.WriteEndObject() }},
		{"arrays", func(g *jgen.Generator) {
			g.WriteStartArray()
			g.WriteStartArray()
			g.WriteEndArray()
			g.WriteEndArray()
		}},
		{"WriteBinary", func(g *jgen.Generator) { g.WriteBinary(nil, longB) }},
	}
	escs := []struct {
		name string
		e    jgen.Escaping
	}{{"minimal", jgen.Minimal}, {"ascii", jgen.ASCII}, {"stdlib", jgen.Stdlib}}
	for _, esc := range escs {
		for _, layout := range []jgen.Layout{jgen.Compact, jgen.Indented} {
			opts := &jgen.Options{Escaping: esc.e, Layout: layout}
			for _, tok := range tokens {
				t.Run(fmt.Sprintf("%s/%v/%s", esc.name, layout, tok.name), func(t *testing.T) {
					// Writer mode: an array of many tokens to io.Discard.
					g, err := jgen.NewGenerator(io.Discard, opts)
					chk(t, err)
					g.WriteStartArray()
					for range 100 {
						tok.do(g)
					}
					if n := testing.AllocsPerRun(200, func() { tok.do(g) }); n != 0 {
						t.Errorf("writer mode: %v allocs per token", n)
					}
					// Writer mode after Reset.
					g.Reset(io.Discard)
					if n := testing.AllocsPerRun(50, func() {
						g.Reset(io.Discard)
						g.WriteStartArray()
						tok.do(g)
						g.WriteEndArray()
						g.Flush()
					}); n != 0 {
						t.Errorf("writer mode with Reset: %v allocs per document", n)
					}
					// Append mode: ResetAppend with a reused slice.
					a, err := jgen.NewAppendGenerator(nil, opts)
					chk(t, err)
					buf := make([]byte, 0, 1<<16)
					if n := testing.AllocsPerRun(50, func() {
						a.ResetAppend(buf[:0])
						a.WriteStartArray()
						for range 4 {
							tok.do(a)
						}
						a.WriteEndArray()
						buf = a.Bytes()
					}); n != 0 {
						t.Errorf("append mode: %v allocs per document", n)
					}
					if len(buf) < 3 || err != nil {
						t.Errorf("append mode wrote %q", buf)
					}
				})
			}
		}
	}
	t.Run("SetEscaping", func(t *testing.T) {
		g, err := jgen.NewGenerator(io.Discard, nil)
		chk(t, err)
		g.WriteStartArray()
		if n := testing.AllocsPerRun(100, func() {
			g.SetEscaping(jgen.ASCII)
			g.WriteString("é")
			g.SetEscaping(jgen.Minimal)
			g.WriteString("é")
		}); n != 0 {
			t.Errorf("%v allocs", n)
		}
	})
	t.Run("WriteStringFrom", func(t *testing.T) {
		g, err := jgen.NewGenerator(io.Discard, nil)
		chk(t, err)
		g.WriteStartArray()
		r := strings.NewReader(long)
		g.WriteStringFrom(r)
		if n := testing.AllocsPerRun(100, func() {
			r.Reset(long)
			g.WriteStringFrom(r)
		}); n != 0 {
			t.Errorf("%v allocs", n)
		}
	})
	t.Run("AppendQuote", func(t *testing.T) {
		dst := make([]byte, 0, 4096)
		for _, esc := range escs {
			if n := testing.AllocsPerRun(100, func() {
				dst, _ = esc.e.AppendQuote(dst[:0], long)
				dst, _ = esc.e.AppendQuoteBytes(dst, longB)
			}); n != 0 {
				t.Errorf("%s: %v allocs", esc.name, n)
			}
		}
	})
}
