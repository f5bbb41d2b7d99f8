package bench

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"unicode"
	"unicode/utf8"
)

// LoadMultilingual returns the multilingual corpus: real text that is not
// English, from the shared directory. In order: every string of
// corpus/strings/blns.json holding a code point above U+007F; the input of
// every case of corpus/strings/edge_cases.jsonl that is valid UTF-8 and
// holds one; and every string value of corpus/simdjson/twitter.json holding
// Japanese (a Hiragana, Katakana or Han code point). Strings holding a
// control character other than tab, line feed and carriage return, or
// U+2028/U+2029, are left out: they are the control-character and
// JavaScript-separator cases of those files rather than text, and the peers
// disagree on how to write them (\f or \u000c; segmentio escapes U+2028
// even in its minimal mode).
func LoadMultilingual(shared string) ([]string, error) {
	var out []string
	blns, err := LoadCorpus(filepath.Join(shared, "corpus/strings/blns.json"))
	if err != nil {
		return nil, err
	}
	for _, s := range blns {
		if !isASCII(s) && !hasControl(s) {
			out = append(out, s)
		}
	}
	edge, err := loadEdgeCases(filepath.Join(shared, "corpus/strings/edge_cases.jsonl"))
	if err != nil {
		return nil, err
	}
	for _, s := range edge {
		if utf8.ValidString(s) && !isASCII(s) && !hasControl(s) {
			out = append(out, s)
		}
	}
	tw, err := LoadCorpus(filepath.Join(shared, "corpus/simdjson/twitter.json"))
	if err != nil {
		return nil, err
	}
	for _, s := range tw {
		if isJapanese(s) && !hasControl(s) {
			out = append(out, s)
		}
	}
	return out, nil
}

// loadEdgeCases returns the input bytes of every case of edge_cases.jsonl
// (its input_hex field), valid UTF-8 or not.
func loadEdgeCases(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var c struct {
			InputHex string `json:"input_hex"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		b, err := hex.DecodeString(c.InputHex)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: input_hex: %w", path, line, err)
		}
		out = append(out, string(b))
	}
	return out, sc.Err()
}

// LoadNames returns the names cell: every member name of
// corpus/simdjson/twitter.json and then of citm_catalog.json, each
// occurrence once, in the order LoadCorpus visits values (members by sorted
// name). They are written as string values, like the other corpora.
func LoadNames(shared string) ([]string, error) {
	var out []string
	for _, f := range []string{"twitter.json", "citm_catalog.json"} {
		path := filepath.Join(shared, "corpus/simdjson", f)
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = appendNames(out, v)
	}
	return out, nil
}

func appendNames(out []string, v any) []string {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			out = appendNames(out, e)
		}
	case map[string]any:
		for _, k := range sortedKeys(v) {
			out = append(out, k)
			out = appendNames(out, v[k])
		}
	}
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isJapanese(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			return true
		}
	}
	return false
}

func hasControl(s string) bool {
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
		case r < 0x20 || r == 0x7F || r == 0x2028 || r == 0x2029:
			return true
		}
	}
	return false
}
