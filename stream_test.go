package jgen_test

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
)

// splitReader returns at most k bytes per Read; with eofWithData the last
// Read returns io.EOF along with the data; with zeros it returns (0, nil)
// before every chunk.
type splitReader struct {
	data        []byte
	k           int
	eofWithData bool
	zeros       bool
	zero        bool
	reads       int
}

func (r *splitReader) Read(p []byte) (int, error) {
	r.reads++
	if r.zeros && !r.zero && len(r.data) > 0 {
		r.zero = true
		return 0, nil
	}
	r.zero = false
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.data[:min(r.k, len(r.data))])
	r.data = r.data[n:]
	if r.eofWithData && len(r.data) == 0 {
		return n, io.EOF
	}
	return n, nil
}

func streamEscapings() []struct {
	name string
	esc  jgen.Escaping
} {
	jsur := jgen.Jackson
	jsur.SurrogateEscapes = true
	apos := jgen.Stdlib
	apos.QuoteChar = '\''
	raw := jgen.ASCII
	raw.InvalidUTF8 = jgen.InvalidUTF8ReplaceRaw
	rawMin := jgen.Minimal
	rawMin.InvalidUTF8 = jgen.InvalidUTF8ReplaceRaw
	return []struct {
		name string
		esc  jgen.Escaping
	}{
		{"minimal", jgen.Minimal}, {"stdlib", jgen.Stdlib}, {"ascii", jgen.ASCII}, {"jackson-surrogates", jsur},
		{"stdlib-apos", apos}, {"ascii-replace-raw", raw}, {"minimal-replace-raw", rawMin},
		{"html-escapes", jgen.Escaping{CharacterEscapes: jgen.HTMLEscapes}},
	}
}

// streamWrite writes s with WriteStringFrom from r inside an array, in
// the given mode, and returns the output, the count and the error.
func streamWrite(t *testing.T, esc jgen.Escaping, writer bool, r io.Reader) (string, int64, error) {
	t.Helper()
	var w bytes.Buffer
	var g *jgen.Generator
	var err error
	opts := &jgen.Options{Escaping: esc, BufferSize: 512}
	if writer {
		g, err = jgen.NewGenerator(&w, opts)
	} else {
		g, err = jgen.NewAppendGenerator(nil, opts)
	}
	chk(t, err)
	chk(t, g.WriteStartArray())
	n, err := g.WriteStringFrom(r)
	if err != nil {
		return "", n, err
	}
	chk(t, g.WriteEndArray())
	chk(t, g.Close())
	if writer {
		return cutTerminator(t, opts, w.String()), n, nil
	}
	return cutTerminator(t, opts, string(g.Bytes())), n, nil
}

// TestWriteStringFromChunks streams strings through readers of every chunk
// size from 1 to 17, so that every multi-byte sequence is split at every
// position, and compares with AppendQuote.
func TestWriteStringFromChunks(t *testing.T) {
	inputs := []struct{ name, s string }{
		{"empty", ""},
		{"ascii", "hello, world"},
		{"escapes", "a\"b\\c\n\x00\x1f</>&'"},
		{"mixed", "aé€😀\u2028\u2029\uFFFD\U0010FFFF\x7f"},
		{"emoji run", strings.Repeat("😀", 40)},
		{"long", strings.Repeat("abcdefghé€😀\"\n", 40)},
		{"invalid", "a\xffb\xe2\x80c\xed\xa0\x80d\xf4\x90\x80\x80e\xc0\xafz\xe2\x80"},
		{"truncated end", "abc\xf0\x9f\x98"},
	}
	for _, e := range streamEscapings() {
		for _, in := range inputs {
			want, qerr := e.esc.AppendQuote([]byte("["), in.s)
			want = append(want, ']')
			t.Run(e.name+"/"+in.name, func(t *testing.T) {
				for k := 1; k <= 17; k++ {
					for variant := range 3 {
						for _, writer := range []bool{false, true} {
							r := &splitReader{data: []byte(in.s), k: k, eofWithData: variant == 1, zeros: variant == 2}
							got, n, err := streamWrite(t, e.esc, writer, r)
							if n != int64(len(in.s)) && qerr == nil {
								t.Fatalf("k=%d v=%d writer=%v: count %d, want %d", k, variant, writer, n, len(in.s))
							}
							if qerr != nil {
								var want, gotE *jgen.UTF8Error
								errors.As(qerr, &want)
								if !errors.As(err, &gotE) || gotE.Offset != want.Offset {
									t.Fatalf("k=%d v=%d writer=%v: err %v, want UTF8Error at %d", k, variant, writer, err, want.Offset)
								}
								continue
							}
							if err != nil {
								t.Fatalf("k=%d v=%d writer=%v: %v", k, variant, writer, err)
							}
							if got != string(want) {
								t.Fatalf("k=%d v=%d writer=%v:\n got %q\nwant %q", k, variant, writer, got, want)
							}
						}
					}
				}
			})
		}
	}
}

