package slogjgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/slogtest"
	"time"

	"github.com/jgen-go/jgen"
)

// parseLines decodes each line of buf as one JSON object.
func parseLines(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var ms []map[string]any
	for line := range bytes.Lines(buf.Bytes()) {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		ms = append(ms, m)
	}
	return ms
}

func TestSlogtest(t *testing.T) {
	for _, tc := range []struct {
		name string
		esc  *jgen.Escaping
	}{{"slog", nil}, {"ASCII", &jgen.ASCII}, {"Stdlib", &jgen.Stdlib}} {
		t.Run(tc.name+"/TestHandler", func(t *testing.T) {
			var buf bytes.Buffer
			h := NewHandler(&buf, nil, tc.esc)
			if err := slogtest.TestHandler(h, func() []map[string]any { return parseLines(t, &buf) }); err != nil {
				t.Fatal(err)
			}
		})
		t.Run(tc.name+"/Run", func(t *testing.T) {
			var buf bytes.Buffer
			slogtest.Run(t, func(*testing.T) slog.Handler {
				buf.Reset()
				return NewHandler(&buf, nil, tc.esc)
			}, func(t *testing.T) map[string]any {
				ms := parseLines(t, &buf)
				if len(ms) != 1 {
					t.Fatalf("%d lines, want 1", len(ms))
				}
				return ms[0]
			})
		})
	}
}

// writes records each Write call and fails with err when set.
type writes struct {
	calls [][]byte
	err   error
}

func (w *writes) Write(p []byte) (int, error) {
	w.calls = append(w.calls, bytes.Clone(p))
	if w.err != nil {
		return 0, w.err
	}
	return len(p), nil
}

func TestOneWritePerRecord(t *testing.T) {
	big := strings.Repeat("é\"x", 40000) // 160 kB of escaped output, past any buffer
	w := &writes{}
	h := NewHandler(w, nil, nil)
	r := slog.NewRecord(time.Time{}, slog.LevelWarn, big, 0)
	r.AddAttrs(slog.String("k", big), slog.Any("v", []string{big}))
	if err := h.Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := slog.NewJSONHandler(&want, nil).Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	if len(w.calls) != 1 || !bytes.Equal(w.calls[0], want.Bytes()) {
		t.Fatalf("%d Write calls; first of %d bytes, want one of %d bytes equal to slog's", len(w.calls), len(w.calls[0]), want.Len())
	}
}

func TestHandleReturnsWriterError(t *testing.T) {
	errBroken := errors.New("broken pipe")
	w := &writes{err: errBroken}
	h := NewHandler(w, nil, nil).WithAttrs([]slog.Attr{slog.Int("a", 1)})
	r := slog.NewRecord(time.Time{}, slog.LevelInfo, "m", 0)
	if err := h.Handle(context.Background(), r); err != errBroken {
		t.Fatalf("Handle returned %v, want the writer's error", err)
	}
	if got := string(w.calls[0]); got != `{"level":"INFO","msg":"m","a":1}`+"\n" {
		t.Fatalf("wrote %q", got)
	}
}

// exclusive fails the test when two Write calls overlap.
type exclusive struct {
	busy atomic.Bool
	bad  atomic.Bool
	n    atomic.Int64
}

func (w *exclusive) Write(p []byte) (int, error) {
	if !w.busy.CompareAndSwap(false, true) {
		w.bad.Store(true)
	}
	time.Sleep(10 * time.Microsecond)
	w.n.Add(1)
	w.busy.Store(false)
	return len(p), nil
}

func TestDerivedHandlersShareTheMutex(t *testing.T) {
	w := &exclusive{}
	root := NewHandler(w, nil, nil)
	hs := []slog.Handler{root, root.WithAttrs([]slog.Attr{slog.Int("a", 1)}), root.WithGroup("g"), root.WithGroup("g").WithAttrs([]slog.Attr{slog.Int("b", 2)})}
	var wg sync.WaitGroup
	for _, h := range hs {
		wg.Go(func() {
			for range 50 {
				_ = h.Handle(context.Background(), slog.NewRecord(time.Time{}, slog.LevelInfo, "m", 0))
			}
		})
	}
	wg.Wait()
	if w.bad.Load() {
		t.Fatal("two Write calls overlapped")
	}
	if w.n.Load() != 200 {
		t.Fatalf("%d writes, want 200", w.n.Load())
	}
}

// counter is a LogValuer that counts its calls.
type counter struct{ n *int }

func (c counter) LogValue() slog.Value { *c.n++; return slog.IntValue(*c.n) }

func TestWithAttrsEncodedOnce(t *testing.T) {
	var buf bytes.Buffer
	calls, reps := 0, 0
	opts := &slog.HandlerOptions{ReplaceAttr: func(gs []string, a slog.Attr) slog.Attr {
		if a.Key == "c" {
			reps++
		}
		return a
	}}
	h := NewHandler(&buf, opts, nil).WithGroup("g").WithAttrs([]slog.Attr{slog.Any("c", counter{&calls})})
	for range 3 {
		if err := h.Handle(context.Background(), slog.NewRecord(time.Time{}, slog.LevelInfo, "m", 0)); err != nil {
			t.Fatal(err)
		}
	}
	want := strings.Repeat(`{"level":"INFO","msg":"m","g":{"c":1}}`+"\n", 3)
	if buf.String() != want || calls != 1 || reps != 1 {
		t.Fatalf("LogValue called %d times, ReplaceAttr %d times (want 1, 1); wrote\n%s", calls, reps, buf.String())
	}
}

func TestInvalidEscapingPanics(t *testing.T) {
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Fatalf("recovered %v, want an error matching ErrInvalidOptions", r)
		}
	}()
	NewHandler(io.Discard, nil, &jgen.Escaping{MaxUnescaped: 0x20})
}

func TestErrorPolicyReplaces(t *testing.T) {
	var buf bytes.Buffer
	h := NewHandler(&buf, nil, &jgen.Minimal) // InvalidUTF8Error
	r := slog.NewRecord(time.Time{}, slog.LevelInfo, "a\xffb", 0)
	r.AddAttrs(slog.String("k\xfe", "v\xe2\x82"), slog.Any("m", map[string]string{"x": "\xff"}), slog.Any("raw", json.RawMessage("\"\xff\"")))
	if err := h.Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	want := `{"level":"INFO","msg":"a\ufffdb","k\ufffd":"v\ufffd\ufffd","m":{"x":"\ufffd"},"raw":"\ufffd"}` + "\n"
	if buf.String() != want {
		t.Fatalf("got  %s\nwant %s", buf.String(), want)
	}
}
