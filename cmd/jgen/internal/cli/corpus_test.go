package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// validCorpus lists the files of ../shared/corpus that are valid on purpose:
// every benchmark file, the round-trip files, the naughty strings, the
// valid UTF-8 edge cases and the JSONTestSuite y_ files.
func validCorpus(t *testing.T, shared string) []string {
	t.Helper()
	corpus := filepath.Join(shared, "corpus")
	var files []string
	for _, pattern := range []string{
		"simdjson/*.json", "simdjson/*.ndjson", "go-json-experiment/*.json",
		"nativejson-roundtrip/*.json", "strings/blns.json",
		"strings/jsontestsuite/test_parsing/y_*.json",
	} {
		m, err := filepath.Glob(filepath.Join(corpus, pattern))
		if err != nil || len(m) == 0 {
			t.Fatalf("no corpus files match %s", pattern)
		}
		files = append(files, m...)
	}
	edge, _ := filepath.Glob(filepath.Join(corpus, "strings/edge/*.json"))
	if len(edge) == 0 {
		t.Fatal("no strings/edge files")
	}
	for _, f := range edge {
		if data, err := os.ReadFile(f); err == nil && utf8.Valid(data) && !bytes.Contains(data, []byte(`\ud`)) {
			files = append(files, f)
		}
	}
	return files
}

// decodeAll decodes every top-level value with encoding/json (UseNumber).
func decodeAll(data []byte) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var vs []any
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			return vs, nil
		} else if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
}

// jsonEqual compares values decoded by decodeAll (reflect.DeepEqual is
// several times slower on them: it tracks visited maps).
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	default: // string, json.Number, bool, nil
		return a == b
	}
}

func runFile(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	if code := Main(args, nil, &out, &errb); code != 0 {
		t.Fatalf("jgen %q: exit %d: %s", args, code, errb.String())
	}
	return out.Bytes()
}

func TestCorpusRoundTrip(t *testing.T) {
	shared := requireShared(t)
	settings := [][]string{
		{"--preset", "minimal"}, {"--preset", "stdlib"}, {"--preset", "jackson"}, {"--preset", "ascii"},
		{"--preset", "jackson", "--surrogate-escapes", "--escape-slash", "--pretty", "jackson"},
		{"--preset", "stdlib", "--indent", "2", "--upper-hex"}, {"--tab", "--max-unescaped", "U+00FF"},
	}
	for _, path := range validCorpus(t, shared) {
		rel, _ := filepath.Rel(shared, path)
		t.Run(rel, func(t *testing.T) {
			input, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want, err := decodeAll(input)
			if err != nil {
				t.Fatalf("corpus file is not valid JSON: %v", err)
			}
			for _, args := range settings {
				out := runFile(t, append(slices.Clone(args), path)...)
				got, err := decodeAll(out)
				if err != nil {
					t.Fatalf("%q: output does not decode: %v", args, err)
				}
				if !jsonEqual(got, want) {
					t.Fatalf("%q: output decodes to another value", args)
				}
				if !bytes.HasSuffix(out, []byte("\n")) || bytes.HasSuffix(out, []byte("\n\n")) {
					t.Errorf("%q: output does not end in exactly one newline", args)
				}
				if n := bytes.Count(out, []byte("\n")); args[1] != "jackson" && !slices.Contains(args, "--indent") && !slices.Contains(args, "--tab") && n != len(want) {
					t.Errorf("%q: %d lines for %d top-level values", args, n, len(want))
				}
				if i := slices.IndexFunc(out, func(b byte) bool { return b >= 0x80 }); args[1] == "ascii" && i >= 0 {
					t.Errorf("%q: byte %#x at offset %d is not 7-bit", args, out[i], i)
				}
				// jgen's own output, encoded again, gives the same bytes.
				tmp := filepath.Join(t.TempDir(), "out.json")
				if err := os.WriteFile(tmp, out, 0o644); err != nil {
					t.Fatal(err)
				}
				if again := runFile(t, append(slices.Clone(args), tmp)...); !bytes.Equal(again, out) {
					t.Errorf("%q: re-encoding the output changes it", args)
				}
			}
			if strings.Contains(rel, "nativejson-roundtrip") {
				if out := runFile(t, "-c", path); string(out) != string(input)+"\n" {
					t.Errorf("compact output %q, want the input %q and a newline", out, input)
				}
			}
		})
	}
}

var located = regexp.MustCompile(`^jgen: (.+):(\d+):(\d+): (.+) \(byte offset (\d+)\)\n$`)

