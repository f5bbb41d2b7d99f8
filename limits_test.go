package jgen_test

// Limits: nesting depth, strings of many GiB, huge raw values and numbers
// (NaN and infinities: TestNonFinite in number_test.go). Each is a clear, typed error (errors.Is/As, with the
// byte offset where one applies) or the documented behaviour, exactly.
//
// The many-GiB cases run in full with JGEN_LIMITS=1: a 5 GiB streamed
// string (offsets past 4 GiB) and a 1.25 GiB name. By default they use
// 256 MiB and 64 MiB; with -short 16 MiB and 4 MiB.

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

func limitsBig() int64 {
	switch {
	case os.Getenv("JGEN_LIMITS") == "1":
		return 5<<30 + 12345 // past 4 GiB: offsets need 64 bits
	case testing.Short():
		return 16<<20 + 12345
	}
	return 256<<20 + 12345
}

// TestMaxDepth fills a Generator to its depth limit (the default for
// MaxDepth 0) with arrays and objects in turn, in writer and append mode,
// and checks the refused starts: a *SyntaxError wrapping ErrMaxDepth at
// the current offset, naming the innermost container, not matching
// ErrSyntax, and not sticky (the document can still be finished; Close
// reports the refusal). MaxDepth -1 is refused.
func TestMaxDepth(t *testing.T) {
	for _, tc := range []struct {
		max, want int
	}{{0, jgen.DefaultMaxDepth}, {1, 1}, {2, 2}, {3, 3}, {20000, 20000}} {
		for _, mode := range []string{"writer", "append"} {
			checkMaxDepth(t, mode, tc.max, tc.want)
		}
	}
	_, err := jgen.NewGenerator(io.Discard, &jgen.Options{MaxDepth: -1})
	var oe *jgen.OptionsError
	if !errors.Is(err, jgen.ErrInvalidOptions) || !errors.As(err, &oe) || oe.Option != "Options.MaxDepth" {
		t.Errorf("MaxDepth -1: %v, want an *OptionsError for Options.MaxDepth", err)
	}
}

// checkMaxDepth runs one case of TestMaxDepth: container i (from 0) is an
// array for even i, else an object whose member "k" holds the next one.
func checkMaxDepth(t *testing.T, mode string, max, want int) {
	t.Helper()
	var w bytes.Buffer
	g, err := jgen.NewGenerator(&w, &jgen.Options{MaxDepth: max})
	if mode == "append" {
		g, err = jgen.NewAppendGenerator(nil, &jgen.Options{MaxDepth: max})
	}
	chk(t, err)
	for i := range want {
		var err error
		if i%2 == 0 {
			err = g.WriteStartArray()
		} else {
			err = errors.Join(g.WriteStartObject(), g.WriteName("k"))
		}
		if err != nil {
			t.Fatalf("%s MaxDepth %d: start %d: %v", mode, max, i+1, err)
		}
	}
	context := fmt.Sprintf("in array at depth %d", want)
	if (want-1)%2 == 1 {
		context = fmt.Sprintf("in object at depth %d, after a name (a value is expected)", want)
	}
	before := g.Offset()
	for _, start := range []func() error{g.WriteStartArray, g.WriteStartObject} {
		err := start()
		var se *jgen.SyntaxError
		if !errors.Is(err, jgen.ErrMaxDepth) || !errors.As(err, &se) || se.Err != jgen.ErrMaxDepth {
			t.Fatalf("%s MaxDepth %d: start %d: %v, want a *SyntaxError wrapping ErrMaxDepth", mode, max, want+1, err)
		}
		if errors.Is(err, jgen.ErrSyntax) {
			t.Errorf("%s MaxDepth %d: %v matches ErrSyntax too", mode, max, err)
		}
		if se.Offset != before || g.Offset() != before || g.Depth() != want {
			t.Errorf("%s MaxDepth %d: error offset %d, offset %d, depth %d; want %d, %d, %d", mode, max, se.Offset, g.Offset(), g.Depth(), before, before, want)
		}
		if se.Context != context || !strings.Contains(err.Error(), "maximum nesting depth") {
			t.Errorf("%s MaxDepth %d: error %q, context %q, want %q", mode, max, err, se.Context, context)
		}
	}
	// Not sticky: the document can still be finished, and another begun.
	for i := want - 1; i >= 0; i-- {
		var err error
		switch {
		case i%2 == 0:
			err = g.WriteEndArray()
		case i == want-1: // the innermost object's name needs a value
			err = errors.Join(g.WriteNull(), g.WriteEndObject())
		default:
			err = g.WriteEndObject()
		}
		if err != nil {
			t.Fatalf("%s MaxDepth %d: end %d: %v", mode, max, i, err)
		}
	}
	chk(t, errors.Join(g.WriteStartArray(), g.WriteEndArray()))
	// Close reports the first refusal, the depth error.
	if err := g.Close(); !errors.Is(err, jgen.ErrMaxDepth) {
		t.Errorf("%s MaxDepth %d: Close = %v, want the refused start's error", mode, max, err)
	}
	got := w.String()
	if mode == "append" {
		got = string(g.Bytes())
	}
	if wantOut := maxDepthDocument(want) + "[]\n"; got != wantOut {
		t.Errorf("%s MaxDepth %d: output differs (%d bytes, want %d)", mode, max, len(got), len(wantOut))
	}
}

