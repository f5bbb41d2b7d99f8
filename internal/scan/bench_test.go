package scan

import (
	"fmt"
	"testing"
	"unicode/utf8"
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

// utf8Text returns n bytes of one content kind, cut back to a sequence
// boundary: ascii (benchText), latin (benchText with 'é' every tenth
// character), cjk (all 3-byte), emoji (all 4-byte).
func utf8Text(content string, n int) []byte {
	var b []byte
	switch content {
	case "ascii":
		return benchText(n)
	case "latin":
		a := benchText(n)
		for i := 0; len(b) < n; i++ {
			if i%10 == 9 {
				b = append(b, "\u00e9"...)
			} else {
				b = append(b, a[i%len(a)])
			}
		}
	case "cjk":
		for i := 0; len(b) < n; i++ {
			b = utf8.AppendRune(b, rune(0x4e00+i*37%0x5000))
		}
	case "emoji":
		for i := 0; len(b) < n; i++ {
			b = utf8.AppendRune(b, rune(0x1f600+i%64))
		}
	}
	for len(b) > n {
		_, size := utf8.DecodeLastRune(b)
		b = b[:len(b)-size]
	}
	return b
}

var utf8Contents = []string{"ascii", "latin", "cjk", "emoji"}

// BenchmarkCopy runs each kernel over clean text to its end; memmove is the
// floor (a copy of the same bytes). The set utf8 is NewUTF8Set(nil) over
// each content kind; then every plain set over ASCII.
func BenchmarkCopy(b *testing.B) {
	for _, k := range append(kernels(), kernel{name: "memmove"}) {
		s := NewUTF8Set(nil)
		for _, content := range utf8Contents {
			for _, n := range benchLens {
				src := utf8Text(content, n)
				dst := make([]byte, n+Slack)
				b.Run(fmt.Sprintf("kernel=%s/set=utf8/content=%s/len=%d", k.name, content, n), func(b *testing.B) {
					benchCopy(b, k, &s, dst, src)
				})
			}
		}
	}
	benchmarkCopyASCII(b)
}

func benchmarkCopyASCII(b *testing.B) {
	for _, k := range append(kernels(), kernel{name: "memmove"}) {
		for _, bs := range benchSets {
			s := NewSet(bs.extra...)
			for _, n := range benchLens {
				src := benchText(n)
				dst := make([]byte, n+Slack)
				b.Run(fmt.Sprintf("kernel=%s/set=%s/len=%d", k.name, bs.name, n), func(b *testing.B) {
					benchCopy(b, k, &s, dst, src)
				})
			}
			if k.copy == nil {
				break
			}
		}
	}
}

// benchCopy runs k's Copy of src to dst, or for the kernel memmove (no
// copy function) the builtin copy.
func benchCopy(b *testing.B, k kernel, s *Set, dst, src []byte) {
	b.SetBytes(int64(len(src)))
	if k.copy == nil {
		for b.Loop() {
			sink += copy(dst, src)
		}
		return
	}
	for b.Loop() {
		sink += k.copy(s, dst, src)
	}
}
