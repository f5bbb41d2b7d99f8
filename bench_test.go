package jgen_test

import (
	"io"
	"strconv"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/matrix"
)

// The docs/DESIGN.md §6 matrix for jgen alone, with the same data as the
// bench/ module (bench.MatrixString):
//
//	BenchmarkWriteString/mode=M/preset=P/input=I/content=C/len=L
//
// M: writer (Generator to io.Discard), append (Generator appending to a
// reused slice), quote (Escaping.AppendQuote into a reused slice), and
// bytetable: a per-byte table-loop escaper defined here, the baseline the
// portable kernels must beat. One op writes the 200 strings of a cell as one
// JSON array; throughput counts input bytes.

var (
	benchModes    = []string{"writer", "append", "quote", "bytetable"}
	benchPresets  = []string{"minimal", "stdlib", "ascii"}
	benchInputs   = []string{"string", "bytes"}
	benchContents = []string{"ascii", "escaped", "unicode"}
	benchLengths  = []int{12, 100, 1000}
)

func benchPreset(name string) jgen.Escaping {
	switch name {
	case "minimal":
		return jgen.Minimal
	case "stdlib":
		return jgen.Stdlib
	case "ascii":
		return jgen.ASCII
	}
	panic(name)
}

// byteTable is the baseline: the first byte to escape is found by loading
// a 256-entry table for every byte (as encoding/json's loop does), runs of
// safe bytes are copied in bulk.
type byteTable struct {
	tab   [256]uint8 // 0 safe, 1 ASCII escape, 2 non-ASCII that needs a look
	ascii bool       // escape every code point above U+007F
	js    bool       // escape U+2028, U+2029
}

func newByteTable(preset string) *byteTable {
	bt := &byteTable{}
	for c := range 0x20 {
		bt.tab[c] = 1
	}
	bt.tab['"'], bt.tab['\\'] = 1, 1
	switch preset {
	case "stdlib":
		bt.tab['<'], bt.tab['>'], bt.tab['&'] = 1, 1, 1
		bt.tab[0xE2] = 2
		bt.js = true
	case "ascii":
		for c := 0x80; c < 0x100; c++ {
			bt.tab[c] = 2
		}
		bt.ascii = true
	}
	return bt
}

const benchHex = "0123456789abcdef"

func appendU4(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', benchHex[r>>12&0xF], benchHex[r>>8&0xF], benchHex[r>>4&0xF], benchHex[r&0xF])
}

