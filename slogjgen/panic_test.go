package slogjgen

import (
	"bytes"
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"
)

// panicWriter panics in the Write calls it is told to, and otherwise
// keeps what it is given.
type panicWriter struct {
	mu     sync.Mutex
	panics int // the number of Write calls left to panic
	buf    bytes.Buffer
}

func (w *panicWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.panics > 0 {
		w.panics--
		panic("writer boom")
	}
	return w.buf.Write(p)
}

// TestWriterPanic: a panic in the io.Writer reaches the caller of Handle,
// as with slog's JSONHandler, and leaves the handler (and the handlers
// derived from it, which share its mutex) able to write the next record,
// from another goroutine, with the bytes slog writes.
func TestWriterPanic(t *testing.T) {
	for _, derived := range []bool{false, true} {
		w := &panicWriter{panics: 1}
		var h slog.Handler = NewHandler(w, nil, nil)
		first := h
		if derived {
			first = h.WithAttrs([]slog.Attr{slog.String("pre", "p")}).WithGroup("g")
		}
		r := slog.NewRecord(time.Time{}, slog.LevelInfo, "first", 0)
		r.AddAttrs(slog.Any("m", map[string]int{"a": 1}), slog.String("s", "<x>"))
		func() {
			defer func() {
				if p := recover(); p != "writer boom" {
					t.Fatalf("recovered %v, want the writer's panic", p)
				}
			}()
			_ = first.Handle(context.Background(), r)
			t.Fatal("Handle returned")
		}()

		done := make(chan error, 1)
		go func() {
			r := slog.NewRecord(time.Time{}, slog.LevelWarn, "second", 0)
			r.AddAttrs(slog.Any("m", map[string]int{"b": 2}), slog.Int("n", 3))
			done <- h.Handle(context.Background(), r)
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second): // a deadlock, not a speed check
			t.Fatal("the record after a panicking Write did not return: the handler is still locked")
		}
		var std bytes.Buffer
		r2 := slog.NewRecord(time.Time{}, slog.LevelWarn, "second", 0)
		r2.AddAttrs(slog.Any("m", map[string]int{"b": 2}), slog.Int("n", 3))
		_ = slog.NewJSONHandler(&std, nil).Handle(context.Background(), r2)
		const want = `{"level":"WARN","msg":"second","m":{"b":2},"n":3}` + "\n"
		if got := w.buf.String(); got != want || std.String() != want {
			t.Fatalf("derived %v: after the panic\n got %q\nwant %q\n std %q", derived, got, want, std.String())
		}
	}
}

// TestPanicsLeaveStateClean: a panic in a value's method inside nested
// containers (recovered by the handler) and a panic in ReplaceAttr (which
// reaches the caller, as in slog) leave nothing behind in the pooled
// state: the values after, and the next records, are slog's bytes.
func TestPanicsLeaveStateClean(t *testing.T) {
	boomKey := &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == "boom" {
			panic("replace boom")
		}
		return a
	}}
	var got, std bytes.Buffer
	hs := []slog.Handler{NewHandler(&got, boomKey, nil), slog.NewJSONHandler(&std, boomKey)}
	for i := range hs {
		hs[i] = hs[i].WithGroup("g")
	}
	records := [][]slog.Attr{
		{slog.Any("p", map[string]any{"a": []any{1, map[string]any{"x": panicMarshaler{}}}}), slog.Any("after", map[string][]int{"k": {1, 2}})},
		{slog.Any("next", []any{"s", 1.5, map[string]any{"z": nil}})},
		{slog.Int("a", 1), slog.Group("h", slog.Int("boom", 1))},
		{slog.Group("h", slog.Int("b", 2)), slog.Any("m", map[string]int{"c": 3})},
	}
	for _, as := range records {
		for _, h := range hs {
			r := slog.NewRecord(time.Time{}, slog.LevelInfo, "m", 0)
			r.AddAttrs(as...)
			func() {
				defer func() {
					if p := recover(); p != nil && p != "replace boom" {
						t.Fatal(p)
					}
				}()
				_ = h.Handle(context.Background(), r)
			}()
		}
	}
	const want = `{"level":"INFO","msg":"m","g":{"p":"!PANIC: marshal boom","after":{"k":[1,2]}}}` + "\n" +
		`{"level":"INFO","msg":"m","g":{"next":["s",1.5,{"z":null}]}}` + "\n" +
		`{"level":"INFO","msg":"m","g":{"h":{"b":2},"m":{"c":3}}}` + "\n"
	if got.String() != want || std.String() != want {
		t.Fatalf("got\n%s\nwant\n%s\nstd\n%s", got.String(), want, std.String())
	}
}
