package scan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// escapeCase is a Set with its reference Index, for the Escape tests.
type escapeCase struct {
	name  string
	set   *Set
	extra []byte
	ref   func(b []byte) int
}

// escapeCases are the plain and UTF-8 sets of every kernel kind and the
// refined sets jgen builds, each with its reference.
func escapeCases() []escapeCase {
	var cs []escapeCase
	kinds := kindSets()
	for _, group := range [][]testSet{kinds, utf8Sets(kinds)} {
		for i := range group {
			ts := &group[i]
			cs = append(cs, escapeCase{ts.name, &ts.set, ts.extra, ts.ref})
		}
	}
	for _, rs := range refinedSets {
		for _, extra := range []string{"", "/<>&'"} {
			s := NewUTF8SetFunc(rs.stop, rs.escapes, []byte(extra)...)
			cs = append(cs, escapeCase{"refined-" + rs.name + "/" + extra, &s, []byte(extra),
				func(b []byte) int { return refIndexRefined(b, []byte(extra), rs.stop, rs.escapes) }})
		}
	}
	return cs
}

// escapeTable gives every ASCII member of extra (and the mandatory bytes)
// an escape of 1 to 8 bytes that names the byte, padded with 'Q', and
// every other ASCII byte itself.
func escapeTable(extra []byte) *[128]Escape {
	var t [128]Escape
	for c := range t {
		if !refMember(byte(c), extra) {
			t[c] = Escape{W: 0x5151515151515100 | uint64(c), N: 1} // padded with 'Q'
			continue
		}
		w := [8]byte{'Q', 'Q', 'Q', 'Q', 'Q', 'Q', 'Q', 'Q'} // no zero bytes: a zero past out comes from src
		n := 1 + c%8
		w[0] = '\\'
		for i := 1; i < n; i++ {
			w[i] = "0123456789abcdef"[(c>>(4*(i%2)))&15]
		}
		var word uint64
		for i := 7; i >= 0; i-- {
			word = word<<8 | uint64(w[i])
		}
		t[c] = Escape{W: word, N: uint8(n)}
	}
	return &t
}

// refEscape is Escape's definition: at each stop, an ASCII byte's entry
// (while out-in <= lim) and the clean run after it by the reference Index.
func refEscape(c *escapeCase, t *[128]Escape, room int, src []byte) (in, out int, b []byte) {
	lim := room - len(src) - EscapeRoom
	for in < len(src) && src[in] < utf8.RuneSelf && out-in <= lim {
		e := t[src[in]]
		for k := range int(e.N) {
			b = append(b, byte(e.W>>(8*k)))
		}
		out += int(e.N)
		in++
		m := c.ref(src[in:])
		b = append(b, src[in:in+m]...)
		in += m
		out += m
	}
	return in, out, b
}

// escapePieces build the test strings: members and clean bytes, valid
// multi-byte sequences (U+2028 among them), invalid and cut ones.
var escapePieces = []string{
	"a", "Zz", "0123456789abcdefghij", "\"", "\\", "\n", "\x00", "/", "<", ">", "&", "'", "~",
	"\u00e9", "\u20ac", "\u4e2d\u6587", "\U0001F600", "\u2028", "\u2029", "\xff", "\xe2\x80", "\xed\xa0\x80",
	"The quick brown fox jumps over the lazy dog. ",
}

// checkEscape runs every Escape kernel on src with len(dst) =
// len(src)+EscapeRoom+extra, inside guards, with bytes around src that
// must not be read as part of it, and reports a difference from
// refEscape, a store outside dst, or a byte past out that is neither a
// byte of src nor of a word of t.
func checkEscape(c *escapeCase, t *[128]Escape, src []byte, extra int) string {
	// src between bytes that would change the result if a kernel took
	// them as part of it: a lead byte before src[0], ASCII members past
	// its end (where a sequence cut by the end is flagged).
	around := bytes.Repeat([]byte{0xF0}, len(src)+128)
	src = around[64 : 64+copy(around[64:], src)]
	for i := 64 + len(src); i < len(around); i++ {
		around[i] = '"'
	}
	var allowed [256]bool
	for _, b := range src {
		allowed[b] = true
	}
	for _, e := range t {
		for k := range 8 {
			allowed[byte(e.W>>(8*k))] = true
		}
	}
	allowed[leakFill] = true
	room := len(src) + EscapeRoom + extra
	wantIn, wantOut, want := refEscape(c, t, room, src)
	back := make([]byte, guard+room+guard)
	for _, k := range escapeKernels() {
		for i := range back {
			back[i] = leakFill
		}
		dst := back[guard : guard+room]
		in, out := k.escape(c.set, dst, src, t)
		switch {
		case in != wantIn || out != wantOut:
			return fmt.Sprintf("%s: (in, out) = (%d, %d), want (%d, %d)", k.name, in, out, wantIn, wantOut)
		case !bytes.Equal(dst[:out], want):
			return fmt.Sprintf("%s: dst[:%d] = %q, want %q", k.name, out, dst[:out], want)
		}
		for i, b := range back {
			if b != leakFill && (i < guard || i >= guard+room) {
				return fmt.Sprintf("%s: stored %#x outside dst at %d", k.name, b, i-guard)
			}
			if !allowed[b] {
				return fmt.Sprintf("%s: dst[%d] = %#x, a byte of neither src nor t", k.name, i-guard, b)
			}
		}
	}
	return ""
}

