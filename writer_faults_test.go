package jgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

var errFault = errors.New("test: writer fault")

// faultyWriter accepts limit bytes in total. The Write that crosses the
// limit stores the bytes up to it and fails: with errFault, or (short)
// with no error and a short count. It records any Write after that.
type faultyWriter struct {
	buf        bytes.Buffer
	limit      int
	short      bool
	failed     bool
	afterFault int
}

func (w *faultyWriter) Write(p []byte) (int, error) {
	if w.failed {
		w.afterFault++
		return 0, errFault
	}
	room := w.limit - w.buf.Len()
	if len(p) <= room {
		return w.buf.Write(p)
	}
	w.failed = true
	w.buf.Write(p[:room])
	if w.short {
		return room, nil
	}
	return room, errFault
}

// faultProgram is a long program of mixed tokens.
func faultProgram() []op {
	r := rand.New(rand.NewPCG(11, 12))
	long := strings.Repeat("long é😀 \"string\"\n", 30)
	name := mustNameNoT(strings.Repeat("pre-encoded name ", 40))
	bin := make([]byte, 1500)
	for i := range bin {
		bin[i] = byte(i * 7)
	}
	raw := "[" + strings.Repeat(`{"raw":true},`, 80) + "0]"
	flush := op{"Flush", (*jgen.Generator).Flush}
	ops := []op{opStartObject(), opName("a"), opStartArray()}
	ops = append(ops, randomProgram(r, 40)...)
	ops = append(ops, flush, opEndArray(),
		opName(long), opString(long),
		op{"EncodedName", func(g *jgen.Generator) error { return g.WriteEncodedName(name) }},
		op{"Binary", func(g *jgen.Generator) error { return g.WriteBinary(nil, bin) }},
		opName("raw"), opRaw(raw),
		opName("unchecked"), op{"RawUnchecked", func(g *jgen.Generator) error { return g.WriteRawValueUnchecked([]byte(raw)) }},
		opName("num"), opNumber("-1."+strings.Repeat("7", 900)+"e+10"),
		opName("from"), op{"StringFrom", func(g *jgen.Generator) error {
			_, err := g.WriteStringFrom(&splitReader{data: []byte(long), k: 13})
			return err
		}},
		opName("f"), opFloat(math.MaxFloat64),
		opName("u"), op{"Uint", func(g *jgen.Generator) error { return g.WriteUint(math.MaxUint64) }},
		opName("deep"),
	)
	for range 30 {
		ops = append(ops, opStartArray())
	}
	for range 30 {
		ops = append(ops, opEndArray())
	}
	ops = append(ops, flush, opName("bools"), opStartArray())
	for i := range 100 {
		ops = append(ops, opBool(i%2 == 0), opNull())
	}
	ops = append(ops, opEndArray(), opEndObject())
	ops = append(ops, randomProgram(r, 40)...) // more root values
	return ops
}

// TestWriterFaults fails (and, separately, short-writes) the io.Writer at
// every byte offset of a long output: the error is sticky from the fault
// on, nothing panics, nothing is written after the fault, and the bytes the
// writer accepted are exactly a prefix of the correct output.
func TestWriterFaults(t *testing.T) {
	for _, layout := range []jgen.Layout{jgen.Compact, jgen.JacksonPretty} {
		t.Run(layout.String(), func(t *testing.T) {
			t.Parallel()
			testWriterFaults(t, layout)
		})
	}
}

