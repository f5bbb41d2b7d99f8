package jgen

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/scan"
)

// refEscapeNonASCII is escapeNonASCII's definition, a code point at a
// time: decode with utf8.DecodeRune; stop at an ASCII byte of set, at an
// invalid byte or past full; write a non-ASCII code point as \uXXXX (a
// surrogate pair above U+FFFF) with hex, an ASCII byte as itself.
func refEscapeNonASCII(src []byte, i, l, full int, set *scan.Set, hex string) ([]byte, int) {
	var out []byte
	u16 := func(r rune) {
		out = append(out, '\\', 'u', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF])
	}
	for i < len(src) && l+len(out) <= full {
		r, size := utf8.DecodeRune(src[i:])
		switch {
		case r < utf8.RuneSelf && set.Contains(byte(r)):
			return out, i
		case r < utf8.RuneSelf:
			out = append(out, byte(r))
		case r == utf8.RuneError && size == 1:
			return out, i
		case r > 0xFFFF:
			u16(0xD800 + (r-0x10000)>>10)
			u16(0xDC00 + (r-0x10000)&0x3FF)
		default:
			u16(r)
		}
		i += size
	}
	return out, i
}

// checkEscapeNonASCII runs escapeNonASCII on src from i, with the output
// starting at l and the room limit full, in both hex cases, against the
// reference without a room limit: the same bytes for the input it took,
// and the same stop, or an earlier one where l is past full (having
// started its last step at most at full, so at most 12 bytes past it),
// where the input read could have made 3 bytes a byte past full, or right
// after asciiRunBreak or more ASCII bytes in a row. The bytes before l
// must be left alone.
func checkEscapeNonASCII(t *testing.T, src []byte, i, l, full int) {
	t.Helper()
	for _, e := range asciiOnlyEscapings {
		var x escaper
		x.init(e)
		checkEscapeNonASCIISet(t, src, i, l, full, x.set)
	}
}

// asciiOnlyEscapings are ASCII-only escapings whose scan sets differ: the
// standard sets (found with SWAR) and a CharacterEscapes set (looked up).
var asciiOnlyEscapings = []Escaping{
	ASCII,
	{MaxUnescaped: 0x7F, EscapeSlash: true, HTMLSafe: true, QuoteChar: '\''},
	PrintableASCII,
}

func checkEscapeNonASCIISet(t *testing.T, src []byte, i, l, full int, set *scan.Set) {
	t.Helper()
	x := escaper{set: set}
	for u, hex := range []string{lowerHex, upperHex} {
		b := bytes.Repeat([]byte{'#'}, full+14+1)
		gotL, gotI := escapeNonASCII(b, l, src, i, full, swarFor(x.set), &hexPairs[u])
		_, stop := refEscapeNonASCII(src, i, l, 1<<30, x.set, hex)
		want, _ := refEscapeNonASCII(src[:gotI], i, l, 1<<30, x.set, hex)
		run := 0
		for run < gotI-i && src[gotI-1-run] < utf8.RuneSelf {
			run++
		}
		switch {
		case gotI > stop:
			t.Fatalf("%q from %d: went on to %d past the stop at %d", src, i, gotI, stop)
		case gotI < stop && gotL <= full && run < asciiRunBreak && gotI-i <= (full-l)/3:
			t.Fatalf("%q from %d (l=%d full=%d): stopped at %d (l=%d) after %d ASCII bytes, the definition at %d",
				src, i, l, full, gotI, gotL, run, stop)
		case gotL > full+12 && gotL > l:
			t.Fatalf("%q from %d: l=%d, more than 12 past full=%d", src, i, gotL, full)
		case !bytes.Equal(b[l:gotL], want):
			t.Fatalf("%q from %d (l=%d full=%d, %s hex): wrote %q for src[%d:%d], want %q",
				src, i, l, full, hex[10:11], b[l:gotL], i, gotI, want)
		case bytes.Count(b[:l], []byte{'#'}) != l:
			t.Fatalf("%q: wrote before l", src)
		}
	}
}

// TestEscapeNonASCIICodePoints checks every code point from U+0080 to
// U+10FFFF (surrogates excluded by utf8.AppendRune, which encodes them as
// U+FFFD) in runs of 64, each run followed by an ASCII byte.
func TestEscapeNonASCIICodePoints(t *testing.T) {
	var src []byte
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		src = utf8.AppendRune(src, r)
		if r%64 == 0 || r == utf8.MaxRune {
			src = append(src, 'a')
			checkEscapeNonASCII(t, src, 0, 0, 64*12)
			src = src[:0]
		}
	}
}

