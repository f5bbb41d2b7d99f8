package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/jgen-go/jgen"
)

// runPath runs the command on stdin with the root path on or off, the
// input buffer (and the streaming threshold with it) at size bytes, stdin
// read a byte at a time when oneByte is set.
func runPath(roots bool, size int, oneByte bool, stdin []byte, args ...string) (int, string, string) {
	oldRoots, oldAbove, oldSize := fastRoots, streamAbove, readSize
	fastRoots, streamAbove, readSize = roots, size, size
	defer func() { fastRoots, streamAbove, readSize = oldRoots, oldAbove, oldSize }()
	r := bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	var code int
	if oneByte {
		code = Main(append([]string{"--no-progress"}, args...), iotest.OneByteReader(r), &out, &errb)
	} else {
		code = Main(append([]string{"--no-progress"}, args...), r, &out, &errb)
	}
	return code, out.String(), errb.String()
}

// rootSeeds are documents for TestRootPathEqualsTokenPath: every kind of
// token, escapes, non-ASCII text, invalid UTF-8, lone surrogate escapes,
// root values with and without whitespace between them.
var rootSeeds = []string{
	`{"a":[1,-2.5e+3,0,true,false,null,{}],"b":{"c":"d\"e\\f\/g\b\f\n\r\t\u00e9\ud83d\ude00"},"é":"😀€"}` + "\n",
	`[]{}"x"1 2 3true false null-0 1.5E-7 [[[[]]]] {"k":{"k":{"k":[{}]}}}`,
	"\ufeff{\"bom\":1}\n{\"a\" : [ 1 , 2 ] , \"b\" :\t\"c\" }\r\n",
	"{\"bad\":\"\xff\xfe\",\"lone\":\"\\ud800\",\"pair\":\"\\uDBFF\\uDFFF\"}\n[\"\xed\xa0\x80\", \"\\udc00x\"]",
	`{"html":"<a href='x'>&amp;</a>","js":"` + "\u2028\u2029" + `","del":"` + "\x7f" + `","/":"a/b"}`,
	"0123 1.5.3 -0-0 1-2 nulll truefalse \"a\"\"b\" [0,1e5,2E+2,3e-0]\n",
}

// rootFaults are faults for TestRootPathEqualsTokenPath, each given alone
// and after a valid line that the root path takes.
var rootFaults = []string{
	`"\x"`, `"\u12G4"`, "\"a\tb\"", "\"a\x00\"", `"\u00"`, `"\`, `"abc`, `[1,]`, `{"a" 1}`, `{"a":1,}`,
	`{1:2}`, `[1 2]`, `-`, `- 1`, `1.`, `1.e5`, `1e`, `1e+`, `tru`, `nul`, `nulx`, `{"a":[}`, `]`, `}`, `,`, `:`,
	`[1}`, `{"a":1]`, `{"a"`, `{"a":`, "\"\xed\xa0\x80\"", `"\udc00"`, `"\ud800\u0041"`,
	strings.Repeat("[", 600) + strings.Repeat("]", 600),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat("{\"a\":", 700) + "1" + strings.Repeat("}", 700),
}

// badChar is the character jsontext names in "invalid character"
// messages, badExcerpt the bytes it quotes in others.
var (
	badChar    = regexp.MustCompile(`invalid character '([^']+|')'`)
	badExcerpt = regexp.MustCompile("`[^`]*`" + `|sequence "(?:[^"\\]|\\.)*"`)
)

// sameChar reduces what a message quotes of the input to its first byte:
// jsontext quotes the bytes at fault as far as its buffer holds them, so
// the quote depends on where its reads ended ('\xd1' or 'ѽ', `\u00"` or
// `\u00"0`), which the two paths, reading from different places, may place
// differently. The location, from the same byte, does not.
func sameChar(msg string) string {
	msg = badChar.ReplaceAllStringFunc(msg, func(m string) string {
		c := badChar.FindStringSubmatch(m)[1]
		if len(c) == 4 && strings.HasPrefix(c, `\x`) {
			return "invalid character 0x" + c[2:]
		}
		return fmt.Sprintf("invalid character 0x%02x", c[0])
	})
	return badExcerpt.ReplaceAllStringFunc(msg, func(m string) string {
		// An excerpt holding a backquote comes Go-quoted instead.
		prefix := ""
		if q, ok := strings.CutPrefix(m, "sequence "); ok {
			if u, err := strconv.Unquote(q); err == nil {
				m, prefix = "`"+u+"`", "sequence "
			}
		}
		return prefix + m[:min(len(m), 3)] + "…"
	})
}

