//go:build !purego

package scan

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The amd64 kernels are chosen once, at init, from the CPU's features;
// GODEBUG=cpu.avx512f=off (honoured by x/sys/cpu) forces AVX2, and the
// purego build tag removes this file. BMI1/BMI2 (TZCNT, SHLX, BZHI) come
// with every AVX2 CPU but are checked all the same.
//
// Why they exist, measured on the shared 2-vCPU Zen 5 dev machine
// (BenchmarkIndex, clean ASCII, benchstat of 6 runs; absolute numbers moved
// 1.5x between runs with the machine's load, ratios held):
//
//	GiB/s   avx512   avx2    swar    per-byte  memmove
//	len=12  1.0-1.5  0.9-1.2 0.5-0.9 0.3-0.6   0.9-2.0
//	1000    31-48    19-24   2.5     0.4-0.8   23-31
//	10000   35-52    19-24   2.5     0.4-0.8   39-41
//
// so AVX-512 scans as fast as memmove copies, AVX2 at about half of that,
// both 8-20x SWAR. callgrind: AVX2 0.37 instructions per byte at 1000
// bytes (SWAR 2.5). The same kernel serves every set at the same speed.
// The SIMD kernels also take the short strings: a direct ABI0 call costs
// less than SWAR's loads and constants: 6.5 ns against 8-15 ns per call at
// 3, 7, 12 and 24 bytes, and 62 against 92 instructions per 12-byte call
// under callgrind (benchmark loop included).
//
// UTF-8 Sets (NewUTF8Set) pass valid non-ASCII text through after SIMD
// validation. On AVX-512 one kernel (copyUTF8AVX512) takes the whole
// string, ASCII runs at the ASCII kernel's speed; on AVX2 the ASCII kernel
// runs first and hands a stop at a byte >= 0x80 to the UTF-8 kernel.
// BenchmarkCopy, text with 'e-acute' every 10th character, 1000 bytes:
// AVX-512 8.6 GiB/s when each vector waited for the last one's result to
// know where to start, 15 GiB/s now that vectors start every 64 bytes (12
// bytes: 18.9 -> 10.6 ns); AVX2 8.5 GiB/s; SWAR ~1.2. callgrind AVX2 1.5
// instructions per byte (ASCII 0.49).
//
// Set.Copy and Set.Index inline into their callers and make one ABI0 call,
// copyEntry or indexEntry, which jumps to the kernel; the Go dispatch they
// replaced cost ~40 of a 12-byte string's ~200 instructions (callgrind,
// generator benchmark: 199 -> 185 per string; BenchmarkWriteString append
// minimal, AVX-512: ascii -15/-10/-5%, escaped -17/-14/-5%, unicode
// -41/-47/-60% at 12/100/1000 runes).
var (
	hasAVX2   = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	hasAVX512 = hasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL
)

// indexAVX2 returns the index of the first member of p[0:n] in the Set
// whose nibble tables are nib, or n. See scan_amd64.s for what it reads.
//
//go:noescape
func indexAVX2(nib *[32]byte, p *byte, n int) int

// copyAVX2 is indexAVX2 fused with the copy of the clean prefix to dst,
// which must have room for max(n, 16) bytes. Every byte it stores is a
// byte of src[0:n]: for n < 16, dst[n:16] repeats src[n-1].
//
//go:noescape
func copyAVX2(nib *[32]byte, dst, src *byte, n int) int

// indexAVX512 is indexAVX2 with 64-byte vectors and masked tail loads.
//
//go:noescape
func indexAVX512(nib *[32]byte, p *byte, n int) int

// copyAVX512 is copyAVX2 with 64-byte vectors and masked tails; it writes
// exactly dst[0:n].
//
//go:noescape
func copyAVX512(nib *[32]byte, dst, src *byte, n int) int

// indexUTF8AVX2 returns the index of the first member of p[0:n] for a UTF-8
// Set, or n, where p[0] is a sequence boundary; see scan_amd64.s.
//
//go:noescape
func indexUTF8AVX2(nib, stop *[32]byte, p *byte, n int) int

// copyUTF8AVX2 is indexUTF8AVX2 fused with the copy of src[0:i] to dst,
// for n >= 32 only (it returns 0 for n < 32). It writes only dst[0:n],
// each byte a copy of src's at the same index.
//
//go:noescape
func copyUTF8AVX2(nib, stop *[32]byte, dst, src *byte, n int) int

