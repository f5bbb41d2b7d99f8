package slogjgen

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestEmptyGroupsFromResolving: an empty group that reaches the handler
// (from a LogValuer, from ReplaceAttr, or among other attrs of WithAttrs,
// where slog.GroupValue and Record.AddAttrs do not drop it) writes nothing
// itself but counts as written, as in slog's JSONHandler: the groups
// around it are written, as {} when it is all they hold.
func TestEmptyGroupsFromResolving(t *testing.T) {
	empty := resolver{slog.GroupValue()}
	emptying := &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		switch {
		case strings.HasPrefix(a.Key, "E:"):
			a.Value = slog.GroupValue()
		case strings.HasPrefix(a.Key, "L:"):
			a.Value = slog.AnyValue(empty) // resolved after ReplaceAttr
		}
		return a
	}}
	with := func(f func(slog.Handler) slog.Handler) func(slog.Handler) slog.Handler { return f }
	cases := []struct {
		name  string
		opts  *slog.HandlerOptions
		with  func(slog.Handler) slog.Handler
		attrs []slog.Attr
		want  string // after {"level":"INFO","msg":"m"
	}{
		{"LogValuer in WithGroup", nil, with(func(h slog.Handler) slog.Handler { return h.WithGroup("req") }),
			[]slog.Attr{slog.Any("v", empty)}, `,"req":{}}`},
		{"LogValuer at the top", nil, nil, []slog.Attr{slog.Any("v", empty), slog.Int("a", 1)}, `,"a":1}`},
		{"LogValuer in a group", nil, nil, []slog.Attr{slog.Group("g", slog.Any("v", empty)), slog.Int("a", 1)}, `,"g":{},"a":1}`},
		{"nested LogValuers", nil, nil, []slog.Attr{slog.Group("g", slog.Any("v", resolver{slog.AnyValue(resolver{slog.GroupValue(slog.Any("w", empty))})}))},
			`,"g":{"v":{}}}`},
		{"LogValuer after a member", nil, nil, []slog.Attr{slog.Group("g", slog.Int("a", 1), slog.Any("v", empty), slog.Int("b", 2))}, `,"g":{"a":1,"b":2}}`},
		{"ReplaceAttr empties nested groups", emptying, nil, []slog.Attr{slog.Group("g1", slog.Group("g2", slog.Int("E:x", 1)))}, `,"g1":{"g2":{}}}`},
		{"ReplaceAttr returns an empty LogValuer", emptying, with(func(h slog.Handler) slog.Handler { return h.WithGroup("w") }),
			[]slog.Attr{slog.Int("L:x", 1)}, `,"w":{}}`},
		{"WithAttrs with an empty group and a zero Attr", nil, with(func(h slog.Handler) slog.Handler {
			return h.WithGroup("g").WithAttrs([]slog.Attr{slog.Group("e"), {}})
		}), nil, `,"g":{}}`},
		{"WithAttrs LogValuer, then a record", nil, with(func(h slog.Handler) slog.Handler {
			return h.WithGroup("g").WithAttrs([]slog.Attr{slog.Any("v", empty)}).WithGroup("h")
		}), []slog.Attr{slog.Int("a", 1)}, `,"g":{"h":{"a":1}}}`},
		{"WithAttrs LogValuer, no record attrs", nil, with(func(h slog.Handler) slog.Handler {
			return h.WithGroup("g").WithAttrs([]slog.Attr{slog.Any("v", empty)})
		}), nil, `,"g":{}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got, std bytes.Buffer
			for _, h := range []slog.Handler{NewHandler(&got, c.opts, nil), slog.NewJSONHandler(&std, c.opts)} {
				if c.with != nil {
					h = c.with(h)
				}
				r := slog.NewRecord(time.Time{}, slog.LevelInfo, "m", 0)
				r.AddAttrs(c.attrs...)
				if err := h.Handle(context.Background(), r); err != nil {
					t.Fatal(err)
				}
			}
			want := `{"level":"INFO","msg":"m"` + c.want + "\n"
			if got.String() != want || std.String() != want {
				t.Fatalf("\n got %s want %s  std %s", got.String(), want, std.String())
			}
		})
	}
}
