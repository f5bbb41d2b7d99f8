package jgen_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSmallPlainMaps: maps of string keys to strings and ints, at and
// around the size up to which the encoder sorts them on the stack (8
// entries), with keys that share prefixes, differ in case, are empty,
// non-ASCII, HTML-significant or invalid UTF-8, are written as
// encoding/json writes them: at the root, as a struct member and as
// elements of a slice.
func TestSmallPlainMaps(t *testing.T) {
	keys := []string{"", "a", "ab", "abc", "b", "B", "Z", "é", "e\u0301", "<x>", "a&b", "\xff", "\xfe", "\uFFFD", "size", "grind", "roast", "z\xff", "\u2028"}
	r := rand.New(rand.NewPCG(21, 4))
	type holder struct {
		S map[string]string `json:"s"`
		I map[string]int    `json:"i,omitempty"`
	}
	for n := 0; n <= 11; n++ {
		for range 40 {
			ms, mi := map[string]string{}, map[string]int{}
			for len(ms) < n {
				k := keys[r.IntN(len(keys))]
				ms[k] = keys[r.IntN(len(keys))]
				mi[k] = r.IntN(2000) - 1000
			}
			name := fmt.Sprintf("%d entries %q", n, ms)
			compareWithStdlib(t, name+" string", ms)
			compareWithStdlib(t, name+" int", mi)
			compareWithStdlib(t, name+" members", holder{ms, mi})
			compareWithStdlib(t, name+" slice", []holder{{ms, nil}, {nil, mi}, {ms, mi}})
		}
	}
}
