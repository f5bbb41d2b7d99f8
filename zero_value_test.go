package jgen_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestZeroEncodedNameRefused: a zero EncodedName is refused as a nil one
// is, under the escaping it would match (Minimal, the zero Escaping) and
// under another, and nothing is written.
func TestZeroEncodedNameRefused(t *testing.T) {
	for _, esc := range []jgen.Escaping{jgen.Minimal, jgen.Stdlib} {
		g, err := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: esc})
		chk(t, err)
		chk(t, g.WriteStartObject())
		var n jgen.EncodedName
		err = g.WriteEncodedName(&n)
		var oe *jgen.OptionsError
		if !errors.As(err, &oe) || oe.Option != "EncodedName" {
			t.Fatalf("%+v: WriteEncodedName(zero) = %v, want an *OptionsError for EncodedName", esc, err)
		}
		if g.WriteInt(1) == nil {
			t.Errorf("%+v: a value after the refused name was accepted", esc)
		}
		chk(t, g.WriteName("a"))
		chk(t, g.WriteInt(1))
		chk(t, g.WriteEndObject())
		if got := string(g.Bytes()); got != "{\"a\":1}\n" {
			t.Errorf("%+v: output %q, want %q", esc, got, "{\"a\":1}\n")
		}
		if err := g.Close(); !errors.As(err, &oe) {
			t.Errorf("%+v: Close = %v, want the *OptionsError", esc, err)
		}
	}
}

const zeroGeneratorMsg = "jgen: invalid option Generator: is the zero value: make it with NewGenerator or NewAppendGenerator, or call Reset or ResetAppend first"

// TestZeroGeneratorRefuses: every call on a zero Generator that was never
// Reset returns the same *OptionsError, without panicking and without
// writing.
func TestZeroGeneratorRefuses(t *testing.T) {
	var g jgen.Generator
	name, err := jgen.NewEncodedName("a", jgen.Minimal)
	chk(t, err)
	calls := map[string]func() error{
		"WriteStartObject": g.WriteStartObject,
		"WriteStartArray":  g.WriteStartArray,
		"WriteEndObject":   g.WriteEndObject,
		"WriteEndArray":    g.WriteEndArray,
		"WriteName":        func() error { return g.WriteName("a") },
		"WriteNameBytes":   func() error { return g.WriteNameBytes([]byte("a")) },
		"WriteEncodedName": func() error { return g.WriteEncodedName(name) },
		"WriteString":      func() error { return g.WriteString("x\"y") },
		"WriteStringEmpty": func() error { return g.WriteString("") },
		"WriteStringBytes": func() error { return g.WriteStringBytes([]byte("x")) },
		"WriteStringFrom": func() error {
			_, err := g.WriteStringFrom(strings.NewReader("x"))
			return err
		},
		"WriteInt":               func() error { return g.WriteInt(1) },
		"WriteUint":              func() error { return g.WriteUint(1) },
		"WriteFloat":             func() error { return g.WriteFloat(1.5) },
		"WriteFloatNaN":          func() error { return g.WriteFloat(math.NaN()) },
		"WriteFloat32":           func() error { return g.WriteFloat32(1.5) },
		"WriteNumber":            func() error { return g.WriteNumber("12") },
		"WriteBool":              func() error { return g.WriteBool(true) },
		"WriteNull":              g.WriteNull,
		"WriteBinary":            func() error { return g.WriteBinary(nil, []byte("hi")) },
		"WriteRawValue":          func() error { return g.WriteRawValue([]byte(`{"a":1}`)) },
		"WriteRawValueUnchecked": func() error { return g.WriteRawValueUnchecked([]byte(`1`)) },
		"WriteValue":             func() error { return g.WriteValue([]any{1, "x"}) },
		"WriteValueScalar":       func() error { return g.WriteValue(1) },
		"SetEscaping":            func() error { return g.SetEscaping(jgen.Stdlib) },
		"Flush":                  g.Flush,
		"Close":                  g.Close,
		"CloseAgain":             g.Close,
	}
	for name, call := range calls {
		err := call()
		var oe *jgen.OptionsError
		if !errors.As(err, &oe) || !errors.Is(err, jgen.ErrInvalidOptions) || err.Error() != zeroGeneratorMsg {
			t.Errorf("%s on a zero Generator = %v, want %q", name, err, zeroGeneratorMsg)
		}
	}
	if g.Bytes() != nil || g.Offset() != 0 || g.Depth() != 0 {
		t.Errorf("zero Generator holds output: Bytes %q, Offset %d, Depth %d", g.Bytes(), g.Offset(), g.Depth())
	}
}

// TestZeroGeneratorReset: Reset gives a zero Generator the default
// options, so it writes exactly what NewGenerator(w, nil) writes.
func TestZeroGeneratorReset(t *testing.T) {
	write := func(g *jgen.Generator) {
		chk(t, g.WriteStartObject())
		chk(t, g.WriteName("s"))
		chk(t, g.WriteString("x\"y\u2028é"))
		chk(t, g.WriteName("v"))
		chk(t, g.WriteValue([]any{1, 2.5, nil}))
		chk(t, g.WriteEndObject())
		chk(t, g.WriteInt(7))
		chk(t, g.Close())
	}
	const want = "{\"s\":\"x\\\"y\u2028é\",\"v\":[1,2.5,null]}\n7\n"
	var b bytes.Buffer
	var g jgen.Generator
	g.Reset(&b)
	write(&g)
	if b.String() != want {
		t.Errorf("Reset: got %q, want %q", b.String(), want)
	}
	var ga jgen.Generator
	ga.ResetAppend([]byte("> "))
	write(&ga)
	if got := string(ga.Bytes()); got != "> "+want {
		t.Errorf("ResetAppend: got %q, want %q", got, "> "+want)
	}
	// A refused call before Reset leaves nothing behind.
	var gr jgen.Generator
	_ = gr.WriteString("lost")
	b.Reset()
	gr.Reset(&b)
	write(&gr)
	if b.String() != want {
		t.Errorf("Reset after a refused call: got %q, want %q", b.String(), want)
	}
	// Reset revives a closed Generator.
	b.Reset()
	g.Reset(&b)
	write(&g)
	if b.String() != want {
		t.Errorf("Reset after Close: got %q, want %q", b.String(), want)
	}
}