// TestWriteStringFromSplitRune splits a 2-, 3- and 4-byte sequence at
// every position with a reader that returns exactly two pieces.
func TestWriteStringFromSplitRune(t *testing.T) {
	for _, r := range []string{"é", "€", "😀", "\u2028"} {
		for pre := range 9 {
			s := strings.Repeat("a", pre) + r + "z"
			for cut := 0; cut <= len(s); cut++ {
				for _, esc := range []jgen.Escaping{jgen.Minimal, jgen.ASCII, jgen.Stdlib} {
					want, err := esc.AppendQuote([]byte("["), s)
					chk(t, err)
					want = append(want, ']')
					rd := io.MultiReader(strings.NewReader(s[:cut]), strings.NewReader(s[cut:]))
					got, n, err := streamWrite(t, esc, true, rd)
					if err != nil || n != int64(len(s)) || got != string(want) {
						t.Fatalf("%q cut %d: got %q, %d, %v; want %q", s, cut, got, n, err, want)
					}
				}
			}
		}
	}
}

// TestWriteStringFromReaders uses the testing/iotest readers.
func TestWriteStringFromReaders(t *testing.T) {
	s := strings.Repeat("xé😀\"", 500)
	want, err := jgen.Minimal.AppendQuote([]byte("["), s)
	chk(t, err)
	want = append(want, ']')
	readers := map[string]func() io.Reader{
		"OneByte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"Half":    func() io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
		"DataErr": func() io.Reader { return iotest.DataErrReader(strings.NewReader(s)) },
		"Buffer":  func() io.Reader { return bytes.NewBufferString(s) },
	}
	for name, mk := range readers {
		t.Run(name, func(t *testing.T) {
			for _, writer := range []bool{false, true} {
				got, n, err := streamWrite(t, jgen.Minimal, writer, mk())
				if err != nil || n != int64(len(s)) || got != string(want) {
					t.Errorf("writer=%v: %d, %v, equal=%v", writer, n, err, got == string(want))
				}
			}
		})
	}
}

var errRead = errors.New("test: read failed")

// TestWriteStringFromReadError: a read error is returned with the count
// and is sticky; what was output is a prefix of the string.
func TestWriteStringFromReadError(t *testing.T) {
	for _, size := range []int{0, 5, 3000} {
		for _, writer := range []bool{false, true} {
			data := strings.Repeat("aé", size)[:size]
			if !utf8.ValidString(data) {
				data = data[:size-1] + "z"
			}
			var w bytes.Buffer
			var g *jgen.Generator
			var err error
			if writer {
				g, err = jgen.NewGenerator(&w, &jgen.Options{BufferSize: 512})
			} else {
				g, err = jgen.NewAppendGenerator(nil, nil)
			}
			chk(t, err)
			chk(t, g.WriteStartArray())
			r := io.MultiReader(strings.NewReader(data), iotest.ErrReader(errRead))
			n, err := g.WriteStringFrom(r)
			if err != errRead || n != int64(len(data)) {
				t.Fatalf("size %d writer=%v: WriteStringFrom = %d, %v; want %d, errRead", size, writer, n, err, len(data))
			}
			for _, call := range []struct {
				name string
				do   func() error
			}{
				{"WriteInt", func() error { return g.WriteInt(1) }},
				{"WriteString", func() error { return g.WriteString("x") }},
				{"WriteEndArray", g.WriteEndArray},
				{"WriteStringFrom", func() error { _, err := g.WriteStringFrom(strings.NewReader("y")); return err }},
				{"Flush", g.Flush},
				{"Close", g.Close},
				{"Close again", g.Close},
			} {
				if err := call.do(); err != errRead {
					t.Errorf("size %d writer=%v: %s after read error = %v, want errRead", size, writer, call.name, err)
				}
			}
			out := w.String()
			if !writer {
				out = string(g.Bytes())
			}
			if full := `["` + data; !strings.HasPrefix(full, out) {
				t.Errorf("size %d writer=%v: output %q is not a prefix of %q", size, writer, out, full)
			}
		}
	}
}

