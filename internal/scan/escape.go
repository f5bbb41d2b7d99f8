package scan

import (
	"encoding/binary"
	"unicode/utf8"
)

// Escape is the form of one ASCII byte in an escape table: its escape
// sequence, or the byte itself, as the little-endian word W of which the
// first N bytes count (1 <= N <= 8). Bytes of W past N are stored too and
// then written over, so they must be bytes the caller allows in its
// spare capacity.
type Escape struct {
	W uint64
	N uint8
}

// EscapeRoom is how many bytes dst must hold beyond len(src) for Escape
// to write any escape sequence: Slack for its Copy calls, and room for
// one word store past the longest escape.
const EscapeRoom = Slack + 16

// Escape writes src[0:] to dst, each ASCII member of the set as its entry
// of t and every other byte as it is, and returns how many bytes of src it
// took (in) and wrote (out). src[0] is usually the member a Copy stopped
// at; any ASCII byte is taken through t.
//
// It stops at the end of src, at a byte >= 0x80 that Copy would stop at (a
// member), or before an ASCII byte once the rest of src might no longer
// fit: it writes an entry of t only while out-in <= len(dst)-len(src)-
// EscapeRoom. So for len(dst) >= len(src)+EscapeRoom it writes at least
// one entry when src[0] is ASCII, and for a shorter dst nothing. dst[:out] is then the escaped form of
// src[:in]; the bytes of dst past out may have been written, but only with
// copies of bytes of src and words of t. src and dst must not overlap.
//
// The vector levels scan the clean runs between members and write the
// entries in one call: escapeAVX512, which goes on through a UTF-8 Set's
// non-ASCII text in the same kernel, and escapeAVX2, which at a byte >=
// 0x80 of a UTF-8 Set calls Copy from its own frame and goes on after the
// run Copy passed. Without a vector level, escapeGo: a table store and a
// Copy per member.
func (s *Set) Escape(dst, src []byte, t *[128]Escape) (in, out int) {
	return escapeEntry(s, dst, src, t)
}

// escapeGo is Escape by table stores and Copy calls: the portable kernel,
// and the reference of the vector one.
func escapeGo(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	lim := len(dst) - len(src) - EscapeRoom
	for in < len(src) && src[in] < utf8.RuneSelf && out-in <= lim {
		e := &t[src[in]]
		binary.LittleEndian.PutUint64(dst[out:], e.W)
		out += int(e.N)
		in++
		m := s.Copy(dst[out:], src[in:])
		in += m
		out += m
	}
	return in, out
}

// escapeKernel names one implementation of Set.Escape for the tests.
type escapeKernel struct {
	name   string
	escape func(s *Set, dst, src []byte, t *[128]Escape) (in, out int)
}

// longKernel names one kernel of CopyEscapeLong for the tests.
type longKernel struct {
	name string
	run  func(x *EscapeSet, dst, src []byte) (in, delta int)
}
