//go:build !amd64 || purego

package scan

import "unsafe"

func copyEntry(s *Set, dst, src *byte, n int) int {
	return copySWAR(s, unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n))
}

func indexEntry(s *Set, p *byte, n int) int { return indexSWAR(s, unsafe.Slice(p, n)) }

func index(s *Set, b []byte) int { return indexSWAR(s, b) }

func copyClean(s *Set, dst, src []byte) int { return copySWAR(s, dst, src) }

// kernels lists every kernel this build can run, dispatch first.
func kernels() []kernel {
	return append([]kernel{{"dispatch", (*Set).Index, (*Set).Copy}}, portableKernels...)
}
