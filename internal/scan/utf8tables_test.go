package scan

import (
	"testing"
	"unicode/utf8"
)

// TestUTF8Tables checks the validation lookups of the SIMD kernels against
// the UTF-8 rule for every pair of a byte p and the byte c after it: the
// AND of the three lookups is nonzero exactly when c cannot follow p in
// valid UTF-8 if p ends its sequence, or c is a continuation byte after a
// continuation byte (the kernels XOR that case away where the sequence
// needs a third or fourth byte). p counts as a sequence's end here unless
// it is a lead byte.
func TestUTF8Tables(t *testing.T) {
	cont := func(b int) bool { return b >= 0x80 && b < 0xc0 }
	for p := range 256 {
		for c := range 256 {
			got := utf8Tables[p>>4]&utf8Tables[16+p&15]&utf8Tables[32+c>>4] != 0
			var want bool
			switch {
			case p < 0x80:
				want = cont(c)
			case cont(p):
				want = cont(c)
			default: // a lead byte, or one no sequence starts with
				want = !cont(c) || !secondOK(byte(p), byte(c))
			}
			if got != want {
				t.Errorf("%#02x %#02x: flagged %v, want %v", p, c, got, want)
			}
		}
	}
}

// secondOK reports whether c may be the second byte of a sequence that
// starts with the byte p >= 0xC0: utf8.Valid accepts p, c and as many
// continuation bytes 0x80 as p's sequence needs.
func secondOK(p, c byte) bool {
	n := 2
	switch {
	case p >= 0xf0:
		n = 4
	case p >= 0xe0:
		n = 3
	}
	return utf8.Valid([]byte{p, c, 0x80, 0x80}[:n])
}
