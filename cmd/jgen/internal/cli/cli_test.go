package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/cli/golden")

// fixtures is testdata/cli at the module root.
var fixtures = mustAbs(filepath.Join("..", "..", "..", "..", "testdata", "cli"))

func mustAbs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		panic(err)
	}
	return a
}

// run runs the command in-process from dir (fixtures when ""), with stdin.
func run(t *testing.T, dir string, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	if dir == "" {
		dir = fixtures
	}
	t.Chdir(dir)
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"default", []string{"input.json"}},
		{"compact", []string{"-c", "input.json"}},
		{"compact_long", []string{"--compact", "input.json"}},
		{"preset_minimal", []string{"--preset", "minimal", "input.json"}},
		{"preset_stdlib", []string{"--preset", "stdlib", "input.json"}},
		{"preset_jackson", []string{"--preset=jackson", "input.json"}},
		{"preset_ascii", []string{"--preset", "ascii", "input.json"}},
		{"ascii", []string{"-a", "input.json"}},
		{"ascii_long", []string{"--ascii", "input.json"}},
		{"html", []string{"--html", "input.json"}},
		{"js", []string{"--js", "input.json"}},
		{"escape_slash", []string{"--escape-slash", "input.json"}},
		{"quote_apos", []string{"--quote", "'", "input.json"}},
		{"quote_double", []string{"--quote", `"`, "input.json"}},
		{"upper_hex", []string{"--upper-hex", "input.json"}},
		{"lower_hex_over_jackson", []string{"--preset", "jackson", "--lower-hex", "input.json"}},
		{"surrogate_escapes", []string{"--surrogate-escapes", "input.json"}},
		{"max_unescaped_ff", []string{"--max-unescaped", "U+00FF", "input.json"}},
		{"max_unescaped_ffff_upper", []string{"--max-unescaped", "0xFFFF", "--upper-hex", "input.json"}},
		{"indent_2", []string{"--indent", "2", "input.json"}},
		{"indent_4_stream", []string{"--indent=4", "stream.ndjson"}},
		{"indent_0", []string{"--indent", "0", "input.json"}},
		{"tab", []string{"--tab", "input.json"}},
		{"pretty_jackson", []string{"--pretty", "jackson", "input.json"}},
		{"pretty_jackson_stream", []string{"--pretty", "jackson", "--preset", "jackson", "stream.ndjson"}},
		{"stream", []string{"stream.ndjson"}},
		{"two_files", []string{"input.json", "stream.ndjson"}},
		{"invalid_utf8_replace", []string{"--invalid-utf8", "replace", "invalid_utf8.json"}},
		{"invalid_utf8_replace_raw", []string{"--invalid-utf8", "replace-raw", "invalid_utf8.json"}},
		{"invalid_utf8_replace_raw_ascii", []string{"--invalid-utf8", "replace-raw", "-a", "invalid_utf8.json"}},
		{"stdlib_invalid_utf8", []string{"--preset", "stdlib", "invalid_utf8.json"}},
		// Precedence: the preset first wherever it stands, then the
		// other flags in order, the last of two conflicting ones winning.
		{"flag_before_preset", []string{"--html", "--preset", "jackson", "input.json"}},
		{"flags_after_file", []string{"input.json", "--ascii", "--upper-hex"}},
		{"stdlib_html_false", []string{"--preset", "stdlib", "--html=false", "input.json"}},
		{"ascii_preset_ascii_false", []string{"--preset", "ascii", "--ascii=false", "input.json"}},
		{"upper_then_lower", []string{"--upper-hex", "--lower-hex", "-a", "input.json"}},
		{"lower_then_upper", []string{"--lower-hex", "-a", "--upper-hex", "input.json"}},
		{"indent_then_compact", []string{"--indent", "2", "-c", "input.json"}},
		{"compact_then_tab", []string{"-c", "--tab", "input.json"}},
		{"pretty_then_indent", []string{"--pretty", "jackson", "--indent", "1", "input.json"}},
		{"max_unescaped_then_ascii", []string{"--max-unescaped", "U+FFFF", "-a", "input.json"}},
		{"ascii_then_max_unescaped", []string{"-a", "--max-unescaped", "U+FFFF", "input.json"}},
		{"double_dash", []string{"--", "input.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", "", tt.args...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			golden := filepath.Join("golden", goldenName(tt.name)+".out")
			if *update {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out != string(want) {
				t.Errorf("output differs from %s:\ngot:  %q\nwant: %q", golden, out, want)
			}
		})
	}
}

