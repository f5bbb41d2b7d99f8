//go:build !amd64 || !gc || purego

package scan

// VectorEscapes reports whether Set.Escape runs a vector kernel: never in
// this build.
const VectorEscapes = false

// escapeEntry is Set.Escape: the portable kernel.
func escapeEntry(s *Set, dst, src []byte, t *[128]Escape) (in, out int) {
	return escapeGo(s, dst, src, t)
}

// escapeKernels lists Escape's kernels in this build, dispatch first.
func escapeKernels() []escapeKernel {
	return []escapeKernel{{"dispatch", (*Set).Escape}, {"short-go", escapeViaShort(escapeShortGo, false)}, {"go", escapeGo}}
}
