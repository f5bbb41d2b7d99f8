//go:build gc && !purego

package scan

import (
	"encoding/binary"
	"unicode/utf8"
	"unsafe"
)

// escapeAVX512 is Set.Escape at level AVX-512 for mode 2 (see
// scan_amd64.s): it returns in, the bytes of src taken, and delta, what
// dst got beyond them, so out = in+delta; base is scratch. It stops at n,
// before an ASCII member once delta > lim (at once for lim < 0), or at a
// byte >= 0x80 that is a member or, for a Set with a rune test, one the
// test must see. It reads only src[0:n] and writes dst up to out plus the
// rest of src and one word of t, each byte a copy of a byte of src or of
// a word of t.
//
//go:noescape
func escapeAVX512(s *Set, dst, src *byte, n, mode int, t *[128]Escape, lim int) (in, delta, base int)

// escapeAVX2 is Set.Escape at level AVX2, in one call (see
// escape_amd64.s): the vector kernel over the ASCII text, and for a UTF-8
// Set, from a byte >= 0x80 past src[0], escapeRun.
//
//go:noescape
func escapeAVX2(s *Set, dst, src []byte, t *[128]Escape) (in, out int)

// escapeRun is the rest of escapeAVX2 from src[in], a byte >= 0x80 of a
// UTF-8 Set where the kernel stopped with dst[:out] written: Copy over the
// text there (valid sequences pass, the rune test applies), then
// escapeGo's loop. Text that has non-ASCII bytes keeps its cost per
// member of before the kernel (a word and a Copy, which passes the
// sequences); the kernel would stop at each of them. dst has Copy's room:
// out-in <= lim+7.
//
//lint:ignore U1000 called from escapeAVX2 in escape_amd64.s.
func escapeRun(s *Set, dst, src []byte, t *[128]Escape, in, out int) (int, int) {
	m := s.Copy(dst[out:], src[in:])
	in += m
	out += m
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

// escapeEntry is Set.Escape: assembly that jumps to escapeAVX2 at level
// AVX2, escape512 at level AVX-512, escapeGo without a vector level, so
// that Escape inlines into its callers and costs one call.
//
//go:noescape
func escapeEntry(s *Set, dst, src []byte, t *[128]Escape) (in, out int)

// VectorEscapes reports whether Set.Escape runs a vector kernel on this
// machine (levels AVX-512 and AVX2): callers that hold escapeGo's loop
// inline, to save a call on a short string, call Escape only then.
var VectorEscapes = level != 0

// escape512 is Set.Escape at level AVX-512 (see escape_amd64.s): one
// escapeAVX512 call, and for a Set with a rune test, where it stopped
// before the end, escapeOn.
//
//go:noescape
func escape512(s *Set, dst, src []byte, t *[128]Escape) (in, out int)

// escapeOn is escape512 from src[in] and dst[out], where the kernel
// stopped for a Set with a rune test: at a sequence the test must see,
// which Copy passes or stops at, or at an ASCII member past lim.
//
//lint:ignore U1000 called from escape512 in escape_amd64.s.
func escapeOn(s *Set, dst, src []byte, t *[128]Escape, in, out int) (int, int) {
	lim := len(dst) - len(src) - EscapeRoom
	for src[in] >= 0x80 {
		// A sequence for the rune test: Copy applies it.
		m := s.Copy(dst[out:], src[in:])
		if m == 0 {
			break
		}
		in += m
		out += m
		if in == len(src) {
			break
		}
		i, d, _ := escapeAVX512(s, unsafe.SliceData(dst[out:]), unsafe.SliceData(src[in:]), len(src)-in, 2, t, lim-(out-in))
		in += i
		out += i + d
		if in == len(src) {
			break
		}
	}
	return in, out
}

// escapeKernels lists Escape's kernels on this machine, dispatch first.
func escapeKernels() []escapeKernel {
	ks := []escapeKernel{{"dispatch", (*Set).Escape}}
	if hasAVX512 {
		ks = append(ks, escapeKernel{"avx512", escape512})
	}
	if hasAVX2 {
		ks = append(ks, escapeKernel{"avx2", escapeAVX2})
	}
	if hasShortUTF8 {
		ks = append(ks, escapeKernel{"short", escapeViaShort(func(s *Set, dst, src []byte, t *[128]Escape) (int, int) {
			_ = dst[len(src)+Slack-1]
			return escapeShort(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src), t)
		}, true)})
	}
	return append(ks, escapeKernel{"short-go", escapeViaShort(escapeShortGo, false)}, escapeKernel{"go", escapeGo})
}

// LongEscapes reports whether CopyEscapeLong has a kernel on this
// machine: at level AVX2 (the AVX-512 level keeps Copy and Escape).
var LongEscapes = level == 1

// copyEscapeLong is CopyEscapeLong's kernel at level AVX2 (see
// copyEscapeLong in escape_amd64.s), for n > ShortEscape: in and delta =
// out-in. Only where LongEscapes (it needs AVX2 and BMI2), which the
// callers check.
//
//go:noescape
func copyEscapeLong(x *EscapeSet, dst, src *byte, n int) (in, delta int)

// utf8LoopEnter is a jump to utf8LoopAVX2 for copyEscapeLong: never
// called from Go.
//
//lint:ignore U1000 reached from copyEscapeLong in escape_amd64.s.
func utf8LoopEnter()

// copyCoreEnter is a jump to copyAVX2core for copyEscapeLong: never
// called from Go.
//
//lint:ignore U1000 reached from copyEscapeLong in escape_amd64.s.
func copyCoreEnter()

// longKernels lists CopyEscapeLong's kernels on this machine, for the
// tests: each gives in and delta.
func longKernels() []longKernel {
	ks := []longKernel{{"go", copyEscapeLongGo}}
	if hasAVX2 {
		ks = append(ks, longKernel{"avx2", func(x *EscapeSet, dst, src []byte) (int, int) {
			_ = dst[len(src)+Slack-1]
			return copyEscapeLong(x, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
		}})
	}
	return ks
}
