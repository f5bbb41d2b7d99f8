package cli

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

// runWith runs the command on stdin with streamAbove set to above, stdin
// read a byte at a time through a 16-byte bufio.Reader when oneByte is set.
func runWith(t *testing.T, above int, oneByte bool, stdin string, args ...string) (int, string, string) {
	t.Helper()
	oldAbove, oldSize := streamAbove, readSize
	streamAbove = above
	if oneByte {
		readSize = 16
	}
	defer func() { streamAbove, readSize = oldAbove, oldSize }()
	var r io.Reader = strings.NewReader(stdin)
	if oneByte {
		r = iotest.OneByteReader(r)
	}
	var out, errb bytes.Buffer
	code := Main(append([]string{"--no-progress"}, args...), r, &out, &errb)
	return code, out.String(), errb.String()
}

// longString returns n bytes of JSON string content (no quotes) in which
// every kind of escape sequence, raw non-ASCII text and invalid UTF-8 (if
// bad) fall at random places, so that some straddle the input buffer's
// edges.
//
// A lone surrogate escape is one invalid code unit: the command refuses it
// by name, or writes one replacement character for it.
func longString(rng *rand.Rand, n int, bad bool) string {
	pieces := []string{
		`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0041`, `\u00e9`, `\u20AC`,
		`\ud83d\ude00`, `\uD83D\uDE00`, "é", "€", "😀", "\u2028", `\\\"`, `\\\\`, "plain text ",
	}
	if bad {
		pieces = append(pieces, "\xff", "\xe2\x82", "\xed\xa0\x80",
			`\uD800`, `\udc00`, `\ud800\u0041`, `\ud800\ud800\udc00`)
	}
	var b strings.Builder
	for b.Len() < n {
		if rng.IntN(3) == 0 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		} else {
			b.WriteString(strings.Repeat("x", rng.IntN(40)))
		}
	}
	return b.String()
}

// TestLongStringsEqualTokenizer checks that a string streamed past the
// tokenizer gives the command's output, error message, position and exit
// code byte for byte as the same string through the tokenizer does
// (streamAbove 0), as values and names, at the input buffer's edges, read
// whole or a byte at a time into a 16-byte buffer (where most strings
// straddle its end and are streamed), under every invalid-UTF-8 policy.
func TestLongStringsEqualTokenizer(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	long := longString(rng, 200<<10, false)
	bad := longString(rng, 150<<10, true)
	// Syntax errors come after valid text: a string with invalid UTF-8
	// and a syntax error is refused for the first fault when streamed,
	// for the syntax error when tokenized whole. A lone surrogate escape
	// is invalid UTF-8 here: `\ud800` cut by the end of the input is such
	// a string.
	docs := map[string]string{
		"value":           `"` + long + `"`,
		"in_array":        "[1,\n\"" + long + "\", \"after\", 2.5]\n[3]",
		"name_and_value":  `{"` + long[:70<<10] + `":"` + long + `","k":true}`,
		"many":            strings.Repeat(`["`+long[:(66<<10)+3]+`"]`+"\n", 4),
		"invalid_utf8":    `["ok", "` + bad + `"]`,
		"invalid_name":    `{"` + bad + `": 1}`,
		"error_after":     "[\"" + long + "\",\n  tru]",
		"bad_escape":      `["` + long[:100<<10] + `\x"]`,
		"bad_u_escape":    `["` + long[:100<<10] + `\u12G4"]`,
		"control":         "[\"" + long[:100<<10] + "\x01\"]",
		"eof":             `["` + long[:100<<10],
		"eof_in_escape":   `["` + long[:100<<10] + `\u12`,
		"eof_after_bs":    `["` + long[:100<<10] + `\`,
		"eof_in_utf8":     "[\"" + long[:100<<10] + "\xe2\x82",
		"eof_after_esc":   `["` + long[:100<<10] + `\u00e9\ud`,
		"name_eof":        `{"` + long[:100<<10],
		"name_eof_escape": `{"` + long[:100<<10] + `\u12`,
		"name_eof_bs":     `{"` + long[:100<<10] + `\`,
		"name_eof_utf8":   "{\"" + long[:100<<10] + "\xe2\x82",
		"lone_at_end":     `["` + long[:100<<10] + `\udc00"]`,
		"name_lone_end":   `{"` + long[:100<<10] + `\uDBFF": 0}`,
		"name_bad":        `{"` + long[:100<<10] + `\q": 1}`,
		"name_newline":    "{\"" + long[:100<<10] + "\n",
		"value_newline":   "[\"" + long[:100<<10] + "\n",
	}
	argSets := [][]string{nil, {"-a"}, {"--preset", "stdlib", "--invalid-utf8", "error"}, {"--invalid-utf8", "replace"}, {"--invalid-utf8", "replace-raw"}}
	for name, doc := range docs {
		for _, args := range argSets {
			t.Run(fmt.Sprintf("%s/%s", name, strings.Join(args, "_")), func(t *testing.T) {
				wantCode, wantOut, wantErr := runWith(t, 0, false, doc, args...)
				for _, above := range []int{3, 64 << 10} {
					for _, oneByte := range []bool{false, true} {
						if oneByte && above != 3 {
							continue
						}
						code, out, errs := runWith(t, above, oneByte, doc, args...)
						if code != wantCode || errs != wantErr {
							t.Fatalf("streamAbove %d: exit %d, stderr %q; want %d, %q", above, code, errs, wantCode, wantErr)
						}
						// A streamed value refused half way ends the
						// output inside it; otherwise the bytes match.
						if code == 0 && out != wantOut {
							t.Fatalf("streamAbove %d: output differs at byte %d", above, firstDiff(out, wantOut))
						}
					}
				}
			})
		}
	}
}

func firstDiff(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestLongStringStats checks --stats' byte count, which misses the bytes
// cut out unless they are added back.
func TestLongStringStats(t *testing.T) {
	doc := `["` + strings.Repeat(`ab\n`, 40<<10) + `"]`
	_, _, errs := runWith(t, 64<<10, false, doc, "--stats")
	want := fmt.Sprintf("top-level values: 1, values: 2, strings: 1, bytes in: %d,", len(doc))
	if !strings.Contains(errs, want) {
		t.Errorf("stats %q, want %q", errs, want)
	}
}

// patternJSON is a JSON text of one string value, read without being held:
// an opening quote, n bytes of content repeating unit, a closing quote.
type patternJSON struct {
	unit string
	n    int
	off  int
}

func (r *patternJSON) Read(p []byte) (int, error) {
	size := r.n + 2
	if r.off >= size {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.off < size {
		switch {
		case r.off == 0 || r.off == size-1:
			p[k] = '"'
		default:
			p[k] = r.unit[(r.off-1)%len(r.unit)]
		}
		k++
		r.off++
	}
	return k, nil
}

// TestLongStringMemory checks that a 32 MiB string value (8 MiB with
// -short), with and without escape sequences, goes through the command in
// memory bounded by its buffers: the Go heap allocated during the run,
// counted by runtime.MemStats (not timed), stays under 4 MiB. Through the
// tokenizer it is four to seven times the string.
func TestLongStringMemory(t *testing.T) {
	n := 32 << 20
	if testing.Short() {
		n = 8 << 20
	}
	for _, unit := range []string{"plain text ", `a \"quoted\" line\n\u00e9\ud83d\ude00 `} {
		t.Run(fmt.Sprintf("%.8s", unit), func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			in := &patternJSON{unit: unit, n: n - n%len(unit)}
			cw := &countWriter{w: io.Discard}
			var errb bytes.Buffer
			if code := Main([]string{"--no-progress"}, in, cw, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			runtime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
				t.Errorf("allocated %d bytes for a %d-byte string", got, n)
			}
			// The output is the unit's, repeated.
			_, one, _ := runWith(t, 64<<10, false, `"`+unit+`"`)
			if want := int64(in.n/len(unit)*(len(one)-3) + 3); cw.n != want {
				t.Errorf("wrote %d bytes, want %d", cw.n, want)
			}
		})
	}
}