// indexUTF8AVX512 returns the index of the first member of p[0:n] for the
// UTF-8 Set s, or n, where p[0] is a sequence boundary; see scan_amd64.s.
//
//go:noescape
func indexUTF8AVX512(s *Set, p *byte, n int) int

// copyUTF8AVX512 is indexUTF8AVX512 fused with the copy of src[0:i] to dst;
// it writes exactly dst[0:n].
//
//go:noescape
func copyUTF8AVX512(s *Set, dst, src *byte, n int) int

// level is the kernel family copyEntry and indexEntry jump to: 2 AVX-512,
// 1 AVX2, 0 the portable kernels (through copyGo and indexGo).
//
//lint:ignore U1000 read by copyEntry and indexEntry in scan_amd64.s.
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

// indexEntry is Set.Index's single call, as copyEntry.
//
//go:noescape
func indexEntry(s *Set, p *byte, n int) int

// copyGo is where copyEntry jumps for the kernels written in Go: the SWAR
// kernels on machines without AVX2 (level 0), and on AVX2 a UTF-8 Set,
// whose ASCII kernel stop at a byte >= 0x80 continues in the UTF-8 kernel
// (copyAVX2core passes its stop to copyGoFrom instead, but for inputs of
// 4 GiB or more).
//
//lint:ignore U1000 reached from copyEntry in scan_amd64.s.
func copyGo(s *Set, dst, src *byte, n int) int {
	d, b := unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n)
	switch {
	case level != 0:
		return copyUTF8Vec(s, d, b)
	case s.utf8:
		return copyUTF8SWAR(s, d, b)
	}
	return copySWAR(s, d, b)
}

// copyGoFrom is copyGo for a UTF-8 Set whose AVX2 ASCII scan stopped at a
// byte >= 0x80 at i: ni is n | i<<32 (copyAVX2core passes it so only for
// n < 1<<32).
//
//lint:ignore U1000 reached from copyAVX2core in scan_amd64.s.
func copyGoFrom(s *Set, dst, src *byte, ni int) int {
	n, i := ni&(1<<32-1), ni>>32
	return copyUTF8From(s, unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n), i)
}

// indexGoFrom is copyGoFrom for indexEntry.
//
//lint:ignore U1000 reached from indexAVX2core in scan_amd64.s.
func indexGoFrom(s *Set, p *byte, ni int) int {
	n, i := ni&(1<<32-1), ni>>32
	return indexUTF8From(s, unsafe.Slice(p, n), i)
}

// indexGo is copyGo for indexEntry.
//
//lint:ignore U1000 reached from indexEntry in scan_amd64.s.
func indexGo(s *Set, p *byte, n int) int {
	b := unsafe.Slice(p, n)
	switch {
	case level != 0:
		return indexUTF8Vec(s, b)
	case s.utf8:
		return indexUTF8SWAR(s, b)
	}
	return indexSWAR(s, b)
}

// utf8Tables are the three validation lookups of the UTF-8 vector kernels,
// indexed by the previous byte's high nibble, its low nibble and the current
// byte's high nibble. Each bit stands for one kind of invalid pair, so the
// AND of the three is nonzero exactly for those pairs; the bits are those of
// simdjson's lookup algorithm (Keiser and Lemire, "Validating UTF-8 in less
// than one instruction per byte", 2021), which also flag every byte no
// valid sequence starts with (C0, C1, F5..FF) at the byte after it.
//
//lint:ignore U1000 read by the assembly kernels (·utf8Tables).
var utf8Tables = func() (t [48]byte) {
	type nibs struct{ lo, hi int }
	errs := []struct {
		bit        byte
		h1, l1, h2 nibs
	}{
		{1 << 0, nibs{0xc, 0xf}, nibs{0, 15}, nibs{0, 7}},        // lead, then no continuation
		{1 << 0, nibs{0xc, 0xf}, nibs{0, 15}, nibs{0xc, 0xf}},    // (same bit, same h1/l1 rows)
		{1 << 1, nibs{0, 7}, nibs{0, 15}, nibs{8, 0xb}},          // continuation after ASCII
		{1 << 2, nibs{0xe, 0xe}, nibs{0, 0}, nibs{8, 9}},         // E0 80..9F: overlong
		{1 << 3, nibs{0xf, 0xf}, nibs{4, 0xf}, nibs{9, 0xb}},     // F4..FF 90..BF: above U+10FFFF
		{1 << 4, nibs{0xe, 0xe}, nibs{0xd, 0xd}, nibs{0xa, 0xb}}, // ED A0..BF: surrogate
		{1 << 5, nibs{0xc, 0xc}, nibs{0, 1}, nibs{8, 0xb}},       // C0, C1: overlong
		{1 << 6, nibs{0xf, 0xf}, nibs{0, 0}, nibs{8, 8}},         // F0 80..8F: overlong
		{1 << 6, nibs{0xf, 0xf}, nibs{5, 0xf}, nibs{8, 8}},       // F5..FF 80..8F: above U+10FFFF
		{1 << 7, nibs{8, 0xb}, nibs{0, 15}, nibs{8, 0xb}},        // continuation after continuation
	}
	for _, e := range errs {
		for h := e.h1.lo; h <= e.h1.hi; h++ {
			t[h] |= e.bit
		}
		for l := e.l1.lo; l <= e.l1.hi; l++ {
			t[16+l] |= e.bit
		}
		for h := e.h2.lo; h <= e.h2.hi; h++ {
			t[32+h] |= e.bit
		}
	}
	return t
}()

