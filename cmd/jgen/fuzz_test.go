package main

// FuzzCLI: random bytes as the input document and random option bits;
// with bit 15 (longBit) the bytes are put inside a long string value.
// The command either refuses the input with a located error (exit 1,
// "jgen: <stdin>:LINE:COL: message (byte offset N)" pointing into the input)
// or writes output that decodes (encoding/json, UseNumber) to the same
// values as the input and that the command writes again unchanged.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/cmd/jgen/internal/cli"
)

// cliArgs turns option bits into a command line. It reports whether the
// output is JSON (quote '"'), and the invalid-UTF-8 policy ("error" when
// not given).
func cliArgs(bits uint16) (args []string, isJSON bool, policy string) {
	preset := []string{"minimal", "stdlib", "jackson", "ascii"}[bits&3]
	args = append(args, "--preset", preset)
	policy = "error"
	if preset == "stdlib" {
		policy = jgen.Stdlib.InvalidUTF8.String() // by toolchain: replace or replace-raw
	}
	for i, f := range []string{"--ascii", "--html", "--js", "--escape-slash", "--upper-hex", "--surrogate-escapes"} {
		if bits&(4<<i) != 0 {
			args = append(args, f)
		}
	}
	if p := (bits >> 8) & 3; p != 0 {
		policy = []string{"", "error", "replace", "replace-raw"}[p]
		args = append(args, "--invalid-utf8", policy)
	}
	switch (bits >> 10) & 3 {
	case 1:
		args = append(args, "--indent", "2")
	case 2:
		args = append(args, "--tab")
	case 3:
		args = append(args, "--pretty", "jackson")
	}
	isJSON = bits&(1<<12) == 0
	if !isJSON {
		args = append(args, "--quote", "'")
	}
	if m := (bits >> 13) & 3; m != 0 {
		args = append(args, "--max-unescaped", []string{"", "U+00FF", "U+07FF", "U+FFFF"}[m])
	}
	return args, isJSON, policy
}

func runCLI(args []string, in []byte) (code int, stdout, stderr []byte) {
	var out, errb bytes.Buffer
	code = cli.Main(args, bytes.NewReader(in), &out, &errb)
	return code, out.Bytes(), errb.Bytes()
}

// decodeAll decodes every top-level value of data with encoding/json.
func decodeAll(data []byte) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var vs []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return vs, nil
		}
		if err != nil {
			return vs, err
		}
		vs = append(vs, v)
	}
}

// surrogateEscape matches a \u escape of a UTF-16 surrogate. Alone, such
// an escape is no character: the command refuses it under the error policy
// and writes one replacement character for it otherwise, as encoding/json
// decodes it to one U+FFFD.
var surrogateEscape = regexp.MustCompile(`\\u[dD][89abcdefABCDEF]`)

// loneSurrogateMsg matches the message for a lone surrogate escape.
var loneSurrogateMsg = regexp.MustCompile("^lone surrogate escape `(.{6})` in string$")

var located = regexp.MustCompile(`^jgen: <stdin>:(\d+):(\d+): (.+) \(byte offset (\d+)\)\n$`)

