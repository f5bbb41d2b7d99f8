package scan

import (
	"encoding/binary"
	"unicode/utf8"
	"unsafe"
)

// ShortEscape is the longest src, in bytes, for which CopyEscapeTo can
// write escapes in its one kernel call.
const ShortEscape = shortUTF8

// CopyEscapeTo is Copy followed by the start of Escape, in one call, for
// a Set that takes the short UTF-8 kernel (ShortEscapes) and src of at
// most ShortEscape bytes, which the caller checks (for another Set or a
// longer src the result is meaningless): where src is all ASCII, the
// kernel that found the members writes them too, each as its entry of t,
// from its mask, so that a string with escapes anywhere in it costs one
// call and no branch per byte. It returns how many bytes of src it took
// (in) and wrote (out): dst[:out] is the escaped form of src[:in] under
// t, and in < len(src) only at a member that the caller must take on: an
// ASCII member once out-in > shortEscLim (what Copy's Slack leaves room
// for), or, where src holds any byte >= 0x80 (no escape is written then;
// in = out is Copy's result), the first member.
//
// dst is the first of len(src)+Slack writable bytes, as for CopyTo, which
// the caller guarantees (it is not checked). The bytes past out may have
// been written, only with copies of bytes of src and words of t. Small
// enough to inline: one call, with CopyTo's arguments and t.
func (s *Set) CopyEscapeTo(dst *byte, src []byte, t *[128]Escape) (in, out int) {
	return escapeShort(s, dst, unsafe.SliceData(src), len(src), t)
}

// shortEscLim is the most out-in may be before the short escape kernel
// writes a word: the last member's word (up to 7 bytes more) and the 16
// bytes stored after it then end inside len(src)+Slack.
const shortEscLim = Slack - 24

// ShortEscapes reports whether CopyEscapeTo takes strings of s: a UTF-8
// Set with the short kernel (Set.short), at levels AVX2 and AVX-512.
func (s *Set) ShortEscapes() bool { return s.short != shortNone }

// escapeShortGo is the portable twin of escapeShort, the kernel of
// CopyEscapeTo, with len(dst) >= len(src)+Slack: the same (in, out) and
// the same dst[:out].
func escapeShortGo(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	in, delta := escapeShortDelta(s, dst, src, t)
	return in, in + delta
}

// escapeShortDelta is escapeShortGo with delta = out-in.
func escapeShortDelta(s *Set, dst, src []byte, t *[128]Escape) (in, delta int) {
	for _, c := range src {
		if c >= utf8.RuneSelf {
			return s.Copy(dst, src), 0
		}
	}
	copy(dst, src)
	for i, c := range src {
		if !s.Contains(c) {
			continue
		}
		if delta > shortEscLim {
			return i, delta
		}
		e := &t[c]
		binary.LittleEndian.PutUint64(dst[i+delta:], e.W)
		delta += int(e.N) - 1
		copy(dst[i+1+delta:], src[i+1:])
	}
	return len(src), delta
}

// escapeViaShort is Set.Escape through a kernel of CopyEscapeTo (k, with
// escapeShortGo's contract), for the Escape tests: where Escape and the
// kernel agree on what to do (src[0] ASCII, at most ShortEscape bytes,
// Escape's limit on out-in, len(dst)-len(src)-EscapeRoom, at least
// shortEscLim, and for the assembly a Set that takes the short kernel),
// k from src[0] and escapeGo from where it stopped; escapeGo alone for
// the rest.
func escapeViaShort(k func(s *Set, dst, src []byte, t *[128]Escape) (in, out int), asm bool) func(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	return func(s *Set, dst, src []byte, t *[128]Escape) (int, int) {
		lim := len(dst) - len(src) - EscapeRoom
		if len(src) == 0 || len(src) > ShortEscape || src[0] >= utf8.RuneSelf || lim < shortEscLim || asm && s.short == shortNone {
			return escapeGo(s, dst, src, t)
		}
		in, out := k(s, dst, src, t)
		i, o := escapeGo(s, dst[out:], src[in:], t)
		return in + i, out + o
	}
}
