package bench

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"testing"
	"unicode/utf8"

	gojsonexp "github.com/go-json-experiment/json/jsontext"
)

// refQuote is the test's own escaper, written from RFC 8259 §7 and the
// preset definitions of docs/DESIGN.md §2, independent of jgen and of the peers.
func refQuote(dst []byte, s string, preset string) []byte {
	const hex = "0123456789abcdef"
	u4 := func(dst []byte, r rune) []byte {
		return append(dst, '\\', 'u', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF])
	}
	dst = append(dst, '"')
	for _, r := range s {
		switch {
		case r == '"':
			dst = append(dst, '\\', '"')
		case r == '\\':
			dst = append(dst, '\\', '\\')
		case r == '\b':
			dst = append(dst, '\\', 'b')
		case r == '\t':
			dst = append(dst, '\\', 't')
		case r == '\n':
			dst = append(dst, '\\', 'n')
		case r == '\f':
			dst = append(dst, '\\', 'f')
		case r == '\r':
			dst = append(dst, '\\', 'r')
		case r < 0x20:
			dst = u4(dst, r)
		case preset == "stdlib" && (r == '<' || r == '>' || r == '&' || r == 0x2028 || r == 0x2029):
			dst = u4(dst, r)
		case preset == "ascii" && r > 0x7F && r <= 0xFFFF:
			dst = u4(dst, r)
		case preset == "ascii" && r > 0xFFFF:
			r -= 0x10000
			dst = u4(dst, 0xD800+(r>>10))
			dst = u4(dst, 0xDC00+(r&0x3FF))
		default:
			dst = utf8.AppendRune(dst, r)
		}
	}
	return append(dst, '"')
}

func refArray(ss []string, preset string) []byte {
	b := []byte{'['}
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = refQuote(b, s, preset)
	}
	return append(b, ']')
}

// TestMatrixData pins the generator: the cell shapes, and fingerprints that
// the Java harness (bench/jackson, run.sh -fingerprint) prints for the same
// strings: FNV-1a 64 over each string's UTF-8 followed by '\n'.
func TestMatrixData(t *testing.T) {
	fingerprints := map[string]uint64{
		"ascii/12": 0x47732f7cbda7d14a, "ascii/100": 0x0282749f487c27d9, "ascii/1000": 0xb1d0ec4931b0045f,
		"escaped/12": 0x367edb93ef6283a6, "escaped/100": 0xe1302014f7c50666, "escaped/1000": 0x9c65df4b903b5154,
		"unicode/12": 0x674a9498ebcc5c98, "unicode/100": 0x6e6d2005b00e29f4, "unicode/1000": 0x95ed71ea474058f6,
	}
	for _, c := range Contents {
		for _, n := range Lengths {
			ss := Matrix(c, n)
			h := fnv.New64a()
			for i, s := range ss {
				if got := utf8.RuneCountInString(s); got != n {
					t.Fatalf("%s/%d string %d: %d runes", c, n, i, got)
				}
				h.Write([]byte(s))
				h.Write([]byte{'\n'})
			}
			if got, want := h.Sum64(), fingerprints[fmt.Sprintf("%s/%d", c, n)]; got != want {
				t.Errorf("content=%s len=%d: fingerprint %016x, the Java harness has %016x", c, n, got, want)
			}
		}
	}
	if s := MatrixString("escaped", 12, 0); s[10] != '"' {
		t.Errorf("escaped string has no quote at len-2: %q", s)
	}
	s := []rune(MatrixString("unicode", 12, 0))
	if s[9] != 'é' || s[6] != '\U0001F600' {
		t.Errorf("unicode string: %q", string(s))
	}
}

