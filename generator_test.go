package jgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// op is one call on a Generator.
type op struct {
	name string
	do   func(g *jgen.Generator) error
}

func opStartObject() op { return op{"StartObject", (*jgen.Generator).WriteStartObject} }
func opEndObject() op   { return op{"EndObject", (*jgen.Generator).WriteEndObject} }
func opStartArray() op  { return op{"StartArray", (*jgen.Generator).WriteStartArray} }
func opEndArray() op    { return op{"EndArray", (*jgen.Generator).WriteEndArray} }
func opNull() op        { return op{"Null", (*jgen.Generator).WriteNull} }
func opName(s string) op {
	return op{"Name(" + s + ")", func(g *jgen.Generator) error { return g.WriteName(s) }}
}
func opString(s string) op {
	return op{"String(" + s + ")", func(g *jgen.Generator) error { return g.WriteString(s) }}
}
func opInt(v int64) op {
	return op{fmt.Sprint("Int(", v, ")"), func(g *jgen.Generator) error { return g.WriteInt(v) }}
}
func opBool(v bool) op {
	return op{fmt.Sprint("Bool(", v, ")"), func(g *jgen.Generator) error { return g.WriteBool(v) }}
}
func opFloat(v float64) op {
	return op{fmt.Sprint("Float(", v, ")"), func(g *jgen.Generator) error { return g.WriteFloat(v) }}
}
func opNumber(s string) op {
	return op{"Number(" + s + ")", func(g *jgen.Generator) error { return g.WriteNumber(s) }}
}
func opRaw(s string) op {
	return op{"Raw(" + s + ")", func(g *jgen.Generator) error { return g.WriteRawValue([]byte(s)) }}
}

// appendGen returns an append-mode generator or fails the test.
func appendGen(t testing.TB, opts *jgen.Options) *jgen.Generator {
	t.Helper()
	g, err := jgen.NewAppendGenerator(nil, opts)
	if err != nil {
		t.Fatalf("NewAppendGenerator: %v", err)
	}
	return g
}

// runOps runs ops in append mode and returns the output less its final
// root terminator, after checking that the terminator is there; any error
// fails.
func runOps(t testing.TB, opts *jgen.Options, ops ...op) string {
	t.Helper()
	g := appendGen(t, opts)
	for i, o := range ops {
		if err := o.do(g); err != nil {
			t.Fatalf("op %d %s: %v", i, o.name, err)
		}
	}
	if err := g.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return cutTerminator(t, opts, string(g.Bytes()))
}

// rootTerminator is what opts write after each root value.
func rootTerminator(opts *jgen.Options) string {
	switch {
	case opts == nil:
		return "\n"
	case opts.RootTerminator != "" || opts.RootSeparator != "":
		return opts.RootTerminator
	case opts.Layout == jgen.JacksonPretty:
		return ""
	}
	return "\n"
}

// cutTerminator returns out less the root terminator of opts, failing the
// test if out does not end with it. Empty output (no root value) has none.
func cutTerminator(t testing.TB, opts *jgen.Options, out string) string {
	t.Helper()
	if out == "" {
		return ""
	}
	term := rootTerminator(opts)
	s, ok := strings.CutSuffix(out, term)
	if !ok {
		t.Fatalf("output %q does not end with the root terminator %q", out, term)
	}
	return s
}

// runOpsWriter runs ops in writer mode and returns what reached the
// writer, less its final root terminator as runOps.
func runOpsWriter(t testing.TB, opts *jgen.Options, ops ...op) string {
	t.Helper()
	var buf bytes.Buffer
	g, err := jgen.NewGenerator(&buf, opts)
	if err != nil {
		t.Fatalf("NewGenerator: %v", err)
	}
	for i, o := range ops {
		if err := o.do(g); err != nil {
			t.Fatalf("op %d %s: %v", i, o.name, err)
		}
	}
	if err := g.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return cutTerminator(t, opts, buf.String())
}

