//go:build gc && !purego

package scan

import (
	"encoding/binary"
	"unsafe"
)

// escapeAVX512 writes src[0:n] to dst as Set.Escape does, for the Set
// whose nibble tables are nib, up to its first byte >= 0x80: it stops
// there, at n, or before an ASCII byte when out-in > lim. It reads only
// src[0:n] (the last vector is a masked load) and writes dst from 0 up to
// out+64 clipped to the bytes Escape allows, each byte a copy of a byte of
// src or of a word of t.
//
//go:noescape
func escapeAVX512(nib *[32]byte, t *[128]Escape, dst, src *byte, n, lim int) (in, out int)

// VectorEscapes reports whether Set.Escape runs a vector kernel on this
// machine (level AVX-512): callers that hold escapeGo's loop inline, to
// save a call on a short string, call Escape only then.
var VectorEscapes = level == 2

// escapeEntry is Set.Escape: escape512 at level AVX-512, else escapeGo.
func escapeEntry(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	if level == 2 {
		return escape512(s, dst, src, t)
	}
	return escapeGo(s, dst, src, t)
}

// escapeUTF8AVX512 is escapeAVX512 for a UTF-8 Set s: the UTF-8 kernel,
// whose stops at ASCII members write their words of t in the same frame.
// mode must be 2 (the kernel's result slot holds its mode). It returns
// the bytes of src taken (in) and the output's lead over them (delta), so
// out = in+delta. It stops at n, before an ASCII member once delta > lim,
// or at a byte >= 0x80 that is a member or that the Set's rune test must
// see (Copy applies it). It reads only src[0:n] and writes dst up to
// n+delta plus one word of t, each byte a copy of a byte of src or of t.
//
//go:noescape
func escapeUTF8AVX512(s *Set, dst, src *byte, n, mode int, t *[128]Escape, lim int) (in, delta int)

// escape512 is Escape at level AVX-512. The ASCII kernel runs first: it
// costs less per escape than the UTF-8 kernel (about 7 against 10 ns per
// escape on ASCII text, AMD Zen 5, BenchmarkEscapeKernels). At its first
// stop at a byte >= 0x80 of a UTF-8 Set the UTF-8 kernel in mode 2 takes
// over, once, and again after each sequence the rune test passes. Where
// the 16 bytes after src[0] hold a byte >= 0x80 (text that is not
// English), the ASCII kernel would stop there at once, and the UTF-8
// kernel starts from src[0].
func escape512(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	lim := len(dst) - len(src) - EscapeRoom
	if len(src) == 0 || src[0] >= 0x80 || lim < 0 {
		return 0, 0
	}
	if !s.utf8 || !nonASCIINear(src) {
		in, out = escapeAVX512(&s.nib, t, unsafe.SliceData(dst), unsafe.SliceData(src), len(src), lim)
	}
	for s.utf8 && in < len(src) && (src[in] >= 0x80 || out-in <= lim) {
		i, d := escapeUTF8AVX512(s, unsafe.SliceData(dst[out:]), unsafe.SliceData(src[in:]), len(src)-in, 2, t, lim-(out-in))
		in += i
		out += i + d
		if in == len(src) || src[in] < 0x80 || s.escapes == nil {
			break
		}
		// A sequence for the rune test: Copy applies it.
		m := s.Copy(dst[out:], src[in:])
		if m == 0 {
			break
		}
		in += m
		out += m
	}
	return in, out
}

// nonASCIINear reports whether src[1:17] (src[1:] if shorter) holds a
// byte >= 0x80; false for len(src) < 9.
func nonASCIINear(src []byte) bool {
	if len(src) < 9 {
		return false
	}
	far := min(len(src)-8, 9)
	return (binary.LittleEndian.Uint64(src[1:])|binary.LittleEndian.Uint64(src[far:]))&0x8080808080808080 != 0
}

// escapeKernels lists Escape's kernels on this machine, dispatch first.
func escapeKernels() []escapeKernel {
	ks := []escapeKernel{{"dispatch", (*Set).Escape}}
	if hasAVX512 {
		ks = append(ks, escapeKernel{"avx512", escape512})
	}
	return append(ks, escapeKernel{"go", escapeGo})
}