// goldenName is the golden file of a TestGolden case. --preset stdlib
// writes invalid UTF-8 as the encoding/json compiled in does (jgen.Stdlib):
// as \ufffd, or as a raw U+FFFD when that encoding/json is built on
// encoding/json/v2 (Go 1.27). Then its output on invalid_utf8.json is that
// of --invalid-utf8 replace-raw, as the file holds none of the characters
// the preset's --html and --js escape.
func goldenName(name string) string {
	if name != "stdlib_invalid_utf8" {
		return name
	}
	switch out, _ := json.Marshal("\xff"); string(out) {
	case `"\ufffd"`:
		return name
	case "\"\uFFFD\"":
		return "invalid_utf8_replace_raw"
	default:
		panic("encoding/json.Marshal(\"\\xff\") = " + string(out) + ": neither \\ufffd nor a raw U+FFFD")
	}
}

func TestStdin(t *testing.T) {
	tests := []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"no_file", `{"a" : [1, 2.0]}`, nil, "{\"a\":[1,2.0]}\n"},
		{"dash", `[ "x" ]`, []string{"-"}, "[\"x\"]\n"},
		{"dash_between_files", `"mid"`, []string{"stream.ndjson", "-", "stream.ndjson"}, "{\"a\":1}\n{\"b\":[2]}\n\"three\"\n4\n\"mid\"\n{\"a\":1}\n{\"b\":[2]}\n\"three\"\n4\n"},
		{"empty", "", nil, ""},
		{"whitespace_only", " \n\t ", nil, ""},
		{"bom_only", "\xef\xbb\xbf", nil, ""},
		{"bom", "\xef\xbb\xbf[1]", nil, "[1]\n"},
		{"ndjson", "1\n2\n3\n", nil, "1\n2\n3\n"},
		{"concatenated", `{}[]""0true`, nil, "{}\n[]\n\"\"\n0\ntrue\n"},
		{"duplicate_names", `{"a":1,"a":2}`, nil, "{\"a\":1,\"a\":2}\n"},
		{"numbers_verbatim", `[1E+2,-0,0.10,1e-400,123456789012345678901234567890]`, nil, "[1E+2,-0,0.10,1e-400,123456789012345678901234567890]\n"},
		{"escapes_decoded", `"\u0041\/\b\f\n\r\t\"\\"`, nil, "\"A/\\b\\f\\n\\r\\t\\\"\\\\\"\n"},
		{"surrogate_pair", `"\uD83D\uDE00"`, nil, "\"\U0001F600\"\n"},
		{"lone_low_replace", `"\udc00x"`, []string{"--invalid-utf8=replace"}, "\"\\ufffdx\"\n"},
		{"high_then_high_replace", `"\ud800\ud83d\ude00"`, []string{"--invalid-utf8=replace"}, "\"\\ufffd\U0001F600\"\n"},
		{"name_invalid_replace", "{\"k\xc3\":1}", []string{"--invalid-utf8=replace"}, "{\"k\\ufffd\":1}\n"},
		{"nfc_nfd_names_kept", "{\"\u00e9\":1,\"e\u0301\":2}", nil, "{\"\u00e9\":1,\"e\u0301\":2}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", tt.stdin, tt.args...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if out != tt.want {
				t.Errorf("got %q, want %q", out, tt.want)
			}
		})
	}
}

