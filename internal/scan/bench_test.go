package scan

import (
	"fmt"
	"testing"
)

// benchSets are the escaping modes jgen uses, one per kernel kind.
var benchSets = []struct {
	name  string
	extra []byte
}{
	{"minimal", nil},
	{"slash", []byte("/")},
	{"html", []byte("<>&")},
	{"table", []byte("<>&'/~")},
}

var benchLens = []int{12, 100, 1000, 10000}

// benchText is clean ASCII from the benchmark alphabet of DESIGN §6 less
// '/', which some sets contain.
func benchText(n int) []byte {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[(i*13+i/7)%len(alphabet)]
	}
	return b
}

var sink int

// BenchmarkIndex scans clean ASCII to the end with each kernel; memmove is
// the floor (a copy of the same bytes), for comparison with Copy.
func BenchmarkIndex(b *testing.B) {
	for _, k := range append(kernels(), kernel{name: "memmove"}) {
		for _, bs := range benchSets {
			s := NewSet(bs.extra...)
			for _, n := range benchLens {
				src := benchText(n)
				dst := make([]byte, n+Slack)
				b.Run(fmt.Sprintf("kernel=%s/set=%s/len=%d", k.name, bs.name, n), func(b *testing.B) {
					b.SetBytes(int64(n))
					if k.index == nil {
						for b.Loop() {
							sink += copy(dst, src)
						}
						return
					}
					for b.Loop() {
						sink += k.index(&s, src)
					}
				})
			}
			if k.index == nil {
				break
			}
		}
	}
}

// BenchmarkCopy is BenchmarkIndex for the fused scan and copy.
func BenchmarkCopy(b *testing.B) {
	for _, k := range append(kernels(), kernel{name: "memmove"}) {
		for _, bs := range benchSets {
			s := NewSet(bs.extra...)
			for _, n := range benchLens {
				src := benchText(n)
				dst := make([]byte, n+Slack)
				b.Run(fmt.Sprintf("kernel=%s/set=%s/len=%d", k.name, bs.name, n), func(b *testing.B) {
					b.SetBytes(int64(n))
					if k.copy == nil {
						for b.Loop() {
							sink += copy(dst, src)
						}
						return
					}
					for b.Loop() {
						sink += k.copy(&s, dst, src)
					}
				})
			}
			if k.copy == nil {
				break
			}
		}
	}
}
