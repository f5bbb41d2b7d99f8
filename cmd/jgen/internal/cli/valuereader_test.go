package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/scan"
)

// escapesByLength are escape sequences of every decoded length: short
// escapes and \u escapes that decode to one to three UTF-8 bytes, an
// escaped surrogate pair (four bytes), and a lone surrogate escape (the
// one byte loneSurrogate).
var escapesByLength = []string{
	`\n`, `\"`, `\\`, `\/`, `\u0041`, `\u00e9`, `\u07FF`, `\u20ac`, `\uFFFF`,
	`\ud83d\ude00`, `\uDBFF\uDFFF`, `\ud800`, `\udc00x`,
}

// TestValueReaderSlidesEscapes slides each escape sequence across the end
// of the caller's buffer, at every position, for buffers of 1 to 14 bytes:
// every Read must report at most len(p) bytes, write nothing past p[len(p)],
// and the bytes read must be unquote's.
func TestValueReaderSlidesEscapes(t *testing.T) {
	for _, esc := range escapesByLength {
		for size := 1; size <= 14; size++ {
			for pre := 0; pre <= size+pairEscapeLen; pre++ {
				content := strings.Repeat("x", pre) + esc + "yz" + esc + esc
				want := string(unquote(nil, []byte(`"`+content+`"`)))
				got, err := readValue(content, size)
				if err != nil {
					t.Fatalf("%s, %d-byte buffer, %d bytes before: %v", esc, size, pre, err)
				}
				if got != want {
					t.Fatalf("%s, %d-byte buffer, %d bytes before: read %q, want %q", esc, size, pre, got, want)
				}
			}
		}
	}
}

// readValue reads content (a long string's content, its closing quote
// added) through a valueReader with buffers of size bytes and returns what
// it read, or an error for a Read that broke its contract.
func readValue(content string, size int) (string, error) {
	sp := &splicer{br: bufio.NewReaderSize(strings.NewReader(content+`"`), 16)}
	sp.long = true
	vr := sp.value(0)
	var out []byte
	buf := make([]byte, size+8)
	for calls := 0; ; calls++ {
		if calls > 4*len(content)+8 {
			return string(out), errors.New("no progress")
		}
		for i := range buf {
			buf[i] = '#'
		}
		n, err := vr.Read(buf[:size])
		if n < 0 || n > size {
			return string(out), fmt.Errorf("Read returned %d for a %d-byte buffer", n, size)
		}
		if strings.Trim(string(buf[size:]), "#") != "" {
			return string(out), fmt.Errorf("Read wrote past its %d-byte buffer: %q", size, buf)
		}
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return string(out), nil
		}
		if err != nil {
			return string(out), err
		}
	}
}

// TestLongStringEscapeAtBufferEnd runs the command on long string values
// (streamed) whose escape sequences of every decoded length fall at every
// position across the end of the generator's 64 KiB read buffer, as the
// string "aaaaaaa\u00e9" repeated 7289 times does: each must be written as
// the tokenizer path writes it.
func TestLongStringEscapeAtBufferEnd(t *testing.T) {
	issue := `"` + strings.Repeat(`aaaaaaa\u00e9`, 7289) + `"`
	code, out, errs := runWith(t, 64<<10, false, issue)
	if want := `"` + strings.Repeat("aaaaaaaé", 7289) + "\"\n"; code != 0 || out != want {
		t.Fatalf("exit %d, stderr %q, output equal: %v", code, errs, out == want)
	}
	// The generator reads into a buffer of parseArgs's
	// jgen.Options.BufferSize plus scan.Slack bytes.
	const bufSize = 64<<10 + scan.Slack
	for _, esc := range escapesByLength {
		for pre := bufSize - pairEscapeLen; pre <= bufSize; pre++ {
			doc := `["` + strings.Repeat("x", pre) + esc + strings.Repeat("y", 100) + `"]`
			_, wantOut, wantErr := runWith(t, 0, false, doc, "--invalid-utf8", "replace")
			code, out, errs := runWith(t, 64<<10, false, doc, "--invalid-utf8", "replace")
			if code != 0 || out != wantOut || errs != wantErr {
				t.Fatalf("%s after %d bytes: exit %d, stderr %q, output differs at %d", esc, pre, code, errs, firstDiff(out, wantOut))
			}
		}
	}
}

// TestValueReaderThroughGenerator streams long strings through
// Generator.WriteStringFrom with the smallest buffer (512 bytes, and
// scan.Slack), escapes of every decoded length at every position across
// its end.
func TestValueReaderThroughGenerator(t *testing.T) {
	esc := jgen.Minimal
	esc.InvalidUTF8 = jgen.InvalidUTF8Replace
	for _, e := range escapesByLength {
		for pre := 512 + scan.Slack - pairEscapeLen; pre <= 512+scan.Slack; pre++ {
			content := strings.Repeat("x", pre) + e + "!"
			sp := &splicer{br: bufio.NewReaderSize(strings.NewReader(content+`"`), 16)}
			sp.long = true
			var out bytes.Buffer
			g, err := jgen.NewGenerator(&out, &jgen.Options{BufferSize: 512, Escaping: esc})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.WriteStringFrom(sp.value(0)); err != nil {
				t.Fatalf("%s after %d bytes: %v", e, pre, err)
			}
			g.Flush()
			var want bytes.Buffer
			g2, _ := jgen.NewGenerator(&want, &jgen.Options{Escaping: esc})
			g2.WriteStringBytes(unquote(nil, []byte(`"`+content+`"`)))
			g2.Flush()
			if out.String() != want.String() {
				t.Fatalf("%s after %d bytes: wrote %q, want %q", e, pre, out.String(), want.String())
			}
		}
	}
}
