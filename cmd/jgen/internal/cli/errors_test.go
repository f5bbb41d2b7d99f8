package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

func TestInputErrors(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	tests := []struct {
		name, stdin string
		args        []string
		wantErr     string
	}{
		{"syntax_multiline", "{\"a\":\n  [1,\n   x]}", nil, "jgen: <stdin>:3:4: invalid character 'x' at start of value (byte offset 15)\n"},
		{"syntax_after_bom", "\xef\xbb\xbf[1 2]", nil, "jgen: <stdin>:1:7: invalid character '2' after array element (expecting ',' or ']') (byte offset 6)\n"},
		{"truncated", `{"a":1`, nil, "jgen: <stdin>:1:7: unexpected end of input (byte offset 6)\n"},
		{"truncated_string", `["abc`, nil, "jgen: <stdin>:1:6: unexpected end of input (byte offset 5)\n"},
		{"trailing_garbage", `{} x`, nil, "jgen: <stdin>:1:4: invalid character 'x' at start of value (byte offset 3)\n"},
		{"single_quotes", `{'a':1}`, nil, "jgen: <stdin>:1:2: invalid character '\\'' where an object member name (a string) or '}' is expected (byte offset 1)\n"},
		{"single_quotes_second", `{"a":1, 'b':2}`, nil, "jgen: <stdin>:1:9: invalid character '\\'' where an object member name (a string) is expected (byte offset 8)\n"},
		{"single_quotes_nested", `[{"a":{'b':2}}]`, nil, "jgen: <stdin>:1:8: invalid character '\\'' where an object member name (a string) or '}' is expected (byte offset 7)\n"},
		{"double_comma_object", `{"a":1,,}`, nil, "jgen: <stdin>:1:8: invalid character ',' where an object member name (a string) is expected (byte offset 7)\n"},
		{"wrong_closer_object", `{]`, nil, "jgen: <stdin>:1:2: invalid character ']' where an object member name (a string) or '}' is expected (byte offset 1)\n"},
		{"wrong_closer_array", `[}`, nil, "jgen: <stdin>:1:2: invalid character '}' at start of value (byte offset 1)\n"},
		{"value_in_object", `{"a":'b'}`, nil, "jgen: <stdin>:1:6: invalid character '\\'' at start of value (byte offset 5)\n"},
		{"raw_control", "[\"a\tb\"]", nil, "jgen: <stdin>:1:4: invalid character '\\t' in string (expecting non-control character) (byte offset 3)\n"},
		{"bad_escape", `["\x"]`, nil, "jgen: <stdin>:1:3: invalid escape sequence `\\x` in string (byte offset 2)\n"},
		{"invalid_utf8_raw", "[\n\"ok\",\n\"bad \xff\"]", nil, "jgen: <stdin>:3:6: invalid UTF-8 in string (byte offset 13)\n"},
		{"lone_surrogate_after_escapes", `["\t\u00e9\ud800"]`, nil, "jgen: <stdin>:1:11: lone surrogate escape `\\ud800` in string (byte offset 10)\n"},
		{"lone_surrogate_low", `"\n\\\uDFFF"`, nil, "jgen: <stdin>:1:6: lone surrogate escape `\\uDFFF` in string (byte offset 5)\n"},
		{"lone_surrogate_high_high", `"\ud800\ud800\udc00"`, nil, "jgen: <stdin>:1:2: lone surrogate escape `\\ud800` in string (byte offset 1)\n"},
		{"lone_surrogate_then_raw", "[\"\\udbff\xff\"]", nil, "jgen: <stdin>:1:3: lone surrogate escape `\\udbff` in string (byte offset 2)\n"},
		{"raw_then_lone_surrogate", "[\"\xff\\udbff\"]", nil, "jgen: <stdin>:1:3: invalid UTF-8 in string (byte offset 2)\n"},
		{"lone_surrogate_name", `{"a":1,"\udc00":2}`, []string{"--invalid-utf8", "error"}, "jgen: <stdin>:1:9: lone surrogate escape `\\udc00` in string (byte offset 8)\n"},
		{"invalid_utf8_truncated_seq", "{\"k\":\"\xe2\x82A\"}", nil, "jgen: <stdin>:1:7: invalid UTF-8 in string (byte offset 6)\n"},
		{"invalid_utf8_name", "{\"a\":1,\r\n\"b\xc0\xaf\":2}", nil, "jgen: <stdin>:2:3: invalid UTF-8 in string (byte offset 11)\n"},
		{"invalid_utf8_explicit_error", "\"\xed\xa0\x80\"", []string{"--preset", "stdlib", "--invalid-utf8", "error"}, "jgen: <stdin>:1:2: invalid UTF-8 in string (byte offset 1)\n"},
		// The byte at fault, not the ',' before it nor the token's start.
		{"trailing_comma_array", `[1,2,]`, nil, "jgen: <stdin>:1:6: invalid character ']' after ',' (expecting a value) (byte offset 5)\n"},
		{"trailing_comma_object", `{"a":1,}`, nil, "jgen: <stdin>:1:8: invalid character '}' after ',' (expecting an object member name) (byte offset 7)\n"},
		{"trailing_comma_spaced", "[[1] ,\r\n\t]", nil, "jgen: <stdin>:2:2: invalid character ']' after ',' (expecting a value) (byte offset 9)\n"},
		{"trailing_comma_wrong_closer", `{"a":[1,}`, nil, "jgen: <stdin>:1:9: invalid character '}' after ',' (expecting a value) (byte offset 8)\n"},
		{"trailing_comma_after_bom", "\xef\xbb\xbf{\"a\":{},}", nil, "jgen: <stdin>:1:12: invalid character '}' after ',' (expecting an object member name) (byte offset 11)\n"},
		{"leading_comma_array", `[,1]`, nil, "jgen: <stdin>:1:2: invalid character ',' at start of value (byte offset 1)\n"},
		{"leading_comma_object", `{,}`, nil, "jgen: <stdin>:1:2: invalid character ',' where an object member name (a string) or '}' is expected (byte offset 1)\n"},
		{"double_comma", `[1,,]`, nil, "jgen: <stdin>:1:4: invalid character ',' at start of value (byte offset 3)\n"},
		{"comma_after_name", `{"a",}`, nil, "jgen: <stdin>:1:5: invalid character ',' after object name (expecting ':') (byte offset 4)\n"},
		{"comma_at_top_level", `1,2`, nil, "jgen: <stdin>:1:2: invalid character ',' at start of value (byte offset 1)\n"},
		{"missing_value", `{"a":}`, nil, "jgen: <stdin>:1:6: missing value after object name (byte offset 5)\n"},
		{"cut_number", `1.`, nil, "jgen: <stdin>:1:3: unexpected end of input (byte offset 2)\n"},
		{"cut_number_in_array", `[-`, nil, "jgen: <stdin>:1:3: unexpected end of input (byte offset 2)\n"},
		{"cut_exponent", "[1e+", nil, "jgen: <stdin>:1:5: unexpected end of input (byte offset 4)\n"},
		{"cut_literal", `tru`, nil, "jgen: <stdin>:1:4: unexpected end of input (byte offset 3)\n"},
		{"cut_escape", `"\u12`, nil, "jgen: <stdin>:1:6: unexpected end of input (byte offset 5)\n"},
		{"cut_escape_after_surrogate", `["\ud800\u1`, nil, "jgen: <stdin>:1:12: unexpected end of input (byte offset 11)\n"},
		{"cut_utf8", "\"\xe2\x82", nil, "jgen: <stdin>:1:4: unexpected end of input (byte offset 3)\n"},
		{"cut_utf8_name", "{\"ok\":1,\n\"\xf0\x9f\x98", nil, "jgen: <stdin>:2:5: unexpected end of input (byte offset 13)\n"},
		{"cut_after_bom", "\xef\xbb\xbf[1.", nil, "jgen: <stdin>:1:7: unexpected end of input (byte offset 6)\n"},
		{"cut_after_space", "[1, ", nil, "jgen: <stdin>:1:5: unexpected end of input (byte offset 4)\n"},
		{"bad_escape_not_cut", `"\u12x"`, nil, "jgen: <stdin>:1:2: invalid escape sequence `\\u12x\"` in string (byte offset 1)\n"},
		{"deep_nesting", deep, nil, "jgen: <stdin>:1:10001: nesting too deep: more than 10000 levels of objects and arrays (byte offset 10000)\n"},
		{"missing_file", "", []string{"no-such-file.json"}, "jgen: open no-such-file.json: no such file or directory\n"},
		{"directory", "", []string{"."}, "jgen: .: is a directory\n"},
		{"output_in_missing_folder", "{}", []string{"-o", "no-such-folder/out.json"}, "jgen: no-such-folder/out.json: no such file or directory\n"},
		{"error_in_named_file", "", []string{"invalid_utf8.json"}, "jgen: invalid_utf8.json:1:12: invalid UTF-8 in string (byte offset 11)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := run(t, "", tt.stdin, tt.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if errs != tt.wantErr {
				t.Errorf("stderr\ngot:  %q\nwant: %q", errs, tt.wantErr)
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		wantFirst string
	}{
		{"unknown_flag", []string{"--bogus"}, "jgen: unknown flag: --bogus"},
		{"unknown_short", []string{"-z"}, "jgen: unknown shorthand flag: 'z' in -z"},
		{"bad_preset", []string{"--preset", "yaml"}, `jgen: invalid argument "yaml" for "--preset" flag: want minimal, stdlib, jackson or ascii`},
		{"bad_quote", []string{"--quote", "`"}, "jgen: invalid argument \"`\" for \"--quote\" flag: want \" or ', not \"`\""},
		{"bad_max_unescaped", []string{"--max-unescaped", "U+0041"}, `jgen: invalid argument "U+0041" for "--max-unescaped" flag: want a code point from U+007F to U+10FFFF (or 0 for no limit), not "U+0041"`},
		{"bad_policy", []string{"--invalid-utf8", "drop"}, `jgen: invalid argument "drop" for "--invalid-utf8" flag: want error, replace or replace-raw, not "drop"`},
		{"bad_indent", []string{"--indent", "x"}, `jgen: invalid argument "x" for "--indent" flag: want a number of spaces from 0 to 16, not "x"`},
		{"bad_pretty", []string{"--pretty", "python"}, `jgen: invalid argument "python" for "--pretty" flag: want jackson, not "python"`},
		{"missing_value", []string{"--indent"}, "jgen: flag needs an argument: --indent"},
		{"in_place_and_output", []string{"-w", "-o", "x.json", "input.json"}, "jgen: -w/--in-place and -o/--output cannot be used together"},
		{"in_place_stdin", []string{"-w"}, "jgen: -w/--in-place needs at least one FILE"},
		{"in_place_dash", []string{"-w", "-"}, "jgen: -w/--in-place cannot rewrite standard input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", "", tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			first, rest, _ := strings.Cut(errs, "\n")
			if first != tt.wantFirst {
				t.Errorf("first line of stderr\ngot:  %q\nwant: %q", first, tt.wantFirst)
			}
			if rest != "Run 'jgen --help' for usage.\n" {
				t.Errorf("after the error: %q, want only the pointer to --help", rest)
			}
		})
	}
}