// TestWriteStringFromReadErrorMidRune: a read error right after the first
// bytes of a multi-byte sequence is reported as the read error: the
// sequence is not known to be invalid, more bytes might have completed it.
func TestWriteStringFromReadErrorMidRune(t *testing.T) {
	for _, data := range []string{"a\xc3", "a\xe2\x82", "a\xf0\x9f\x98"} {
		g := appendGen(t, nil)
		n, err := g.WriteStringFrom(io.MultiReader(strings.NewReader(data), iotest.ErrReader(errRead)))
		if err != errRead || n != int64(len(data)) {
			t.Errorf("%q then a read error: got %d, %v; want %d, errRead", data, n, err, len(data))
		}
	}
}

// TestWriteStringFromInvalidUTF8Sticky: under InvalidUTF8Error the error
// of a streamed string is sticky and its Offset counts bytes read.
func TestWriteStringFromInvalidUTF8Sticky(t *testing.T) {
	s := strings.Repeat("a", 1000) + "\xff" + "b"
	g, err := jgen.NewGenerator(io.Discard, &jgen.Options{BufferSize: 512})
	chk(t, err)
	n, err := g.WriteStringFrom(&splitReader{data: []byte(s), k: 7})
	var ue *jgen.UTF8Error
	if !errors.As(err, &ue) || !errors.Is(err, jgen.ErrInvalidUTF8) || ue.Offset != 1000 {
		t.Fatalf("got %d, %v; want UTF8Error at 1000", n, err)
	}
	if n < 1001 || n > int64(len(s)) {
		t.Errorf("count %d", n)
	}
	for _, e := range []error{g.WriteNull(), g.Flush(), g.Close()} {
		if e != err {
			t.Errorf("later call = %v, want the same *UTF8Error", e)
		}
	}
}

// TestWriteStringFromSyntaxError: refused where a value may not stand,
// reading nothing.
func TestWriteStringFromSyntaxError(t *testing.T) {
	g := appendGen(t, nil)
	chk(t, g.WriteStartObject())
	r := &splitReader{data: []byte("abc"), k: 3}
	n, err := g.WriteStringFrom(r)
	var se *jgen.SyntaxError
	if !errors.As(err, &se) || n != 0 || r.reads != 0 {
		t.Errorf("got %d, %v, %d reads", n, err, r.reads)
	}
	if string(g.Bytes()) != "{" {
		t.Errorf("output %q", g.Bytes())
	}
}

// patternReader returns n bytes of repeated block without holding them.
type patternReader struct {
	block []byte
	off   int
	left  int64
	reads int
	peak  uint64
	base  uint64
}

func (r *patternReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		c := copy(p[n:], r.block[r.off:])
		c = int(min(int64(c), r.left))
		n += c
		r.left -= int64(c)
		r.off = (r.off + c) % len(r.block)
	}
	r.reads++
	if r.reads%512 == 0 { // sample the heap now and then
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		r.peak = max(r.peak, ms.HeapInuse)
	}
	return n, nil
}

type hashWriter struct {
	h interface {
		io.Writer
		Sum32() uint32
	}
	n int64
}

func (w *hashWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return w.h.Write(p)
}