// checkLocated checks that stderr is one located error whose line, column
// and offset agree with each other and point into data.
func checkLocated(data, stderr []byte) error {
	m := located.FindSubmatch(stderr)
	if m == nil {
		return fmt.Errorf("error %q is not located", stderr)
	}
	line, _ := strconv.ParseInt(string(m[1]), 10, 64)
	col, _ := strconv.ParseInt(string(m[2]), 10, 64)
	off, _ := strconv.ParseInt(string(m[4]), 10, 64)
	if off > int64(len(data)) {
		return fmt.Errorf("error %q: offset beyond the %d-byte input", stderr, len(data))
	}
	before := data[:off]
	wantLine := int64(bytes.Count(before, []byte{'\n'})) + 1
	wantCol := off - int64(bytes.LastIndexByte(before, '\n'))
	if line != wantLine || col != wantCol {
		return fmt.Errorf("error %q: offset %d is line %d column %d", stderr, off, wantLine, wantCol)
	}
	rest := data[off:]
	msg := string(m[3])
	if msg == "unexpected end of input" && off != int64(len(data)) {
		return fmt.Errorf("error %q: input cut short, located at %d, not at its end %d", stderr, off, len(data))
	}
	if q, ok := strings.CutPrefix(msg, "invalid character "); ok {
		// The character named is the one at the offset.
		if lit, err := strconv.QuotedPrefix(q); err == nil {
			want, _ := strconv.Unquote(lit)
			if !bytes.HasPrefix(rest, []byte(want)) {
				return fmt.Errorf("error %q: input at the offset is %q", stderr, rest[:min(len(rest), 8)])
			}
		}
	}
	if msg == "invalid UTF-8 in string" {
		if r, n := utf8.DecodeRune(rest); !(r == utf8.RuneError && n <= 1) {
			return fmt.Errorf("error %q: input at the offset is %q, not invalid UTF-8", stderr, rest[:min(len(rest), 8)])
		}
	}
	if e := loneSurrogateMsg.FindStringSubmatch(msg); e != nil {
		if !bytes.HasPrefix(rest, []byte(e[1])) || !surrogateEscape.MatchString(e[1]) {
			return fmt.Errorf("error %q: input at the offset is %q, not the surrogate escape named", stderr, rest[:min(len(rest), 8)])
		}
	}
	return nil
}

// longBit in FuzzCLI's option bits puts the input inside a string value
// longer than the command's streaming threshold (longString).
const longBit = 1 << 15

// longFill is how many bytes longString puts before its content, less 0
// to 15: the content's first bytes straddle the end of the generator's
// first read into its buffer, of 64 KiB (the command's
// jgen.Options.BufferSize) plus scan.Slack (64) bytes.
const longFill = 64<<10 + 64

// longString returns the JSON text of a string value that starts with
// longFill-16+len(content)%16 bytes of text (so that content's length
// moves it across the end of the buffer), then content, then 64 more bytes
// of text: longer
// than the 64 KiB above which the command streams a string value through
// Generator.WriteStringFrom, so that each escape sequence in content
// passes the streamed string's reader at the end of the buffer it is
// given. A '"' in content ends the string early, and the JSON text is
// then what follows.
func longString(content []byte) []byte {
	b := make([]byte, 0, longFill+len(content)+66)
	b = append(b, '"')
	b = append(b, strings.Repeat("x", longFill-16+len(content)%16)...)
	b = append(b, content...)
	b = append(b, strings.Repeat("y", 64)...)
	return append(b, '"')
}