// mutate changes a few bytes of s: replaces, inserts or deletes them,
// mostly with bytes that matter to the grammar.
func mutate(rng *rand.Rand, s string) []byte {
	const alphabet = "{}[]:,\"\\ \n\t0123456789-+.eEtrufalsn/ux\x00\x1f\x7f\xc3\xa9\xff"
	b := []byte(s)
	for range 1 + rng.IntN(3) {
		if len(b) == 0 {
			break
		}
		i := rng.IntN(len(b))
		c := alphabet[rng.IntN(len(alphabet))]
		switch rng.IntN(3) {
		case 0:
			b[i] = c
		case 1:
			b = append(b[:i], append([]byte{c}, b[i:]...)...)
		default:
			b = append(b[:i], b[i+1:]...)
		}
	}
	return b
}

// TestRootPathEqualsTokenPath checks that the root path changes nothing the
// command does: on valid and invalid input (the seeds, random mutations of
// them, every prefix of them), through buffers of several sizes, under
// several command lines, the exit status, the output and the error message
// are those of the token path alone.
func TestRootPathEqualsTokenPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 8))
	var inputs [][]byte
	for _, f := range rootFaults {
		inputs = append(inputs, []byte(f), []byte("{\"ok\":[1,\"x\"]}\n"+f+"\n[2]"))
	}
	for _, s := range rootSeeds {
		inputs = append(inputs, []byte(s))
		for i := range len(s) {
			inputs = append(inputs, []byte(s[:i]))
		}
		for range 300 {
			inputs = append(inputs, mutate(rng, s))
		}
	}
	argSets := [][]string{nil, {"-a", "--indent", "2"}, {"--preset", "stdlib", "--invalid-utf8", "error"}, {"--invalid-utf8", "replace"}}
	sizes := []int{16, 40, 64 << 10}
	checked := 0
	for i, in := range inputs {
		args := argSets[i%len(argSets)]
		if i < 2*len(rootFaults) {
			args = nil // 10,001 levels indented would be 100 MB of output
		}
		size := sizes[i%len(sizes)]
		oneByte := i%5 == 0
		wantCode, wantOut, wantErr := runPath(false, size, oneByte, in, args...)
		code, out, errs := runPath(true, size, oneByte, in, args...)
		if code != wantCode || out != wantOut || sameChar(errs) != sameChar(wantErr) {
			t.Fatalf("input %q, args %q, buffer %d: root path gives exit %d, %q, %q; token path %d, %q, %q",
				in, args, size, code, out, errs, wantCode, wantOut, wantErr)
		}
		checked++
	}
	t.Logf("%d inputs", checked)
}

// TestRootPathTakesNDJSON checks that the root path, not the token path,
// transcodes valid NDJSON, with the position it hands over correct: an
// invalid line after many valid ones is located exactly.
func TestRootPathTakesNDJSON(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "{\"i\":%d,\"s\":\"caf\\u00e9 \u00e9 %d\",\"a\":[true,null,1.5]}\n", i, i)
	}
	off := b.Len() + 5
	b.WriteString("{\"i\":x}\n")
	code, out, errs := runPath(true, readSize, false, []byte(b.String()))
	wantErr := fmt.Sprintf("jgen: <stdin>:20001:6: invalid character 'x' at start of value (byte offset %d)\n", off)
	if code != 1 || errs != wantErr {
		t.Fatalf("exit %d, stderr %q; want 1, %q", code, errs, wantErr)
	}
	if want := "{\"i\":19999,\"s\":\"café é 19999\",\"a\":[true,null,1.5]}\n{\"i\""; !strings.HasSuffix(out, want) {
		t.Errorf("output ends %q, want %q", out[max(0, len(out)-80):], want)
	}
	// The lexer takes every line: with a lexer that refuses everything,
	// the root path transcodes nothing.
	p := &rootPath{}
	if _, st := p.lex([]byte("{\"i\":1,\"s\":\"caf\\u00e9\",\"a\":[true,null,1.5]}\n"), 0, false); st != lexOK {
		t.Errorf("lex refuses a line: %v", st)
	}
}

