//go:build gc && !purego

package scan

// copyShortUTF8AVX2 is the short UTF-8 kernel (short_amd64.s): Copy of
// the UTF-8 Set s for 0 <= n <= 16, in one XMM register, without the rune
// test unless the Set is under Set.sepVec (then exact with it). dst must
// have room for 16 bytes; every byte it stores is a byte of src[0:n].
// copyEntry reaches its body (shortUTF8AVX2) for n <= shortUTF8 and a
// Set whose Set.short is not shortNone.
//
//go:noescape
func copyShortUTF8AVX2(s *Set, dst, src *byte, n int) int

// shortUTF8AVX2 and shortLeadsAVX2 are copyShortUTF8AVX2 for a Set
// whose Set.short is shortPlain, and for the modes above it, reached by a
// jump with the Set in AX, from copyEntry. Declared for the frame check
// of go vet.
//
//go:noescape
//lint:ignore U1000 reached from copyEntry in scan_amd64.s.
func shortUTF8AVX2(s *Set, dst, src *byte, n int) int

//go:noescape
//lint:ignore U1000 reached from copyEntry in scan_amd64.s.
func shortLeadsAVX2(s *Set, dst, src *byte, n int) int

// hasShortUTF8 reports whether copyEntry takes the short UTF-8 kernel
// (Set.short): at levels AVX2 and AVX-512.
var hasShortUTF8 = hasAVX2
