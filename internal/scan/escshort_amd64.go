//go:build gc && !purego

package scan

// escapeShort is CopyEscapeTo's kernel (short_amd64.s), for n <=
// ShortEscape and a Set whose Set.short is not shortNone (which it does
// not check): CopyEscapeTo's (in, out).
//
//go:noescape
func escapeShort(s *Set, dst, src *byte, n int, t *[128]Escape) (in, out int)
