package bench

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jgen-go/jgen/slogjgen"
	"github.com/rs/zerolog"
	"go.uber.org/zap"
	"go.uber.org/zap/exp/zapslog"
	"go.uber.org/zap/zapcore"
)

// The slog benchmarks (issue 13): one record per op, written to
// io.Discard, by slog.NewJSONHandler, slogjgen, zap (through its
// exp/zapslog handler) and zerolog (through its SlogHandler), each as a
// slog.Handler: behind the same Logger.LogAttrs call (api=LogAttrs) and at
// Handle with a prebuilt Record (api=Handle). Native zap and zerolog calls
// writing the same fields are there for reference (api=native). Names
// group for benchstat: api=<a>/shape=<s>/handler=<h>.
//
// The lines are not all alike: zap writes its time as Unix seconds in a
// float, and zerolog's handler writes times to the second and flattens
// groups into dotted keys. slog and jgen write the same bytes.

var slogAt = time.Date(2026, 12, 1, 10, 30, 0, 123456789, time.UTC)

// slogShape is one record shape: a handler derivation (With-heavy only),
// the message and the attrs.
type slogShape struct {
	name   string
	level  slog.Level
	msg    string
	attrs  []slog.Attr
	derive func(*slog.Logger) *slog.Logger
}

func fortyAttrs(g string) []slog.Attr {
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
	return as
}

var slogShapes = []slogShape{
	{name: "attrs=5", level: slog.LevelInfo, msg: "request served", attrs: []slog.Attr{
		slog.String("path", "/api/v1/items"), slog.Int("status", 200), slog.Bool("cached", false),
		slog.Time("start", slogAt), slog.Duration("elapsed", 1234567*time.Nanosecond)}},
	{name: "attrs=40/groups=2", level: slog.LevelWarn, msg: "batch done", attrs: []slog.Attr{
		{Key: "req", Value: slog.GroupValue(fortyAttrs("req")...)}, {Key: "resp", Value: slog.GroupValue(fortyAttrs("resp")...)}}},
	{name: "msg=cjk200", level: slog.LevelInfo, msg: strings.Repeat("日本語のログ。", 10)[:200], attrs: []slog.Attr{slog.String("user", "山田太郎")}},
	{name: "with=heavy", level: slog.LevelError, msg: "upstream failed",
		attrs: []slog.Attr{slog.String("err", "connection reset"), slog.Int("attempt", 3)},
		derive: func(l *slog.Logger) *slog.Logger {
			return l.With("service", "api", "version", "1.2.3", "pid", 4242, "host", "web-7", "region", "eu-west-1").
				WithGroup("request").With("id", "9f8e7d", "method", "GET", "route", "/items/{id}").WithGroup("upstream")
		}},
}

// slogHandlers are the handlers compared, each writing to io.Discard.
var slogHandlers = []struct {
	name string
	make func() slog.Handler
}{
	{"slog", func() slog.Handler { return slog.NewJSONHandler(io.Discard, nil) }},
	{"jgen", func() slog.Handler { return slogjgen.NewHandler(io.Discard, nil, nil) }},
	{"zapslog", func() slog.Handler {
		core := zapcore.NewCore(zapcore.NewJSONEncoder(zap.NewProductionEncoderConfig()), zapcore.AddSync(io.Discard), zapcore.DebugLevel)
		// No stack trace at LevelError (its default): the records are
		// compared, not the stacks.
		return zapslog.NewHandler(core, zapslog.AddStacktraceAt(slog.LevelError+1))
	}},
	{"zerolog", func() slog.Handler { return zerolog.NewSlogHandler(zerolog.New(io.Discard).Level(zerolog.TraceLevel)) }},
}

