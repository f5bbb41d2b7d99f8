package scan

import (
	"encoding/binary"
	"math/bits"
	"testing"
)

// TestWordScanAgrees checks the word scan against the kernels: for words
// of every mix of bytes, the first byte MaskBase flags is the Index of the
// Set without added bytes (plain and UTF-8 sets stop at the same ASCII
// bytes), and SeqLen4 is SeqLen, under a UTF-8 Set with and without lead
// stops and under a plain Set.
func TestWordScanAgrees(t *testing.T) {
	plain := NewSet()
	var stops [256]bool
	stops[0xe2], stops[0xf0] = true, true
	sets := map[string]*Set{"plain": &plain}
	u, us := NewUTF8Set(nil), NewUTF8Set(&stops)
	sets["utf8"], sets["utf8+stops"] = &u, &us
	if plain.HasExtra() || !func() bool { s := NewSet('/'); return s.HasExtra() }() {
		t.Fatal("HasExtra is wrong")
	}
	bytesOf := []byte{0, 0x1f, ' ', '!', '"', '#', '\\', ']', 'a', 0x7f, 0x80, 0xbf, 0xc2, 0xc3, 0xe2, 0xed, 0xf0, 0xf4, 0xff}
	r := uint64(1)
	for range 200000 {
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		var b [8]byte
		for k := range b {
			b[k] = bytesOf[(r>>(5*k))%uint64(len(bytesOf))]
		}
		v := binary.LittleEndian.Uint64(b[:])
		first := bits.TrailingZeros64(MaskBase(v)) >> 3
		want := 8
		for k, c := range b {
			if plain.Contains(c) {
				want = k
				break
			}
		}
		if first != want {
			t.Fatalf("MaskBase % x: first %d, want %d", b, first, want)
		}
		for name, s := range sets {
			if got, want := s.SeqLen4(uint32(v)), s.SeqLen(b[:4]); got != want {
				t.Fatalf("%s: SeqLen4 % x = %d, SeqLen %d", name, b[:4], got, want)
			}
		}
		for n := range 8 {
			if got := LoadShort(b[:n]); got != v&(1<<(8*n)-1) {
				t.Fatalf("LoadShort % x = %#x", b[:n], got)
			}
		}
	}
}