// TestEscape checks every Escape kernel against refEscape on random
// strings of escapePieces, long and short, with room from the least the
// contract allows to three times the input.
func TestEscape(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	for _, c := range escapeCases() {
		tab := escapeTable(c.extra)
		for range 300 {
			var src []byte
			for n := rng.IntN(30); n > 0; n-- {
				src = append(src, escapePieces[rng.IntN(len(escapePieces))]...)
			}
			if len(src) > 0 && rng.IntN(2) == 0 {
				src[0] = '"' // where the generator calls it: at a member
			}
			extra := []int{0, rng.IntN(8), rng.IntN(3*len(src) + 1)}[rng.IntN(3)]
			if msg := checkEscape(&c, tab, src, extra); msg != "" {
				t.Fatalf("%s: src %q, extra %d: %s", c.name, src, extra, msg)
			}
		}
	}
}

// TestEscapeVectorEdges puts members at every position around the 64-byte
// vectors and the masked tail, with dense runs of members, so that every
// branch of the AVX-512 loop meets every length.
func TestEscapeVectorEdges(t *testing.T) {
	for _, c := range escapeCases()[:2] {
		tab := escapeTable(c.extra)
		for n := 0; n <= 200; n++ {
			for _, at := range []int{0, 1, n / 2, n - 2, n - 1, 63, 64, 65, 127, 128} {
				if at < 0 || at >= n {
					continue
				}
				src := bytes.Repeat([]byte("x"), n)
				src[0] = '"'
				src[at] = '\\'
				for _, extra := range []int{0, 1, n} {
					if msg := checkEscape(&c, tab, src, extra); msg != "" {
						t.Fatalf("%s: n %d, member at %d, extra %d: %s", c.name, n, at, extra, msg)
					}
				}
			}
			dense := bytes.Repeat([]byte("\"a\\"), n/3+1)[:n]
			if msg := checkEscape(&c, tab, dense, 0); msg != "" {
				t.Fatalf("%s: dense n %d: %s", c.name, n, msg)
			}
		}
	}
}

func FuzzEscape(f *testing.F) {
	f.Add("/", []byte("\"a/b\\c\u00e9d\u2028e"), uint8(0))
	f.Add("<>&", bytes.Repeat([]byte("a<b&\u4e2d>"), 30), uint8(7))
	f.Add("", []byte(strings.Repeat("abcdefgh", 12)+"\"\u00e9"+strings.Repeat("x", 40)+"\n\u2028"), uint8(0))
	f.Add("/", []byte(strings.Repeat("\"", 70)+"\u00e9/"), uint8(0))
	f.Fuzz(func(t *testing.T, extra string, src []byte, room uint8) {
		s := NewUTF8SetFunc(stopSet(0xe2), func(r rune) bool { return r == 0x2028 || r == 0x2029 }, []byte(extra)...)
		c := escapeCase{"fuzz", &s, []byte(extra), func(b []byte) int {
			return refIndexRefined(b, []byte(extra), stopSet(0xe2), func(r rune) bool { return r == 0x2028 || r == 0x2029 })
		}}
		if msg := checkEscape(&c, escapeTable([]byte(extra)), src, int(room)); msg != "" {
			t.Fatalf("extra %q, src %q, room %d: %s", extra, src, room, msg)
		}
		if s.ShortEscapes() && len(src) > ShortEscape {
			if msg := checkLong(&c, escapeTable([]byte(extra)), src); msg != "" {
				t.Fatalf("long: extra %q, src %q: %s", extra, src, msg)
			}
		}
		u := NewUTF8Set(nil, []byte(extra)...)
		cu := escapeCase{"fuzz-utf8", &u, []byte(extra), func(b []byte) int { return refIndexRefined(b, []byte(extra), nil, nil) }}
		if u.ShortEscapes() && len(src) > ShortEscape {
			if msg := checkLong(&cu, escapeTable([]byte(extra)), src); msg != "" {
				t.Fatalf("long utf8: extra %q, src %q: %s", extra, src, msg)
			}
		}
		p := NewSet([]byte(extra)...)
		c = escapeCase{"fuzz-plain", &p, []byte(extra), func(b []byte) int { return refIndex(b, []byte(extra)) }}
		if msg := checkEscape(&c, escapeTable([]byte(extra)), src, int(room)); msg != "" {
			t.Fatalf("plain: extra %q, src %q, room %d: %s", extra, src, room, msg)
		}
	})
}