func BenchmarkSlog(b *testing.B) {
	ctx := context.Background()
	for _, s := range slogShapes {
		for _, hh := range slogHandlers {
			l := slog.New(hh.make())
			if s.derive != nil {
				l = s.derive(l)
			}
			b.Run("api=LogAttrs/shape="+s.name+"/handler="+hh.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					l.LogAttrs(ctx, s.level, s.msg, s.attrs...)
				}
			})
		}
		for _, hh := range slogHandlers {
			h := hh.make()
			if s.derive != nil {
				h = s.derive(slog.New(h)).Handler()
			}
			r := slog.NewRecord(slogAt, s.level, s.msg, 0)
			r.AddAttrs(s.attrs...)
			b.Run("api=Handle/shape="+s.name+"/handler="+hh.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_ = h.Handle(ctx, r)
				}
			})
		}
		b.Run("api=native/shape="+s.name+"/handler=zap", func(b *testing.B) { nativeZap(b, s) })
		b.Run("api=native/shape="+s.name+"/handler=zerolog", func(b *testing.B) { nativeZerolog(b, s) })
	}
}

// zapFields converts attrs to zap fields once, outside the loop.
func zapFields(as []slog.Attr) []zap.Field {
	var fs []zap.Field
	for _, a := range as {
		switch v := a.Value; v.Kind() {
		case slog.KindString:
			fs = append(fs, zap.String(a.Key, v.String()))
		case slog.KindInt64:
			fs = append(fs, zap.Int64(a.Key, v.Int64()))
		case slog.KindFloat64:
			fs = append(fs, zap.Float64(a.Key, v.Float64()))
		case slog.KindBool:
			fs = append(fs, zap.Bool(a.Key, v.Bool()))
		case slog.KindTime:
			fs = append(fs, zap.Time(a.Key, v.Time()))
		case slog.KindDuration:
			fs = append(fs, zap.Duration(a.Key, v.Duration()))
		case slog.KindGroup:
			fs = append(fs, zap.Dict(a.Key, zapFields(v.Group())...))
		}
	}
	return fs
}

func nativeZap(b *testing.B, s slogShape) {
	enc := zap.NewProductionEncoderConfig()
	l := zap.New(zapcore.NewCore(zapcore.NewJSONEncoder(enc), zapcore.AddSync(io.Discard), zapcore.DebugLevel))
	if s.derive != nil {
		l = l.With(zap.String("service", "api"), zap.String("version", "1.2.3"), zap.Int("pid", 4242), zap.String("host", "web-7"),
			zap.String("region", "eu-west-1"), zap.Namespace("request"), zap.String("id", "9f8e7d"), zap.String("method", "GET"),
			zap.String("route", "/items/{id}"), zap.Namespace("upstream"))
	}
	fs := zapFields(s.attrs)
	b.ReportAllocs()
	for b.Loop() {
		l.Info(s.msg, fs...)
	}
}

func zerologFields(e *zerolog.Event, as []slog.Attr) *zerolog.Event {
	for _, a := range as {
		switch v := a.Value; v.Kind() {
		case slog.KindString:
			e = e.Str(a.Key, v.String())
		case slog.KindInt64:
			e = e.Int64(a.Key, v.Int64())
		case slog.KindFloat64:
			e = e.Float64(a.Key, v.Float64())
		case slog.KindBool:
			e = e.Bool(a.Key, v.Bool())
		case slog.KindTime:
			e = e.Time(a.Key, v.Time())
		case slog.KindDuration:
			e = e.Dur(a.Key, v.Duration())
		case slog.KindGroup:
			d := zerolog.Dict()
			e = e.Dict(a.Key, zerologFields(d, v.Group()))
		}
	}
	return e
}

func nativeZerolog(b *testing.B, s slogShape) {
	l := zerolog.New(io.Discard).With().Timestamp().Logger()
	if s.derive != nil {
		// zerolog has no open-ended groups: the context fields go flat.
		l = l.With().Str("service", "api").Str("version", "1.2.3").Int("pid", 4242).Str("host", "web-7").
			Str("region", "eu-west-1").Str("request.id", "9f8e7d").Str("request.method", "GET").Str("request.route", "/items/{id}").Logger()
	}
	b.ReportAllocs()
	for b.Loop() {
		zerologFields(l.Info(), s.attrs).Msg(s.msg)
	}
}