// TestEscapeNonASCIIInvalid checks that the run stops at each kind of
// invalid sequence (the caller's to handle) after the valid ones before it.
func TestEscapeNonASCIIInvalid(t *testing.T) {
	bad := []string{
		"\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc2", "\xc2a", "\xdf\xc0",
		"\xe0\x80\xaf", "\xe0\x9f\xbf", "\xe0\xa0", "\xe1\x80", "\xed\xa0\x80", "\xed\xbf\xbf", "\xee\x80\xc0",
		"\xf0\x80\x80\xaf", "\xf0\x8f\xbf\xbf", "\xf0\x90\x80", "\xf4\x90\x80\x80", "\xf4\x8f\xbf\xc0",
		"\xf5\x80\x80\x80", "\xf8\x88\x80\x80\x80", "\xfe", "\xff",
	}
	for _, s := range bad {
		for _, pre := range []string{"", "é", "日本", "😀"} {
			checkEscapeNonASCII(t, []byte(pre+s+"é"), 0, 0, 100)
		}
	}
}

// TestEscapeNonASCIIRoom checks the stop on room: nothing is written once
// l is past full, and a code point is written whole or not at all.
func TestEscapeNonASCIIRoom(t *testing.T) {
	src := []byte("éa😀日本語é😀")
	for full := range 40 {
		for l := range 3 {
			checkEscapeNonASCII(t, src, 0, l, full)
			checkEscapeNonASCII(t, src, 3, l, full)
		}
	}
}

// TestEscapeNonASCIIRandom checks random byte strings drawn mostly from
// UTF-8 lead and continuation bytes, from every start index.
func TestEscapeNonASCIIRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{'a', 'b', '"', '\\', '\n', 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf3, 0xf4, 0xf5, 0xff}
	for range 5000 {
		src := make([]byte, rng.IntN(40))
		for j := range src {
			if rng.IntN(3) == 0 {
				src[j] = byte(rng.IntN(256))
			} else {
				src[j] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		for i := range src {
			checkEscapeNonASCII(t, src, i, 0, 200)
		}
	}
}

// FuzzEscapeNonASCII compares escapeNonASCII with its definition on any
// bytes.
func FuzzEscapeNonASCII(f *testing.F) {
	for _, s := range []string{"é", "日本語a", "😀\xff", "\xed\xa0\x80", "\xf4\x90\x80\x80é"} {
		f.Add([]byte(s), 0, 40)
	}
	f.Fuzz(func(t *testing.T, src []byte, i, full int) {
		if i < 0 || i > len(src) || full < 0 || full > 1<<12 {
			t.Skip()
		}
		checkEscapeNonASCII(t, src, i, 0, full)
	})
}

// TestASCIIPresetRuns checks ASCII-only output through the public API on
// text where runs of non-ASCII code points meet ASCII, escapes and
// invalid bytes: the bytes of a code point at a time definition.
func TestASCIIPresetRuns(t *testing.T) {
	inputs := []string{
		"日本語のテキスト", "café au lait", "a😀b😀😀c", "\"é\"\\日\n", "é\xffé", "日本\xe6\x97", "😀\xed\xa0\x80x",
	}
	for _, s := range inputs {
		for _, e := range []Escaping{ASCII, {MaxUnescaped: 0x7F, UpperHex: true}, PrintableASCII,
			{MaxUnescaped: 0x7F, InvalidUTF8: InvalidUTF8Replace}} {
			want := []byte{'"'}
			u := `\u%04x`
			if e.UpperHex {
				u = `\u%04X`
			}
			for k := 0; k < len(s); {
				r, size := utf8.DecodeRune([]byte(s[k:]))
				switch {
				case r == utf8.RuneError && size == 1 && e.InvalidUTF8 == InvalidUTF8Error:
					want = nil
				case r == utf8.RuneError && size == 1:
					want = fmt.Appendf(want, u, utf8.RuneError)
				case r >= 0x80 && r > 0xFFFF:
					r -= 0x10000
					want = fmt.Appendf(want, u+u, 0xD800+r>>10, 0xDC00+r&0x3FF)
				case r >= 0x80:
					want = fmt.Appendf(want, u, r)
				default:
					q, _ := Minimal.AppendQuote(nil, string(r))
					want = append(want, q[1:len(q)-1]...)
				}
				if want == nil {
					break
				}
				k += size
			}
			got, err := e.AppendQuote(nil, s)
			if want == nil {
				if err == nil {
					t.Errorf("%+v %q: no error", e, s)
				}
				continue
			}
			want = append(want, '"')
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%+v %q: got %s, %v; want %s", e, s, got, err, want)
			}
		}
	}
}

