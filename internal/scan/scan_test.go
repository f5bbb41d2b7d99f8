package scan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// refMember is the definition of membership, written independently of
// NewSet: the mandatory bytes, the bytes >= 0x80 and the extra ASCII bytes.
func refMember(c byte, extra []byte) bool {
	if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
		return true
	}
	return bytes.IndexByte(extra, c) >= 0
}

func refIndex(b, extra []byte) int {
	for i, c := range b {
		if refMember(c, extra) {
			return i
		}
	}
	return len(b)
}

type testSet struct {
	name  string
	extra []byte // as given to NewSet; bytes outside 0x20..0x7F are ignored
	set   Set
	utf8  bool       // set built by NewUTF8Set(stop, extra...)
	stop  *[256]bool // its stopLead
}

// ref is the reference Index of the test set.
func (ts *testSet) ref(b []byte) int {
	if ts.utf8 {
		return refIndexUTF8(b, ts.extra, ts.stop)
	}
	return refIndex(b, ts.extra)
}

func allASCII() []byte {
	var b []byte
	for c := range 0x80 {
		b = append(b, byte(c))
	}
	return b
}

// testSets covers every kernel kind and the escaping modes jgen uses.
func testSets() []testSet {
	sets := []testSet{
		{name: "base"},
		{name: "slash", extra: []byte("/")},
		{name: "apos", extra: []byte("'")},
		{name: "del", extra: []byte{0x7f}},
		{name: "space", extra: []byte(" ")},
		{name: "html", extra: []byte("<>&")},
		{name: "html-apos", extra: []byte("<>&'")},
		{name: "html-apos-slash", extra: []byte("<>&'/")},
		{name: "dup-and-mandatory", extra: []byte("//\"\\\x00\x1f\x80\xff")},
		{name: "table6", extra: []byte("<>&'/~")},
		{name: "table-letters", extra: []byte("aeiouAEIOU0123456789")},
		{name: "table-all", extra: allASCII()},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3 {
		var e []byte
		for c := 0x20; c < 0x80; c++ {
			if r.IntN(4) == 0 {
				e = append(e, byte(c))
			}
		}
		sets = append(sets, testSet{name: fmt.Sprintf("table-random%d", i), extra: e})
	}
	for i := range sets {
		sets[i].set = NewSet(sets[i].extra...)
	}
	// NewTableSet must agree with NewSet.
	var t [128]bool
	for _, c := range []byte("<>&'/~") {
		t[c] = true
	}
	sets = append(sets, testSet{name: "tableset", extra: []byte("<>&'/~"), set: NewTableSet(&t)})
	return sets
}

// fillers returns the non-member bytes of a set, to build clean text from.
func fillers(ts *testSet) []byte {
	var f []byte
	for c := range 0x80 {
		if !refMember(byte(c), ts.extra) {
			f = append(f, byte(c))
		}
	}
	return f
}

func clean(ts *testSet, n int, seed int) []byte {
	f := fillers(ts)
	b := make([]byte, n)
	if len(f) == 0 {
		return b
	}
	for i := range b {
		b[i] = f[(i*7+seed)%len(f)]
	}
	return b
}

func TestKernelList(t *testing.T) {
	for _, k := range kernels() {
		t.Log(k.name)
	}
}

func TestContains(t *testing.T) {
	for _, ts := range testSets() {
		for c := range 256 {
			if got, want := ts.set.Contains(byte(c)), refMember(byte(c), ts.extra); got != want {
				t.Errorf("%s: Contains(%#x) = %v, want %v", ts.name, c, got, want)
			}
		}
	}
}

// checker runs one kernel's Copy on one input and describes any mismatch
// with the reference (for the dispatch, Set.Index too). Copy gets a dst inside a larger canary-filled buffer to catch
// writes before dst[0] or at and after dst[len(src)+Slack].
type checker struct {
	k      kernel
	ts     *testSet
	back   []byte
	guards []byte
}

const (
	canary = 0xA5
	guard  = 64 // canary bytes on each side of dst
)

func (c *checker) check(src []byte, dstOff int) string {
	want := c.ts.ref(src)
	if c.k.name == "dispatch" {
		if got := c.ts.set.Index(src); got != want {
			return fmt.Sprintf("Index = %d, want %d", got, want)
		}
	}
	size := len(src) + Slack
	need := guard + dstOff + size + guard
	if len(c.back) < need {
		c.back = make([]byte, need)
		c.guards = bytes.Repeat([]byte{canary}, need)
	}
	back := c.back[:need]
	copy(back, c.guards)
	dst := back[guard+dstOff : guard+dstOff+size]
	got := c.k.copy(&c.ts.set, dst, src)
	switch {
	case got != want:
		return fmt.Sprintf("copy = %d, want %d", got, want)
	case !bytes.Equal(dst[:got], src[:got]):
		return fmt.Sprintf("copy: dst[:%d] = %q, want %q", got, dst[:got], src[:got])
	case !bytes.Equal(back[:guard+dstOff], c.guards[:guard+dstOff]):
		return "copy wrote before dst[0]"
	case !bytes.Equal(back[guard+dstOff+size:], c.guards[:guard]):
		return "copy wrote at or after dst[len(src)+Slack]"
	}
	return ""
}

// checkSrcKept is check that also reports a change to src.
func (c *checker) checkSrcKept(src []byte, dstOff int) string {
	saved := bytes.Clone(src)
	if msg := c.check(src, dstOff); msg != "" {
		return msg
	}
	if !bytes.Equal(saved, src) {
		return "src modified"
	}
	return ""
}

// exhaustiveKernels are the kernels the exhaustive tests run: all but the
// dispatch (the same code as one of the others, checked by the smaller
// tests) and the byte-table baseline (one obviously correct loop).
func exhaustiveKernels() []kernel {
	var ks []kernel
	for _, k := range kernels() {
		if k.name != "dispatch" && k.name != "bytetable" {
			ks = append(ks, k)
		}
	}
	return ks
}

// kindSets picks one set of each kernel kind for the exhaustive tests.
func kindSets() []testSet {
	var out []testSet
	for _, ts := range testSets() {
		switch ts.name {
		case "base", "slash", "html", "html-apos-slash", "table-random0", "table-all":
			out = append(out, ts)
		}
	}
	return out
}

// TestKernels places each interesting byte at each position of every
// length 0..130, on every kernel the machine can run and every set kind.
func TestKernels(t *testing.T) {
	special := []byte{0x00, 0x01, 0x1f, 0x20, 0x21, '"', 0x23, '&', '\'', '/', '0', '<', '>', 'A',
		'[', '\\', ']', 'a', '~', 0x7f, 0x80, 0x81, 0xa0, 0xa2, 0xdc, 0xfe, 0xff}
	for _, k := range exhaustiveKernels() {
		for _, ts := range kindSets() {
			c := &checker{k: k, ts: &ts}
			src := make([]byte, 130)
			for n := 0; n <= 130; n++ {
				base := clean(&ts, n, n)
				if msg := c.check(base, n%7); msg != "" {
					t.Errorf("%s/%s: clean len %d: %s", k.name, ts.name, n, msg)
					continue
				}
				src := src[:n]
			positions:
				for p := range n {
					for _, sb := range special {
						copy(src, base)
						src[p] = sb
						if msg := c.check(src, p%5); msg != "" {
							t.Errorf("%s/%s: %#x at %d of %d: %s", k.name, ts.name, sb, p, n, msg)
							break positions
						}
					}
				}
			}
		}
	}
}

// TestKernelsAllBytes tries every byte value at every position of the
// lengths around word and vector edges, with a second member after it.
func TestKernelsAllBytes(t *testing.T) {
	lengths := []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129}
	for _, k := range exhaustiveKernels() {
		for _, ts := range kindSets() {
			c := &checker{k: k, ts: &ts}
		lengths:
			for _, n := range lengths {
				base := clean(&ts, n, 3)
				src := make([]byte, n)
				for p := range n {
					for b := range 256 {
						copy(src, base)
						src[p] = byte(b)
						if p+1 < n {
							src[n-1] = '"'
						}
						if msg := c.check(src, 0); msg != "" {
							t.Errorf("%s/%s: %#x at %d of %d: %s", k.name, ts.name, b, p, n, msg)
							continue lengths
						}
					}
				}
			}
		}
	}
}

