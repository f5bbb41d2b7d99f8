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

// indexUTF8ShortAVX2 returns the index of the first member of p[0:n] for a
// UTF-8 Set with the nibble tables nib and stop, or n, for 0 < n < 32 only;
// p[0] is a sequence boundary. It reads 32 bytes in the page of p[0] or of
// p[n-1]; see scan_amd64.s.
//
//go:noescape
func indexUTF8ShortAVX2(nib, stop *[32]byte, p *byte, n int) int

// copyUTF8AVX2 copies the longest prefix of src[0:n] with no member of a
// UTF-8 Set to dst and returns its length, for n >= 32 only (it returns 0
// for n < 32); src[0] is a sequence boundary. It writes only dst[0:n], each
// byte a copy of src's at the same index.
//
//go:noescape
func copyUTF8AVX2(nib, stop *[32]byte, dst, src *byte, n int) int

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
// kernels on machines without AVX2 (level 0), and on AVX2 an input of
// 4 GiB or more whose UTF-8 Set scan stops at a byte >= 0x80, whose length
// and stop copyAVX2core cannot pack into copyGoFrom's argument.
//
//lint:ignore U1000 reached from copyEntry and copyAVX2core in scan_amd64.s.
func copyGo(s *Set, dst, src *byte, n int) int {
	d, b := unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n)
	if level != 0 {
		return s.refine(d, b, copyUTF8Vec(s, d, b))
	}
	return s.refine(d, b, copySWAR(s, d, b))
}

// copyRefined512 is where copyEntry jumps for a UTF-8 Set with a rune test
// (Set.escapes) at level AVX-512: copyUTF8AVX512, then the rune test.
//
//lint:ignore U1000 reached from copyEntry in scan_amd64.s.
func copyRefined512(s *Set, dst, src *byte, n int) int {
	d, b := unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n)
	return s.refine(d, b, copyUTF8AVX512(s, dst, src, n))
}

// resume is the kernel of this machine's level without the rune test,
// for Set.copyOn; src[0] is a sequence boundary.
func resume(s *Set, dst, src []byte) int {
	switch level {
	case 2:
		return copyUTF8AVX512(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
	case 1:
		i := 0 // non-ASCII first (CJK after a symbol): the UTF-8 kernel at once
		if src[0] < 0x80 {
			i = copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
		}
		return copyUTF8Kernel(s, dst, src, i)
	}
	return copySWAR(s, dst, src)
}

// copyGoFrom continues a UTF-8 Set's Copy whose AVX2 ASCII run stopped at a
// byte >= 0x80 at i. ni is n | i<<32, for n < 1<<32: copyAVX2core reaches
// copyGoFrom with a jump, which reuses copyEntry's argument frame (s, dst,
// src, n and the result) and has no word for i, so i rides in n's word.
//
//lint:ignore U1000 reached from copyAVX2core in scan_amd64.s.
func copyGoFrom(s *Set, dst, src *byte, ni int) int {
	n, i := ni&(1<<32-1), ni>>32
	if s.escapes != nil {
		d, b := unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n)
		return s.refine(d, b, copyUTF8From(s, d, b, i))
	}
	return copyUTF8From(s, unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n), i)
}

// copyUTF8Vec is the AVX2 Copy of a UTF-8 Set: the ASCII kernel first, up
// to the first byte >= 0x80 or ASCII member, so that ASCII runs go at its
// speed and a short ASCII string costs what it costs a plain Set; then the
// UTF-8 kernel. AVX-512 needs no such split: copyUTF8AVX512 has the ASCII
// loop inside.
func copyUTF8Vec(s *Set, dst, src []byte) int {
	_ = dst[len(src)+Slack-1]
	i := copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
	return copyUTF8From(s, dst, src, i)
}

// copyUTF8From continues a UTF-8 Set's Copy at src[i], where the ASCII
// kernel stopped: it returns i at once unless src[i] is non-ASCII, so the
// common all-ASCII string pays one comparison for UTF-8 support. Since
// src[:i] is ASCII, every index up to i is a sequence boundary: the AVX2
// kernel, which needs 32 bytes, starts at min(i, n-32) and returns the
// exact answer. Inputs under 32 bytes take indexUTF8ShortAVX2, and copy
// moves the clean bytes after i.
func copyUTF8From(s *Set, dst, src []byte, i int) int {
	n := len(src)
	if i == n || src[i] < 0x80 {
		return i
	}
	if n >= 32 {
		st := min(i, n-32)
		return st + copyUTF8AVX2(&s.nib, &s.stop, unsafe.SliceData(dst[st:]), unsafe.SliceData(src[st:]), n-st)
	}
	r := indexUTF8ShortAVX2(&s.nib, &s.stop, unsafe.SliceData(src), n)
	copy(dst[i:r], src[i:r])
	return r
}

// copyUTF8Kernel is copyUTF8From from a sequence boundary i of src that
// need not follow ASCII: resume's AVX2 kernel.
func copyUTF8Kernel(s *Set, dst, src []byte, i int) int {
	n := len(src)
	if i == n || src[i] < 0x80 {
		return i
	}
	if n-i >= 32 {
		return i + copyUTF8AVX2(&s.nib, &s.stop, unsafe.SliceData(dst[i:]), unsafe.SliceData(src[i:]), n-i)
	}
	r := i + indexUTF8ShortAVX2(&s.nib, &s.stop, unsafe.SliceData(src[i:]), n-i)
	copy(dst[i:r], src[i:r])
	return r
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
				return copyUTF8Vec(s, dst, src)
			}
			return copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
		}})
	}
	return append(ks, portableKernels...)
}