// maxDepthDocument is the document checkMaxDepth writes to depth n, with
// its root terminator.
func maxDepthDocument(n int) string {
	var sb strings.Builder
	for i := range n {
		if i%2 == 0 {
			sb.WriteString("[")
		} else {
			sb.WriteString(`{"k":`)
		}
	}
	for i := n - 1; i >= 0; i-- {
		switch {
		case i%2 == 0:
			sb.WriteString("]")
		case i == n-1:
			sb.WriteString("null}")
		default:
			sb.WriteString("}")
		}
	}
	return sb.String() + "\n"
}

// zeroReader yields n bytes of b repeated, then optionally one bad byte,
// without storing them.
type zeroReader struct {
	n   int64 // bytes left before tail
	b   byte
	bad []byte
}

func (r *zeroReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		if len(r.bad) == 0 {
			return 0, io.EOF
		}
		n := copy(p, r.bad)
		r.bad = r.bad[n:]
		return n, nil
	}
	k := int64(len(p))
	if k > r.n {
		k = r.n
	}
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return int(k), nil
}

// tailWriter counts bytes and keeps the first and last few.
type tailWriter struct {
	n          int64
	head, tail []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	if len(w.head) < 16 {
		w.head = append(w.head, p[:min(len(p), 16-len(w.head))]...)
	}
	w.tail = append(w.tail, p...)
	if len(w.tail) > 16 {
		w.tail = append(w.tail[:0], w.tail[len(w.tail)-16:]...)
	}
	w.n += int64(len(p))
	return len(p), nil
}

// TestHugeStreamedString: a string of many GiB from a reader, escaped
// ('\t' becomes \t: the output is twice the input), offsets in int64.
func TestHugeStreamedString(t *testing.T) {
	size := limitsBig()
	w := &tailWriter{}
	g, err := jgen.NewGenerator(w, nil)
	chk(t, err)
	n, err := g.WriteStringFrom(&zeroReader{n: size, b: '\t'})
	chk(t, err)
	chk(t, g.Close())
	// +3: the quotes and the root terminator.
	if n != size || w.n != 2*size+3 || g.Offset() != 2*size+3 {
		t.Errorf("read %d, wrote %d, Offset %d; want %d, %d, %d", n, w.n, g.Offset(), size, 2*size+3, 2*size+3)
	}
	if esc := strings.Repeat(`\t`, 8); string(w.head) != (`"` + esc)[:16] || string(w.tail) != (esc + "\"\n")[2:] {
		t.Errorf("output starts %q, ends %q", w.head, w.tail)
	}

	// An invalid byte at the very end: a *UTF8Error with its 64-bit offset,
	// sticky, and the output ends inside the string, before that byte.
	w = &tailWriter{}
	g, err = jgen.NewGenerator(w, nil)
	chk(t, err)
	n, err = g.WriteStringFrom(&zeroReader{n: size, b: 'a', bad: []byte{'b', 0xFF, 'c'}})
	var u *jgen.UTF8Error
	if !errors.As(err, &u) || !errors.Is(err, jgen.ErrInvalidUTF8) || u.Offset != size+1 {
		t.Fatalf("invalid byte at %d: %v", size+1, err)
	}
	if n < size+1 {
		t.Errorf("read %d bytes, want at least %d", n, size+1)
	}
	if err2 := g.WriteNull(); err2 != err {
		t.Errorf("after a streamed UTF-8 error: %v, want the same error (sticky)", err2)
	}
	if err2 := g.Close(); err2 != err {
		t.Errorf("Close: %v, want the sticky error", err2)
	}
	// What reached the writer is the quote and the string up to the
	// invalid byte: Close flushes it all.
	if w.n != size+2 || w.head[0] != '"' || string(w.tail) != strings.Repeat("a", 15)+"b" {
		t.Errorf("cut output: %d bytes, head %q, tail %q", w.n, w.head, w.tail)
	}
}

