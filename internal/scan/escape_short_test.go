package scan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// TestEscapeShortExhaustive checks every Escape kernel on every string of
// up to 3 bytes over an alphabet of clean bytes, members of every set and
// bytes >= 0x80, at every offset of src in a 64-byte window (so every
// alignment and every short-input load), with the least room the contract
// allows and a little more.
func TestEscapeShortExhaustive(t *testing.T) {
	alphabet := []byte{'a', '"', '\\', '\n', '/', '<', 0xc3, 0xa9, 0xe2}
	srcs := [][]byte{nil}
	for l := 1; l <= 3; l++ {
		idx := make([]int, l)
		for {
			s := make([]byte, l)
			for i, j := range idx {
				s[i] = alphabet[j]
			}
			srcs = append(srcs, s)
			k := 0
			for k < l && idx[k] == len(alphabet)-1 {
				idx[k] = 0
				k++
			}
			if k == l {
				break
			}
			idx[k]++
		}
	}
	for _, c := range shortEscapeCases() {
		tab := escapeTable(c.extra)
		for _, s := range srcs {
			for off := 0; off < 64; off++ {
				if msg := checkEscapeAt(&c, tab, s, off, 0); msg != "" {
					t.Fatalf("%s: src %q at %d: %s", c.name, s, off, msg)
				}
			}
			if msg := checkEscapeAt(&c, tab, s, 0, 5); msg != "" {
				t.Fatalf("%s: src %q, extra 5: %s", c.name, s, msg)
			}
			for off := 0; off < 64; off += 7 {
				// Room for the short escape kernel (escapeViaShort).
				if msg := checkEscapeAt(&c, tab, s, off, shortEscLim); msg != "" {
					t.Fatalf("%s: src %q at %d, extra %d: %s", c.name, s, off, shortEscLim, msg)
				}
			}
		}
	}
}

// shortEscapeCases are the first four plain sets of escapeCases, their
// UTF-8 forms with and without lead stops, and the refined sets (the
// short escape kernel's modes: shortPlain, shortStops, shortSeps).
func shortEscapeCases() []escapeCase {
	cs := escapeCases()
	out := cs[:4:4]
	for _, c := range cs[4:] {
		for _, p := range cs[:4] {
			if c.name == "utf8-nostop-"+p.name || c.name == "utf8-js-"+p.name {
				out = append(out, c)
			}
		}
		if strings.HasPrefix(c.name, "refined-") {
			out = append(out, c)
		}
	}
	return out
}

// checkEscapeAt is checkEscape with src placed off bytes into a buffer
// aligned as the allocator gives it.
func checkEscapeAt(c *escapeCase, t *[128]Escape, s []byte, off, extra int) string {
	buf := make([]byte, off+len(s)+64)
	src := buf[off : off+len(s) : off+len(s)]
	copy(src, s)
	room := len(s) + EscapeRoom + extra
	wantIn, wantOut, want := refEscape(c, t, room, src)
	for _, k := range escapeKernels() {
		dst := make([]byte, room)
		in, out := k.escape(c.set, dst, src, t)
		if in != wantIn || out != wantOut || !bytes.Equal(dst[:out], want) {
			return fmt.Sprintf("%s: (in, out) = (%d, %d) %q, want (%d, %d) %q", k.name, in, out, dst[:out], wantIn, wantOut, want)
		}
	}
	return ""
}

// TestCopyEscapeTo checks CopyEscapeTo, the short escape kernel and its
// portable twin on random strings of escapePieces up to ShortEscape
// bytes, for every Escape case that takes the kernel, with the least room
// its contract allows: the kernel and the twin give the same (in, out)
// and bytes, which are Copy's result followed by refEscape's from there
// under the limit shortEscLim where src is all ASCII, and Copy's result
// alone where it holds a byte >= 0x80.
func TestCopyEscapeTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	for _, c := range escapeCases() {
		if !c.set.ShortEscapes() {
			continue
		}
		tab := escapeTable(c.extra)
		for range 600 {
			var src []byte
			for n := rng.IntN(8); n > 0; n-- {
				src = append(src, escapePieces[rng.IntN(len(escapePieces))]...)
			}
			src = src[:min(len(src), rng.IntN(ShortEscape+1))]
			room := len(src) + Slack
			back := make([]byte, guard+room+guard)
			for i := range back {
				back[i] = leakFill
			}
			dst := back[guard : guard+room]
			in, out := c.set.CopyEscapeTo(unsafe.SliceData(dst), src, tab)
			m := c.ref(src)
			wantIn, wantOut, want := m, m, src[:m:m]
			if !bytes.ContainsFunc(src, func(r rune) bool { return r >= utf8.RuneSelf }) && m < len(src) {
				i, o, b := refEscape(&c, tab, len(src)-m+shortEscLim+EscapeRoom, src[m:])
				wantIn, wantOut, want = m+i, m+o, append(want, b...)
			}
			if in != wantIn || out != wantOut || !bytes.Equal(dst[:out], want) {
				t.Fatalf("%s: src %q: (in, out) = (%d, %d) %q, want (%d, %d) %q", c.name, src, in, out, dst[:out], wantIn, wantOut, want)
			}
			for i, b := range back {
				if b != leakFill && (i < guard || i >= guard+room) {
					t.Fatalf("%s: src %q: stored %#x outside dst at %d", c.name, src, b, i-guard)
				}
			}
			d2 := make([]byte, room)
			i2, o2 := escapeShortGo(c.set, d2, src, tab)
			if i2 != in || o2 != out || !bytes.Equal(d2[:out], dst[:out]) {
				t.Fatalf("%s: src %q: twin (in, out) = (%d, %d) %q, kernel (%d, %d) %q", c.name, src, i2, o2, d2[:o2], in, out, dst[:out])
			}
		}
	}
}
