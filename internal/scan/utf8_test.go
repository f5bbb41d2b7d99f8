package scan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// refIndexUTF8 is the definition of Index for a UTF-8 Set, written plainly
// with utf8.DecodeRune: sequence by sequence, the first ASCII member, the
// first byte that does not start a valid sequence, or the first valid
// sequence with a listed lead byte.
func refIndexUTF8(b, extra []byte, stop *[256]bool) int {
	return refIndexRefined(b, extra, stop, nil)
}

func stopSet(leads ...byte) *[256]bool {
	var t [256]bool
	for _, c := range leads {
		t[c] = true
	}
	return &t
}

func stopRange(lo, hi byte) *[256]bool {
	var t [256]bool
	for c := int(lo); c <= int(hi); c++ {
		t[c] = true
	}
	return &t
}

// utf8Stops are the stopLead tables jgen uses.
var utf8Stops = []struct {
	name string
	stop *[256]bool
}{
	{"nostop", nil},
	{"js", stopSet(0xe2)},
	{"astral", stopRange(0xf0, 0xf4)},
	{"max255", stopRange(0xc4, 0xf4)},
	{"c3", stopSet(0xc3)},
}

// utf8Sets crosses the ASCII sets of every kernel kind with the stop tables.
func utf8Sets(kinds []testSet) []testSet {
	var out []testSet
	for _, ts := range kinds {
		for _, st := range utf8Stops {
			out = append(out, testSet{
				name:  "utf8-" + st.name + "-" + ts.name,
				extra: ts.extra,
				set:   NewUTF8Set(st.stop, ts.extra...),
				utf8:  true,
				stop:  st.stop,
			})
		}
	}
	return out
}

// utf8Samples are the multi-byte classes: valid ones of every length and
// lead class, and every invalid class.
var utf8Samples = []string{
	"\u00e9", "\u0080", "\u07ff", // 2-byte
	"\u20ac", "\u2028", "\u2029", "\u0800", "\ud7ff", "\ue000", "\ufffd", "\uffff", // 3-byte
	"\U0001F600", "\U00010000", "\U0010FFFF", "\U00040000", // 4-byte
	"\x80", "\xbf", // lone continuation
	"\xc3", "\xe2\x82", "\xe2", "\xf0\x9f\x98", "\xf0\x9f", "\xf0", // truncated
	"\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", // overlong
	"\xed\xa0\x80", "\xed\xbf\xbf", // surrogates
	"\xf4\x90\x80\x80", "\xf7\xbf\xbf\xbf", // above U+10FFFF
	"\xf5\x80\x80\x80", "\xf8", "\xfe", "\xff", // never valid
	"\xc3\xa9\xc3", "\xe2\x80\xa8\xe2\x82\xac", // runs
}

func utf8KindSets() []testSet { return utf8Sets(kindSets()) }

// TestUTF8Contains checks that NewUTF8Set keeps the ASCII members.
func TestUTF8Contains(t *testing.T) {
	for _, ts := range utf8Sets(testSets()) {
		for c := range 256 {
			if got, want := ts.set.Contains(byte(c)), refMember(byte(c), ts.extra); got != want {
				t.Errorf("%s: Contains(%#x) = %v, want %v", ts.name, c, got, want)
			}
		}
	}
}

// TestUTF8Kernels places every multi-byte class at every position of every
// length 0..130 (cut by the end where it does not fit), alone and followed
// by an ASCII member or a second sequence, on every kernel.
func TestUTF8Kernels(t *testing.T) {
	sets := utf8KindSets()
	if testing.Short() {
		sets = sets[:10]
	}
	for _, k := range exhaustiveKernels() {
		for _, ts := range sets {
			c := &checker{k: k, ts: &ts}
			src := make([]byte, 130)
		lengths:
			for n := 0; n <= 130; n++ {
				base := clean(&ts, n, n)
				src := src[:n]
				for p := range n {
					for si, smp := range utf8Samples {
						copy(src, base)
						q := p + copy(src[p:], smp)
						if q < n && si%3 == 0 {
							q += copy(src[q:], utf8Samples[(si*7+p)%len(utf8Samples)])
						}
						if q < n && si%3 == 1 {
							src[q] = '"'
						}
						if msg := c.check(src, p%5); msg != "" {
							t.Errorf("%s/%s: %q at %d of %d: %s", k.name, ts.name, smp, p, n, msg)
							continue lengths
						}
					}
				}
			}
		}
	}
}

