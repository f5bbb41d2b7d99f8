package slogjgen

import (
	"context"
	"io"
	"log/slog"
	"testing"
)

// BenchmarkHandle writes the benchmark shapes at Handle with a prebuilt
// Record, against slog's JSONHandler. bench/slog_test.go has the peers.
func BenchmarkHandle(b *testing.B) {
	ctx := context.Background()
	for _, s := range shapes() {
		for _, name := range []string{"slog", "jgen"} {
			var h slog.Handler = NewHandler(io.Discard, nil, nil)
			if name == "slog" {
				h = slog.NewJSONHandler(io.Discard, nil)
			}
			if s.handle != nil {
				h = s.handle(h)
			}
			b.Run("shape="+s.name+"/handler="+name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = h.Handle(ctx, s.record)
				}
			})
		}
	}
}
