//go:build !amd64 || !gc || purego

package scan

import "unsafe"

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

// LongEscapes reports whether CopyEscapeLong has a kernel: never in this
// build.
const LongEscapes = false

// copyEscapeLong is CopyEscapeLong's kernel: the portable twin.
func copyEscapeLong(x *EscapeSet, dst, src *byte, n int) (in, delta int) {
	return copyEscapeLongGo(x, unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n))
}

// longKernels lists CopyEscapeLong's kernels in this build, for the tests.
func longKernels() []longKernel {
	return []longKernel{{"go", copyEscapeLongGo}}
}