// TestUTF8Dense runs text made only of one sequence kind, with one fault
// (an invalid byte, a listed lead, an ASCII member) at every position, so
// sequences straddle every word and vector boundary (16/32/64/128) at every
// phase.
func TestUTF8Dense(t *testing.T) {
	runs := []string{"\u00e9", "\u4e2d", "\U0001F600", "a\u00e9", "ab\u4e2d", "\u00e9\u4e2d\U0001F600x", "\u2028"}
	faults := []string{"\xff", "\x80", "\"", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80"}
	for _, k := range exhaustiveKernels() {
		for _, ts := range utf8KindSets() {
			c := &checker{k: k, ts: &ts}
			for _, run := range runs {
				for phase := range 4 {
					text := bytes.Repeat([]byte(run), 300/len(run)+2)[phase : phase+300]
					for n := 0; n <= 300; n += 1 + n/40 {
						if msg := c.check(text[:n], n%7); msg != "" {
							t.Errorf("%s/%s: %q phase %d len %d: %s", k.name, ts.name, run, phase, n, msg)
						}
					}
					src := make([]byte, 200)
					for p := range 200 {
						for _, f := range faults {
							copy(src, text)
							copy(src[p:], f)
							if msg := c.check(src, p%3); msg != "" {
								t.Errorf("%s/%s: %q phase %d, %q at %d: %s", k.name, ts.name, run, phase, f, p, msg)
							}
						}
					}
				}
			}
		}
	}
}

// randomUTF8 builds n bytes of a random mix of clean ASCII, valid sequences
// of every length and, with probability bad/1000 per token, a fault.
func randomUTF8(r *rand.Rand, ts *testSet, n, bad int) []byte {
	f := fillers(ts)
	var b []byte
	for len(b) < n {
		switch x := r.IntN(1000); {
		case x < bad:
			b = append(b, utf8Samples[r.IntN(len(utf8Samples))]...)
		case x < 500:
			if len(f) > 0 {
				b = append(b, f[r.IntN(len(f))])
			}
		case x < 700:
			b = utf8.AppendRune(b, rune(0x80+r.IntN(0x780)))
		case x < 900:
			c := rune(0x800 + r.IntN(0x10000-0x800))
			if c >= 0xd800 && c < 0xe000 {
				c = 0x2028 + c&1
			}
			b = utf8.AppendRune(b, c)
		default:
			b = utf8.AppendRune(b, rune(0x10000+r.IntN(0x100000)))
		}
	}
	return b[:n]
}

// TestUTF8Random runs random mixes of every length up to 2000 at every
// src alignment on every kernel, the dispatch included.
func TestUTF8Random(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	iters := 400
	if testing.Short() {
		iters = 60
	}
	for _, k := range kernels() {
		for _, ts := range utf8Sets(testSets()) {
			c := &checker{k: k, ts: &ts}
			back := make([]byte, 64+2000)
			for iter := range iters {
				off := iter % 64
				n := r.IntN(2000)
				if iter%2 == 0 {
					n = r.IntN(140)
				}
				src := back[off : off+n]
				copy(src, randomUTF8(r, &ts, n, []int{0, 1, 10, 100}[iter%4]))
				if msg := c.checkSrcKept(src, r.IntN(64)); msg != "" {
					t.Errorf("%s/%s: %q at offset %d: %s", k.name, ts.name, src, off, msg)
					break
				}
			}
		}
	}
}

// TestUTF8API checks the exported methods through the dispatch.
func TestUTF8API(t *testing.T) {
	s := NewUTF8Set(stopSet(0xe2), '/')
	for _, n := range []int{0, 5, 12, 100, 1000, 10000} {
		src := bytes.Repeat([]byte("aé中😀"), n)
		m := len(src)
		if got := s.Index(src); got != m {
			t.Errorf("Index(%d x 'aé中😀') = %d, want %d", n, got, m)
		}
		src = append(src, "\u2028"...)
		dst := make([]byte, len(src)+Slack)
		if got := s.Copy(dst, src); got != m || !bytes.Equal(dst[:m], src[:m]) {
			t.Errorf("Copy(%d x 'aé中😀' + U+2028) = %d, want %d", n, got, m)
		}
	}
}

func FuzzUTF8(f *testing.F) {
	f.Add("", "", []byte("h\u00e9llo, w\u00f6rld"))
	f.Add("/", "\xe2", []byte("a\u2028b\u20acc/"))
	f.Add("<>&", "\xf0\xf1\xf2\xf3\xf4", []byte("0123456789abcdef0123456789abcd\U0001F600ef<"))
	f.Add("", "", []byte("\xed\xa0\x80\xf4\x90\x80\x80\xe0\x80\x80"))
	f.Add("'", "\xc3", bytes.Repeat([]byte("\u4e2d"), 50))
	f.Fuzz(func(t *testing.T, extra, stop string, src []byte) {
		var st *[256]bool
		if stop != "" {
			st = stopSet([]byte(stop)...)
		}
		ts := testSet{name: fmt.Sprintf("%q/%q", extra, stop), extra: []byte(extra),
			set: NewUTF8Set(st, []byte(extra)...), utf8: true, stop: st}
		for _, k := range kernels() {
			c := &checker{k: k, ts: &ts}
			if msg := c.check(src, len(src)%17); msg != "" {
				t.Errorf("%s: extra %q, stop %q, src %q: %s", k.name, extra, stop, src, msg)
			}
			if msg := fuzzNoLeak(k, &ts, src); msg != "" {
				t.Errorf("%s: extra %q, stop %q, src %q: %s", k.name, extra, stop, src, msg)
			}
		}
	})
}
