package jgen

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// The no-leak contract of the quote functions and of an append-mode
// Generator: past the returned length, dst (or the Generator's buffer) holds
// only bytes that were there before, copies of input bytes, or bytes of
// jgen's own escape tables, never a byte from outside the input. The
// escape tables hold a form for every ASCII byte and the replacement
// character, so the secrets here are bytes >= 0x80 that no input holds and
// jgen never writes itself.

const leakPrefill = 0xC8 // the spare capacity's bytes before a call

var leakSecrets = []byte{0xA5, 0xF9}

// leakPresets are the escapings the no-leak tests run: every preset, a
// single-quote one, and CharacterEscapes with and without a scan hook.
func leakPresets(t *testing.T) []struct {
	name string
	e    Escaping
} {
	custom, err := NewCharacterEscapes(EscapeSpec{
		ASCII: map[byte]Escape{'a': EscapeSequence(`\u0061`), '~': EscapeUnicode(), '/': EscapeBackslash('/')},
		Runes: map[rune]string{'\u00e9': `\u00e9`, '\U0001F600': `[smile]`},
	})
	if err != nil {
		t.Fatal(err)
	}
	return []struct {
		name string
		e    Escaping
	}{
		{"Minimal", Minimal},
		{"Stdlib", Stdlib},
		{"Jackson", Jackson},
		{"ASCII", ASCII},
		{"apostrophe", Escaping{QuoteChar: '\'', EscapeSlash: true, InvalidUTF8: InvalidUTF8ReplaceRaw}},
		{"HTMLEscapes", Escaping{CharacterEscapes: HTMLEscapes}},
		{"custom", Escaping{CharacterEscapes: custom, InvalidUTF8: InvalidUTF8Replace}},
	}
}

// leakBodies returns inputs of n bytes that hold no secret: clean ASCII,
// ASCII with escapes, valid non-ASCII text, and text with an invalid byte.
func leakBodies(n int) [][]byte {
	kinds := []string{
		"The quick brown fox jumps over the lazy dog 0123456789",
		"say \"hi\"\n\t<b>&'/~a\\\x01 ok",
		"caf\u00e9 \u20ac \U0001F600 \u2028 na\u00efve \u4e2d\u6587",
		"ab\xffcd\xc3 \xe2\x82 \xed\xa0\x80 ef",
	}
	var out [][]byte
	for _, k := range kinds {
		b := []byte(strings.Repeat(k, n/len(k)+1))[:n]
		out = append(out, b)
	}
	return out
}

// leakAllowed returns the bytes that may stand in spare capacity after
// src is quoted: the prefill, the bytes of src, every ASCII byte (the
// escape tables hold a form for each, padded with zeros) and the bytes of
// the replacement character U+FFFD.
func leakAllowed(src []byte) *[256]bool {
	var ok [256]bool
	for c := range 0x80 {
		ok[c] = true
	}
	for _, c := range src {
		ok[c] = true
	}
	for _, c := range []byte("\uFFFD") {
		ok[c] = true
	}
	ok[leakPrefill] = true
	return &ok
}

// spareLeak returns a description of the first byte of b[len(b):cap(b)]
// that is not allowed, or "".
func spareLeak(b []byte, ok *[256]bool) string {
	spare := b[len(b):cap(b)]
	for i, c := range spare {
		if !ok[c] {
			return fmt.Sprintf("spare byte %d of %d is %#x, from outside the input", i, len(spare), c)
		}
	}
	return ""
}

// leakDst returns a dst of length 3 whose capacity is prefilled, in
// memory of its own or reused from *buf.
func leakDst(buf *[]byte, capacity int) []byte {
	if cap(*buf) < capacity {
		*buf = make([]byte, capacity)
	}
	d := (*buf)[:capacity:capacity]
	for i := range d {
		d[i] = leakPrefill
	}
	return append(d[:0], "[1,"...)
}

// leakBufs are the buffers one test reuses for dst and the Generator.
type leakBufs struct {
	quote, gen []byte
	g          map[Escaping]*Generator
}

// checkLeakQuote quotes src with AppendQuote and AppendQuoteBytes, into a
// dst with room and into one that must grow, and checks the spare capacity
// of the result and of dst.
func (lb *leakBufs) checkLeakQuote(e Escaping, src []byte) string {
	s := unsafe.String(unsafe.SliceData(src), len(src))
	ok := leakAllowed(src)
	for _, capacity := range []int{3 + 6*len(src) + 200, 3 + len(src) + 2} {
		for _, byString := range []bool{true, false} {
			dst := leakDst(&lb.quote, capacity)
			var got []byte
			if byString {
				got, _ = e.AppendQuote(dst, s)
			} else {
				got, _ = e.AppendQuoteBytes(dst, src)
			}
			if msg := spareLeak(got, ok); msg != "" {
				return fmt.Sprintf("AppendQuote (string %v, cap %d): result %s", byString, capacity, msg)
			}
			if msg := spareLeak(dst, ok); msg != "" {
				return fmt.Sprintf("AppendQuote (string %v, cap %d): dst %s", byString, capacity, msg)
			}
		}
	}
	return ""
}

