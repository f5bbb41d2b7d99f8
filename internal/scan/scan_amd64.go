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
// which must have room for max(n, 16) bytes.
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

func index(s *Set, b []byte) int {
	if s.utf8 {
		return indexUTF8SWAR(s, b)
	}
	switch {
	case hasAVX512:
		return indexAVX512(&s.nib, unsafe.SliceData(b), len(b))
	case hasAVX2:
		return indexAVX2(&s.nib, unsafe.SliceData(b), len(b))
	}
	return indexSWAR(s, b)
}

func copyClean(s *Set, dst, src []byte) int {
	_ = dst[len(src)+Slack-1]
	if s.utf8 {
		return copyUTF8SWAR(s, dst, src)
	}
	switch {
	case hasAVX512:
		return copyAVX512(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
	case hasAVX2:
		return copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
	}
	return copySWAR(s, dst, src)
}

// kernels lists every kernel this machine can run, dispatch first.
func kernels() []kernel {
	ks := []kernel{{"dispatch", index, copyClean}}
	if hasAVX512 {
		ks = append(ks, kernel{"avx512",
			func(s *Set, b []byte) int {
				if s.utf8 {
					return indexUTF8SWAR(s, b)
				}
				return indexAVX512(&s.nib, unsafe.SliceData(b), len(b))
			},
			func(s *Set, dst, src []byte) int {
				_ = dst[len(src)+Slack-1]
				if s.utf8 {
					return copyUTF8SWAR(s, dst, src)
				}
				return copyAVX512(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}})
	}
	if hasAVX2 {
		ks = append(ks, kernel{"avx2",
			func(s *Set, b []byte) int {
				if s.utf8 {
					return indexUTF8SWAR(s, b)
				}
				return indexAVX2(&s.nib, unsafe.SliceData(b), len(b))
			},
			func(s *Set, dst, src []byte) int {
				_ = dst[len(src)+Slack-1]
				if s.utf8 {
					return copyUTF8SWAR(s, dst, src)
				}
				return copyAVX2(&s.nib, unsafe.SliceData(dst), unsafe.SliceData(src), len(src))
			}})
	}
	return append(ks, portableKernels...)
}