func testWriterFaults(t *testing.T, layout jgen.Layout) {
	ops := faultProgram()
	{
		opts := &jgen.Options{BufferSize: 512, Layout: layout, Escaping: jgen.Stdlib}
		correct := runOpsWriter(t, opts, ops...) + rootTerminator(opts)
		if len(correct) < 6000 {
			t.Fatalf("output only %d bytes", len(correct))
		}
		step := 1
		if layout != jgen.Compact {
			step = 5 // every offset in the compact layout; enough here
		}
		if testing.Short() {
			step = 7
		}
		for _, short := range []bool{false, true} {
			wantErr := errFault
			if short {
				wantErr = io.ErrShortWrite
			}
			for k := 0; k <= len(correct)+1; k += step {
				w := &faultyWriter{limit: k, short: short}
				g, err := jgen.NewGenerator(w, opts)
				chk(t, err)
				var sticky error
				check := func(what string, err error) {
					if sticky == nil {
						if err != nil && err != wantErr {
							t.Fatalf("layout %v short=%v k=%d: %s: unexpected error %v", layout, short, k, what, err)
						}
						sticky = err
						return
					}
					if err != sticky {
						t.Fatalf("layout %v short=%v k=%d: %s after the fault returned %v, want %v", layout, short, k, what, err, sticky)
					}
				}
				for _, o := range ops {
					check(o.name, o.do(g))
				}
				check("Flush", g.Flush())
				check("Close", g.Close())
				check("Close again", g.Close())
				if err := g.WriteNull(); err != jgen.ErrClosed {
					t.Fatalf("k=%d: WriteNull after Close = %v", k, err)
				}
				got := w.buf.String()
				if k >= len(correct) {
					if sticky != nil || got != correct {
						t.Fatalf("layout %v short=%v k=%d: no fault expected: err %v, equal %v", layout, short, k, sticky, got == correct)
					}
					continue
				}
				if sticky == nil {
					t.Fatalf("layout %v short=%v k=%d: no error reported", layout, short, k)
				}
				if len(got) != k || got != correct[:k] {
					t.Fatalf("layout %v short=%v k=%d: accepted %d bytes, not the prefix of the correct output", layout, short, k, len(got))
				}
				if w.afterFault != 0 {
					t.Fatalf("layout %v short=%v k=%d: %d Write calls after the fault", layout, short, k, w.afterFault)
				}
			}
		}
	}
}

// badCountWriter returns an impossible count.
type badCountWriter struct{ n int }

func (w badCountWriter) Write(p []byte) (int, error) { return w.n, nil }

// TestWriterBadCount: a writer returning a count below 0 or above len(p)
// is an error, not a panic.
func TestWriterBadCount(t *testing.T) {
	for _, n := range []int{-1, 1 << 30} {
		g, err := jgen.NewGenerator(badCountWriter{n}, &jgen.Options{BufferSize: 512})
		chk(t, err)
		chk(t, g.WriteString("x"))
		err = g.Flush()
		if err == nil {
			t.Fatalf("count %d: Flush returned nil", n)
		}
		if e := g.WriteNull(); e != err {
			t.Errorf("count %d: later call = %v, want %v", n, e, err)
		}
		if e := g.Close(); e != err {
			t.Errorf("count %d: Close = %v, want %v", n, e, err)
		}
	}
}

// TestNoBreakoutRandom: random strings under every stream escaping are
// one JSON string each (quote '"') in generated documents.
func TestStringsStayQuoted(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	alphabet := []string{"a", "\"", "\\", "\x00", "\x1f", "'", "/", "<", "\xff", "\xe2\x80", "é", "😀", "\u2028", "\x7f", "\xed\xa0\x80"}
	for i := range 2000 {
		var sb strings.Builder
		for range r.IntN(40) {
			sb.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		s := sb.String()
		for _, e := range streamEscapings() {
			if e.esc.QuoteChar == '\'' || e.esc.InvalidUTF8 == jgen.InvalidUTF8Error {
				continue
			}
			g := appendGen(t, &jgen.Options{Escaping: e.esc})
			chk(t, g.WriteStartObject())
			chk(t, g.WriteName(s))
			chk(t, g.WriteString(s))
			chk(t, g.WriteEndObject())
			var m map[string]string
			if err := jsonDecoder(string(g.Bytes())).Decode(&m); err != nil || len(m) != 1 {
				t.Fatalf("case %d %s: %q gives invalid output %q: %v", i, e.name, s, g.Bytes(), err)
			}
		}
	}
}

// WriteValue is atomic against encoding errors, not against the writer: a
// writer that fails in the middle of a value has received part of it, and
// the error is then sticky, as after any token.
func TestWriteValueWriterFailsMidValue(t *testing.T) {
	v := make([]string, 2000)
	for i := range v {
		v[i] = strings.Repeat("x", 20)
	}
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	w := &faultyWriter{limit: len(want) / 2}
	g, err := jgen.NewGenerator(w, &jgen.Options{Escaping: jgen.Stdlib})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.WriteValue(v); !errors.Is(err, errFault) {
		t.Fatalf("WriteValue: %v, want the writer's error", err)
	}
	if got := w.buf.String(); len(got) != w.limit || got != string(want[:w.limit]) {
		t.Errorf("the writer received %d bytes, want the first %d of the value", len(got), w.limit)
	}
	if err := g.WriteValue(1); !errors.Is(err, errFault) {
		t.Errorf("the next WriteValue: %v, want the sticky writer error", err)
	}
	if err := g.WriteInt(1); !errors.Is(err, errFault) {
		t.Errorf("the next token: %v, want the sticky writer error", err)
	}
}
