package compat

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/jgen-go/jgen/internal/reference"
)

func TestStringLiterals(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []string
	}{
		{"none", `123`, nil},
		{"one", `"abc"`, []string{"abc"}},
		{"empty", `[""]`, []string{""}},
		{"object", `{"k":"v","n":1}`, []string{"k", "v", "n"}},
		{"short_escapes", `"\"\\\/\b\f\n\r\t"`, []string{"\"\\/\b\f\n\r\t"}},
		{"u_escape", `"\u00e9\u00C9"`, []string{"éÉ"}},
		{"u_nul", `"a\u0000b"`, []string{"a\x00b"}},
		{"surrogate_pair", `"\uD83D\uDE00"`, []string{"😀"}},
		{"lone_high", `"\uD800"`, []string{"\xed\xa0\x80"}},
		{"lone_low", `"\uDC00x"`, []string{"\xed\xb0\x80x"}},
		{"high_then_high", `"\uD800\uD800"`, []string{"\xed\xa0\x80\xed\xa0\x80"}},
		{"inverted_pair", `"\uDE00\uD83D"`, []string{"\xed\xb8\x80\xed\xa0\xbd"}},
		{"high_then_escape", `"\uD800\n"`, []string{"\xed\xa0\x80\n"}},
		{"raw_invalid_kept", "\"a\xffb\xe9\"", []string{"a\xffb\xe9"}},
		{"raw_utf8_kept", "\"\u2028😀\"", []string{"\u2028😀"}},
		{"bad_escape_kept", `"\x41\a"`, []string{`\x41\a`}},
		{"short_u_kept", `"\u12"`, []string{`\u12`}},
		{"unterminated", `["abc`, []string{"abc"}},
		{"trailing_backslash", `"ab\`, []string{`ab\`}},
		{"escaped_quote_inside", `"a\"b" "c"`, []string{`a"b`, "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := StringLiterals([]byte(tt.doc))
			var gotS []string
			for _, s := range got {
				gotS = append(gotS, string(s))
			}
			if !reflect.DeepEqual(gotS, tt.want) {
				t.Errorf("StringLiterals(%q)\n got %q\nwant %q", tt.doc, gotS, tt.want)
			}
		})
	}
}

func TestReferenceOptions(t *testing.T) {
	html := JacksonHTMLEscapes()
	jsonp := JacksonJSONPRunes()
	tests := []struct {
		name       string
		tokens     []string
		byteOutput bool
		want       reference.Options
		wantName   bool
		wantChars  bool
		wantSkip   bool
	}{
		{"std_writer", []string{"std"}, false, reference.Options{UpperHex: true}, false, false, false},
		{"std_utf8", []string{"std"}, true, reference.Options{UpperHex: true, SurrogateEscapes: true}, false, false, false},
		{"ascii", []string{"ascii"}, false, reference.Options{UpperHex: true, MaxUnescaped: 0x7F}, false, false, false},
		{"apos", []string{"apos"}, false, reference.Options{UpperHex: true, Quote: '\''}, false, false, false},
		{"lower", []string{"lower"}, true, reference.Options{SurrogateEscapes: true}, false, false, false},
		{"ascii_lower", []string{"ascii", "lower"}, false, reference.Options{MaxUnescaped: 0x7F}, false, false, false},
		{"hi_255", []string{"hi=255"}, false, reference.Options{UpperHex: true, MaxUnescaped: 255}, false, false, false},
		{"hi_2047", []string{"hi=2047"}, false, reference.Options{UpperHex: true, MaxUnescaped: 2047}, false, false, false},
		{"html", []string{"html"}, false, reference.Options{UpperHex: true, ASCII: html}, false, false, false},
		{"html_jsonp_slash", []string{"html", "jsonp", "slash"}, false, reference.Options{UpperHex: true, ASCII: html, Runes: jsonp, EscapeSlash: true}, false, false, false},
		{"name", []string{"std", "name"}, false, reference.Options{UpperHex: true}, true, false, false},
		{"chars", []string{"std", "chars"}, false, reference.Options{UpperHex: true}, false, true, false},
		{"noquote", []string{"std", "name", "noquote"}, false, reference.Options{UpperHex: true}, true, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, name, chars, skip := ReferenceOptions(tt.tokens, tt.byteOutput)
			if !reflect.DeepEqual(o, tt.want) || name != tt.wantName || chars != tt.wantChars || skip != tt.wantSkip {
				t.Errorf("ReferenceOptions(%q, %v) = %+v, %v, %v, %v; want %+v, %v, %v, %v",
					tt.tokens, tt.byteOutput, o, name, chars, skip, tt.want, tt.wantName, tt.wantChars, tt.wantSkip)
			}
		})
	}
}

func TestReferenceOptionsUnknownTokenPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for an unknown token")
		}
	}()
	ReferenceOptions([]string{"bogus"}, false)
}

