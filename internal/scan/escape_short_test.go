package scan

import (
	"bytes"
	"fmt"
	"testing"
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
	for _, c := range escapeCases()[:4] {
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
		}
	}
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
