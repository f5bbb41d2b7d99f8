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

// EscapeSet is a Set with the escape table of its ASCII members: the
// first argument of CopyEscapeLong, one pointer for the two.
type EscapeSet struct {
	Set *Set
	Tab *[128]Escape
}

// LongEscape is the shortest src, in bytes, that CopyEscapeLong's
// kernel takes on itself: below it, it is Copy (CopyTo) and costs more.
const LongEscape = 32

// longEscLim is the most out-in may be before CopyEscapeLong's kernel
// writes a word: the word (up to 7 bytes more) and the stores after it
// then end inside len(src)+Slack.
const longEscLim = Slack - 8

// CopyEscapeLong is CopyEscapeTo for src longer than ShortEscape, where
// LongEscapes reports a kernel for it, and x.Set a UTF-8 Set that takes
// the short kernel (ShortEscapes) and x.Tab its escape table: Copy of
// x.Set with its ASCII members written as their entries of x.Tab in the
// same call, so that a long string with an escape anywhere costs one
// call. It returns how many bytes of src it took (in) and wrote (out):
// dst[:out] is the escaped form of src[:in] under x.Tab, and in < len(src)
// only where the caller must take on: at an ASCII member once out-in >
// longEscLim, at a byte >= 0x80 after a word that the kernel does not
// take on (Copy passes it if it is valid text the Set lets through), at a
// member the UTF-8 kernel stops at, or, for a src of fewer than 32 bytes,
// at the first member (in = out is then Copy's result). dst is the first of len(src)+Slack writable bytes, which
// the caller guarantees; the bytes past out may have been written, only
// with copies of bytes of src and words of x.Tab.
func CopyEscapeLong(x *EscapeSet, dst *byte, src []byte) (in, out int) {
	in, d := copyEscapeLong(x, dst, unsafe.SliceData(src), len(src))
	return in, in + d
}

// copyEscapeLongGo is the portable twin of CopyEscapeLong's kernel, with
// len(dst) >= len(src)+Slack: Copy, then while an ASCII member stands and
// out-in <= longEscLim its word and Copy again. It returns in and
// delta = out-in. The kernels may stop elsewhere (see CopyEscapeLong);
// what they write up to their stop is the same.
func copyEscapeLongGo(x *EscapeSet, dst, src []byte) (in, delta int) {
	// Copy needs Slack past the rest of src, which dst has not once
	// delta > 0: the form is built in buf and copied.
	buf := make([]byte, len(src)+longEscLim+8+Slack)
	in = x.Set.Copy(buf, src)
	for in < len(src) && src[in] < utf8.RuneSelf && delta <= longEscLim {
		e := &x.Tab[src[in]]
		binary.LittleEndian.PutUint64(buf[in+delta:], e.W)
		delta += int(e.N) - 1
		in++
		in += x.Set.Copy(buf[in+delta:], src[in:])
	}
	copy(dst, buf[:in+delta])
	return in, delta
}