// TestRootPathSharedCorpus compares the two paths on the corpora of
// ../shared (JGEN_SHARED=1).
func TestRootPathSharedCorpus(t *testing.T) {
	dir := requireShared(t)
	files, _ := filepath.Glob(filepath.Join(dir, "corpus", "simdjson", "*.json"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{nil, {"-a"}, {"--preset", "stdlib", "--tab"}} {
			wantCode, wantOut, wantErr := runPath(false, 64<<10, false, data, args...)
			code, out, errs := runPath(true, 64<<10, false, data, args...)
			if code != wantCode || out != wantOut || errs != wantErr {
				t.Errorf("%s %q: root path gives exit %d, %q; token path %d, %q", filepath.Base(f), args, code, errs, wantCode, wantErr)
			}
		}
	}
}

// TestTokenPathHandsBack checks that the token path stops after the root
// value it was given, when the splicer holds nothing back, at the file
// position after that value (long strings the splicer cut out counted),
// and leaves the rest of the input to be read again.
func TestTokenPathHandsBack(t *testing.T) {
	long := `"` + strings.Repeat("x", 40) + `"`
	for _, tc := range []struct {
		name, first, rest string
		at                position // of the first root value
		want              position
	}{
		{"plain", "[1,\n2]", " {\"a\":2}\n", position{}, position{offset: 6, line: 1, lineStart: 4}},
		{"after bom and lines", "{\"k\":\n\n[]}", "\n[3]", position{offset: 10, line: 2, lineStart: 7}, position{offset: 20, line: 4, lineStart: 17}},
		{"long string", "[\n" + long + "]", "[2]", position{}, position{offset: 45, line: 1, lineStart: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			oldAbove, oldSize := streamAbove, readSize
			streamAbove, readSize = 16, 16
			defer func() { streamAbove, readSize = oldAbove, oldSize }()
			var out bytes.Buffer
			g, err := jgen.NewGenerator(&out, &jgen.Options{RootTerminator: "\n"})
			if err != nil {
				t.Fatal(err)
			}
			src := &source{r: strings.NewReader(tc.first + tc.rest)}
			var c counts
			done, next, err := transcodeTokens(g, bufio.NewReaderSize(src, readSize), src, "in", &c, tc.at, 1)
			if done || err != nil || next != tc.want {
				t.Fatalf("done %v, err %v, next %+v; want false, nil, %+v", done, err, next, tc.want)
			}
			if rest, _ := io.ReadAll(src); string(rest) != tc.rest {
				t.Errorf("rest %q, want %q", rest, tc.rest)
			}
			if err := g.Flush(); err != nil {
				t.Fatal(err)
			}
			if c.roots != 1 {
				t.Errorf("%d roots, want 1", c.roots)
			}
		})
	}
}

// FuzzRootPath compares the root path with the token path alone on random
// input, buffer sizes and command lines, as TestRootPathEqualsTokenPath does
// on its own inputs.
func FuzzRootPath(f *testing.F) {
	for i, s := range append(append([]string{}, rootSeeds...), rootFaults[:len(rootFaults)-3]...) {
		f.Add([]byte(s), uint8(i))
	}
	argSets := [][]string{nil, {"-a"}, {"--preset", "stdlib", "--invalid-utf8", "error"}, {"--invalid-utf8", "replace", "--tab"}}
	f.Fuzz(func(t *testing.T, in []byte, bits uint8) {
		args := argSets[bits&3]
		size := []int{16, 17, 40, 64 << 10}[bits>>2&3]
		oneByte := bits&16 != 0
		wantCode, wantOut, wantErr := runPath(false, size, oneByte, in, args...)
		code, out, errs := runPath(true, size, oneByte, in, args...)
		if code != wantCode || out != wantOut || sameChar(errs) != sameChar(wantErr) {
			t.Fatalf("args %q, buffer %d: root path gives exit %d, %q, %q; token path %d, %q, %q",
				args, size, code, out, errs, wantCode, wantOut, wantErr)
		}
	})
}
