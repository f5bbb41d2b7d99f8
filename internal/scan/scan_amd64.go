//go:build !purego

package scan

func index(s *Set, b []byte) int { return indexSWAR(s, b) }

func copyClean(s *Set, dst, src []byte) int { return copySWAR(s, dst, src) }

// kernels lists every kernel this build can run, dispatch first.
func kernels() []kernel {
	return append([]kernel{{"dispatch", index, copyClean}}, portableKernels...)
}
