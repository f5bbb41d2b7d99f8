package scan

import (
	"testing"
	"unicode/utf8"
)

// refSeqLen is SeqLen by its definition: the size utf8.DecodeRune gives a
// valid sequence of 2 to 4 bytes whose lead byte is not listed, else 0.
func refSeqLen(b []byte, stop *[256]bool) int {
	if len(b) == 0 || b[0] < utf8.RuneSelf {
		return 0
	}
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size == 1 || stop != nil && stop[b[0]] {
		return 0
	}
	return size
}

// TestSeqLen checks Set.SeqLen against utf8.DecodeRune for every lead byte
// followed by every second byte and a spread of third and fourth bytes,
// cut at every length, for a UTF-8 Set with and without stop leads, and
// that a plain Set passes nothing.
func TestSeqLen(t *testing.T) {
	plain := NewSet()
	sets := []struct {
		set  Set
		stop *[256]bool
	}{
		{NewUTF8Set(nil), nil},
		{NewUTF8Set(stopSet(0xE2), '/'), stopSet(0xE2)},
		{NewUTF8Set(stopRange(0xF0, 0xF4)), stopRange(0xF0, 0xF4)},
	}
	tails := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xA8, 0xBF, 0xC0, 0xE2, 0xFF}
	for c0 := 0x80; c0 < 0x100; c0++ {
		for c1 := 0; c1 < 0x100; c1++ {
			for _, c2 := range tails {
				for _, c3 := range []byte{0x41, 0x80, 0xBF, 0xC0} {
					full := []byte{byte(c0), byte(c1), c2, c3, 'x'}
					for n := 1; n <= len(full); n++ {
						b := full[:n]
						for _, s := range sets {
							if got, want := s.set.SeqLen(b), refSeqLen(b, s.stop); got != want {
								t.Fatalf("SeqLen(% x) with stops %v = %d, want %d", b, s.stop != nil, got, want)
							}
						}
						if got := plain.SeqLen(b); got != 0 {
							t.Fatalf("plain Set: SeqLen(% x) = %d, want 0", b, got)
						}
					}
				}
			}
		}
	}
	if got := sets[0].set.SeqLen(nil); got != 0 {
		t.Errorf("SeqLen(nil) = %d, want 0", got)
	}
	if !sets[0].set.UTF8() || plain.UTF8() {
		t.Error("UTF8 does not tell a UTF-8 Set from a plain one")
	}
}