// byteTableQuote appends s quoted (valid UTF-8 input only).
func byteTableQuote(bt *byteTable, dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		k := bt.tab[c]
		if k == 0 {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		if k == 1 {
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = appendU4(dst, rune(c))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case bt.ascii && r > 0xFFFF:
			r -= 0x10000
			dst = appendU4(appendU4(dst, 0xD800+(r>>10)), 0xDC00+(r&0x3FF))
		case bt.ascii, bt.js && (r == '\u2028' || r == '\u2029'):
			dst = appendU4(dst, r)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// byteTableQuoteBytes is byteTableQuote for a []byte, viewed as a string
// without copying.
func byteTableQuoteBytes(bt *byteTable, dst, s []byte) []byte {
	return byteTableQuote(bt, dst, unsafe.String(unsafe.SliceData(s), len(s)))
}

type benchCell struct {
	strs  []string
	bytes [][]byte
	size  int64
}

var benchCells = map[string]*benchCell{}

func benchCellFor(content string, length int) *benchCell {
	key := content + strconv.Itoa(length)
	if c := benchCells[key]; c != nil {
		return c
	}
	c := &benchCell{}
	for i := range 200 {
		s := matrix.String(content, length, i)
		c.strs = append(c.strs, s)
		c.bytes = append(c.bytes, []byte(s))
		c.size += int64(len(s))
	}
	benchCells[key] = c
	return c
}

// benchWriter writes one op of a cell; it returns the output (nil in
// writer mode) so the test below can check it.
type benchWriter func() []byte

func newBenchWriter(mode, preset, input string, cell *benchCell, w io.Writer) benchWriter {
	esc := benchPreset(preset)
	isBytes := input == "bytes"
	var buf []byte
	switch mode {
	case "writer":
		g, err := jgen.NewGenerator(w, &jgen.Options{Escaping: esc, RootSeparator: "\n"})
		if err != nil {
			panic(err)
		}
		return func() []byte {
			g.Reset(w)
			g.WriteStartArray()
			if isBytes {
				for _, s := range cell.bytes {
					g.WriteStringBytes(s)
				}
			} else {
				for _, s := range cell.strs {
					g.WriteString(s)
				}
			}
			g.WriteEndArray()
			g.Flush()
			return nil
		}
	case "append":
		g, err := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: esc, RootSeparator: "\n"})
		if err != nil {
			panic(err)
		}
		return func() []byte {
			g.ResetAppend(buf[:0])
			g.WriteStartArray()
			if isBytes {
				for _, s := range cell.bytes {
					g.WriteStringBytes(s)
				}
			} else {
				for _, s := range cell.strs {
					g.WriteString(s)
				}
			}
			g.WriteEndArray()
			buf = g.Bytes()
			return buf
		}
	case "quote":
		return func() []byte {
			buf = append(buf[:0], '[')
			for i := range cell.strs {
				if i > 0 {
					buf = append(buf, ',')
				}
				if isBytes {
					buf, _ = esc.AppendQuoteBytes(buf, cell.bytes[i])
				} else {
					buf, _ = esc.AppendQuote(buf, cell.strs[i])
				}
			}
			buf = append(buf, ']')
			return buf
		}
	case "bytetable":
		bt := newByteTable(preset)
		return func() []byte {
			buf = append(buf[:0], '[')
			for i := range cell.strs {
				if i > 0 {
					buf = append(buf, ',')
				}
				if isBytes {
					buf = byteTableQuoteBytes(bt, buf, cell.bytes[i])
				} else {
					buf = byteTableQuote(bt, buf, cell.strs[i])
				}
			}
			buf = append(buf, ']')
			return buf
		}
	}
	panic(mode)
}

func BenchmarkWriteString(b *testing.B) {
	for _, mode := range benchModes {
		b.Run("mode="+mode, func(b *testing.B) {
			for _, preset := range benchPresets {
				b.Run("preset="+preset, func(b *testing.B) {
					for _, input := range benchInputs {
						b.Run("input="+input, func(b *testing.B) {
							for _, content := range benchContents {
								b.Run("content="+content, func(b *testing.B) {
									for _, length := range benchLengths {
										b.Run("len="+strconv.Itoa(length), func(b *testing.B) {
											cell := benchCellFor(content, length)
											run := newBenchWriter(mode, preset, input, cell, io.Discard)
											b.SetBytes(cell.size)
											b.ReportAllocs()
											run()
											for b.Loop() {
												run()
											}
										})
									}
								})
							}
						})
					}
				})
			}
		})
	}
}

// TestBenchMatrix checks the benchmark data and writers: the strings have
// the documented shape, and every mode writes the same bytes as
// encoding the array with the preset (bytetable included), so the
// benchmark compares equal work.
// TestBenchMatrix checks that every benchmark mode writes the same bytes,
// so that no benchmark measures wrong output. The data itself is pinned in
// internal/matrix.
func TestBenchMatrix(t *testing.T) {
	for _, content := range benchContents {
		for _, length := range benchLengths {
			cell := benchCellFor(content, length)
			for _, preset := range benchPresets {
				for _, input := range benchInputs {
					var ref []byte
					for _, mode := range benchModes {
						var w sliceWriter
						got := newBenchWriter(mode, preset, input, cell, &w)()
						if mode == "writer" {
							got = w.b
						}
						if ref == nil {
							ref = append([]byte(nil), got...)
							continue
						}
						if string(got) != string(ref) {
							t.Errorf("%s/%s/%s/%s/%d: output differs from writer mode", mode, preset, input, content, length)
						}
					}
				}
			}
		}
	}
}

type sliceWriter struct{ b []byte }

func (w *sliceWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}
