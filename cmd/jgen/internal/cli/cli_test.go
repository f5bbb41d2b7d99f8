package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
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
		{"lone_low_replace", `"\udc00x"`, []string{"--invalid-utf8=replace"}, "\"\\ufffd\\ufffd\\ufffdx\"\n"},
		{"high_then_high_replace", `"\ud800\ud83d\ude00"`, []string{"--invalid-utf8=replace"}, "\"\\ufffd\\ufffd\\ufffd\U0001F600\"\n"},
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