// indexUTF8Vec runs the ASCII kernel, then the UTF-8 kernel (AVX2).
//
// The ASCII kernel runs first, up to the first byte >= 0x80 or ASCII
// member: it is the fastest path for ASCII runs and costs a short string
// what a plain Set costs (callgrind, 12-byte Copy with the benchmark loop:
// 255 instructions through the UTF-8 path alone, 110 with this prefix;
// a plain Set 90).
//
// Only the AVX2 path uses it: AVX-512 runs copyUTF8AVX512/indexUTF8AVX512,
// which find the exact position in the vector and need no window.
func indexUTF8Vec(s *Set, b []byte) int {
	i := indexAVX2(&s.nib, unsafe.SliceData(b), len(b))
	return indexUTF8From(s, b, i)
}

// indexUTF8From continues a UTF-8 Set's scan at b[i], where the ASCII
// kernel stopped: it returns i at once unless b[i] is non-ASCII, so the
// common all-ASCII string pays one comparison for UTF-8 support. Since
// b[:i] is ASCII, every index up to i is a sequence boundary: the AVX2
// kernel, which needs 32 bytes, starts at min(i, n-32) and returns the
// exact answer. Inputs under 32 bytes take its one-vector path (a Copy
// then moves the clean bytes after i with copy).
func indexUTF8From(s *Set, b []byte, i int) int {
	n := len(b)
	if i == n || b[i] < 0x80 {
		return i
	}
	st := max(min(i, n-32), 0)
	return st + indexUTF8AVX2(&s.nib, &s.stop, unsafe.SliceData(b[st:]), n-st)
}

func copyUTF8Vec(s *Set, dst, src []byte) int {
	_ = dst[len(src)+Slack-1]
	i := copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
	return copyUTF8From(s, dst, src, i)
}

// copyUTF8From is indexUTF8From for Copy.
func copyUTF8From(s *Set, dst, src []byte, i int) int {
	n := len(src)
	if i == n || src[i] < 0x80 {
		return i
	}
	if n >= 32 {
		st := min(i, n-32)
		return st + copyUTF8AVX2(&s.nib, &s.stop, unsafe.SliceData(dst[st:]), unsafe.SliceData(src[st:]), n-st)
	}
	r := indexUTF8AVX2(&s.nib, &s.stop, unsafe.SliceData(src), n)
	copy(dst[i:r], src[i:r])
	return r
}

// kernels lists every kernel this machine can run, dispatch first.
func kernels() []kernel {
	ks := []kernel{{"dispatch", (*Set).Index, (*Set).Copy}}
	if hasAVX512 {
		ks = append(ks, kernel{"avx512",
			func(s *Set, b []byte) int {
				if s.utf8 {
					return indexUTF8AVX512(s, unsafe.SliceData(b), len(b))
				}
				return indexAVX512(&s.nib, unsafe.SliceData(b), len(b))
			},
			func(s *Set, dst, src []byte) int {
				_ = dst[len(src)+Slack-1]
				if s.utf8 {
					return copyUTF8AVX512(s, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
				}
				return copyAVX512(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}})
	}
	if hasAVX2 {
		ks = append(ks, kernel{"avx2",
			func(s *Set, b []byte) int {
				if s.utf8 {
					return indexUTF8Vec(s, b)
				}
				return indexAVX2(&s.nib, unsafe.SliceData(b), len(b))
			},
			func(s *Set, dst, src []byte) int {
				_ = dst[len(src)+Slack-1]
				if s.utf8 {
					return copyUTF8Vec(s, dst, src)
				}
				return copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}})
	}
	return append(ks, portableKernels...)
}