// checkLeakGenerator writes src through an append-mode Generator as a
// value, a name and a member value, checking the buffer after each call.
func (lb *leakBufs) checkLeakGenerator(e Escaping, src []byte) string {
	s := unsafe.String(unsafe.SliceData(src), len(src))
	ok := leakAllowed(src)
	dst := leakDst(&lb.gen, 3+20*len(src)+400)
	g := lb.g[e]
	if g == nil {
		var err error
		if g, err = NewAppendGenerator(dst, &Options{Escaping: e}); err != nil {
			return err.Error()
		}
		if lb.g == nil {
			lb.g = make(map[Escaping]*Generator)
		}
		lb.g[e] = g
	}
	g.ResetAppend(dst)
	steps := []struct {
		name string
		f    func() error
	}{
		{"WriteStartArray", g.WriteStartArray},
		{"WriteString", func() error { return g.WriteString(s) }},
		{"WriteStringBytes", func() error { return g.WriteStringBytes(src) }},
		{"WriteStartObject", g.WriteStartObject},
		{"WriteName", func() error { return g.WriteName(s) }},
		{"WriteStringBytes", func() error { return g.WriteStringBytes(src) }},
		{"WriteNameBytes", func() error { return g.WriteNameBytes(src) }},
		{"WriteString", func() error { return g.WriteString(s) }},
	}
	for _, st := range steps {
		err := st.f()
		if msg := spareLeak(g.Bytes(), ok); msg != "" {
			return fmt.Sprintf("Generator.%s (error %v): %s", st.name, err, msg)
		}
	}
	return ""
}

// TestQuoteNoLeak cuts every input of every length 0..130 from a buffer of
// secret bytes (one secret per offset), at every offset inside a 64-byte
// block up to 32 bytes, where the kernels' short paths are, and at every
// ninth beyond (fewer with -short; internal/scan's TestCopyNoLeak takes
// every offset on every kernel), and quotes it
// under every preset with the quote functions and an append-mode
// Generator. Every kernel is reached by running the package's tests on it
// (default, GODEBUG=cpu.avx512f=off, -tags purego).
func TestQuoteNoLeak(t *testing.T) {
	mem := make([]byte, 64+64+130+64+64)
	region := leakAligned(mem, 64, 64, 64+130+64)
	var lb leakBufs
	for _, p := range leakPresets(t) {
		for n := 0; n <= 130; n++ {
			step := 1
			if n > 32 {
				step = 9
			}
			if testing.Short() {
				step *= 5
			}
			for _, body := range leakBodies(n) {
				for off := 0; off < 64; off += step {
					for i := range region {
						region[i] = leakSecrets[off%len(leakSecrets)]
					}
					src := region[off : off+n : off+n]
					copy(src, body)
					if msg := lb.checkLeakQuote(p.e, src); msg != "" {
						t.Fatalf("%s: %q at offset %d: %s", p.name, src, off, msg)
					}
					if msg := lb.checkLeakGenerator(p.e, src); msg != "" {
						t.Fatalf("%s: %q at offset %d: %s", p.name, src, off, msg)
					}
				}
			}
		}
	}
}

// TestQuoteNoLeakPageEdges is TestQuoteNoLeak with the input against
// either edge of a 4 KiB page of secret bytes, where the kernels load
// short inputs from their end or their start.
func TestQuoteNoLeakPageEdges(t *testing.T) {
	const page = 4096
	mem := make([]byte, 4*page)
	region := leakAligned(mem, page, page, 2*page)
	var lb leakBufs
	for i := range region {
		region[i] = leakSecrets[0]
	}
	for _, p := range leakPresets(t) {
		for n := 0; n <= 130; n++ {
			for _, body := range leakBodies(n) {
				for _, at := range []int{page - n, page, page - n - 1, page + 1} {
					src := region[at : at+n : at+n]
					copy(src, body)
					msg := lb.checkLeakQuote(p.e, src)
					if msg == "" {
						msg = lb.checkLeakGenerator(p.e, src)
					}
					for i := range src {
						src[i] = leakSecrets[0]
					}
					if msg != "" {
						t.Fatalf("%s: %q at page offset %d: %s", p.name, body, at-page, msg)
					}
				}
			}
		}
	}
}

// leakAligned returns a slice of buf of length n that starts at an address
// that is a multiple of align, after at least pad bytes.
func leakAligned(buf []byte, align, pad, n int) []byte {
	a := int(uintptr(unsafe.Pointer(unsafe.SliceData(buf))) % uintptr(align))
	off := pad + (align-(a+pad)%align)%align
	return buf[off : off+n]
}

// TestLeakBodiesHoldNoSecret keeps the inputs honest: a secret in an input
// would hide a leak of that byte.
func TestLeakBodiesHoldNoSecret(t *testing.T) {
	for _, b := range leakBodies(200) {
		for _, s := range append(leakSecrets, leakPrefill) {
			for _, c := range b {
				if c == s {
					t.Fatalf("input %q holds %#x", b, s)
				}
			}
		}
	}
	for _, s := range leakSecrets {
		if strings.IndexByte(string(utf8.AppendRune(nil, utf8.RuneError)), s) >= 0 {
			t.Fatalf("secret %#x is a byte of the replacement character", s)
		}
	}
}
