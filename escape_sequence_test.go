package jgen_test

import (
	"errors"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestEscapeSequenceRefused: custom sequences that would drop a character,
// write a lone surrogate escape or put a byte outside printable ASCII into
// the output are refused when the table is built, with these messages.
func TestEscapeSequenceRefused(t *testing.T) {
	for _, tc := range []struct {
		spec jgen.EscapeSpec
		want string
	}{
		{jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence("")}},
			`jgen: invalid option EscapeSpec.ASCII['a']: sequence is empty`},
		{jgen.EscapeSpec{Runes: map[rune]string{'é': ""}},
			`jgen: invalid option EscapeSpec.Runes[U+00E9]: sequence is empty`},
		{jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence(`x\ud800`)}},
			`jgen: invalid option EscapeSpec.ASCII['a']: sequence holds the lone surrogate escape \ud800 at byte 1`},
		{jgen.EscapeSpec{Runes: map[rune]string{'é': `\uDC00\uD800`}},
			`jgen: invalid option EscapeSpec.Runes[U+00E9]: sequence holds the lone surrogate escape \uDC00 at byte 0`},
		{jgen.EscapeSpec{Runes: map[rune]string{'é': `\ud83d\u0041`}},
			`jgen: invalid option EscapeSpec.Runes[U+00E9]: sequence holds the lone surrogate escape \ud83d at byte 0`},
		{jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'e': jgen.EscapeSequence("é")}},
			`jgen: invalid option EscapeSpec.ASCII['e']: sequence holds U+00E9 raw at byte 0: only printable ASCII may stand raw; write it as \u escapes`},
		{jgen.EscapeSpec{Runes: map[rune]string{'€': "EUR\u2028"}},
			`jgen: invalid option EscapeSpec.Runes[U+20AC]: sequence holds U+2028 raw at byte 3: only printable ASCII may stand raw; write it as \u escapes`},
		{jgen.EscapeSpec{Runes: map[rune]string{'€': "E\x7f"}},
			`jgen: invalid option EscapeSpec.Runes[U+20AC]: sequence holds U+007F raw at byte 1: only printable ASCII may stand raw; write it as \u escapes`},
	} {
		ce, err := jgen.NewCharacterEscapes(tc.spec)
		var oe *jgen.OptionsError
		if ce != nil || !errors.As(err, &oe) || err.Error() != tc.want {
			t.Errorf("NewCharacterEscapes = %v, %v\nwant error %s", ce, err, tc.want)
		}
	}
}

// TestEscapeSequenceSurrogatePair: an escaped surrogate pair is one code
// point and stays accepted, written as given.
func TestEscapeSequenceSurrogatePair(t *testing.T) {
	ce, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{
		ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence(`\ud83d\ude00`)},
		Runes: map[rune]string{'é': `<e\u0301>`},
	})
	chk(t, err)
	got, err := jgen.Escaping{CharacterEscapes: ce}.AppendQuote(nil, "aé")
	chk(t, err)
	if want := `"\ud83d\ude00<e\u0301>"`; string(got) != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// TestEscapeSequenceRawEscapedByOptions: a custom sequence may not hold
// raw a character the Escaping's own options escape; Validate names the
// key and the character, and every function taking the Escaping refuses it
// the same way. The table's EscapeNone for that character lifts the rule.
func TestEscapeSequenceRawEscapedByOptions(t *testing.T) {
	lt, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{Runes: map[rune]string{'«': "<<"}})
	chk(t, err)
	slash, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'|': jgen.EscapeSequence(`\/x/`)}})
	chk(t, err)
	apos, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{Runes: map[rune]string{'’': "'"}})
	chk(t, err)
	for _, tc := range []struct {
		e    jgen.Escaping
		want string
	}{
		{jgen.Escaping{HTMLSafe: true, CharacterEscapes: lt},
			"jgen: invalid option Escaping.CharacterEscapes: the sequence for U+00AB holds U+003C raw, which HTMLSafe escapes"},
		{jgen.Escaping{EscapeSlash: true, CharacterEscapes: slash},
			"jgen: invalid option Escaping.CharacterEscapes: the sequence for U+007C holds U+002F raw, which EscapeSlash escapes"},
		{jgen.Escaping{QuoteChar: '\'', CharacterEscapes: apos},
			"jgen: invalid option Escaping.CharacterEscapes: writes a raw ' but QuoteChar is '"},
	} {
		if err := tc.e.Validate(); err == nil || err.Error() != tc.want {
			t.Errorf("Validate() = %v\nwant %s", err, tc.want)
		}
		_, err := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: tc.e})
		var oe *jgen.OptionsError
		if !errors.As(err, &oe) || err.Error() != tc.want {
			t.Errorf("NewAppendGenerator = %v\nwant %s", err, tc.want)
		}
	}
	// Without the option, or with EscapeNone for '<', the sequence is fine.
	got, err := jgen.Escaping{CharacterEscapes: lt}.AppendQuote(nil, "«")
	chk(t, err)
	if string(got) != `"<<"` {
		t.Errorf("got %s, want %s", got, `"<<"`)
	}
	ltNone, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{
		ASCII: map[byte]jgen.Escape{'<': jgen.EscapeNone()},
		Runes: map[rune]string{'«': "<<"},
	})
	chk(t, err)
	got, err = jgen.Escaping{HTMLSafe: true, CharacterEscapes: ltNone}.AppendQuote(nil, "«<>")
	chk(t, err)
	if want := `"<<<\u003e"`; string(got) != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestEscapePresetsValidate: the preset tables stay valid under every
// option they may be combined with.
func TestEscapePresetsValidate(t *testing.T) {
	for _, ce := range []*jgen.CharacterEscapes{jgen.HTMLEscapes, jgen.JSONPEscapes, jgen.PrintableASCII.CharacterEscapes} {
		for _, e := range []jgen.Escaping{
			{CharacterEscapes: ce},
			{HTMLSafe: true, EscapeSlash: true, JSLineTerminators: true, MaxUnescaped: 0x7F, CharacterEscapes: ce},
			{QuoteChar: '\'', HTMLSafe: true, EscapeSlash: true, CharacterEscapes: ce},
		} {
			if err := e.Validate(); err != nil {
				t.Errorf("%+v: %v", e, err)
			}
		}
	}
}