// TestHugeName: a name (and a string value) far larger than the buffer is
// written whole, and a UTF-8 error near its end leaves nothing written.
// Names are strings in memory, so their limit is memory; this test holds
// one in memory (limitsBig()/4).
func TestHugeName(t *testing.T) {
	size := limitsBig() / 4
	name := strings.Repeat("n", int(size))
	for _, bad := range []bool{false, true} {
		s := name
		if bad {
			s = name[:len(name)-2] + "\xe2\x80"
		}
		w := &tailWriter{}
		g, err := jgen.NewGenerator(w, &jgen.Options{BufferSize: 512})
		chk(t, err)
		chk(t, g.WriteStartObject())
		chk(t, g.Flush())
		err = g.WriteName(s)
		if bad {
			var u *jgen.UTF8Error
			if !errors.As(err, &u) || u.Offset != size-2 {
				t.Fatalf("name with invalid tail: %v, want *UTF8Error at %d", err, size-2)
			}
			if g.Offset() != 1 || w.n != 1 {
				t.Errorf("refused name: Offset %d, %d bytes written; want 1, 1", g.Offset(), w.n)
			}
			// Not sticky: the object can still be finished; Close
			// reports the refusal.
			chk(t, g.WriteEndObject())
			if err := g.Close(); !errors.Is(err, jgen.ErrInvalidUTF8) {
				t.Errorf("Close after refused name = %v, want the *UTF8Error", err)
			}
			if w.n != 3 {
				t.Errorf("output %d bytes after refused name, want 3 ({}\\n)", w.n)
			}
			continue
		}
		chk(t, err)
		chk(t, g.WriteString(s))
		chk(t, g.WriteEndObject())
		chk(t, g.Close())
		if want := 2*(size+2) + 4; w.n != want || string(w.tail) != "nnnnnnnnnnnnn\"}\n" {
			t.Errorf("output %d bytes ending %q, want %d ending nn\"}", w.n, w.tail, want)
		}
	}
}

// TestHugeRaw: raw values and numbers far larger than the buffer are
// written verbatim; invalid ones are refused whole, with nothing written.
func TestHugeRaw(t *testing.T) {
	n := 16 << 20
	if testing.Short() {
		n = 1 << 20
	}
	digits := "-1." + strings.Repeat("7", n) + "e+999999999"
	arr := []byte("[" + strings.Repeat(`{"k":"v\u00e9"},`, n/16) + "0]")
	bin := bytes.Repeat([]byte{0xFB, 0xFF, 0x00, 0x3E}, n/4+1)
	deep := func(d int) []byte {
		return []byte(strings.Repeat("[", d) + strings.Repeat("]", d))
	}
	cases := []struct {
		name    string
		write   func(g *jgen.Generator) error
		want    string // "" for an error
		wantErr error
	}{
		{"number", func(g *jgen.Generator) error { return g.WriteNumber(digits) }, digits, nil},
		{"number/bad", func(g *jgen.Generator) error { return g.WriteNumber(digits + "x") }, "", jgen.ErrInvalidNumber},
		{"number/leading zero", func(g *jgen.Generator) error { return g.WriteNumber("0" + digits[1:]) }, "", jgen.ErrInvalidNumber},
		{"raw", func(g *jgen.Generator) error { return g.WriteRawValue(arr) }, string(arr), nil},
		{"raw/truncated", func(g *jgen.Generator) error { return g.WriteRawValue(arr[:len(arr)-1]) }, "", jgen.ErrInvalidValue},
		{"raw/two values", func(g *jgen.Generator) error { return g.WriteRawValue(append(append([]byte{}, arr...), " 1"...)) }, "", jgen.ErrInvalidValue},
		// Inside the array, 9999 more levels reach DefaultMaxDepth.
		{"raw/depth 9999", func(g *jgen.Generator) error { return g.WriteRawValue(deep(9999)) }, string(deep(9999)), nil},
		{"raw/depth 10000", func(g *jgen.Generator) error { return g.WriteRawValue(deep(10000)) }, "", jgen.ErrMaxDepth},
		{"raw unchecked/depth 100000", func(g *jgen.Generator) error { return g.WriteRawValueUnchecked(deep(100000)) }, string(deep(100000)), nil},
		{"binary", func(g *jgen.Generator) error { return g.WriteBinary(nil, bin) }, `"` + base64.StdEncoding.EncodeToString(bin) + `"`, nil},
	}
	for _, tc := range cases {
		var w bytes.Buffer
		g, err := jgen.NewGenerator(&w, &jgen.Options{BufferSize: 512})
		chk(t, err)
		chk(t, g.WriteStartArray())
		chk(t, g.WriteNull())
		err = tc.write(g)
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) || g.Offset() != 5 {
				t.Errorf("%s: %v, offset %d; want %v and nothing written", tc.name, err, g.Offset(), tc.wantErr)
			}
			chk(t, g.WriteEndArray())
			if err := g.Close(); !errors.Is(err, tc.wantErr) {
				t.Errorf("%s: Close = %v, want the refusal", tc.name, err)
			}
			if w.String() != "[null]\n" {
				t.Errorf("%s: output %.40q, want [null]", tc.name, w.String())
			}
			continue
		}
		chk(t, err)
		chk(t, g.WriteEndArray())
		chk(t, g.Close())
		if got := w.String(); got != "[null,"+tc.want+"]\n" {
			t.Errorf("%s: output of %d bytes differs (want %d)", tc.name, len(got), len(tc.want)+7)
		}
	}
}
