//go:build gc && !purego

package scan

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The amd64 kernels and their dispatch (the table in the package
// documentation). BMI1/BMI2 (TZCNT, SHLX, BZHI) come with every AVX2 CPU
// but are checked all the same.
var (
	hasAVX2   = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	hasAVX512 = hasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL
)

// copyAVX2 copies the longest prefix of src[0:n] with no member of the Set
// whose nibble tables are nib to dst and returns its length. dst must have
// room for max(n, 16) bytes. Every byte it stores is a byte of src[0:n]: for
// n < 16, dst[n:16] repeats src[n-1]. See scan_amd64.s for what it reads.
//
//go:noescape
func copyAVX2(nib *[32]byte, dst, src *byte, n int) int

// copyAVX512 is copyAVX2 with 64-byte vectors and masked tails; it writes
// exactly dst[0:n].
//
//go:noescape
func copyAVX512(nib *[32]byte, dst, src *byte, n int) int

// copyAVX2UTF8 is the Copy of the UTF-8 Set s on the AVX2 level, as
// copyEntry makes it without the rune test (Set.escapes; every listed
// lead byte stops it): the ASCII kernel up to the first member or byte
// >= 0x80, then, at a byte >= 0x80, the UTF-8 kernel in the same frame
// (copyUTF8AVX2's loop for n >= 32, a one-vector index for n < 32, the
// bytes already copied). It writes only bytes of src, at their own index,
// in dst[0:max(n, 16)].
//
//go:noescape
func copyAVX2UTF8(s *Set, dst, src *byte, n int) int

// copyUTF8AVX2 copies the longest prefix of src[0:n] with no member of the
// UTF-8 Set s to dst and returns its length, for n >= 32 only (it returns
// 0 for n < 32); src[0] is a sequence boundary. It writes only dst[0:n],
// each byte a copy of src's at the same index. It is the loop copyAVX2UTF8
// enters at its first byte >= 0x80, here from src[0].
//
//go:noescape
func copyUTF8AVX2(s *Set, dst, src *byte, n int) int

// copyUTF8AVX512 is copyUTF8AVX2 for any n, with 64-byte vectors, taking
// the Set itself; it writes exactly dst[0:n].
//
//go:noescape
func copyUTF8AVX512(s *Set, dst, src *byte, n int) int

// level is the kernel family copyEntry jumps to: 2 AVX-512, 1 AVX2, 0 the
// portable kernels (through copyGo).
//
//lint:ignore U1000 read by copyEntry in scan_amd64.s.
var level = func() uint8 {
	switch {
	case hasAVX512:
		return 2
	case hasAVX2:
		return 1
	}
	return 0
}()

// copyEntry is Set.Copy's single call: assembly that jumps to the kernel
// for level and the Set (see scan_amd64.s). dst must have room for n+Slack
// bytes.
//
//go:noescape
func copyEntry(s *Set, dst, src *byte, n int) int

// copyGo is where copyEntry jumps for the kernels written in Go: the SWAR
// kernels, on machines without AVX2 (level 0).
//
//lint:ignore U1000 reached from copyEntry in scan_amd64.s.
func copyGo(s *Set, dst, src *byte, n int) int {
	d, b := unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n)
	if s.utf8 && n <= shortUTF8 {
		return s.refine(d, b, copyShortUTF8(s, d, b))
	}
	return s.refine(d, b, copySWAR(s, d, b))
}

// refined512 is copyEntry's row at level AVX-512 for a UTF-8 Set with a
// rune test: copyUTF8AVX512's kernel, which at a stop at a byte >= 0x80
// jumps to refineTail (see scan_amd64.s).
//
//go:noescape
//lint:ignore U1000 reached from copyEntry in scan_amd64.s.
func refined512(s *Set, dst, src *byte, n int) int

// refineTail ends the UTF-8 kernel of level AVX-512 (refined512) or AVX2
// (copyEntry's row for a Set with a rune test) where it stopped at a byte
// >= 0x80 before n, the index passed in AX: refineFrom. Declared for the
// pointer map of its arguments, which the garbage collector reads while
// refineFrom runs.
//
//go:noescape
//lint:ignore U1000 reached from the UTF-8 kernels in scan_amd64.s.
func refineTail(s *Set, dst, src *byte, n int) int

// refineFrom applies the rune test where a UTF-8 kernel stopped under a
// Set with a rune test (through refineTail), at src[k], a byte >= 0x80
// with k < n: Set.copyOn. dst has room for n+Slack bytes.
//
//lint:ignore U1000 called from refineTail in scan_amd64.s.
func refineFrom(s *Set, dst, src *byte, n, k int) int {
	return s.copyOn(unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n), k)
}

// resume is the kernel of this machine's level without the rune test,
// for Set.copyOn; src[0] is a sequence boundary. copyAVX2UTF8 takes a
// non-ASCII src[0] to its UTF-8 loop at once.
func resume(s *Set, dst, src []byte) int {
	switch level {
	case 2:
		return copyUTF8AVX512(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
	case 1:
		return copyAVX2UTF8(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
	}
	return copySWAR(s, dst, src)
}

// kernels lists every kernel this machine can run, dispatch first.
func kernels() []kernel {
	ks := []kernel{{"dispatch", (*Set).Copy}}
	if hasAVX512 {
		ks = append(ks, kernel{"avx512", func(s *Set, dst, src []byte) int {
			_ = dst[len(src)+Slack-1]
			if s.utf8 {
				return copyUTF8AVX512(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}
			return copyAVX512(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
		}})
	}
	if hasAVX2 {
		ks = append(ks, kernel{"avx2", func(s *Set, dst, src []byte) int {
			_ = dst[len(src)+Slack-1]
			if s.utf8 {
				return copyAVX2UTF8(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}
			return copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
		}}, kernel{"avx2-utf8loop", func(s *Set, dst, src []byte) int {
			// The UTF-8 loop from src[0], which the dispatch enters only
			// at a byte >= 0x80: ASCII text and ASCII members go through
			// it too. Under 32 bytes, the AVX2 row as above.
			_ = dst[len(src)+Slack-1]
			if !s.utf8 {
				return copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}
			if len(src) < 32 {
				return copyAVX2UTF8(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}
			return copyUTF8AVX2(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
		}}, kernel{"avx2-short", func(s *Set, dst, src []byte) int {
			// The short UTF-8 kernel up to shortUTF8 bytes for a Set that
			// takes it (Set.short); the AVX2 row beyond and for the rest.
			_ = dst[len(src)+Slack-1]
			if !s.utf8 {
				return copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}
			if len(src) > shortUTF8 || s.short == shortNone {
				return copyAVX2UTF8(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}
			return copyShortUTF8AVX2(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
		}})
	}
	return append(ks, portableKernels...)
}
