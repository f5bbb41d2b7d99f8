// Package bench holds jgen's string-writing benchmark matrix (docs/DESIGN.md §6):
// the input strings, the writers under test (jgen, its Go peers and the
// memmove floor) and the loaders for the real-string corpora. The benchmarks
// are in bench_test.go, the report in cmd/report.
package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/jgen-go/jgen/internal/matrix"
)

// The matrix itself is defined once, in internal/matrix, for this module
// and the root package's benchmarks alike.
const (
	Alphabet     = matrix.Alphabet
	StringsPerOp = matrix.StringsPerOp
)

// Contents and Lengths span the matrix. Lengths are in runes.
var (
	Contents = matrix.Contents
	Lengths  = matrix.Lengths
)

// MatrixString returns string i of the cell (content, length); see
// matrix.String.
func MatrixString(content string, length, i int) string { return matrix.String(content, length, i) }

// Matrix returns the StringsPerOp strings of one cell.
func Matrix(content string, length int) []string { return matrix.Cell(content, length) }

// Input is one benchmark input: the strings, the same as byte slices, and
// their total size in bytes (the throughput unit).
type Input struct {
	Strings []string
	Bytes   [][]byte
	Size    int64
}

// NewInput builds an Input from ss.
func NewInput(ss []string) *Input {
	in := &Input{Strings: ss, Bytes: make([][]byte, len(ss))}
	for i, s := range ss {
		in.Bytes[i] = []byte(s)
		in.Size += int64(len(s))
	}
	return in
}

// OutputBound is a capacity that holds the output of in under any writer
// (every byte escaped as a 12-byte surrogate pair escape at worst is far more
// than needed; 6 bytes per input byte covers \u00XX), so buffers sized with it
// never grow while timed.
func (in *Input) OutputBound() int {
	return int(in.Size)*6 + 3*len(in.Strings) + 16
}

// Corpus names the real-string corpora, relative to the shared directory.
// "ascii" corpora are meant for ASCII-only output.
var Corpora = []struct {
	Name, Path string
}{
	{"twitter", "corpus/simdjson/twitter.json"},
	{"golang_source", "corpus/go-json-experiment/golang_source.json"},
	{"twitterescaped", "corpus/simdjson/twitterescaped.json"},
}

// SharedDir returns the project's shared directory: $JGEN_SHARED_DIR if set,
// else ../../shared relative to the bench directory (the checkout sits beside
// shared/).
func SharedDir() string {
	if d := os.Getenv("JGEN_SHARED_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared")
}

// LoadCorpus decodes the JSON document at path with encoding/json and returns
// every string value in document order (names are not included).
func LoadCorpus(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			// Map order does not matter for throughput, but a fixed order
			// keeps runs comparable: walk keys sorted.
			for _, k := range sortedKeys(v) {
				walk(v[k])
			}
		}
	}
	walk(v)
	for i, s := range out {
		if !utf8.ValidString(s) {
			return nil, fmt.Errorf("%s: string %d is not valid UTF-8", path, i)
		}
	}
	return out, nil
}
