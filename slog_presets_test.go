package jgen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
)

// codePointBlocks returns every code point, 4096 to a string, and strings
// of invalid UTF-8 and of the controls.
func codePointBlocks() []string {
	var out []string
	var b strings.Builder
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if utf8.ValidRune(r) {
			b.WriteRune(r)
		}
		if r%4096 == 4095 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	return append(out, "\xff", "a\xe2\x80b", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "x\x80\x80y")
}

// TestSlogPreset: Slog quotes every code point and invalid byte as the
// message of slog's JSONHandler, on the toolchain the test is built with.
func TestSlogPreset(t *testing.T) {
	var buf bytes.Buffer
	h := slog.NewJSONHandler(&buf, nil)
	for _, s := range codePointBlocks() {
		buf.Reset()
		if err := h.Handle(context.Background(), slog.NewRecord(time.Time{}, slog.LevelInfo, s, 0)); err != nil {
			t.Fatal(err)
		}
		q, err := jgen.Slog.AppendQuote(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"level":"INFO","msg":` + string(q) + "}\n"; buf.String() != want {
			t.Fatalf("block from %U: slog writes another string", []rune(s)[0])
		}
	}
}

// encodeNoHTML is what slog uses for values: a json.Encoder with
// SetEscapeHTML(false), without its newline.
func encodeNoHTML(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func TestStdlibNoHTMLPreset(t *testing.T) {
	for _, s := range codePointBlocks() {
		q, err := jgen.StdlibNoHTML.AppendQuote(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		if want := encodeNoHTML(t, s); !bytes.Equal(q, want) {
			t.Fatalf("block from %U: json.Encoder writes another string", []rune(s + "x")[0])
		}
	}
}

type rawMarshaler string

func (m rawMarshaler) MarshalJSON() ([]byte, error) { return []byte(m), nil }

// TestMarshalerEscaping: with StdlibNoHTML and StdlibNoHTMLMarshaler,
// WriteValue writes what a json.Encoder after SetEscapeHTML(false) writes,
// MarshalJSON output included; without the option, the output's strings
// follow the generator's escaping.
func TestMarshalerEscaping(t *testing.T) {
	raw := "{\"a\" : \"<&>\u2028\u2029 \\u00e9\\/\", \"b\": [1, \"\u2029\"]}"
	values := []any{
		rawMarshaler(raw), json.RawMessage(raw), []any{json.RawMessage(raw), "<\u2028>"},
		struct {
			M rawMarshaler
			S string
			R *json.RawMessage
		}{rawMarshaler(raw), "<&>\u2028", nil},
		map[string]any{"<\u2028>": rawMarshaler(`"\u2028"`)},
	}
	opts := &jgen.Options{Escaping: jgen.StdlibNoHTML, MarshalerEscaping: &jgen.StdlibNoHTMLMarshaler}
	for _, v := range values {
		got, err := jgen.Marshal(v, opts)
		if err != nil {
			t.Fatal(err)
		}
		if want := encodeNoHTML(t, v); !bytes.Equal(got, want) {
			t.Errorf("%T:\n got %s\nwant %s", v, got, want)
		}
	}
	// Without it, MarshalJSON output follows the escaping: U+2028 escaped.
	got, err := jgen.Marshal(rawMarshaler("\"<\u2028>\""), &jgen.Options{Escaping: jgen.StdlibNoHTML})
	if err != nil || string(got) != `"<\u2028>"` {
		t.Errorf("without MarshalerEscaping: %s, %v", got, err)
	}
	// With it, the rest of the value still follows Escaping, and
	// SetEscaping leaves it alone.
	var buf bytes.Buffer
	g, err := jgen.NewGenerator(&buf, &jgen.Options{Escaping: jgen.ASCII, MarshalerEscaping: &jgen.Minimal})
	if err != nil {
		t.Fatal(err)
	}
	_ = g.WriteValue([]any{"é", rawMarshaler(`"é"`)})
	_ = g.SetEscaping(jgen.Jackson)
	_ = g.WriteValue([]any{"\x01", rawMarshaler("\"é\\u001F\"")})
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if want := "[\"\\u00e9\",\"é\"]\n[\"\\u0001\",\"é\\u001F\"]\n"; buf.String() != want {
		t.Errorf("got %q\nwant %q", buf.String(), want)
	}
}

func TestMarshalerEscapingInvalid(t *testing.T) {
	_, err := jgen.NewGenerator(&bytes.Buffer{}, &jgen.Options{MarshalerEscaping: &jgen.Escaping{MaxUnescaped: 5}})
	var oe *jgen.OptionsError
	if !errors.As(err, &oe) || oe.Option != "Options.MarshalerEscaping.MaxUnescaped" {
		t.Fatalf("got %v, want an *OptionsError for Options.MarshalerEscaping.MaxUnescaped", err)
	}
}
