package jgen_test

import (
	"bytes"
	"testing"

	"github.com/jgen-go/jgen"
)

// overReader reports n bytes read more than the buffer it was given.
type overReader struct{ n int }

func (r overReader) Read(p []byte) (int, error) { return len(p) + r.n, nil }

// TestWriteStringFromInvalidCount checks that WriteStringFrom refuses an
// io.Reader that reports more bytes than its buffer holds (or fewer than
// none) with its own error, and writes nothing more after it.
func TestWriteStringFromInvalidCount(t *testing.T) {
	for _, n := range []int{1, 4, -1 << 20} {
		var out bytes.Buffer
		g, err := jgen.NewGenerator(&out, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.WriteStringFrom(overReader{n}) // -1<<20: a negative count
		if err == nil || err.Error() != "jgen: io.Reader returned an invalid byte count" {
			t.Fatalf("over by %d: error %v", n, err)
		}
		if err := g.WriteNull(); err == nil {
			t.Fatalf("over by %d: the generator wrote on after the error", n)
		}
	}
}
