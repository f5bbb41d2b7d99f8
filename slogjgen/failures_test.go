package slogjgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
)

// failMarshaler and failTexter fail in their method.
type failMarshaler struct{}

func (failMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("no JSON <here>") }

type failTexter struct{}

func (failTexter) MarshalText() ([]byte, error) { return nil, errors.New("no text") }

// ptrFail fails in a MarshalJSON of pointer receiver.
type ptrFail struct{ N int }

func (*ptrFail) MarshalJSON() ([]byte, error) { return nil, errors.New("ptr fail") }

// node makes cycles through a pointer, and with a map and a slice.
type node struct {
	Next *node
	M    map[string]any
	S    []any
}

// chain nests through a pointer.
type chain struct{ P *chain }

// failures are values that jgen's WriteValue refuses, one per class, each
// as slog.Any; cycles and deep nests are built in the function.
func failures() []struct {
	name string
	v    slog.Value
} {
	cyc := &node{}
	cyc.Next = cyc
	m := map[string]any{}
	m["self"] = m
	sl := []any{nil}
	sl[0] = sl
	deepArr, deepPtr, deepMap := any(1), &chain{}, any(1)
	for range jgen.DefaultMaxDepth + 1 {
		deepArr = []any{deepArr}
		deepPtr = &chain{deepPtr}
		deepMap = map[string]any{"m": deepMap}
	}
	year := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	var f32nan = float32(math.NaN())
	return []struct {
		name string
		v    slog.Value
	}{
		{"Float64 NaN", slog.Float64Value(math.NaN())},
		{"Float64 +Inf", slog.Float64Value(math.Inf(1))},
		{"Float64 -Inf", slog.Float64Value(math.Inf(-1))},
		{"NaN in a map", slog.AnyValue(map[string]float64{"x": math.NaN()})},
		{"-Inf in a slice", slog.AnyValue([]any{1, math.Inf(-1)})},
		{"float32 NaN", slog.AnyValue(f32nan)},
		{"channel", slog.AnyValue(make(chan int))},
		{"channel in a struct", slog.AnyValue(struct{ C chan int }{})},
		{"function", slog.AnyValue(func() {})},
		{"complex", slog.AnyValue(complex(1, 2))},
		{"failing MarshalJSON", slog.AnyValue(failMarshaler{})},
		{"failing MarshalJSON in a map", slog.AnyValue(map[string]any{"a": 1, "b": failMarshaler{}})},
		{"failing pointer MarshalJSON", slog.AnyValue(&ptrFail{1})},
		{"failing MarshalText", slog.AnyValue(failTexter{})},
		{"failing MarshalText key", slog.AnyValue(map[failTexter]int{{}: 1})},
		{"bad MarshalJSON output", slog.AnyValue(marshaler("{"))},
		{"bad MarshalJSON output, trailing", slog.AnyValue(marshaler(`{} x`))},
		{"bad RawMessage", slog.AnyValue(json.RawMessage(`[1,`))},
		{"invalid json.Number", slog.AnyValue(json.Number("12abc"))},
		{"invalid json.Number in a struct", slog.AnyValue(struct{ N json.Number }{"1e"})},
		{"year past 9999 in a struct", slog.AnyValue(struct{ T time.Time }{year})},
		{"year past 9999 by pointer", slog.AnyValue(&year)},
		{"year before 0 in a map", slog.AnyValue(map[string]time.Time{"t": time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)})},
		{"pointer cycle", slog.AnyValue(cyc)},
		{"map cycle", slog.AnyValue(m)},
		{"slice cycle", slog.AnyValue(sl)},
		{"unsupported map key", slog.AnyValue(map[[2]int]int{{1, 2}: 3})},
		{"deeper than DefaultMaxDepth, arrays", slog.AnyValue(deepArr)},
		{"deeper than DefaultMaxDepth, pointers", slog.AnyValue(deepPtr)},
		{"deeper than DefaultMaxDepth, maps", slog.AnyValue(deepMap)},
		{"LogValuer to NaN", slog.AnyValue(resolver{slog.Float64Value(math.NaN())})},
	}
}

// TestFailuresAsSlog: with the nil escaping, a value jgen cannot encode is
// written as slog's JSONHandler writes it, byte for byte, on the running
// toolchain: "!ERROR:" and encoding/json's message, or encoding/json's
// output where it encodes what jgen refuses. The values after it, in the
// record and in the next record, are not disturbed.
func TestFailuresAsSlog(t *testing.T) {
	for _, f := range failures() {
		t.Run(f.name, func(t *testing.T) {
			var got, std bytes.Buffer
			for _, h := range []slog.Handler{NewHandler(&got, nil, nil).WithGroup("g"), slog.NewJSONHandler(&std, nil).WithGroup("g")} {
				for range 2 {
					r := slog.NewRecord(time.Time{}, slog.LevelInfo, "m", 0)
					r.AddAttrs(slog.String("before", "<b>"), slog.Attr{Key: "v", Value: f.v}, slog.Any("after", []int{1}))
					if err := h.Handle(context.Background(), r); err != nil {
						t.Fatal(err)
					}
				}
			}
			if got.String() != std.String() {
				t.Fatalf("differs from slog's:\n got %.600s\n std %.600s", got.String(), std.String())
			}
			// encoding/json's decoder refuses more than 10,000 levels.
			if !strings.HasPrefix(f.name, "deeper") && !json.Valid(bytes.SplitN(got.Bytes(), []byte{'\n'}, 2)[0]) || !utf8.Valid(got.Bytes()) {
				t.Fatalf("not JSON: %.600s", got.String())
			}
		})
	}
}

// TestFailuresUnderEscaping: with an escaping, the place of a value that
// cannot be encoded holds "!ERROR:" and jgen's error text, and the line is
// JSON (the value is not encoded a second time).
func TestFailuresUnderEscaping(t *testing.T) {
	for _, f := range failures() {
		var got bytes.Buffer
		r := slog.NewRecord(time.Time{}, slog.LevelInfo, "m", 0)
		r.AddAttrs(slog.Attr{Key: "v", Value: f.v}, slog.Int("after", 1))
		if err := NewHandler(&got, nil, &jgen.ASCII).Handle(context.Background(), r); err != nil {
			t.Fatal(err)
		}
		var line struct {
			V     any
			After int
		}
		if err := json.Unmarshal(got.Bytes(), &line); err != nil {
			t.Fatalf("%s: %v: %.300s", f.name, err, got.String())
		}
		if s, ok := line.V.(string); !ok || !strings.HasPrefix(s, "!ERROR:jgen: ") || line.After != 1 {
			t.Errorf("%s: %.300s", f.name, got.String())
		}
	}
}

// countingFail counts its MarshalJSON calls.
type countingFail struct{ n *int }

func (c countingFail) MarshalJSON() ([]byte, error) { *c.n++; return nil, errors.New("fail") }

// TestFailureCallsAgain: the methods of a value that fails are called once
// by jgen and once by encoding/json with the nil escaping, once with an
// escaping.
func TestFailureCallsAgain(t *testing.T) {
	for _, c := range []struct {
		esc  *jgen.Escaping
		want int
	}{{nil, 2}, {&jgen.ASCII, 1}} {
		n := 0
		r := slog.NewRecord(time.Time{}, slog.LevelInfo, "m", 0)
		r.AddAttrs(slog.Any("v", countingFail{&n}))
		_ = NewHandler(&bytes.Buffer{}, nil, c.esc).Handle(context.Background(), r)
		if n != c.want {
			t.Errorf("escaping %v: %d calls, want %d", c.esc, n, c.want)
		}
	}
}