func TestLoadVectors(t *testing.T) {
	path, err := VectorsFile()
	if err != nil {
		t.Fatal(err)
	}
	vs, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 37183 {
		t.Fatalf("%d vectors, want 37183", len(vs))
	}
	// The first line: {"config": "std", "input_hex": "00", "utf8": "ok:225c753030303022", ...}
	want := Vector{Line: 1, Config: "std", Tokens: []string{"std"}, Input: []byte{0},
		UTF8:   Result{OK: true, Out: []byte(`"\u0000"`)},
		Writer: Result{OK: true, Out: []byte(`"\u0000"`)}}
	if !reflect.DeepEqual(vs[0], want) {
		t.Errorf("vector 0 = %+v, want %+v", vs[0], want)
	}
	configs := map[string]int{}
	for _, v := range vs {
		configs[v.Config]++
	}
	if len(configs) != 20 || configs["std"] != 2268 || configs["hi=255"] != 1787 {
		t.Errorf("configs = %v", configs)
	}
}

func writeGzip(t *testing.T, lines string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(lines))
	zw.Close()
	path := filepath.Join(t.TempDir(), "v.jsonl.gz")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoad(t *testing.T) {
	tests := []struct {
		name  string
		lines string
		ok    bool
	}{
		{"good", `{"config":"std+hi=255","input_hex":"41","utf8":"ok:224122","writer":"err:boom"}` + "\n", true},
		{"unknown_token", `{"config":"std+bogus","input_hex":"41","utf8":"ok:224122","writer":"ok:224122"}`, false},
		{"bad_hi", `{"config":"hi=x","input_hex":"41","utf8":"ok:224122","writer":"ok:224122"}`, false},
		{"bad_input_hex", `{"config":"std","input_hex":"4","utf8":"ok:224122","writer":"ok:224122"}`, false},
		{"invalid_utf8_input", `{"config":"std","input_hex":"ff","utf8":"ok:224122","writer":"ok:224122"}`, false},
		{"bad_result", `{"config":"std","input_hex":"41","utf8":"maybe","writer":"ok:224122"}`, false},
		{"bad_output_hex", `{"config":"std","input_hex":"41","utf8":"ok:zz","writer":"ok:224122"}`, false},
		{"not_json", `{`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs, err := Load(writeGzip(t, tt.lines))
			if (err == nil) != tt.ok {
				t.Fatalf("Load: %v, want ok=%v", err, tt.ok)
			}
			if tt.ok {
				want := []Vector{{Line: 1, Config: "std+hi=255", Tokens: []string{"std", "hi=255"}, Input: []byte("A"),
					UTF8: Result{OK: true, Out: []byte(`"A"`)}, Writer: Result{Err: "boom"}}}
				if !reflect.DeepEqual(vs, want) {
					t.Errorf("got %+v, want %+v", vs, want)
				}
			}
		})
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.gz")); err == nil {
		t.Error("Load of a missing file: no error")
	}
}

func TestReferenceDocument(t *testing.T) {
	tests := []struct {
		name       string
		config     string
		byteOutput bool
		in         string
		want       string
		skip       bool
	}{
		{"value", "std", false, "a\x01😀", "\"a\\u0001😀\"", false},
		{"value_utf8", "std", true, "😀", `"\uD83D\uDE00"`, false},
		{"name", "std+name", false, "k", `{"k":1}`, false},
		{"name_apos", "apos+name", false, "'", `{'\u0027':1}`, false},
		{"noquote", "std+name+noquote", false, "k", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Vector{Config: tt.config, Tokens: bytes2tokens(tt.config), Input: []byte(tt.in)}
			got, skip, err := ReferenceDocument(v, tt.byteOutput)
			if err != nil || skip != tt.skip || string(got) != tt.want {
				t.Errorf("got %q, skip %v, err %v; want %q, skip %v", got, skip, err, tt.want, tt.skip)
			}
		})
	}
}

func bytes2tokens(config string) []string {
	var toks []string
	for _, b := range bytes.Split([]byte(config), []byte("+")) {
		toks = append(toks, string(b))
	}
	return toks
}

// TestSharedEdgeDocs checks StringLiterals against the strings corpus: each
// edge/<id>.json document holds exactly the case's input bytes.
func TestSharedEdgeDocs(t *testing.T) {
	dir := RequireShared(t)
	cases, err := EdgeCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		doc, err := os.ReadFile(filepath.Join(dir, "corpus", "strings", filepath.FromSlash(c.DocFile)))
		if err != nil {
			t.Fatal(err)
		}
		got := StringLiterals(doc)
		if len(got) != 1 || !bytes.Equal(got[0], c.Input) {
			t.Errorf("%s: StringLiterals(%s) = %x, want [%x]", c.ID, c.DocFile, got, c.Input)
		}
	}
	all, err := CorpusStrings(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d edge cases; %d distinct corpus strings", len(cases), len(all))
}
