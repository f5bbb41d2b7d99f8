//go:build !amd64 || purego

package scan

import "unsafe"

// copyEntry and indexEntry are Set.Copy's and Set.Index's one call: the
// SWAR kernels here (the amd64 build jumps to SIMD kernels in assembly).
func copyEntry(s *Set, dst, src *byte, n int) int {
	return copySWAR(s, unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n))
}

func indexEntry(s *Set, p *byte, n int) int { return indexSWAR(s, unsafe.Slice(p, n)) }

// kernels lists every kernel this build can run, dispatch first.
func kernels() []kernel {
	return append([]kernel{{"dispatch", (*Set).Index, (*Set).Copy}}, portableKernels...)
}
