package scan

import (
	"strings"
	"testing"
	"unsafe"
)

func BenchmarkEscapeKernels(b *testing.B) {
	plain := NewSet('/')
	utf := NewUTF8Set(nil, '/')
	tab := escapeTable([]byte("/"))
	inputs := map[string]string{
		"ascii1000": strings.Repeat("abcdefghij/klmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_", 15)[:1000],
		"uni100":    strings.Repeat("abc/efghé", 12),
	}
	for name, in := range inputs {
		src := []byte(in)
		src[0] = '/'
		dst := make([]byte, 8*len(src)+EscapeRoom)
		b.Run(name+"/plain", func(b *testing.B) {
			for range b.N {
				escapeAVX512(&plain.nib, tab, unsafe.SliceData(dst), unsafe.SliceData(src), len(src), 1<<20)
			}
		})
		b.Run(name+"/utf8mode2", func(b *testing.B) {
			for range b.N {
				escapeUTF8AVX512(&utf, unsafe.SliceData(dst), unsafe.SliceData(src), len(src), 2, tab, 1<<20)
			}
		})
		b.Run(name+"/go", func(b *testing.B) {
			for range b.N {
				escapeGo(&utf, dst, src, tab)
			}
		})
	}
}