func TestHelpAndVersion(t *testing.T) {
	code, out, errs := run(t, "", "", "--help")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "Usage: jgen [flags] [FILE...]\n") || !strings.Contains(out, "\nExamples:\n") {
		t.Errorf("--help: exit %d, stderr %q, stdout %q", code, errs, out)
	}
	code, out, errs = run(t, "", "", "--version")
	if code != 0 || errs != "" || out != "jgen (devel)\n" {
		t.Errorf("--version: exit %d, stderr %q, stdout %q", code, errs, out)
	}
}

// writeFiles makes dir/name with content and mode for each entry.
func writeFiles(t *testing.T, dir string, files map[string]string, mode os.FileMode) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
}

// checkDir fails unless dir holds exactly want (names to content).
func checkDir(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("folder holds %q, want %d files", names, len(want))
	}
	for name, content := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Error(err)
			continue
		}
		if string(got) != content {
			t.Errorf("%s = %q, want %q", name, got, content)
		}
	}
}

func TestOutputFiles(t *testing.T) {
	const good, bad, old = `{"a" : "\u00e9"}`, `{"a" : [1,`, "old content\n"
	tests := []struct {
		name     string
		files    map[string]string
		args     []string
		wantCode int
		wantErr  string
		want     map[string]string // the folder afterwards
		wantMode os.FileMode
	}{
		{"output_new", map[string]string{"in.json": good}, []string{"-o", "out.json", "in.json"}, 0, "",
			map[string]string{"in.json": good, "out.json": "{\"a\":\"é\"}\n"}, 0o640},
		{"output_replaces", map[string]string{"in.json": good, "out.json": old}, []string{"in.json", "-a", "-o", "out.json"}, 0, "",
			map[string]string{"in.json": good, "out.json": "{\"a\":\"\\u00e9\"}\n"}, 0o640},
		{"output_is_input", map[string]string{"in.json": good}, []string{"-o", "in.json", "in.json"}, 0, "",
			map[string]string{"in.json": "{\"a\":\"é\"}\n"}, 0o640},
		{"output_untouched_on_error", map[string]string{"in.json": good, "bad.json": bad, "out.json": old}, []string{"-o", "out.json", "in.json", "bad.json"}, 1,
			"jgen: bad.json:1:11: unexpected end of input (byte offset 10)\n",
			map[string]string{"in.json": good, "bad.json": bad, "out.json": old}, 0o640},
		{"output_not_created_on_error", map[string]string{"bad.json": bad}, []string{"-o", "out.json", "bad.json"}, 1,
			"jgen: bad.json:1:11: unexpected end of input (byte offset 10)\n",
			map[string]string{"bad.json": bad}, 0o640},
		{"output_is_bad_input", map[string]string{"bad.json": bad}, []string{"-o", "bad.json", "bad.json"}, 1,
			"jgen: bad.json:1:11: unexpected end of input (byte offset 10)\n",
			map[string]string{"bad.json": bad}, 0o640},
		{"in_place", map[string]string{"a.json": good, "b.json": "[1, 2]"}, []string{"-w", "--indent", "1", "a.json", "b.json"}, 0, "",
			map[string]string{"a.json": "{\n \"a\": \"é\"\n}\n", "b.json": "[\n 1,\n 2\n]\n"}, 0o600},
		{"in_place_keeps_mode", map[string]string{"a.json": good}, []string{"a.json", "--in-place"}, 0, "",
			map[string]string{"a.json": "{\"a\":\"é\"}\n"}, 0o751},
		{"in_place_error_untouched", map[string]string{"a.json": good, "bad.json": bad}, []string{"-w", "a.json", "bad.json"}, 1,
			"jgen: bad.json:1:11: unexpected end of input (byte offset 10)\n",
			map[string]string{"a.json": "{\"a\":\"é\"}\n", "bad.json": bad}, 0o644},
		{"in_place_missing", map[string]string{}, []string{"-w", "none.json"}, 1,
			"jgen: stat none.json: no such file or directory\n", map[string]string{}, 0o644},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files, tt.wantMode)
			code, out, errs := run(t, dir, "", tt.args...)
			if code != tt.wantCode || errs != tt.wantErr || out != "" {
				t.Errorf("exit %d, stderr %q, stdout %q; want exit %d, stderr %q", code, errs, out, tt.wantCode, tt.wantErr)
			}
			checkDir(t, dir, tt.want)
			for name := range tt.want {
				fi, err := os.Stat(filepath.Join(dir, name))
				if err == nil && tt.files[name] != "" && fi.Mode().Perm() != tt.wantMode {
					t.Errorf("%s: mode %v, want %v", name, fi.Mode().Perm(), tt.wantMode)
				}
			}
		})
	}
}

