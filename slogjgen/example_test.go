package slogjgen_test

import (
	"log/slog"
	"os"
	"time"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/slogjgen"
)

// The time is left out so that the output is the same on every run.
func withoutTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && groups == nil {
		return slog.Attr{}
	}
	return a
}

func Example() {
	opts := &slog.HandlerOptions{ReplaceAttr: withoutTime}
	logger := slog.New(slogjgen.NewHandler(os.Stdout, opts, nil))
	logger.With("service", "api").Info("café <served>", "took", 1500*time.Microsecond,
		slog.Group("req", "path", "/menu", "lang", "日本語"))

	// The same record in 7-bit clean JSON.
	ascii := slog.New(slogjgen.NewHandler(os.Stdout, opts, &jgen.ASCII))
	ascii.With("service", "api").Info("café <served>", "took", 1500*time.Microsecond,
		slog.Group("req", "path", "/menu", "lang", "日本語"))

	// Output:
	// {"level":"INFO","msg":"café <served>","service":"api","took":1500000,"req":{"path":"/menu","lang":"日本語"}}
	// {"level":"INFO","msg":"caf\u00e9 <served>","service":"api","took":1500000,"req":{"path":"/menu","lang":"\u65e5\u672c\u8a9e"}}
}