// TestLoneSurrogateEscape checks that a lone surrogate escape, one UTF-16
// code unit, becomes one replacement character in the form the escaping
// gives an invalid byte, while raw invalid bytes keep one each.
func TestLoneSurrogateEscape(t *testing.T) {
	const (
		lone     = `"\ud800"`
		letter   = `"\ud800\u0041"`
		lowHigh  = `"\udc00\ud800"`
		rawAfter = "\"\\ud800\xed\xb0\x80\"" // \ud800 then the raw bytes ED B0 80
	)
	tests := []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"replace", lone, []string{"--invalid-utf8", "replace"}, `"\ufffd"`},
		{"replace_then_letter", letter, []string{"--invalid-utf8", "replace"}, `"\ufffdA"`},
		{"replace_low_high", lowHigh, []string{"--invalid-utf8", "replace"}, `"\ufffd\ufffd"`},
		{"replace_then_raw", rawAfter, []string{"--invalid-utf8", "replace"}, `"\ufffd\ufffd\ufffd\ufffd"`},
		{"replace_raw", lone, []string{"--invalid-utf8", "replace-raw"}, "\"\uFFFD\""},
		{"replace_raw_then_letter", letter, []string{"--invalid-utf8", "replace-raw"}, "\"\uFFFDA\""},
		{"replace_raw_low_high", lowHigh, []string{"--invalid-utf8", "replace-raw"}, "\"\uFFFD\uFFFD\""},
		{"replace_raw_then_raw", rawAfter, []string{"--invalid-utf8", "replace-raw"}, "\"\uFFFD\uFFFD\uFFFD\uFFFD\""},
		{"replace_upper_hex", lone, []string{"--invalid-utf8", "replace", "--upper-hex"}, `"\uFFFD"`},
		{"replace_ascii", lowHigh, []string{"--invalid-utf8", "replace", "-a"}, `"\ufffd\ufffd"`},
		{"replace_raw_ascii", lone, []string{"--invalid-utf8", "replace-raw", "-a"}, `"\ufffd"`},
		{"replace_raw_ascii_upper", letter, []string{"--invalid-utf8", "replace-raw", "-a", "--upper-hex"}, `"\uFFFDA"`},
		{"replace_raw_max_ff", lone, []string{"--invalid-utf8", "replace-raw", "--max-unescaped", "U+00FF"}, `"\ufffd"`},
		{"replace_raw_max_ffff", lone, []string{"--invalid-utf8", "replace-raw", "--max-unescaped", "U+FFFF"}, "\"\uFFFD\""},
		{"replace_raw_surrogate_escapes", lone, []string{"--invalid-utf8", "replace-raw", "--surrogate-escapes"}, "\"\uFFFD\""},
		{"stdlib", rawAfter, []string{"--preset", "stdlib", "--invalid-utf8", "replace"}, `"\ufffd\ufffd\ufffd\ufffd"`},
		{"quote_apostrophe", letter, []string{"--invalid-utf8", "replace", "--quote", "'"}, `'\ufffdA'`},
		{"name", `{"\udbff":"\udfff"}`, []string{"--invalid-utf8", "replace"}, `{"\ufffd":"\ufffd"}`},
		{"pair_kept", `"\ud800\ud800\udc00\udc00"`, []string{"--invalid-utf8", "replace"}, "\"\\ufffd\U00010000\\ufffd\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", tt.stdin, tt.args...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if want := tt.want + "\n"; out != want {
				t.Errorf("got %q, want %q", out, want)
			}
		})
	}
}

// TestLoneSurrogateAsEncodingJSON checks that the replaced output decodes,
// under both replacing policies, to what encoding/json decodes the input to:
// one U+FFFD per lone surrogate escape and per invalid raw byte.
func TestLoneSurrogateAsEncodingJSON(t *testing.T) {
	inputs := []string{
		`"\ud800"`, `"\ud800\u0041"`, `"\udc00\ud800"`, "\"\\ud800\xed\xb0\x80\"", `"x\udbff\udbff\udfffy"`,
		"\"\xe2\x82\\udc00\xf0\x9f\"", `["\udfff\ud800\u00e9", {"\ud800": "\uDC00\uD800\uDC00"}]`,
	}
	for _, in := range inputs {
		var want any
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("encoding/json refuses %q: %v", in, err)
		}
		for _, policy := range []string{"replace", "replace-raw"} {
			code, out, errs := run(t, "", in, "--invalid-utf8", policy)
			if code != 0 || errs != "" {
				t.Fatalf("%q, %s: exit %d, stderr %q", in, policy, code, errs)
			}
			var got any
			if err := json.Unmarshal([]byte(out), &got); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%q, %s: output %q decodes to %q (%v), encoding/json decodes the input to %q", in, policy, out, got, err, want)
			}
		}
	}
}

