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
// "ascii" corpora are meant for ASCII-only output. A corpus with a Load
// function is built by it from several files; the others are every string
// value of the document at Path (LoadCorpus).
var Corpora = []Corpus{
	{Name: "twitter", Path: "corpus/simdjson/twitter.json"},
	{Name: "golang_source", Path: "corpus/go-json-experiment/golang_source.json"},
	{Name: "twitterescaped", Path: "corpus/simdjson/twitterescaped.json"},
	{Name: "citm_catalog", Path: "corpus/simdjson/citm_catalog.json"},
	{Name: "multilingual", Path: "corpus/strings", Load: LoadMultilingual},
	{Name: "names", Path: "corpus/simdjson", Load: LoadNames},
}

// A Corpus is one set of real strings.
type Corpus struct {
	Name string
	// Path is the file (or, with Load, the directory it reads), relative
	// to the shared directory.
	Path string
	// Load, when not nil, builds the strings from the shared directory.
	Load func(shared string) ([]string, error)
}

// Strings returns the corpus's strings, read from the shared directory.
func (c Corpus) Strings(shared string) ([]string, error) {
	if c.Load != nil {
		return c.Load(shared)
	}
	return LoadCorpus(filepath.Join(shared, c.Path))
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

// Original reports whether c is one of the corpora of docs/DESIGN.md §6
// (twitter, golang_source, twitterescaped), which run with both input
// types; the others run with string input only.
func (c Corpus) Original() bool {
	switch c.Name {
	case "twitter", "golang_source", "twitterescaped":
		return true
	}
	return false
}