// checkLocated checks that stderr is one located error for path whose line
// and column match its byte offset in data, and returns the offset.
func checkLocated(t *testing.T, path string, data []byte, stderr string) int {
	t.Helper()
	m := located.FindStringSubmatch(stderr)
	if m == nil || m[1] != path {
		t.Fatalf("not a located error for %s: %q", path, stderr)
	}
	line, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	off, _ := strconv.Atoi(m[5])
	if off > len(data) {
		t.Fatalf("offset %d beyond the file's %d bytes", off, len(data))
	}
	before := data[:off]
	wl, wc := bytes.Count(before, []byte("\n"))+1, off-(bytes.LastIndexByte(before, '\n')+1)+1
	if line != wl || col != wc {
		t.Errorf("%d:%d for byte offset %d, want %d:%d", line, col, off, wl, wc)
	}
	return off
}

func TestCorpusRejected(t *testing.T) {
	shared := requireShared(t)
	files, _ := filepath.Glob(filepath.Join(shared, "corpus/strings/jsontestsuite/test_parsing/n_*.json"))
	if len(files) == 0 {
		t.Fatal("no JSONTestSuite n_ files")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// Rejected under every invalid-UTF-8 policy: these are
			// syntax errors, not encoding problems.
			for _, policy := range []string{"error", "replace", "replace-raw"} {
				var out, errb bytes.Buffer
				if code := Main([]string{"--invalid-utf8", policy, path}, nil, &out, &errb); code != 1 {
					t.Fatalf("%s: exit %d, want 1 (output %q)", policy, code, out.String())
				}
				checkLocated(t, path, data, errb.String())
			}
		})
	}
}

// firstInvalid returns the offset of the first byte of data that is not
// valid UTF-8, or of the backslash of the first escaped surrogate that is
// not part of a pair; -1 if there is none.
func firstInvalid(data []byte) int {
	for i := 0; i < len(data); {
		if data[i] == '\\' && i+1 < len(data) {
			if data[i+1] == 'u' {
				r, _ := strconv.ParseUint(string(data[i+2:i+6]), 16, 32)
				if 0xD800 <= r && r < 0xDC00 && i+12 <= len(data) && data[i+6] == '\\' && data[i+7] == 'u' {
					if lo, _ := strconv.ParseUint(string(data[i+8:i+12]), 16, 32); 0xDC00 <= lo && lo < 0xE000 {
						i += 12
						continue
					}
				}
				if 0xD800 <= r && r < 0xE000 {
					return i
				}
				i += 6
				continue
			}
			i += 2
			continue
		}
		r, w := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && w == 1 {
			return i
		}
		i += w
	}
	return -1
}

// TestCorpusInvalidUTF8 runs the files with invalid UTF-8 in strings (raw,
// or as escaped lone surrogates): refused at the exact byte under the error
// policy, replaced under the others.
func TestCorpusInvalidUTF8(t *testing.T) {
	shared := requireShared(t)
	var files []string
	for _, pattern := range []string{"strings/edge/*.json", "strings/jsontestsuite/test_parsing/i_*.json", "strings/jsontestsuite/test_transform/*.json"} {
		m, _ := filepath.Glob(filepath.Join(shared, "corpus", pattern))
		files = append(files, m...)
	}
	n := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bad := firstInvalid(data)
		if bad < 0 {
			continue
		}
		n++
		rel, _ := filepath.Rel(shared, path)
		t.Run(rel, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Main([]string{path}, nil, &out, &errb)
			if strings.Contains(rel, "UTF-16") || strings.Contains(rel, "utf16") {
				// Not UTF-8 at all: refused somewhere, located.
				if code != 1 {
					t.Fatalf("exit %d, want 1", code)
				}
				checkLocated(t, path, data, errb.String())
				return
			}
			if code != 1 {
				t.Fatalf("exit %d, want 1; output %q", code, out.String())
			}
			if off := checkLocated(t, path, data, errb.String()); off != bad {
				t.Errorf("error at byte offset %d, want %d: %s", off, bad, errb.String())
			}
			for _, policy := range []string{"replace", "replace-raw"} {
				out := runFile(t, "--invalid-utf8", policy, path)
				if !utf8.Valid(out) {
					t.Errorf("%s: output is not valid UTF-8", policy)
				}
				if _, err := decodeAll(out); err != nil {
					t.Errorf("%s: output does not decode: %v", policy, err)
				}
			}
		})
	}
	if n < 40 {
		t.Errorf("only %d files with invalid UTF-8", n)
	}
}