// TestEscapedQuotes checks escapedQuotes against a walk that lets each
// backslash escape the byte after it, on random runs of backslashes,
// quotes and letters.
func TestEscapedQuotes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = `\\\"a`[rng.IntN(4)]
		}
		want := 0
		for i := 0; i < len(b); i++ {
			if b[i] == '\\' {
				if i+1 < len(b) && b[i+1] == '"' {
					want++
				}
				i++
			}
		}
		if got := escapedQuotes(b); got != want {
			t.Fatalf("escapedQuotes(%q) = %d, want %d", b, got, want)
		}
	}
}

// TestLongNameMemory checks the memory a long name costs the command, read
// whole into memory (a name has no streaming write): a 32 MiB name (8 MiB
// with -short), with escapes under the error policy and without, and with
// a surrogate escape (unquoted into a copy, for its location) under
// replace. The Go heap allocated during the run (runtime.MemStats, not
// timed) stays under 2.2 times the name plus 4 MiB: the pieces it is read
// into, the one slice they are joined into, and the buffers. Appending to
// one slice and unquoting into another allocated 6.8 to 9.7 times.
func TestLongNameMemory(t *testing.T) {
	n := 32 << 20
	if testing.Short() {
		n = 8 << 20
	}
	for _, tt := range []struct {
		unit  string
		args  []string
		bound float64
	}{
		{`abcdefg\u00e9`, nil, 2.2},
		{"plain text ", nil, 2.2},
		{`abcdefg\ud83d\ude00`, nil, 3.2}, // a copy for the location
		{`abcdefg\ud83d\ude00`, []string{"--invalid-utf8", "replace"}, 2.2},
	} {
		t.Run(fmt.Sprintf("%.8s%v", tt.unit, tt.args), func(t *testing.T) {
			name := strings.Repeat(tt.unit, n/len(tt.unit))
			doc := `{"` + name + `":1}`
			_, want, _ := runWith(t, 64<<10, false, `{"`+tt.unit+`":1}`, tt.args...)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			cw := &countWriter{w: io.Discard}
			var errb bytes.Buffer
			if code := Main(append([]string{"--no-progress"}, tt.args...), strings.NewReader(doc), cw, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			runtime.ReadMemStats(&after)
			if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(tt.bound*float64(len(name)))+4<<20; got > limit {
				t.Errorf("allocated %d bytes (%.1f times) for a %d-byte name, want at most %d", got, float64(got)/float64(len(name)), len(name), limit)
			}
			// The output is the unit's name, repeated.
			if wantLen := int64(len(want) + (n/len(tt.unit)-1)*(len(want)-len(`{"":1}`)-1)); cw.n != wantLen {
				t.Errorf("wrote %d bytes, want %d", cw.n, wantLen)
			}
		})
	}
}
