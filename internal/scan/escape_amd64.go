//go:build gc && !purego

package scan

import "unsafe"

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

// escapeAVX2 is Set.Escape at level AVX2 (see escape_amd64.s) for the Set
// whose nib table is nib, up to its first byte >= 0x80: it returns in, the
// bytes of src taken, and delta, what dst got beyond them (out =
// in+delta). It stops at n, at a byte >= 0x80, or before an ASCII member
// once delta > lim (at once for lim < 0). It reads src[0:n] (and for n <
// 32 bytes around it inside the pages of src[0] and src[n-1], never
// stored) and writes dst up to out+39, each byte a copy of a byte of src
// or of a word of t.
//
//go:noescape
func escapeAVX2(nib *[32]byte, dst, src *byte, n int, t *[128]Escape, lim int) (in, delta int)

// VectorEscapes reports whether Set.Escape runs a vector kernel on this
// machine (levels AVX-512 and AVX2): callers that hold escapeGo's loop
// inline, to save a call on a short string, call Escape only then.
var VectorEscapes = level != 0

// escapeEntry is Set.Escape: escape2 at level AVX2, escape512 at level
// AVX-512, escapeGo without a vector level.
func escapeEntry(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	if level == 1 {
		// escape2, inline: a call is a Go frame more per string.
		i, d := escapeAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src), t, len(dst)-len(src)-EscapeRoom)
		if uint(i-1) < uint(len(src)-1) && s.utf8 && src[i] >= 0x80 {
			return escapeOn2(s, dst, src, t, i, i+d)
		}
		return i, i + d
	}
	if level == 2 {
		return escape512(s, dst, src, t)
	}
	return escapeGo(s, dst, src, t)
}

// escape512 is Set.Escape at level AVX-512: one kernel call, and for a
// Set with a rune test one more after each sequence the test passes.
func escape512(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	lim := len(dst) - len(src) - EscapeRoom
	if len(src) == 0 || src[0] >= 0x80 {
		return 0, 0
	}
	i, d, _ := escapeAVX512(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src), 2, t, lim)
	in, out = i, i+d
	if in == len(src) || s.escapes == nil {
		return in, out
	}
	return escapeOn(s, dst, src, t, in, out)
}

// escapeOn is escapeEntry from src[in] and dst[out], where the kernel
// stopped for a Set with a rune test: at a sequence the test must see,
// which Copy passes or stops at, or at an ASCII member past lim.
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

// escape2 is Set.Escape at level AVX2: escapeAVX2 (which returns (0, 0)
// for lim < 0 or src[0] >= 0x80), and for a UTF-8 Set where it stopped at
// a byte >= 0x80 past src[0], escapeOn2. escapeEntry holds the same lines
// inline; this is its row for the kernel tests.
func escape2(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	i, d := escapeAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src), t, len(dst)-len(src)-EscapeRoom)
	if uint(i-1) < uint(len(src)-1) && s.utf8 && src[i] >= 0x80 {
		return escapeOn2(s, dst, src, t, i, i+d)
	}
	return i, i + d
}

// escapeOn2 is Set.Escape at level AVX2 from src[in], a byte >= 0x80 of
// a UTF-8 Set where escapeAVX2 stopped with dst[:out] written: Copy from
// there (which passes valid text, applies the rune test, and stops at a
// member), then escapeAVX2 again after the run Copy passed, while Copy
// passes something and stops at an ASCII byte. Copy has its room: out-in
// <= lim+7 < len(dst)-len(src)-Slack.
func escapeOn2(s *Set, dst, src []byte, t *[128]Escape, in, out int) (int, int) {
	lim := len(dst) - len(src) - EscapeRoom
	for src[in] >= 0x80 {
		m := s.Copy(dst[out:], src[in:])
		if m == 0 {
			break
		}
		in += m
		out += m
		if in == len(src) {
			break
		}
		i, d := escapeAVX2(&s.nib, unsafe.SliceData(dst[out:]), unsafe.SliceData(src[in:]), len(src)-in, t, lim-(out-in))
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
		ks = append(ks, escapeKernel{"avx2", escape2})
	}
	return append(ks, escapeKernel{"go", escapeGo})
}
