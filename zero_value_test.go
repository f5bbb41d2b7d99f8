package jgen_test

import (
	"errors"
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
