package jgen_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/jgen-go/jgen"
)

// countWriter records what it is given and returns a count of its own
// making, with no error.
type countWriter struct {
	got   []byte
	count func(n int) int
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.got = append(w.got, p...)
	return w.count(len(p)), nil
}

// generatorWriteErr is the error a Generator reports for w: the reference
// Encoder.Encode must match.
func generatorWriteErr(t *testing.T, w io.Writer) error {
	t.Helper()
	g, err := jgen.NewGenerator(w, nil)
	chk(t, err)
	chk(t, g.WriteInt(1))
	return g.Flush()
}

// TestEncoderShortWrite: a writer that accepts half of the bytes without an
// error makes Encode return io.ErrShortWrite, as the Generator does.
func TestEncoderShortWrite(t *testing.T) {
	half := func(n int) int { return n / 2 }
	if err := generatorWriteErr(t, &countWriter{count: half}); err != io.ErrShortWrite {
		t.Fatalf("Generator: %v, want io.ErrShortWrite", err)
	}
	w := &countWriter{count: half}
	enc, err := jgen.NewEncoder(w, nil)
	chk(t, err)
	if err := enc.Encode([]int{1, 2}); err != io.ErrShortWrite {
		t.Fatalf("Encode = %v, want io.ErrShortWrite", err)
	}
	if string(w.got) != "[1,2]\n" {
		t.Fatalf("writer got %q, want %q", w.got, "[1,2]\n")
	}
}

// TestEncoderBadCount: a writer that reports more bytes than it was given,
// or fewer than none, makes Encode return the Generator's error for an
// invalid byte count.
func TestEncoderBadCount(t *testing.T) {
	for _, extra := range []int{5, -1 << 20} {
		count := func(n int) int { return n + extra }
		want := generatorWriteErr(t, &countWriter{count: count})
		if want == nil || want.Error() != "jgen: io.Writer returned an invalid byte count" {
			t.Fatalf("extra %d: Generator error %v", extra, want)
		}
		enc, err := jgen.NewEncoder(&countWriter{count: count}, nil)
		chk(t, err)
		if err := enc.Encode("x"); err != want {
			t.Errorf("extra %d: Encode = %v, want %v", extra, err, want)
		}
	}
}

// TestEncoderNilWriter: NewEncoder refuses a nil io.Writer as NewGenerator
// does, and the zero Encoder's Encode returns the same *OptionsError
// rather than panicking.
func TestEncoderNilWriter(t *testing.T) {
	const msg = "jgen: invalid option io.Writer: must not be nil"
	enc, err := jgen.NewEncoder(nil, nil)
	var oe *jgen.OptionsError
	if enc != nil || !errors.As(err, &oe) || err.Error() != msg {
		t.Fatalf("NewEncoder(nil, nil) = %v, %v; want nil, %q", enc, err, msg)
	}
	var zero jgen.Encoder
	err = zero.Encode(map[string]int{"a": 1})
	if !errors.As(err, &oe) || !errors.Is(err, jgen.ErrInvalidOptions) || err.Error() != msg {
		t.Fatalf("zero Encoder: Encode = %v, want %q", err, msg)
	}
}

// TestEncoderFullWrite: a writer that takes everything keeps Encode
// succeeding, one Write per value.
func TestEncoderFullWrite(t *testing.T) {
	var b bytes.Buffer
	enc, err := jgen.NewEncoder(&b, nil)
	chk(t, err)
	chk(t, enc.Encode(1))
	chk(t, enc.Encode("a"))
	if b.String() != "1\n\"a\"\n" {
		t.Fatalf("got %q", b.String())
	}
}

// TestEncoderRootOptionsValidatedNotUsed: NewEncoder validates the root
// and buffer options but follows each value with one newline whatever
// they say.
func TestEncoderRootOptionsValidatedNotUsed(t *testing.T) {
	var b bytes.Buffer
	if _, err := jgen.NewEncoder(&b, &jgen.Options{RootTerminator: ";"}); !errors.Is(err, jgen.ErrInvalidOptions) {
		t.Fatalf("RootTerminator \";\": %v, want an *OptionsError", err)
	}
	enc, err := jgen.NewEncoder(&b, &jgen.Options{RootSeparator: "\n\n", RootTerminator: " ", BufferSize: 1024})
	chk(t, err)
	chk(t, enc.Encode(1))
	chk(t, enc.Encode([]int{2}))
	if b.String() != "1\n[2]\n" {
		t.Fatalf("got %q, want %q", b.String(), "1\n[2]\n")
	}
}

// TestMarshalRootOptionsValidatedNotUsed: Marshal validates
// Options.RootSeparator, RootTerminator and BufferSize like any field but
// writes nothing after the value.
func TestMarshalRootOptionsValidatedNotUsed(t *testing.T) {
	_, err := jgen.Marshal(1, &jgen.Options{RootSeparator: ","})
	var oe *jgen.OptionsError
	if !errors.As(err, &oe) || oe.Option != "Options.RootSeparator" {
		t.Fatalf("RootSeparator \",\": %v, want an *OptionsError for Options.RootSeparator", err)
	}
	out, err := jgen.Marshal([]int{1}, &jgen.Options{RootSeparator: "\n", RootTerminator: " ", BufferSize: 4096})
	chk(t, err)
	if string(out) != "[1]" {
		t.Fatalf("got %q, want %q", out, "[1]")
	}
}
