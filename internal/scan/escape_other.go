//go:build !amd64 || !gc || purego

package scan

// escapeEntry is Set.Escape: the portable kernel.
func escapeEntry(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	return escapeGo(s, dst, src, t)
}

// escapeKernels lists Escape's kernels in this build, dispatch first.
func escapeKernels() []escapeKernel {
	return []escapeKernel{{"dispatch", (*Set).Escape}, {"go", escapeGo}}
}