// TestWriteStringFrom64MiB streams a 64 MiB string with escapes and
// multi-byte characters: the output is exact and the heap does not grow
// with the input.
func TestWriteStringFrom64MiB(t *testing.T) {
	size := int64(64 << 20)
	if testing.Short() {
		size = 8 << 20
	}
	block := []byte("The quick brown fox \"jumps\" over the lazy dog; é€😀\n\t<>&/\\ 0123456789 ")
	esc, err := jgen.Stdlib.AppendQuote(nil, string(block))
	chk(t, err)
	esc = esc[1 : len(esc)-1]
	size -= size % int64(len(block)) // whole blocks, so the output is known
	// Expected output: quote, size/len(block) escaped blocks, quote.
	want := crc32.NewIEEE()
	want.Write([]byte{'"'})
	for range size / int64(len(block)) {
		want.Write(esc)
	}
	want.Write([]byte("\"\n")) // the closing quote and the root terminator
	wantLen := 3 + size/int64(len(block))*int64(len(esc))

	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r := &patternReader{block: block, left: size, base: ms.HeapInuse, peak: ms.HeapInuse}
	hw := &hashWriter{h: crc32.NewIEEE()}
	g, err := jgen.NewGenerator(hw, &jgen.Options{Escaping: jgen.Stdlib})
	chk(t, err)
	n, err := g.WriteStringFrom(r)
	chk(t, err)
	chk(t, g.Close())
	if n != size {
		t.Errorf("count %d, want %d", n, size)
	}
	if hw.n != wantLen || hw.h.Sum32() != want.Sum32() {
		t.Errorf("output %d bytes crc %08x, want %d bytes crc %08x", hw.n, hw.h.Sum32(), wantLen, want.Sum32())
	}
	growth := int64(r.peak) - int64(r.base)
	t.Logf("input %d MiB, peak HeapInuse growth %d KiB over %d reads", size>>20, growth>>10, r.reads)
	if growth > 4<<20 {
		t.Errorf("heap grew by %d bytes for a %d-byte input", growth, size)
	}
}

// TestWriteStringFromFailureReachesWriter: after a failed WriteStringFrom
// (a read error, or invalid UTF-8 under the error policy), the output ends
// with the string's content up to the failure and no closing quote; all of
// it reaches the writer at Flush, or at Close for a program that calls
// only Close, and both return the failure, as does every later token.
func TestWriteStringFromFailureReachesWriter(t *testing.T) {
	failures := []struct {
		name   string
		reader func(data string) io.Reader
		target error
	}{
		{"read error", func(data string) io.Reader {
			return io.MultiReader(&splitReader{data: []byte(data), k: 333}, iotest.ErrReader(errRead))
		}, errRead},
		{"invalid UTF-8", func(data string) io.Reader {
			return &splitReader{data: []byte(data + "\xff never written"), k: 333}
		}, jgen.ErrInvalidUTF8},
	}
	for _, bufSize := range []int{0, 512, 1000, 4096} {
		for _, size := range []int{0, 5, 600, 1100, 10000} {
			data := strings.Repeat("aé\"\n😀z", size/10+1)[:size] // 10 bytes
			for !utf8.ValidString(data) {
				data = data[:len(data)-1]
			}
			quoted, err := jgen.Minimal.AppendQuote([]byte(`["complete value",`), data)
			chk(t, err)
			want := string(quoted[:len(quoted)-1]) // no closing quote
			for _, f := range failures {
				for _, flush := range []bool{true, false} {
					var w bytes.Buffer
					g, err := jgen.NewGenerator(&w, &jgen.Options{BufferSize: bufSize})
					chk(t, err)
					chk(t, g.WriteStartArray())
					chk(t, g.WriteString("complete value"))
					_, serr := g.WriteStringFrom(f.reader(data))
					where := fmt.Sprintf("buffer %d, %d bytes, %s, flush %v", bufSize, len(data), f.name, flush)
					if !errors.Is(serr, f.target) {
						t.Fatalf("%s: WriteStringFrom = %v", where, serr)
					}
					if err := g.WriteNull(); err != serr {
						t.Errorf("%s: WriteNull after the failure = %v, want %v", where, err, serr)
					}
					if flush {
						if err := g.Flush(); err != serr {
							t.Errorf("%s: Flush = %v, want %v", where, err, serr)
						}
						if w.String() != want {
							t.Fatalf("%s: after Flush the writer holds %d bytes, want %d:\n got %.80q\nwant %.80q", where, w.Len(), len(want), w.String(), want)
						}
					}
					if err := g.Close(); err != serr {
						t.Errorf("%s: Close = %v, want %v", where, err, serr)
					}
					if w.String() != want {
						t.Fatalf("%s: after Close the writer holds %d bytes, want %d", where, w.Len(), len(want))
					}
				}
			}
		}
	}
}
