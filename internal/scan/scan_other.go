//go:build !amd64 || !gc || purego

package scan

import "unsafe"

// copyEntry is Set.Copy's one call: the SWAR kernels, and for a UTF-8
// Set up to shortUTF8 bytes copyShortUTF8 (the amd64 gc build jumps to
// SIMD kernels in assembly instead).
func copyEntry(s *Set, dst, src *byte, n int) int {
	d, b := unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n)
	if s.utf8 && n <= shortUTF8 {
		return s.refine(d, b, copyShortUTF8(s, d, b))
	}
	return s.refine(d, b, copySWAR(s, d, b))
}

// resume is the kernel without the rune test, for Set.copyOn.
func resume(s *Set, dst, src []byte) int { return copySWAR(s, dst, src) }

// kernels lists every kernel this build can run, dispatch first.
func kernels() []kernel {
	return append([]kernel{{"dispatch", (*Set).Copy}}, portableKernels...)
}

// hasShortUTF8: the portable build has no short UTF-8 kernel of its own
// in copyEntry (Set.short stays shortNone).
const hasShortUTF8 = false