// TestReference checks the test's escaper against the real definitions:
// encoding/json.Marshal for stdlib, jsontext.AppendQuote for minimal.
func TestReference(t *testing.T) {
	probe := []string{"", "a\"b\\c\x00\x1f\t\n</>&\u2028\u2029é😀", "plain"}
	for _, c := range Contents {
		probe = append(probe, Matrix(c, 100)...)
	}
	for _, s := range probe {
		want, _ := stdjson.Marshal(s)
		if got := refQuote(nil, s, "stdlib"); !bytes.Equal(got, want) {
			t.Errorf("stdlib ref %q:\n got %s\nwant %s", s, got, want)
		}
		want, _ = gojsonexp.AppendQuote(nil, s)
		if got := refQuote(nil, s, "minimal"); !bytes.Equal(got, want) {
			t.Errorf("minimal ref %q:\n got %s\nwant %s", s, got, want)
		}
	}
	if got, want := string(refQuote(nil, "é😀", "ascii")), `"\u00e9\ud83d\ude00"`; got != want {
		t.Errorf("ascii ref: got %s want %s", got, want)
	}
}

// TestWriters checks every writer's output on every cell, twice (the second op
// reuses the buffers): valid JSON decoding back to the input strings, and
// byte equality with the reference for the preset the writer claims.
func TestWriters(t *testing.T) {
	for _, c := range Contents {
		for _, n := range Lengths {
			checkWriters(t, fmt.Sprintf("content=%s/len=%d", c, n), NewInput(Matrix(c, n)))
		}
	}
}

// TestCorpusWriters runs the same checks on the real-string corpora. They
// need ../shared: with JGEN_SHARED=1 a missing corpus fails the test,
// otherwise the test is skipped.
func TestCorpusWriters(t *testing.T) {
	if testing.Short() {
		t.Skip("corpora are slow in -short mode")
	}
	for _, c := range Corpora {
		checkWriters(t, "corpus="+c.Name, corpusInput(t, c))
	}
}

func checkWriters(t *testing.T, cell string, in *Input) {
	checkWritersRotating(t, cell, in, 2, nil)
}

// checkWritersRotating runs each writer's op runs times on in, calling
// advance (when not nil) before each op, as BenchmarkDrawn does, and checks
// each output against the strings in holds at that op.
func checkWritersRotating(t *testing.T, cell string, in *Input, runs int, advance func()) {
	ws := Writers()
	if advance != nil {
		ws = DrawnWriters()
	}
	for _, w := range ws {
		name := fmt.Sprintf("writer=%s/preset=%s/input=%s/%s", w.Name, w.Preset, w.Input, cell)
		t.Run(name, func(t *testing.T) {
			op := w.Prepare(in)
			for run := range runs {
				if advance != nil {
					advance()
				}
				out, err := op()
				if err != nil {
					t.Fatalf("op %d: %v", run, err)
				}
				if w.Newline {
					if !bytes.HasSuffix(out, []byte{'\n'}) {
						t.Fatalf("op %d: no trailing newline", run)
					}
					out = out[:len(out)-1]
				}
				if w.Kind == "floor" {
					// The floor escapes nothing: it is the raw bytes in
					// quotes, valid JSON only where nothing needs escaping.
					if exp := rawArray(in.Strings); !bytes.Equal(out, exp) {
						t.Fatalf("op %d: floor output differs at byte %d", run, firstDiff(out, exp))
					}
					continue
				}
				var got []string
				if err := stdjson.Unmarshal(out, &got); err != nil {
					t.Fatalf("op %d: output is not a JSON array of strings: %v", run, err)
				}
				if !slices.Equal(got, in.Strings) {
					t.Fatalf("op %d: output decodes to other strings", run)
				}
				if exp := refArray(in.Strings, w.Preset); !bytes.Equal(out, exp) {
					i := firstDiff(out, exp)
					t.Fatalf("op %d: output differs from the %s reference at byte %d:\n got …%s…\nwant …%s…",
						run, w.Preset, i, window(out, i), window(exp, i))
				}
			}
		})
	}
}

func rawArray(ss []string) []byte {
	b := []byte{'['}
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(append(append(b, '"'), s...), '"')
	}
	return append(b, ']')
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func window(b []byte, i int) string {
	lo, hi := max(0, i-20), min(len(b), i+20)
	return strconv.Quote(string(b[lo:hi]))
}
