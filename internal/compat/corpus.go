package compat

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"unicode/utf16"
)

// CorpusStrings returns every string of the strings corpus under sharedDir
// (corpus/strings, see its SOURCES.md), as raw bytes, each distinct string
// once, in a stable order:
//
//   - every string of blns.json;
//   - the input_hex bytes of every case of edge_cases.jsonl (invalid UTF-8
//     included);
//   - every string literal of edge/*.json and of jsontestsuite/test_parsing
//     and test_transform, decoded leniently by StringLiterals (so raw
//     invalid UTF-8 stays as it is, and escaped lone surrogates become their
//     three-byte generalized UTF-8 form, which is invalid UTF-8).
//
// It fails if any part is missing.
func CorpusStrings(sharedDir string) ([][]byte, error) {
	dir := filepath.Join(sharedDir, "corpus", "strings")
	var all [][]byte

	b, err := os.ReadFile(filepath.Join(dir, "blns.json"))
	if err != nil {
		return nil, err
	}
	var blns []string
	if err := json.Unmarshal(b, &blns); err != nil {
		return nil, fmt.Errorf("blns.json: %w", err)
	}
	if len(blns) == 0 {
		return nil, fmt.Errorf("blns.json: no strings")
	}
	for _, s := range blns {
		all = append(all, []byte(s))
	}

	cases, err := EdgeCases(sharedDir)
	if err != nil {
		return nil, err
	}
	for _, c := range cases {
		all = append(all, c.Input)
	}

	for _, pattern := range []string{
		filepath.Join(dir, "edge", "*.json"),
		filepath.Join(dir, "jsontestsuite", "test_parsing", "*.json"),
		filepath.Join(dir, "jsontestsuite", "test_transform", "*.json"),
	} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("compat: no files match %s", pattern)
		}
		sort.Strings(files)
		for _, f := range files {
			doc, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			all = append(all, StringLiterals(doc)...)
		}
	}
	return dedupe(all), nil
}

// EdgeCase is one line of corpus/strings/edge_cases.jsonl.
type EdgeCase struct {
	ID        string
	Category  string
	ValidUTF8 bool
	Input     []byte
	DocFile   string // relative to corpus/strings
	// Reference maps an encoder's name to its output text, or to "" with
	// Refused set when the encoder refused the input.
	Reference map[string]string
	Refused   map[string]bool
}

// EdgeCases reads corpus/strings/edge_cases.jsonl under sharedDir.
func EdgeCases(sharedDir string) ([]EdgeCase, error) {
	path := filepath.Join(sharedDir, "corpus", "strings", "edge_cases.jsonl")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []EdgeCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var raw struct {
			ID        string                     `json:"id"`
			Category  string                     `json:"category"`
			ValidUTF8 bool                       `json:"valid_utf8"`
			InputHex  string                     `json:"input_hex"`
			DocFile   string                     `json:"doc_file"`
			Reference map[string]json.RawMessage `json:"reference"`
		}
		if err := json.Unmarshal(sc.Bytes(), &raw); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		in, err := hex.DecodeString(raw.InputHex)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: input_hex: %w", path, line, err)
		}
		c := EdgeCase{ID: raw.ID, Category: raw.Category, ValidUTF8: raw.ValidUTF8, Input: in,
			DocFile: raw.DocFile, Reference: map[string]string{}, Refused: map[string]bool{}}
		for name, msg := range raw.Reference {
			var s string
			if err := json.Unmarshal(msg, &s); err == nil {
				c.Reference[name] = s
				continue
			}
			c.Refused[name] = true // an {"error": ...} object
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no cases", path)
	}
	return cases, nil
}

// JSONStringValues returns every string value (not member names) of the
// JSON document at path, in document order, decoded by encoding/json.
func JSONStringValues(path string) ([][]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out [][]byte
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, []byte(v))
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(v[k])
			}
		}
	}
	walk(v)
	return out, nil
}

// StringLiterals returns the decoded content of every double-quoted string
// literal in doc (member names included), scanning leniently so that it can
// read invalid and malformed documents too:
//
//   - raw bytes, invalid UTF-8 included, are kept as they are;
//   - the escapes \" \\ \/ \b \f \n \r \t and \uXXXX are decoded; a \uXXXX
//     high surrogate followed by a \uXXXX low surrogate is one code point; a
//     surrogate that is not part of such a pair becomes its three-byte
//     generalized UTF-8 form (ED A0 80 for \uD800);
//   - a backslash that starts no valid escape is kept raw;
//   - a literal still open at the end of doc ends there.
func StringLiterals(doc []byte) [][]byte {
	var out [][]byte
	for i := 0; i < len(doc); i++ {
		if doc[i] != '"' {
			continue
		}
		s, n := decodeLiteral(doc[i+1:])
		out = append(out, s)
		i += n // now at the closing quote (or past the end)
	}
	return out
}

// decodeLiteral decodes string content up to the first unescaped '"' and
// returns it with the number of bytes consumed including that quote.
func decodeLiteral(b []byte) ([]byte, int) {
	s := []byte{}
	i := 0
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			return s, i + 1
		case c != '\\':
			s = append(s, c)
			i++
		case i+1 < len(b) && isShortEscape(b[i+1]):
			s = append(s, shortEscapes[b[i+1]])
			i += 2
		default:
			u, ok := hex4(b[i:])
			if !ok {
				s = append(s, '\\') // not an escape: keep it raw
				i++
				continue
			}
			i += 6
			if utf16.IsSurrogate(rune(u)) && u < 0xDC00 {
				if lo, ok := hex4(b[i:]); ok && 0xDC00 <= lo && lo <= 0xDFFF {
					s = appendCodePoint(s, utf16.DecodeRune(rune(u), rune(lo)))
					i += 6
					continue
				}
			}
			s = appendCodePoint(s, rune(u))
		}
	}
	return s, len(b)
}

var shortEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

func isShortEscape(c byte) bool { _, ok := shortEscapes[c]; return ok }

// hex4 decodes \uXXXX at the start of b.
func hex4(b []byte) (uint16, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return 0, false
	}
	var u uint16
	for _, c := range b[2:6] {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		u = u<<4 | uint16(d)
	}
	return u, true
}

// appendCodePoint writes cp in (generalized) UTF-8: surrogates, which
// utf8.AppendRune would replace, get their three-byte form.
func appendCodePoint(s []byte, cp rune) []byte {
	switch {
	case cp < 0x80:
		return append(s, byte(cp))
	case cp < 0x800:
		return append(s, 0xC0|byte(cp>>6), 0x80|byte(cp)&0x3F)
	case cp < 0x10000:
		return append(s, 0xE0|byte(cp>>12), 0x80|byte(cp>>6)&0x3F, 0x80|byte(cp)&0x3F)
	default:
		return append(s, 0xF0|byte(cp>>18), 0x80|byte(cp>>12)&0x3F, 0x80|byte(cp>>6)&0x3F, 0x80|byte(cp)&0x3F)
	}
}

func dedupe(in [][]byte) [][]byte {
	seen := make(map[string]bool, len(in))
	out := in[:0]
	for _, s := range in {
		if !seen[string(s)] {
			seen[string(s)] = true
			out = append(out, s)
		}
	}
	return out
}
