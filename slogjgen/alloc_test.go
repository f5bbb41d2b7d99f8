package slogjgen

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jgen-go/jgen"
)

// shape is a record shape of the benchmarks (bench/slog_test.go): a
// handler derived from the root, and a prebuilt record.
type shape struct {
	name   string
	handle func(slog.Handler) slog.Handler
	record slog.Record
}

var at = time.Date(2026, 12, 1, 10, 30, 0, 123456789, time.UTC)

func shapes() []shape {
	five := slog.NewRecord(at, slog.LevelInfo, "request served", 0)
	five.AddAttrs(slog.String("path", "/api/v1/items"), slog.Int("status", 200), slog.Bool("cached", false),
		slog.Time("start", at), slog.Duration("elapsed", 1234567*time.Nanosecond))
	forty := slog.NewRecord(at, slog.LevelWarn, "batch done", 0)
	for _, g := range []string{"req", "resp"} {
		var as []slog.Attr
		for i := range 20 {
			k := g + string(rune('a'+i))
			switch i % 4 {
			case 0:
				as = append(as, slog.String(k, "value "+k))
			case 1:
				as = append(as, slog.Int(k, i*1000))
			case 2:
				as = append(as, slog.Float64(k, float64(i)/7))
			default:
				as = append(as, slog.Bool(k, i%2 == 0))
			}
		}
		forty.AddAttrs(slog.Attr{Key: g, Value: slog.GroupValue(as...)})
	}
	cjk := slog.NewRecord(at, slog.LevelInfo, strings.Repeat("日本語のログ。", 10)[:200], 0)
	cjk.AddAttrs(slog.String("user", "山田太郎"))
	with := slog.NewRecord(at, slog.LevelError, "upstream failed", 0)
	with.AddAttrs(slog.String("err", "connection reset"), slog.Int("attempt", 3))
	return []shape{
		{"attrs=5", nil, five},
		{"attrs=40/groups=2", nil, forty},
		{"msg=cjk200", nil, cjk},
		{"with=heavy", func(h slog.Handler) slog.Handler {
			return h.WithAttrs([]slog.Attr{slog.String("service", "api"), slog.String("version", "1.2.3"), slog.Int("pid", 4242),
				slog.String("host", "web-7"), slog.String("region", "eu-west-1")}).WithGroup("request").WithAttrs([]slog.Attr{
				slog.String("id", "9f8e7d"), slog.String("method", "GET"), slog.String("route", "/items/{id}")}).WithGroup("upstream")
		}, with},
	}
}

func TestHandleAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, esc := range []*jgen.Escaping{nil, &jgen.ASCII, &jgen.PrintableASCII} {
		for _, s := range shapes() {
			var h slog.Handler = NewHandler(io.Discard, nil, esc)
			if s.handle != nil {
				h = s.handle(h)
			}
			ctx := context.Background()
			if n := testing.AllocsPerRun(100, func() { _ = h.Handle(ctx, s.record) }); n != 0 {
				t.Errorf("%s, escaping %v: %v allocations per Handle, want 0", s.name, esc, n)
			}
		}
	}
}

// TestAnyValueAllocs: the values WriteValue encodes without allocating
// cost Handle nothing either; the encoding/json pass that a failing value
// takes with the nil escaping is not on this path.
func TestAnyValueAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	r := slog.NewRecord(at, slog.LevelInfo, "m", 0)
	r.AddAttrs(slog.Any("m", map[string]int{"a": 1, "b": 2}), slog.Any("s", struct{ A, B int }{1, 2}),
		slog.Any("l", []string{"x", "<y>"}), slog.Float64("f", 1.5))
	for _, esc := range []*jgen.Escaping{nil, &jgen.ASCII} {
		h := NewHandler(io.Discard, nil, esc)
		ctx := context.Background()
		if n := testing.AllocsPerRun(100, func() { _ = h.Handle(ctx, r) }); n != 0 {
			t.Errorf("escaping %v: %v allocations per Handle, want 0", esc, n)
		}
	}
}