// TestASCIIFlag checks -a (DEL escaped with every code point above U+007F,
// as jgen.PrintableASCII) against --preset ascii (DEL raw) and how it
// combines with the other flags.
func TestASCIIFlag(t *testing.T) {
	const in = "{\"k\x7f\":\"a\x7f\u00e9<\u2028\U0001F600\"}"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"ascii", []string{"-a"}, `{"k\u007f":"a\u007f\u00e9<\u2028\ud83d\ude00"}`},
		{"ascii_long", []string{"--ascii"}, `{"k\u007f":"a\u007f\u00e9<\u2028\ud83d\ude00"}`},
		{"preset_ascii_keeps_del", []string{"--preset", "ascii"}, "{\"k\x7f\":\"a\x7f\\u00e9<\\u2028\\ud83d\\ude00\"}"},
		{"preset_ascii_then_a", []string{"--preset", "ascii", "-a"}, `{"k\u007f":"a\u007f\u00e9<\u2028\ud83d\ude00"}`},
		{"upper_hex", []string{"-a", "--upper-hex"}, `{"k\u007F":"a\u007F\u00E9<\u2028\uD83D\uDE00"}`},
		{"ascii_false", []string{"-a", "--ascii=false"}, in},
		{"preset_ascii_ascii_false", []string{"--preset", "ascii", "--ascii=false"}, in},
		{"stdlib", []string{"--preset", "stdlib", "-a"}, `{"k\u007f":"a\u007f\u00e9\u003c\u2028\ud83d\ude00"}`},
		{"then_max_unescaped", []string{"-a", "--max-unescaped", "U+FFFF"}, "{\"k\\u007f\":\"a\\u007f\u00e9<\u2028\\ud83d\\ude00\"}"},
		{"max_unescaped_then_ascii", []string{"--max-unescaped", "U+FFFF", "-a"}, `{"k\u007f":"a\u007f\u00e9<\u2028\ud83d\ude00"}`},
		{"quote_apostrophe", []string{"-a", "--quote", "'"}, `{'k\u007f':'a\u007f\u00e9<\u2028\ud83d\ude00'}`},
		{"surrogate_escapes", []string{"--surrogate-escapes", "-a"}, `{"k\u007f":"a\u007f\u00e9<\u2028\ud83d\ude00"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", in, tt.args...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if want := tt.want + "\n"; out != want {
				t.Errorf("got %q, want %q", out, want)
			}
		})
	}
}

// TestASCIIFlagMatchesPython compares the strings jgen -a writes with those
// of Python's json.dumps(ensure_ascii=True) over sampled strings: as values
// and as names, short and longer than the command's buffer.
func TestASCIIFlagMatchesPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: this test compares jgen -a with Python's json.dumps")
	}
	pieces := []string{
		"a", "Z", " ", "~", "\x7f", "\x00", "\x1f", "\b", "\t", "\n", "\f", "\r", `"`, `\`, "/", "'", "<", "&",
		"\u0080", "\u00e9", "\u07ff", "\u0800", "\u2028", "\u2029", "\ud7ff", "\ue000", "\ufeff", "\ufffd", "\uffff",
		"\U00010000", "\U0001F600", "\U0010FFFF",
	}
	for c := 0; c < 0x80; c++ {
		pieces = append(pieces, string(rune(c)))
	}
	rng := rand.New(rand.NewPCG(10, 12))
	var input strings.Builder
	for i := 0; i < 400; i++ {
		n := rng.IntN(40)
		if i%100 == 99 {
			n = 40000 // past the 64 KiB buffer once escaped
		}
		var s strings.Builder
		for range n {
			s.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line, err := json.Marshal([]any{s.String(), map[string]string{s.String(): "\x7f"}})
		if err != nil {
			t.Fatal(err)
		}
		input.Write(line)
		input.WriteByte('\n')
	}
	const script = `import json, sys
for line in sys.stdin:
    sys.stdout.write(json.dumps(json.loads(line), ensure_ascii=True, separators=(",", ":")) + "\n")
`
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(input.String())
	cmd.Env = append(os.Environ(), "PYTHONIOENCODING=utf-8")
	want, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	code, got, errs := run(t, "", input.String(), "-a")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	gotLines, wantLines := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	if len(gotLines) != len(wantLines) {
		t.Fatalf("jgen -a wrote %d lines, Python %d", len(gotLines), len(wantLines))
	}
	for i := range gotLines {
		if gotLines[i] != wantLines[i] {
			t.Errorf("line %d:\njgen -a: %.200q\npython:  %.200q", i+1, gotLines[i], wantLines[i])
		}
	}
}
