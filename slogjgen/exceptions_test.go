package slogjgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
)

// TestExceptions checks the documented cases where the bytes differ from
// slog's JSONHandler: jgen's line is exact and valid JSON in UTF-8; slog's
// is checked to be what the documentation says of it.
func TestExceptions(t *testing.T) {
	fffd := `\ufffd`
	if jgen.StdlibNoHTML.InvalidUTF8 == jgen.InvalidUTF8ReplaceRaw {
		fffd = "\ufffd"
	}
	emptied := &slog.HandlerOptions{ReplaceAttr: func(gs []string, a slog.Attr) slog.Attr {
		if a.Key == "x" {
			return slog.Attr{}
		}
		if a.Key == "b" {
			a.Value = slog.StringValue(strings.Join(gs, "."))
		}
		return a
	}}
	const (
		same    = iota // slog writes the same on this toolchain when its line is valid
		invalid        // slog's line is not JSON (or not UTF-8)
	)
	cases := []struct {
		name  string
		opts  *slog.HandlerOptions
		attrs []slog.Attr
		slog  int
		want  string // the line after {"level":"INFO","msg":"m",
	}{
		{"year above 9999", nil, []slog.Attr{slog.Time("y", time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))}, same,
			`"y":"!ERROR:time.Time year outside of range [0,9999]"}`},
		{"year below 0", nil, []slog.Attr{slog.Time("y", time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC))}, same,
			`"y":"!ERROR:time.Time year outside of range [0,9999]"}`},
		{"invalid UTF-8 in MarshalJSON output", nil, []slog.Attr{slog.Any("r", json.RawMessage("\"a\xffb\""))}, invalid,
			`"r":"a` + fffd + `b"}`},
		{"group of empty groups (GroupValue drops them: not an exception)", nil, []slog.Attr{slog.Int("a", 1), slog.Group("g", slog.Group("h")), slog.Int("b", 2)}, same,
			`"a":1,"b":2}`},
		{"group emptied by ReplaceAttr", emptied, []slog.Attr{slog.Int("a", 1), slog.Group("g", slog.Int("x", 1)), slog.Int("b", 2)}, invalid,
			`"a":1,"b":""}`},
		{"group of the zero Attr", nil, []slog.Attr{slog.Int("a", 1), slog.Group("g", slog.Attr{}), slog.Int("b", 2)}, invalid,
			`"a":1,"b":2}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := handle(t, func(w *bytes.Buffer) slog.Handler { return NewHandler(w, c.opts, nil) }, time.Time{}, c.attrs...)
			std := handle(t, func(w *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(w, c.opts) }, time.Time{}, c.attrs...)
			if want := `{"level":"INFO","msg":"m",` + c.want + "\n"; got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			if !json.Valid([]byte(got)) || !utf8.ValidString(got) {
				t.Errorf("not JSON in UTF-8: %q", got)
			}
			stdValid := json.Valid([]byte(std)) && utf8.ValidString(std)
			switch {
			case c.slog == same && stdValid && std != got:
				t.Errorf("slog writes valid JSON, and other bytes:\n got %s\n std %s", got, std)
			case c.slog == invalid && stdValid:
				t.Errorf("slog's line is valid here; the exception is stale:\n std %q", std)
			}
		})
	}
}

// TestLogValuePanic: slog.Value.Resolve reports a panic in LogValue with
// the frames that called it, which are the handler's own.
func TestLogValuePanic(t *testing.T) {
	got := handle(t, func(w *bytes.Buffer) slog.Handler { return NewHandler(w, nil, nil) }, time.Time{}, slog.Any("p", panicky{}), slog.Int("after", 1))
	prefix := `{"level":"INFO","msg":"m","p":"LogValue panicked\ncalled from github.com/jgen-go/jgen/slogjgen.panicky.LogValue (`
	if !strings.HasPrefix(got, prefix) || !strings.HasSuffix(got, `,"after":1}`+"\n") || !json.Valid([]byte(got)) {
		t.Fatalf("got %s", got)
	}
}

// TestDeepValue: with an escaping, a value nested deeper than
// jgen.DefaultMaxDepth is refused by WriteValue, and its place holds
// jgen's error. (With the nil escaping it is written as slog writes it:
// TestFailuresAsSlog.)
func TestDeepValue(t *testing.T) {
	deep := any(1)
	for range jgen.DefaultMaxDepth + 1 {
		deep = []any{deep}
	}
	got := handle(t, func(w *bytes.Buffer) slog.Handler { return NewHandler(w, nil, &jgen.Minimal) }, time.Time{}, slog.Any("d", deep))
	want := fmt.Sprintf(`{"level":"INFO","msg":"m","d":"!ERROR:jgen: cannot encode value of type []interface {} at /0/…/0 (depth %d): cannot write start of array in array at depth %[1]d: maximum nesting depth exceeded (output offset %[1]d)"}`+"\n", jgen.DefaultMaxDepth)
	if got != want || !json.Valid([]byte(got)) {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// TestDeepInvalidUTF8: a value that jgen refuses (too deep) and that
// encoding/json encodes with invalid UTF-8 copied from MarshalJSON output
// (Go 1.26) is written as jgen's error, in UTF-8; where encoding/json
// refuses it too (Go 1.27, whose limit is 10,000 levels), as slog writes it.
func TestDeepInvalidUTF8(t *testing.T) {
	deep := any(json.RawMessage("\"a\xffb\""))
	for range jgen.DefaultMaxDepth + 1 {
		deep = []any{deep}
	}
	got := handle(t, func(w *bytes.Buffer) slog.Handler { return NewHandler(w, nil, nil) }, time.Time{}, slog.Any("d", deep))
	std := handle(t, func(w *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(w, nil) }, time.Time{}, slog.Any("d", deep))
	if utf8.ValidString(std) {
		if got != std {
			t.Fatalf("slog's line is UTF-8 and differs:\n got %.300s\n std %.300s", got, std)
		}
		return
	}
	const prefix = `{"level":"INFO","msg":"m","d":"!ERROR:jgen: cannot encode value of type []interface {}`
	if !strings.HasPrefix(got, prefix) || !json.Valid([]byte(got)) {
		t.Fatalf("got %.300s", got)
	}
}
