//go:build !amd64 || !gc || purego

package scan

import "unsafe"

// escapeShort is CopyEscapeTo's kernel: the portable twin, though no Set
// of this build takes it (Set.short is always shortNone).
func escapeShort(s *Set, dst, src *byte, n int, t *[128]Escape) (in, out int) {
	return escapeShortGo(s, unsafe.Slice(dst, n+Slack), unsafe.Slice(src, n), t)
}