func FuzzCLI(f *testing.F) {
	for i, s := range []string{
		``, `null`, `{"a":[1,"é",{"b":null}],"c":-0.5e+10}`, "[1,\n 2,,]", "{\"a\":1}\n{\"a\":2}\n[]\n\"x\"\n",
		`"\ud800\u0041 \ud83d\ude00 \u2028 <>&/ \"\\ \u0000"`, "\"a\xffb\xe2\x80\"", "\xef\xbb\xbf{\"bom\":true}",
		`{"dup":1,"dup":2}`, `[[[[[[[[[[]]]]]]]]]]`, `1 2 3 "x" true false null`, `{"x":`, `"unterminated`,
		"[\"\\u00e9\\uDE00\",12345678901234567890123456789,1E400]",
	} {
		f.Add([]byte(s), uint16(i*40503))
	}
	// Lone surrogate escapes, one replacement each, beside raw invalid
	// bytes, one each: under replace, replace-raw with -a, and replace-raw.
	lone := []byte("[\"\\ud800\",\"\\ud800\\u0041\",\"\\udc00\\ud800\",\"\\ud800\xed\xb0\x80\"]")
	for _, bits := range []uint16{0x200, 0x300 | 4, 0x300} {
		f.Add(lone, bits)
	}
	// Long strings (bit 15): escapes of every decoded length, and invalid
	// and cut ones, across the end of the generator's read buffer.
	for i, s := range []string{
		`\u00e9\n\u20ac\ud83d\ude00\u0041\"`, `\ud83d\ude00\ud83d\ude00\ud83d\ude00`,
		`\u07ff\u07ff\u07ff\u07ff\u07ff\u07ff\u07ff`, `\uffff\uFFFF\uffff\uffff\uffff`, `\ud800\udc00x\ud800\u00e9`,
		`\\\/\b\f\r\t\"\\\/\b\f\r\t`, "\\u00e9\xff\\u20ac é€😀", `\u00e9\q`, `\u00e9","\u20ac`, `\u00e9\ud83d`,
	} {
		f.Add([]byte(s), uint16(0x8000|i*40503))
	}
	f.Fuzz(func(t *testing.T, data []byte, bits uint16) {
		if bits&longBit != 0 {
			data = longString(data)
		}
		args, isJSON, policy := cliArgs(bits)
		code, out, errOut := runCLI(args, data)
		want, werr := decodeAll(data)
		// The input is certainly acceptable to the command when
		// encoding/json takes it whole and its strings are valid UTF-8
		// without surrogate escapes (nothing for the policy to judge).
		plain := werr == nil && utf8.Valid(data) && !surrogateEscape.Match(data)
		switch code {
		case 1:
			if err := checkLocated(data, errOut); err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			if plain && isJSON {
				t.Fatalf("%v: input %q accepted by encoding/json refused: %s", args, data, errOut)
			}
			return
		case 0:
		default:
			t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
		}
		if len(errOut) != 0 {
			t.Fatalf("%v: exit 0 with stderr %q", args, errOut)
		}
		if !isJSON {
			// Quote ': the same bytes as with quote '"', but for the
			// string delimiters and ' inside strings written \u0027.
			dq := slicesWithout(args, "--quote", "'")
			_, out2, errOut2 := runCLI(dq, data)
			if want := swapQuotes(out2); !bytes.Equal(out, want) || !bytes.Equal(errOut, errOut2) {
				t.Fatalf("%v: input %q: output %q (stderr %q), want %q (stderr %q)", args, data, out, errOut, want, errOut2)
			}
			return
		}
		if !utf8.Valid(out) {
			t.Fatalf("%v: output %q is not valid UTF-8", args, out)
		}
		if len(out) > 0 && out[len(out)-1] != '\n' {
			t.Fatalf("%v: output %q does not end in a newline", args, out)
		}
		got, gerr := decodeAll(out)
		if gerr != nil {
			t.Fatalf("%v: input %q: output %q is not JSON: %v", args, data, out, gerr)
		}
		if werr == nil {
			if policy == "error" && !utf8.Valid(data) {
				t.Fatalf("%v: input %q with invalid UTF-8 accepted under policy error: %q", args, data, out)
			}
			// Exactly: one U+FFFD for each invalid byte and each lone
			// surrogate escape, in the input as in the output.
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("%v: input %q: output %q decodes to %#v, input to %#v", args, data, out, got, want)
			}
		}
		// Idempotent: the output written again is the same. Replaced
		// input is the exception once: the replacement characters of the
		// first pass are valid text in the second, and under replace they
		// are then written raw, not as \ufffd. From there on it is stable.
		code2, out2, errOut2 := runCLI(args, out)
		if code2 != 0 {
			t.Fatalf("%v: input %q: output %q refused: %s", args, data, out, errOut2)
		}
		if clean := utf8.Valid(data) && !surrogateEscape.Match(data); !clean {
			out, out2 = out2, nil
			code2, out2, errOut2 = runCLI(args, out)
		}
		if code2 != 0 || !bytes.Equal(out2, out) {
			t.Fatalf("%v: input %q: output %q re-encodes to %q (exit %d, %q)", args, data, out, out2, code2, errOut2)
		}
	})
}

// slicesWithout returns args without the first occurrence of the pair a, b.
func slicesWithout(args []string, a, b string) []string {
	for i := 0; i+1 < len(args); i++ {
		if args[i] == a && args[i+1] == b {
			return append(append([]string(nil), args[:i]...), args[i+2:]...)
		}
	}
	return args
}

// swapQuotes turns output written with quote '"' into what the apostrophe quote char
// writes: each string's delimiters become ' and a raw ' inside becomes
// \u0027. out must hold well-formed strings.
func swapQuotes(out []byte) []byte {
	var b []byte
	in := false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case c == '"':
			in = !in
			b = append(b, '\'')
		case in && c == '\\':
			b = append(b, c, out[i+1])
			i++
		case in && c == '\'':
			b = append(b, `\u0027`...)
		default:
			b = append(b, c)
		}
	}
	return b
}
