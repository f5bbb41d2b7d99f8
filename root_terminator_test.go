package jgen_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// writeRoots writes 1, {"a":[]}, "x" and [] at the root.
func writeRoots(t *testing.T, g *jgen.Generator) {
	t.Helper()
	chk(t, g.WriteInt(1))
	chk(t, g.WriteStartObject())
	chk(t, g.WriteName("a"))
	chk(t, g.WriteStartArray())
	chk(t, g.WriteEndArray())
	chk(t, g.WriteEndObject())
	chk(t, g.WriteString("x"))
	chk(t, g.WriteStartArray())
	chk(t, g.WriteEndArray())
}

// TestRootTerminatorAndSeparator: the layouts' defaults and explicit
// settings, in both modes.
func TestRootTerminatorAndSeparator(t *testing.T) {
	tests := []struct {
		name string
		opts jgen.Options
		want string
	}{
		{"compact default", jgen.Options{}, "1\n{\"a\":[]}\n\"x\"\n[]\n"},
		{"indented default", jgen.Options{Layout: jgen.Indented}, "1\n{\n  \"a\": []\n}\n\"x\"\n[]\n"},
		// jackson-core's DefaultPrettyPrinter: " " between root values,
		// nothing after the last.
		{"jackson default", jgen.Options{Layout: jgen.JacksonPretty}, "1 {\n  \"a\" : [ ]\n} \"x\" [ ]"},
		{"separator only", jgen.Options{RootSeparator: "\n"}, "1\n{\"a\":[]}\n\"x\"\n[]"},
		{"terminator only", jgen.Options{RootTerminator: "\r\n"}, "1\r\n{\"a\":[]}\r\n\"x\"\r\n[]\r\n"},
		{"both", jgen.Options{RootSeparator: " ", RootTerminator: "\n"}, "1\n {\"a\":[]}\n \"x\"\n []\n"},
		{"jackson terminator", jgen.Options{Layout: jgen.JacksonPretty, RootTerminator: "\n"}, "1\n{\n  \"a\" : [ ]\n}\n\"x\"\n[ ]\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bothModes(t, &tc.opts, func(t *testing.T, g *jgen.Generator, out func() string) {
				writeRoots(t, g)
				chk(t, g.Close())
				if got := out(); got != tc.want {
					t.Errorf("got %q, want %q", got, tc.want)
				}
			})
		})
	}
	// Jackson's output for two empty root containers, byte for byte.
	got := runOps(t, &jgen.Options{Layout: jgen.JacksonPretty}, opStartObject(), opEndObject(), opStartArray(), opEndArray())
	if got != "{ } [ ]" {
		t.Errorf("jackson: %q, want %q", got, "{ } [ ]")
	}
}

// TestRootTerminatorBeforeFlush: each root value's terminator is written
// with its last token, so after Flush the writer holds whole lines,
// whatever kind of value ends the line.
func TestRootTerminatorBeforeFlush(t *testing.T) {
	en, err := jgen.NewEncodedName("k", jgen.Minimal)
	chk(t, err)
	values := []struct {
		name  string
		write func(g *jgen.Generator) error
		want  string
	}{
		{"object", func(g *jgen.Generator) error {
			return errors.Join(g.WriteStartObject(), g.WriteEncodedName(en), g.WriteBool(true), g.WriteEndObject())
		}, `{"k":true}`},
		{"array", func(g *jgen.Generator) error { return errors.Join(g.WriteStartArray(), g.WriteEndArray()) }, `[]`},
		{"string", func(g *jgen.Generator) error { return g.WriteString("s") }, `"s"`},
		{"string bytes", func(g *jgen.Generator) error { return g.WriteStringBytes([]byte("b")) }, `"b"`},
		{"string from", func(g *jgen.Generator) error { _, err := g.WriteStringFrom(strings.NewReader("r")); return err }, `"r"`},
		{"int", func(g *jgen.Generator) error { return g.WriteInt(-1) }, `-1`},
		{"uint", func(g *jgen.Generator) error { return g.WriteUint(2) }, `2`},
		{"float", func(g *jgen.Generator) error { return g.WriteFloat(1.5) }, `1.5`},
		{"float32", func(g *jgen.Generator) error { return g.WriteFloat32(0.25) }, `0.25`},
		{"number", func(g *jgen.Generator) error { return g.WriteNumber("1e3") }, `1e3`},
		{"null", (*jgen.Generator).WriteNull, `null`},
		{"raw", func(g *jgen.Generator) error { return g.WriteRawValue([]byte(`{"r":1}`)) }, `{"r":1}`},
		{"raw unchecked", func(g *jgen.Generator) error { return g.WriteRawValueUnchecked([]byte(`7`)) }, `7`},
		{"binary", func(g *jgen.Generator) error { return g.WriteBinary(base64.StdEncoding, []byte{1}) }, `"AQ=="`},
	}
	var w bytes.Buffer
	g, err := jgen.NewGenerator(&w, &jgen.Options{BufferSize: 512})
	chk(t, err)
	var want string
	for _, v := range values {
		chk(t, v.write(g))
		chk(t, g.Flush())
		want += v.want + "\n"
		if w.String() != want {
			t.Fatalf("after %s and Flush the writer holds %q, want %q", v.name, w.String(), want)
		}
	}
	chk(t, g.Close())
	if w.String() != want {
		t.Errorf("Close added to the output: %q", w.String())
	}
}

// TestRootTerminatorOptions: only JSON whitespace is accepted.
func TestRootTerminatorOptions(t *testing.T) {
	for _, bad := range []string{"x", ",", "\n;", "\v"} {
		_, err := jgen.NewAppendGenerator(nil, &jgen.Options{RootTerminator: bad})
		var oe *jgen.OptionsError
		if !errors.As(err, &oe) || oe.Option != "Options.RootTerminator" {
			t.Errorf("RootTerminator %q: %v, want an *OptionsError", bad, err)
		}
	}
	if _, err := jgen.NewAppendGenerator(nil, &jgen.Options{RootTerminator: " \t\r\n"}); err != nil {
		t.Errorf("whitespace terminator refused: %v", err)
	}
}

// TestRootTerminatorAtBufferEdge: terminators land right at the end of
// a small writer buffer, and the output is still exact.
func TestRootTerminatorAtBufferEdge(t *testing.T) {
	for n := 500; n < 530; n++ {
		var w bytes.Buffer
		g, err := jgen.NewGenerator(&w, &jgen.Options{BufferSize: 512, RootTerminator: "\r\n"})
		chk(t, err)
		s := strings.Repeat("a", n)
		num := strings.Repeat("7", 1+n%7)
		var want strings.Builder
		for range 5 {
			chk(t, g.WriteString(s))
			chk(t, g.WriteNumber(num))
			want.WriteString(`"` + s + "\"\r\n" + num + "\r\n")
		}
		chk(t, g.Close())
		if w.String() != want.String() {
			t.Fatalf("n=%d: output differs", n)
		}
	}
}
