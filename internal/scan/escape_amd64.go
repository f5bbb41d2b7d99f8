//go:build gc && !purego

package scan

import "unsafe"

// escapeAVX512 writes src[0:n] to dst as Set.Escape does, for the Set
// whose nibble tables are nib, up to its first byte >= 0x80: it stops
// there, at n, or before an ASCII byte when out-in > lim. It reads only
// src[0:n] (the last vector is a masked load) and writes dst from 0 up to
// out+64 clipped to the bytes Escape allows, each byte a copy of a byte of
// src or of a word of t.
//
//go:noescape
func escapeAVX512(nib *[32]byte, t *[128]Escape, dst, src *byte, n, lim int) (in, out int)

// escapeEntry is Set.Escape: escape512 at level AVX-512, else escapeGo.
func escapeEntry(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	if level == 2 {
		return escape512(s, dst, src, t)
	}
	return escapeGo(s, dst, src, t)
}

// escape512 runs escapeAVX512 until a byte >= 0x80; for a UTF-8 Set, Copy
// then passes the valid sequences from there, and the kernel goes on from
// where Copy stopped.
func escape512(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	_ = dst[len(src)+EscapeRoom-1] // the contract escapeAVX512's writes rely on
	lim := len(dst) - len(src) - EscapeRoom
	for in < len(src) && src[in] < 0x80 && out-in <= lim {
		i, o := escapeAVX512(&s.nib, t, unsafe.SliceData(dst[out:]), unsafe.SliceData(src[in:]), len(src)-in, lim-(out-in))
		in += i
		out += o
		if in == len(src) || src[in] < 0x80 || !s.utf8 {
			break
		}
		m := s.Copy(dst[out:], src[in:])
		if m == 0 {
			break
		}
		in += m
		out += m
	}
	return in, out
}

// escapeKernels lists Escape's kernels on this machine, dispatch first.
func escapeKernels() []escapeKernel {
	ks := []escapeKernel{{"dispatch", (*Set).Escape}}
	if hasAVX512 {
		ks = append(ks, escapeKernel{"avx512", escape512})
	}
	return append(ks, escapeKernel{"go", escapeGo})
}
