package scan

import (
	"bytes"
	"testing"
)

// TestIndexChunks runs Set.Index over inputs longer than its scratch chunks,
// with a multi-byte sequence across each chunk edge at every offset and a
// member before, at or after the edge, against the byte-at-a-time
// definition: a sequence cut by a chunk's end is not a member.
func TestIndexChunks(t *testing.T) {
	seqs := []string{"\u00e9", "\u4e2d", "\U0001F600", "\xf0\x9f\x98", "\xe4\xb8", "\xc3", "\x80"}
	sets := append(kindSets()[:2], utf8Sets(kindSets()[:2])...)
	for _, ts := range sets {
		for _, edge := range []int{shortChunk, shortChunk + indexChunk, shortChunk + 2*indexChunk, indexChunk} {
			for _, seq := range seqs {
				for at := edge - 4; at <= edge; at++ {
					for _, n := range []int{edge + 1, edge + 3, edge + 100, shortChunk + 3*indexChunk + 7} {
						if at+len(seq) > n {
							continue
						}
						base := clean(&ts, n, at)
						for _, member := range []int{-1, at - 1, at + len(seq), n - 1} {
							src := bytes.Clone(base)
							copy(src[at:], seq)
							if member >= 0 && member < n && (member < at || member >= at+len(seq)) {
								src[member] = '"'
							}
							if got, want := ts.set.Index(src), ts.ref(src); got != want {
								t.Fatalf("%s: %q at %d of %d, member at %d: Index = %d, want %d",
									ts.name, seq, at, n, member, got, want)
							}
						}
					}
				}
			}
		}
	}
}
