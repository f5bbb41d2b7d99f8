package slogjgen

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"
)

// loop is a LogValuer whose value is itself: slog.Value.Resolve gives up
// after 100 calls.
type loop struct{}

func (l loop) LogValue() slog.Value { return slog.AnyValue(l) }

// panicky panics in LogValue or MarshalJSON.
type panicky struct{}

func (panicky) LogValue() slog.Value { panic("boom") }

type panicMarshaler struct{}

func (panicMarshaler) MarshalJSON() ([]byte, error) { panic("marshal boom") }

// handle writes one record with attrs through h and returns the line.
func handle(t *testing.T, h func(*bytes.Buffer) slog.Handler, tm time.Time, attrs ...slog.Attr) string {
	t.Helper()
	var buf bytes.Buffer
	r := slog.NewRecord(tm, slog.LevelInfo, "m", 0)
	r.AddAttrs(attrs...)
	if err := h(&buf).Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestListedCases checks the corners of slog's JSONHandler (zero and
// monotonic times, empty and inlined groups, duplicate keys, LogValuer
// limits and more, one case each), against slog's bytes and against the
// exact line expected.
func TestListedCases(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 500, time.FixedZone("", 3600))
	var nilErrPtr *nilErr
	cases := []struct {
		name  string
		with  func(slog.Handler) slog.Handler
		opts  *slog.HandlerOptions
		tm    time.Time
		attrs []slog.Attr
		want  string
	}{
		{name: "zero time omitted", want: `{"level":"INFO","msg":"m"}`},
		{name: "time", tm: at, want: `{"time":"2026-12-01T10:00:00.0000005+01:00","level":"INFO","msg":"m"}`},
		{name: "time with monotonic reading (only compared to slog)", tm: time.Now()},
		{name: "WithGroup empty name", with: func(h slog.Handler) slog.Handler { return h.WithGroup("") },
			attrs: []slog.Attr{slog.Int("a", 1)}, want: `{"level":"INFO","msg":"m","":{"a":1}}`},
		{name: "group without record attrs", with: func(h slog.Handler) slog.Handler { return h.WithAttrs([]slog.Attr{slog.Int("a", 1)}).WithGroup("g") },
			want: `{"level":"INFO","msg":"m","a":1}`},
		{name: "With inside group", with: func(h slog.Handler) slog.Handler {
			return h.WithGroup("g").WithAttrs([]slog.Attr{slog.Int("a", 1)}).WithGroup("h").WithAttrs([]slog.Attr{slog.Group("e")})
		}, attrs: []slog.Attr{slog.Int("b", 2)}, want: `{"level":"INFO","msg":"m","g":{"a":1,"h":{"b":2}}}`},
		{name: "empty and inlined groups", attrs: []slog.Attr{slog.Group("e"), slog.Group("", slog.Int("a", 1)), slog.Group("g", slog.Group("", slog.Int("b", 2)))},
			want: `{"level":"INFO","msg":"m","a":1,"g":{"b":2}}`},
		{name: "duplicate keys kept", attrs: []slog.Attr{slog.Int("a", 1), slog.Int("a", 2), slog.String("msg", "x")},
			want: `{"level":"INFO","msg":"m","a":1,"a":2,"msg":"x"}`},
		{name: "LogValuer loop limit", attrs: []slog.Attr{slog.Any("l", loop{})},
			want: `{"level":"INFO","msg":"m","l":"LogValue called too many times on Value of type slogjgen.loop"}`},
		{name: "LogValuer to group", attrs: []slog.Attr{slog.Any("r", resolver{slog.GroupValue(slog.Int("a", 1))})},
			want: `{"level":"INFO","msg":"m","r":{"a":1}}`},
		{name: "errors", attrs: []slog.Attr{slog.Any("e", marshalErr{"<x>"}), slog.Any("p", nilErrPtr), slog.Any("s", &nilErr{"\b<"})},
			want: `{"level":"INFO","msg":"m","e":{"marshaled":"\u003cx\u003e"},"p":"<nil>","s":"\u0008<"}`},
		{name: "panic in MarshalJSON", attrs: []slog.Attr{slog.Any("p", panicMarshaler{}), slog.Int("after", 1)},
			want: `{"level":"INFO","msg":"m","p":"!PANIC: marshal boom","after":1}`},
		{name: "kinds", attrs: []slog.Attr{slog.Duration("d", -1500*time.Millisecond), slog.Any("b", []byte("\xff\xfe<")), slog.Time("t", at),
			slog.Uint64("u", math.MaxUint64), slog.Float64("f", 1e21), slog.Float64("g", 1e-7), slog.Bool("ok", false), slog.Any("n", nil), slog.Any("lv", slog.LevelWarn)},
			want: `{"level":"INFO","msg":"m","d":-1500000000,"b":"//48","t":"2026-12-01T10:00:00.0000005+01:00","u":18446744073709551615,"f":1e+21,"g":1e-7,"ok":false,"n":null,"lv":"WARN"}`},
		{name: "any through WriteValue", attrs: []slog.Attr{slog.Any("m", map[string]any{"b": []int{1}, "a": "<\u2028>"}), slog.Any("raw", json.RawMessage(` {"x" : "\u00e9"} `)), slog.Any("s", struct {
			A string `json:"a,omitempty"`
			B *int
		}{})},
			want: `{"level":"INFO","msg":"m","m":{"a":"<\u2028>","b":[1]},"raw":{"x":"\u00e9"},"s":{"B":null}}`},
		{name: "ReplaceAttr sees groups", with: func(h slog.Handler) slog.Handler {
			return h.WithGroup("g").WithAttrs([]slog.Attr{slog.Int("a", 1)}).WithGroup("h")
		},
			opts: &slog.HandlerOptions{ReplaceAttr: func(gs []string, a slog.Attr) slog.Attr {
				if gs == nil {
					return slog.Attr{}
				}
				a.Key = strings.Join(gs, ".") + ":" + a.Key
				return a
			}}, attrs: []slog.Attr{slog.Group("i", slog.Int("b", 2))}, want: `{"g":{"g:a":1,"h":{"i":{"g.h.i:b":2}}}}`},
		{name: "source", opts: &slog.HandlerOptions{AddSource: true}, attrs: []slog.Attr{slog.Any("src", &slog.Source{File: "a.go", Line: 3}), slog.Any("none", &slog.Source{})},
			want: `{"level":"INFO","msg":"m","src":{"file":"a.go","line":3}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mk := func(w *bytes.Buffer, jgenHandler bool) slog.Handler {
				var h slog.Handler = slog.NewJSONHandler(w, c.opts)
				if jgenHandler {
					h = NewHandler(w, c.opts, nil)
				}
				if c.with != nil {
					h = c.with(h)
				}
				return h
			}
			got := handle(t, func(w *bytes.Buffer) slog.Handler { return mk(w, true) }, c.tm, c.attrs...)
			std := handle(t, func(w *bytes.Buffer) slog.Handler { return mk(w, false) }, c.tm, c.attrs...)
			if c.want != "" && got != c.want+"\n" {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
			if got != std {
				t.Errorf("differs from slog's:\n got %s\n std %s", got, std)
			}
		})
	}
}

// TestTimeSequence writes times through one handler, whose per-second
// text is reused while the second and the location stay, against slog.
func TestTimeSequence(t *testing.T) {
	base := time.Date(2026, 12, 1, 10, 30, 0, 0, time.UTC)
	east, west := time.FixedZone("E", 5*3600+1800), time.FixedZone("W", -3600)
	times := []time.Time{
		base, base.Add(1), base.Add(120 * time.Millisecond), base.Add(999999999), base.Add(time.Second),
		base.In(east), base.Add(5).In(east), base.Add(5).In(west), base.Add(5).In(west).Add(time.Second),
		base.Add(-time.Second), time.Date(0, 1, 1, 0, 0, 0, 1, time.UTC), time.Date(9999, 12, 31, 23, 59, 59, 999999990, west),
		time.Date(1969, 12, 31, 23, 59, 59, 500, time.UTC), time.Date(1969, 12, 31, 23, 59, 59, 600, time.UTC),
		base.Local(), base.Add(7).Local(), base,
	}
	var got, want bytes.Buffer
	h, std := NewHandler(&got, nil, nil), slog.NewJSONHandler(&want, nil)
	for _, tm := range times {
		r := slog.NewRecord(tm, slog.LevelInfo, "m", 0)
		r.AddAttrs(slog.Time("t", tm.Add(3)))
		_ = h.Handle(context.Background(), r)
		_ = std.Handle(context.Background(), r)
	}
	if got.String() != want.String() {
		t.Fatalf("got\n%s\nwant\n%s", got.String(), want.String())
	}
}