// TestGeneratorDocuments writes small documents with every value kind in
// both modes and checks the exact bytes.
func TestGeneratorDocuments(t *testing.T) {
	tests := []struct {
		name string
		ops  []op
		want string
	}{
		{"empty object", []op{opStartObject(), opEndObject()}, `{}`},
		{"empty array", []op{opStartArray(), opEndArray()}, `[]`},
		{"scalars", []op{opStartArray(), opNull(), opBool(true), opBool(false), opInt(-3), opFloat(1.5), opNumber("2e-3"), opString("s"), opRaw(` {"x" : 1} `), opEndArray()},
			`[null,true,false,-3,1.5,2e-3,"s",{"x":1}]`},
		{"nested", []op{opStartObject(), opName("a"), opStartArray(), opStartObject(), opName("b"), opStartArray(), opEndArray(), opEndObject(), opInt(1), opEndArray(), opName("c"), opStartObject(), opEndObject(), opEndObject()},
			`{"a":[{"b":[]},1],"c":{}}`},
		{"root scalar", []op{opString("x")}, `"x"`},
		{"root values", []op{opInt(1), opString("x"), opStartArray(), opEndArray(), opNull()}, "1\n\"x\"\n[]\nnull"},
		{"escaped name and value", []op{opStartObject(), opName("a\"b"), opString("\\\n\x01é😀"), opEndObject()}, "{\"a\\\"b\":\"\\\\\\n\\u0001é😀\"}"},
		{"no tokens", nil, ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := runOps(t, nil, tc.ops...); got != tc.want {
				t.Errorf("append mode:\n got %q\nwant %q", got, tc.want)
			}
			if got := runOpsWriter(t, nil, tc.ops...); got != tc.want {
				t.Errorf("writer mode:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestNameBytesAndStringBytes checks the []byte entry points and that they
// only read their argument.
func TestNameBytesAndStringBytes(t *testing.T) {
	name := []byte("n\x7f/é")
	val := []byte("v\"\t<")
	nameCopy, valCopy := bytes.Clone(name), bytes.Clone(val)
	g := appendGen(t, nil)
	chk(t, g.WriteStartObject())
	chk(t, g.WriteNameBytes(name))
	chk(t, g.WriteStringBytes(val))
	chk(t, g.WriteEndObject())
	want := "{\"n\x7f/é\":\"v\\\"\\t<\"}\n"
	if got := string(g.Bytes()); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if !bytes.Equal(name, nameCopy) || !bytes.Equal(val, valCopy) {
		t.Errorf("arguments modified")
	}
}

func chk(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestAppendModeKeepsPrefix checks that NewAppendGenerator and ResetAppend
// append after the dst given and that Offset does not count it.
func TestAppendModeKeepsPrefix(t *testing.T) {
	dst := append(make([]byte, 0, 4), "abc"...)
	g, err := jgen.NewAppendGenerator(dst, nil)
	chk(t, err)
	chk(t, g.WriteStartArray())
	chk(t, g.WriteInt(12345))
	chk(t, g.WriteEndArray())
	if got := string(g.Bytes()); got != "abc[12345]\n" {
		t.Errorf("Bytes = %q", got)
	}
	if got := g.Offset(); got != 8 {
		t.Errorf("Offset = %d, want 8", got)
	}
	if string(dst) != "abc" {
		t.Errorf("dst changed to %q", dst)
	}
	g.ResetAppend([]byte("X"))
	chk(t, g.WriteNull())
	if got := string(g.Bytes()); got != "Xnull\n" {
		t.Errorf("after ResetAppend Bytes = %q", got)
	}
	if g.Offset() != 5 {
		t.Errorf("after ResetAppend Offset = %d", g.Offset())
	}
	err = g.WriteEndArray()
	var se *jgen.SyntaxError
	if !errors.As(err, &se) || se.Offset != 5 {
		t.Errorf("SyntaxError after 5 bytes of output = %v, want Offset 5", err)
	}
}

// TestWriterModeBytesNilAndOffset checks Bytes and Offset in writer mode.
func TestWriterModeBytesNilAndOffset(t *testing.T) {
	var buf bytes.Buffer
	g, err := jgen.NewGenerator(&buf, &jgen.Options{BufferSize: 512})
	chk(t, err)
	chk(t, g.WriteStartArray())
	for i := range 300 {
		chk(t, g.WriteInt(int64(i)))
	}
	chk(t, g.WriteEndArray())
	if g.Bytes() != nil {
		t.Errorf("Bytes in writer mode = %q, want nil", g.Bytes())
	}
	chk(t, g.Flush())
	if g.Offset() != int64(buf.Len()) {
		t.Errorf("Offset = %d, written %d", g.Offset(), buf.Len())
	}
	if buf.Len() == 0 || buf.Bytes()[0] != '[' || !strings.HasSuffix(buf.String(), "]\n") {
		t.Errorf("output %q", buf.String())
	}
	if g.Depth() != 0 {
		t.Errorf("Depth = %d", g.Depth())
	}
}

// TestDepth checks Depth through a nesting.
func TestDepth(t *testing.T) {
	g := appendGen(t, nil)
	steps := []struct {
		o    op
		want int
	}{
		{opStartObject(), 1}, {opName("a"), 1}, {opStartArray(), 2}, {opStartArray(), 3},
		{opEndArray(), 2}, {opEndArray(), 1}, {opEndObject(), 0},
	}
	for _, s := range steps {
		chk(t, s.o.do(g))
		if g.Depth() != s.want {
			t.Fatalf("after %s Depth = %d, want %d", s.o.name, g.Depth(), s.want)
		}
	}
}

// TestResetReuse checks Reset and ResetAppend: state, unflushed output
// and sticky errors are discarded; options and escaping are kept.
func TestResetReuse(t *testing.T) {
	opts := &jgen.Options{Layout: jgen.Indented, Indent: "\t", RootSeparator: " ", BufferSize: 512}
	doc := []op{opStartObject(), opName("k"), opStartArray(), opInt(1), opString("é"), opEndArray(), opEndObject()}
	want := "{\n\t\"k\": [\n\t\t1,\n\t\t\"\\u00e9\"\n\t]\n}"

	t.Run("writer", func(t *testing.T) {
		var a, b bytes.Buffer
		g, err := jgen.NewGenerator(&a, opts)
		chk(t, err)
		chk(t, g.SetEscaping(jgen.ASCII))
		// Unfinished, unflushed output, then Reset: nothing of it reaches a.
		chk(t, g.WriteStartArray())
		chk(t, g.WriteString("lost"))
		g.Reset(&b)
		if g.Depth() != 0 {
			t.Fatalf("Depth after Reset = %d", g.Depth())
		}
		for _, o := range doc {
			chk(t, o.do(g))
		}
		chk(t, g.Close())
		if a.Len() != 0 {
			t.Errorf("first writer got %q", a.String())
		}
		if b.String() != want {
			t.Errorf("got %q, want %q", b.String(), want)
		}
		// After Close, Reset makes the generator usable again.
		var c bytes.Buffer
		g.Reset(&c)
		for _, o := range doc {
			chk(t, o.do(g))
		}
		chk(t, g.Close())
		if c.String() != want {
			t.Errorf("after Close+Reset got %q", c.String())
		}
		// After a sticky writer error too.
		g.Reset(failingWriter{})
		if err := g.WriteString(strings.Repeat("x", 600)); err != errWriteFail {
			t.Fatalf("WriteString to failing writer = %v, want %v", err, errWriteFail)
		}
		if err := g.Flush(); err != errWriteFail {
			t.Fatalf("Flush after failure = %v, want %v", err, errWriteFail)
		}
		var d bytes.Buffer
		g.Reset(&d)
		for _, o := range doc {
			chk(t, o.do(g))
		}
		chk(t, g.Close())
		if d.String() != want {
			t.Errorf("after error+Reset got %q", d.String())
		}
	})
	t.Run("append", func(t *testing.T) {
		g, err := jgen.NewAppendGenerator(nil, opts)
		chk(t, err)
		chk(t, g.SetEscaping(jgen.ASCII))
		chk(t, g.WriteStartObject())
		buf := make([]byte, 0, 256)
		for range 3 {
			g.ResetAppend(buf[:0])
			for _, o := range doc {
				chk(t, o.do(g))
			}
			chk(t, g.Close())
			if got := string(g.Bytes()); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
			buf = g.Bytes()
		}
		// From writer mode to append mode and back.
		var w bytes.Buffer
		g.Reset(&w)
		for _, o := range doc {
			chk(t, o.do(g))
		}
		chk(t, g.Close())
		if w.String() != want {
			t.Errorf("append->writer got %q", w.String())
		}
	})
}

type failingWriter struct{}

var errWriteFail = errors.New("test: write failed")

func (failingWriter) Write(p []byte) (int, error) { return 0, errWriteFail }

// TestSetEscapingMidStream changes the escaping between tokens.
func TestSetEscapingMidStream(t *testing.T) {
	apos := jgen.Minimal
	apos.QuoteChar = '\''
	tests := []struct {
		name string
		seq  []any // jgen.Escaping to set, or an op
		want string
	}{
		{"ascii then minimal", []any{opStartArray(), jgen.ASCII, opString("é"), jgen.Minimal, opString("é"), opEndArray()}, `["\u00e9","é"]`},
		{"name and value differ", []any{opStartObject(), jgen.Stdlib, opName("<é>"), jgen.ASCII, opString("<é>"), opEndObject()}, `{"\u003cé\u003e":"<\u00e9>"}`},
		{"quote char changes", []any{opStartArray(), apos, opString(`'"`), jgen.Minimal, opString(`'"`), opEndArray()}, `['\u0027\"',"'\""]`},
		{"jackson hex then lower", []any{opStartArray(), jgen.Jackson, opString("\x1f"), jgen.Minimal, opString("\x1f"), opEndArray()}, `["\u001F","\u001f"]`},
		{"between name and value", []any{opStartObject(), opName("é"), jgen.ASCII, opString("é"), opEndObject()}, `{"é":"\u00e9"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := appendGen(t, nil)
			for _, s := range tc.seq {
				switch s := s.(type) {
				case jgen.Escaping:
					chk(t, g.SetEscaping(s))
					if g.Escaping() != s {
						t.Fatalf("Escaping() = %+v, want %+v", g.Escaping(), s)
					}
				case op:
					chk(t, s.do(g))
				}
			}
			if got := string(g.Bytes()); got != tc.want+"\n" {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	t.Run("invalid keeps old", func(t *testing.T) {
		g := appendGen(t, nil)
		chk(t, g.SetEscaping(jgen.ASCII))
		err := g.SetEscaping(jgen.Escaping{QuoteChar: 'x'})
		var oe *jgen.OptionsError
		if !errors.As(err, &oe) || !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Fatalf("SetEscaping(bad) = %v", err)
		}
		if g.Escaping() != jgen.ASCII {
			t.Errorf("escaping changed to %+v", g.Escaping())
		}
		chk(t, g.WriteString("é"))
		if got := string(g.Bytes()); got != "\"\\u00e9\"\n" {
			t.Errorf("got %s", got)
		}
	})
}

// TestEncodedName writes pre-encoded names under their own escaping (bytes
// copied) and under others (encoded again).
func TestEncodedName(t *testing.T) {
	n, err := jgen.NewEncodedName("é</>\x01", jgen.Minimal)
	chk(t, err)
	if got := string(n.AppendQuoted([]byte("x"))); got != `x"é</>\u0001"` {
		t.Errorf("AppendQuoted = %s", got)
	}
	if n.Name() != "é</>\x01" || n.Escaping() != jgen.Minimal {
		t.Errorf("Name/Escaping = %q %+v", n.Name(), n.Escaping())
	}
	slash := jgen.Jackson
	slash.EscapeSlash = true
	apos := jgen.Minimal
	apos.QuoteChar = '\''
	tests := []struct {
		name string
		esc  jgen.Escaping
		want string
	}{
		{"own", jgen.Minimal, `{"é</>\u0001":1}`},
		{"ascii", jgen.ASCII, `{"\u00e9</>\u0001":1}`},
		{"stdlib", jgen.Stdlib, `{"é\u003c/\u003e\u0001":1}`},
		{"jackson slash", slash, `{"é<\/>\u0001":1}`},
		{"apostrophe", apos, `{'é</>\u0001':1}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, mode := range []string{"append", "writer"} {
				var w bytes.Buffer
				var g *jgen.Generator
				if mode == "append" {
					g = appendGen(t, &jgen.Options{Escaping: tc.esc})
				} else {
					g, err = jgen.NewGenerator(&w, &jgen.Options{Escaping: tc.esc})
					chk(t, err)
				}
				chk(t, g.WriteStartObject())
				chk(t, g.WriteEncodedName(n))
				chk(t, g.WriteInt(1))
				chk(t, g.WriteEndObject())
				chk(t, g.Close())
				got := w.String()
				if mode == "append" {
					got = string(g.Bytes())
				}
				if got != tc.want+"\n" {
					t.Errorf("%s: got %s, want %s", mode, got, tc.want)
				}
			}
		})
	}
	t.Run("re-encode invalid utf8", func(t *testing.T) {
		bad, err := jgen.NewEncodedName("a\xffb", jgen.Stdlib)
		chk(t, err)
		g := appendGen(t, nil)
		chk(t, g.WriteStartObject())
		err = g.WriteEncodedName(bad)
		var ue *jgen.UTF8Error
		if !errors.As(err, &ue) || ue.Offset != 1 {
			t.Fatalf("WriteEncodedName(invalid under Minimal) = %v", err)
		}
		if got := string(g.Bytes()); got != "{" {
			t.Errorf("output after refused name %q", got)
		}
		chk(t, g.WriteEncodedName(encName(t, "ok", jgen.Minimal)))
		chk(t, g.WriteNull())
		chk(t, g.WriteEndObject())
		if got := string(g.Bytes()); got != "{\"ok\":null}\n" {
			t.Errorf("got %s", got)
		}
	})
	t.Run("new invalid", func(t *testing.T) {
		if _, err := jgen.NewEncodedName("\xff", jgen.Minimal); !errors.Is(err, jgen.ErrInvalidUTF8) {
			t.Errorf("NewEncodedName(invalid) = %v", err)
		}
		if _, err := jgen.NewEncodedName("a", jgen.Escaping{QuoteChar: 'x'}); !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Errorf("NewEncodedName(bad escaping) = %v", err)
		}
	})
	t.Run("long name writer mode", func(t *testing.T) {
		long := strings.Repeat("é\"", 700)
		ln := encName(t, long, jgen.Minimal)
		var w bytes.Buffer
		g, err := jgen.NewGenerator(&w, &jgen.Options{BufferSize: 512})
		chk(t, err)
		chk(t, g.WriteStartObject())
		chk(t, g.WriteEncodedName(ln))
		chk(t, g.WriteInt(1))
		chk(t, g.WriteEndObject())
		chk(t, g.Close())
		want := `{` + string(ln.AppendQuoted(nil)) + ":1}\n"
		if w.String() != want {
			t.Errorf("long encoded name mismatch: got %d bytes, want %d", w.Len(), len(want))
		}
	})
}

func encName(t testing.TB, s string, e jgen.Escaping) *jgen.EncodedName {
	t.Helper()
	n, err := jgen.NewEncodedName(s, e)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// randomProgram returns a random valid token program and a random layout.
func randomProgram(r *rand.Rand, maxOps int) []op {
	var ops []op
	type frame struct{ object bool }
	var stack []frame
	strs := []string{"", "a", "é", "😀", "\"\\/\n\x00", "<&>", "\u2028", strings.Repeat("abcdefgh", 40), strings.Repeat("é\"x", 150), "\x7f"}
	value := func() {
		switch r.IntN(11) {
		case 0:
			ops = append(ops, opNull())
		case 1:
			ops = append(ops, opBool(r.IntN(2) == 0))
		case 2:
			ops = append(ops, opInt(r.Int64()-r.Int64()))
		case 3:
			ops = append(ops, opFloat(r.NormFloat64()*1e5))
		case 4:
			ops = append(ops, opNumber("-12.5e+3"))
		case 5:
			ops = append(ops, opRaw(` [1, {"a": "b"}] `))
		case 6:
			data := make([]byte, r.IntN(700))
			for i := range data {
				data[i] = byte(r.Uint32())
			}
			ops = append(ops, op{"Binary", func(g *jgen.Generator) error { return g.WriteBinary(nil, data) }})
		case 7:
			s := strs[r.IntN(len(strs))]
			ops = append(ops, op{"StringFrom", func(g *jgen.Generator) error {
				_, err := g.WriteStringFrom(strings.NewReader(s))
				return err
			}})
		case 8:
			s := strs[r.IntN(len(strs))]
			ops = append(ops, op{"StringBytes", func(g *jgen.Generator) error { return g.WriteStringBytes([]byte(s)) }})
		default:
			ops = append(ops, opString(strs[r.IntN(len(strs))]))
		}
	}
	for len(ops) < maxOps || len(stack) > 0 {
		top := len(stack) - 1
		inObj := top >= 0 && stack[top].object
		if inObj {
			// a name then a value, or the end
			if r.IntN(5) == 0 || len(ops) >= maxOps {
				ops = append(ops, opEndObject())
				stack = stack[:top]
				continue
			}
			if r.IntN(2) == 0 {
				ops = append(ops, opName(strs[r.IntN(len(strs))]))
			} else {
				n := mustNameNoT(strs[r.IntN(len(strs))])
				ops = append(ops, op{"EncodedName", func(g *jgen.Generator) error { return g.WriteEncodedName(n) }})
			}
		} else if top >= 0 && (r.IntN(5) == 0 || len(ops) >= maxOps) {
			ops = append(ops, opEndArray())
			stack = stack[:top]
			continue
		}
		switch k := r.IntN(6); {
		case k == 0 && len(stack) < 8 && len(ops) < maxOps:
			ops = append(ops, opStartObject())
			stack = append(stack, frame{true})
		case k == 1 && len(stack) < 8 && len(ops) < maxOps:
			ops = append(ops, opStartArray())
			stack = append(stack, frame{false})
		default:
			value()
		}
	}
	return ops
}

func mustNameNoT(s string) *jgen.EncodedName {
	n, err := jgen.NewEncodedName(s, jgen.Minimal)
	if err != nil {
		panic(err)
	}
	return n
}

// TestAppendVsWriterRandom runs random token programs in append mode and in
// writer mode with the smallest buffer: the bytes must be identical.
func TestAppendVsWriterRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	layouts := []jgen.Layout{jgen.Compact, jgen.Indented, jgen.JacksonPretty}
	escs := []jgen.Escaping{jgen.Minimal, jgen.Stdlib, jgen.ASCII, jgen.Jackson}
	for i := range 300 {
		ops := randomProgram(r, 1+r.IntN(60))
		opts := &jgen.Options{Layout: layouts[i%3], Escaping: escs[i%4], BufferSize: 512, RootSeparator: " "}
		a := runOps(t, opts, ops...)
		w := runOpsWriter(t, opts, ops...)
		if a != w {
			t.Fatalf("program %d: append and writer modes differ\nappend %q\nwriter %q", i, a, w)
		}
		if opts.Escaping.QuoteChar == 0 && !validJSONSeq(a) {
			t.Fatalf("program %d: output is not valid JSON: %q", i, a)
		}
	}
}

// validJSONSeq reports whether s is one JSON value or several separated by
// whitespace.
func validJSONSeq(s string) bool {
	dec := jsonDecoder(s)
	n := 0
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return n > 0
		}
		if err != nil {
			return false
		}
		n++
	}
}

func jsonDecoder(s string) *json.Decoder { return json.NewDecoder(strings.NewReader(s)) }
