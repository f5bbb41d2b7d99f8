package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCLI runs the command in-process on two single-document corpus
// files, twitter.json and canada.json, compact output to io.Discard; b.SetBytes makes MB/s the
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

// BenchmarkSplicer reads corpus files in 4 KiB calls (the size the
// tokenizer mostly asks for on NDJSON of short strings) from a bufio.Reader
// as it is and through the splicer, which follows their strings: the
// difference is the splicer's cost per input byte, to be read against the
// command's own cost per byte (docs/PERFORMANCE.md, "jgen command").
func BenchmarkSplicer(b *testing.B) {
	dir, err := sharedDir()
	if err != nil {
		b.Skip(err)
	}
	p := make([]byte, 4<<10)
	for _, name := range []string{"twitter.json", "twitterescaped.json", "canada.json"} {
		data, err := os.ReadFile(filepath.Join(dir, "corpus", "simdjson", name))
		if err != nil {
			b.Skip(err)
		}
		for _, splice := range []bool{false, true} {
			b.Run(fmt.Sprintf("file=%s/splice=%v", name, splice), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					br := bufio.NewReaderSize(bytes.NewReader(data), readSize)
					var r io.Reader = br
					if splice {
						r = &splicer{br: br}
					}
					for {
						if _, err := r.Read(p); err != nil {
							if err != io.EOF {
								b.Fatal(err)
							}
							break
						}
					}
				}
			})
		}
	}
}