// TestEscapeNonASCIIASCIIRuns checks ASCII runs of every length between
// non-ASCII code points, and that a long run is handed back to the caller
// soon after asciiRunBreak bytes.
func TestEscapeNonASCIIASCIIRuns(t *testing.T) {
	for k := range 48 {
		for _, s := range []string{"é" + strings.Repeat("x", k) + "日", "😀" + strings.Repeat("y", k) + "\"é", strings.Repeat("z", k) + "é"} {
			for full := 0; full < 120; full += 7 {
				checkEscapeNonASCII(t, []byte(s), 0, 0, full)
			}
		}
	}
	var x escaper
	x.init(ASCII)
	src := []byte("é" + strings.Repeat("a", 100))
	b := make([]byte, 300)
	if _, i := escapeNonASCII(b, 0, src, 0, 200, swarFor(x.set), &hexPairs[0]); i < 2+asciiRunBreak || i >= 2+asciiRunBreak+8 {
		t.Errorf("a run of 100 ASCII bytes handed back at %d, want from %d to %d", i, 2+asciiRunBreak, 2+asciiRunBreak+7)
	}
}

// TestSWARCleanPrefix checks the SWAR finder of every standard set against
// the set's own table on random words of bytes near its members.
func TestSWARCleanPrefix(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	near := []byte{0x00, 0x1f, 0x20, 0x21, '"', '#', '/', '0', '<', '>', '&', '\'', '\\', ']', 'a', 0x7e, 0x7f, 0x80, 0xc3, 0xff}
	for i := range stdSets {
		sw := swarFor(&stdSets[i])
		if sw.set != nil {
			t.Fatalf("no SWAR finder for stdSets[%d]", i)
		}
		var w [8]byte
		for range 20000 {
			for k := range w {
				if rng.IntN(4) == 0 {
					w[k] = byte(rng.IntN(256))
				} else {
					w[k] = near[rng.IntN(len(near))]
				}
			}
			if got, want := sw.cleanPrefix(binary.LittleEndian.Uint64(w[:])), cleanPrefix8(&stdSets[i], w[:]); got != want {
				t.Fatalf("stdSets[%d] % x: SWAR %d, table %d", i, w, got, want)
			}
		}
	}
	var x escaper
	x.init(PrintableASCII)
	if swarFor(x.set).set == nil {
		t.Error("a CharacterEscapes set has a SWAR finder")
	}
}

// TestEscapeRunHook checks that with an IndexEscape hook escapeRun escapes
// the non-ASCII code points only and stops at the first ASCII byte, which
// the hook must see in its clean run.
func TestEscapeRunHook(t *testing.T) {
	var x escaper
	x.init(Escaping{MaxUnescaped: 0x7F, CharacterEscapes: HTMLEscapes})
	src := []byte("é日<a>")
	b := make([]byte, 100)
	l, i := x.escapeRun(b, 0, src, 0, 50)
	if got := string(b[:l]); got != `\u00e9\u65e5` || i != 5 {
		t.Errorf("wrote %q up to %d, want %q up to 5", got, i, `\u00e9\u65e5`)
	}
	x.init(Escaping{MaxUnescaped: 0x7F, CharacterEscapes: HTMLEscapes, UpperHex: true})
	if l, i = x.escapeRun(b, 0, src, 0, 50); string(b[:l]) != `\u00E9\u65E5` || i != 5 {
		t.Errorf("upper hex: wrote %q up to %d", b[:l], i)
	}
}

// swarFor returns the swarSet of set: one of swarStd for a standard set,
// else one that looks bytes up in set.
func swarFor(set *scan.Set) *swarSet {
	for i := range stdSets {
		if set == &stdSets[i] {
			return &swarStd[i]
		}
	}
	return &swarSet{set: set}
}
