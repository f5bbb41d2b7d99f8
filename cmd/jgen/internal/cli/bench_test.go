package cli

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCLI runs the command in-process on the corpus files that the
// issue names, compact output to io.Discard; b.SetBytes makes MB/s the
// input throughput. It needs ../shared (skipped without it: benchmarks are
// asked for by name).
func BenchmarkCLI(b *testing.B) {
	dir, err := sharedDir()
	if err != nil {
		b.Skip(err)
	}
	for _, name := range []string{"twitter.json", "canada.json"} {
		path := filepath.Join(dir, "corpus", "simdjson", name)
		fi, err := os.Stat(path)
		if err != nil {
			b.Skip(err)
		}
		for _, preset := range []string{"minimal", "ascii"} {
			b.Run("file="+name+"/preset="+preset, func(b *testing.B) {
				b.SetBytes(fi.Size())
				for b.Loop() {
					if code := Main([]string{"--preset", preset, path}, nil, io.Discard, io.Discard); code != 0 {
						b.Fatalf("exit %d", code)
					}
				}
			})
		}
	}
}