// failAfter is an output that accepts n bytes and then fails.
type failAfter struct{ n int }

var errFull = errors.New("no space left on device")

func (w *failAfter) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return len(p), nil
	}
	n := w.n
	w.n = 0
	return n, errFull
}

// TestReadErrors checks the message for an input that fails to read: the
// system's reason after "reading NAME", without the tokenizer's
// "jsontext: read error: " or the "read FILE: " of an *os.PathError.
func TestReadErrors(t *testing.T) {
	// The last two: a long string value (streamed) and a long name (read
	// into memory) cut by the error.
	for _, in := range []string{"", `[1, "a`, `{"k":[` + strings.Repeat(`"x",`, 100000),
		`["` + strings.Repeat("x", 100<<10), `{"` + strings.Repeat("x", 100<<10)} {
		var stderr strings.Builder
		r := io.MultiReader(strings.NewReader(in), iotest.ErrReader(errors.New("input/output error")))
		code := Main(nil, r, io.Discard, &stderr)
		if want := "jgen: reading standard input: input/output error\n"; code != 1 || stderr.String() != want {
			t.Errorf("after %d bytes: exit %d, stderr %q; want 1, %q", len(in), code, stderr.String(), want)
		}
	}
	if _, err := os.Stat("/proc/self/mem"); err == nil {
		code, _, errs := run(t, "", "", "/proc/self/mem")
		if want := "jgen: reading /proc/self/mem: input/output error\n"; code != 1 || errs != want {
			t.Errorf("/proc/self/mem: exit %d, stderr %q; want 1, %q", code, errs, want)
		}
	}
}

// TestWriteErrorIsNotAnInputError checks that a failing output is reported
// as such, not located in a valid input as if the input were at fault.
func TestWriteErrorIsNotAnInputError(t *testing.T) {
	in := strings.Repeat(`{"a":"`+strings.Repeat("x", 100)+`"}`+"\n", 2000)
	for _, after := range []int{0, 1, 4096, 65536} {
		var stderr strings.Builder
		code := Main(nil, strings.NewReader(in), &failAfter{n: after}, &stderr)
		if code != 1 {
			t.Errorf("after %d bytes: exit %d, want 1", after, code)
		}
		if want := "jgen: writing standard output: no space left on device\n"; stderr.String() != want {
			t.Errorf("after %d bytes: stderr %q, want %q", after, stderr.String(), want)
		}
	}
}
