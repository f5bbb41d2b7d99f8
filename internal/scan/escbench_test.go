package scan

import (
	"strings"
	"testing"
)

// BenchmarkEscapeKernels times each Escape kernel of this machine on text
// dense in escapes ('/' under a set that escapes it, as EscapeSlash does):
// ASCII, and Latin text with an é every nine bytes.
func BenchmarkEscapeKernels(b *testing.B) {
	sets := map[string]Set{"plain": NewSet('/'), "utf8": NewUTF8Set(nil, '/')}
	tab := escapeTable([]byte("/"))
	inputs := []struct{ name, text string }{
		{"ascii1000", strings.Repeat("abcdefghij/klmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_", 15)[:1000]},
		{"latin108", strings.Repeat("abc/efgh\u00e9", 12)},
	}
	for _, in := range inputs {
		src := []byte(in.text)
		src[0] = '/'
		dst := make([]byte, 8*len(src)+EscapeRoom)
		for _, setName := range []string{"plain", "utf8"} {
			s := sets[setName]
			for _, k := range escapeKernels() {
				b.Run(in.name+"/"+setName+"/"+k.name, func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					for range b.N {
						k.escape(&s, dst, src, tab)
					}
				})
			}
		}
	}
}
