package cli

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestUnquote(t *testing.T) {
	tests := []struct {
		name, raw, want string
	}{
		{"empty", `""`, ""},
		{"plain", `"abc"`, "abc"},
		{"short_escapes", `"\"\\\/\b\f\n\r\t"`, "\"\\/\b\f\n\r\t"},
		{"unicode", `"\u0041\u00e9\u20AC"`, "Aé€"},
		{"pair", `"\ud83d\ude00"`, "\U0001F600"},
		{"pair_upper", `"\uD83D\uDE00x"`, "\U0001F600x"},
		{"lone_high", `"\ud800"`, "\xff"},
		{"lone_high_then_text", `"\uDBFFz"`, "\xffz"},
		{"lone_low", `"\udc00"`, "\xff"},
		{"high_high_low", `"\ud800\ud800\udc00"`, "\xff\U00010000"},
		{"low_high", `"\udc00\ud800"`, "\xff\xff"},
		{"high_then_escape", `"\ud800\n"`, "\xff\n"},
		{"high_then_letter", `"\ud800\u0041"`, "\xffA"},
		{"high_then_raw_low", "\"\\ud800\xed\xb0\x80\"", "\xff\xed\xb0\x80"},
		{"raw_invalid_kept", "\"a\xffb\\n\"", "a\xffb\n"},
		{"nul", `"\u0000"`, "\x00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(unquote(nil, []byte(tt.raw))); got != tt.want {
				t.Errorf("unquote(%q) = %q, want %q", tt.raw, got, tt.want)
			}
		})
	}
}

func TestRawIndex(t *testing.T) {
	raw := []byte(`"a\n\u00e9\ud83d\ude00\ud800b"`)
	// decoded: a(0) \n(1) é(2,3) 😀(4..7) FF(8) b(9)
	want := []int64{1, 2, 4, 4, 10, 10, 10, 10, 22, 28, 29}
	for k, w := range want {
		if got := rawIndex(raw, int64(k)); got != w {
			t.Errorf("rawIndex(%d) = %d, want %d", k, got, w)
		}
	}
}

// TestLineReaderPositions checks positions against a naive count, past
// several commits and with reads of odd sizes.
func TestLineReaderPositions(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 3*commitEvery; i++ {
		fmt.Fprintf(&b, "%s\n", strings.Repeat("x", i%97))
	}
	input := b.String()
	naive := func(off int) (int64, int64) {
		before := input[:off]
		return int64(strings.Count(before, "\n") + 1), int64(off - (strings.LastIndexByte(before, '\n') + 1) + 1)
	}
	lr := newLineReader(iotest.OneByteReader(strings.NewReader(input)), nil)
	buf := make([]byte, 4096)
	var read int
	for _, off := range []int{0, 5, 97, 1000, commitEvery - 1, commitEvery + 3, 2*commitEvery + 77, len(input) - 1} {
		for read <= off {
			n, _ := lr.Read(buf)
			read += n
		}
		line, col, fileOff := lr.position(int64(off))
		wl, wc := naive(off)
		if line != wl || col != wc || fileOff != int64(off) {
			t.Errorf("position(%d) = %d:%d (offset %d), want %d:%d", off, line, col, fileOff, wl, wc)
		}
		lr.commit(int64(off))
		if line, col, _ = lr.position(int64(off)); line != wl || col != wc {
			t.Errorf("after commit, position(%d) = %d:%d, want %d:%d", off, line, col, wl, wc)
		}
	}
}

func TestLineReaderSkip(t *testing.T) {
	lr := newLineReader(strings.NewReader("a\nbc"), bom)
	if got, _ := io.ReadAll(lr); string(got) != "a\nbc" {
		t.Fatalf("read %q", got)
	}
	for _, tt := range []struct{ d, line, col, off int64 }{{0, 1, 4, 3}, {1, 1, 5, 4}, {2, 2, 1, 5}, {3, 2, 2, 6}} {
		if line, col, off := lr.position(tt.d); line != tt.line || col != tt.col || off != tt.off {
			t.Errorf("position(%d) = %d:%d (offset %d), want %d:%d (offset %d)", tt.d, line, col, off, tt.line, tt.col, tt.off)
		}
	}
}

// TestLateErrorPosition puts an error far past several commits.
func TestLateErrorPosition(t *testing.T) {
	var b strings.Builder
	b.WriteString("[\n")
	for b.Len() < 2*commitEvery {
		b.WriteString(`  {"k": "v\u00e9", "n": 12.5},` + "\n")
	}
	off := b.Len() + 5 // the ']' in "nul]"
	b.WriteString("  nul]\n")
	input := b.String()
	line := strings.Count(input[:off], "\n") + 1
	code, _, errs := run(t, "", input)
	want := fmt.Sprintf("jgen: <stdin>:%d:6: invalid character ']' in literal null (expecting 'l') (byte offset %d)\n", line, off)
	if code != 1 || errs != want {
		t.Errorf("exit %d, stderr %q; want %q", code, errs, want)
	}
}

// TestLateTrailingComma puts a trailing comma and a cut number far past
// several commits, where the bytes before the error are forgotten.
func TestLateTrailingComma(t *testing.T) {
	var b strings.Builder
	b.WriteString("[\n")
	for b.Len() < 2*commitEvery {
		b.WriteString(`  {"k": "v\u00e9", "n": 12.5},` + "\n")
	}
	b.WriteString(`  {"last": [1, 2, ]}`)
	comma := b.String()
	off := len(comma) - 2 // the ']' after "2, "
	line := strings.Count(comma, "\n") + 1
	col := off - strings.LastIndexByte(comma, '\n')
	code, _, errs := run(t, "", comma)
	want := fmt.Sprintf("jgen: <stdin>:%d:%d: invalid character ']' after ',' (expecting a value) (byte offset %d)\n", line, col, off)
	if code != 1 || errs != want {
		t.Errorf("trailing comma: exit %d, stderr %q; want %q", code, errs, want)
	}
	cut := comma[:len(comma)-6] + "2."
	col = len(cut) - strings.LastIndexByte(cut, '\n')
	code, _, errs = run(t, "", cut)
	want = fmt.Sprintf("jgen: <stdin>:%d:%d: unexpected end of input (byte offset %d)\n", line, col, len(cut))
	if code != 1 || errs != want {
		t.Errorf("cut number: exit %d, stderr %q; want %q", code, errs, want)
	}
}