// TestKernelsAlignment runs every src alignment against random text with
// sparse members, so runs end at every offset inside words and vectors.
func TestKernelsAlignment(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, k := range kernels() {
		for _, ts := range testSets() {
			c := &checker{k: k, ts: &ts}
			back := make([]byte, 64+300)
			for iter := range 300 {
				off := iter % 64
				n := r.IntN(300)
				src := back[off : off+n]
				copy(src, clean(&ts, n, iter))
				for range r.IntN(3) {
					if n > 0 {
						src[r.IntN(n)] = byte(r.IntN(256))
					}
				}
				if msg := c.checkSrcKept(src, r.IntN(64)); msg != "" {
					t.Errorf("%s/%s: %q at offset %d: %s", k.name, ts.name, src, off, msg)
					break
				}
			}
		}
	}
}

// TestAPI checks the exported methods on a long input, through whatever
// kernel the dispatch picks.
func TestAPI(t *testing.T) {
	s := NewSet('/')
	for _, n := range []int{0, 5, 12, 100, 1000, 10000} {
		src := bytes.Repeat([]byte("a"), n)
		if got := s.Index(src); got != n {
			t.Errorf("Index(%d x 'a') = %d", n, got)
		}
		src = append(src, '/')
		dst := make([]byte, len(src)+Slack)
		if got := s.Copy(dst, src); got != n || !bytes.Equal(dst[:n], src[:n]) {
			t.Errorf("Copy(%d x 'a' + '/') = %d", n, got)
		}
	}
}

// FuzzIndex runs every kernel's Copy, and Set.Index, on a plain Set of any
// extra bytes against the byte-at-a-time definition (refIndex).
func FuzzIndex(f *testing.F) {
	f.Add("", []byte("hello, world"))
	f.Add("/", []byte("a/b"))
	f.Add("<>&", []byte("0123456789abcdef0123456789abcdef<"))
	f.Fuzz(func(t *testing.T, extra string, src []byte) {
		ts := testSet{name: fmt.Sprintf("%q", extra), extra: []byte(extra), set: NewSet([]byte(extra)...)}
		for _, k := range kernels() {
			c := &checker{k: k, ts: &ts}
			if msg := c.check(src, len(src)%17); msg != "" {
				t.Errorf("%s: extra %q, src %q: %s", k.name, extra, src, msg)
			}
			if msg := fuzzNoLeak(k, &ts, src); msg != "" {
				t.Errorf("%s: extra %q, src %q: %s", k.name, extra, src, msg)
			}
		}
	})
}
