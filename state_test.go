package jgen_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// grammarContext is a position in the grammar reached by setup, with the
// output so far, what goes before a value there, and a completion that
// finishes the document from there.
type grammarContext struct {
	name     string
	setup    []op
	out      string // output after setup
	valueSep string // written before a value
	ctx      string // SyntaxError.Context expected there
	canValue bool
	canName  bool
	endObj   string // output after WriteEndObject, "" if refused
	endArr   string // output after WriteEndArray, "" if refused
	finish   []op
	finished string // output after setup + finish
}

var grammarContexts = []grammarContext{
	{name: "root empty", out: ``, ctx: "at root", canValue: true,
		finish: []op{opInt(0)}, finished: `0`},
	{name: "root after value", setup: []op{opInt(1)}, out: `1`, valueSep: "\n", ctx: "at root, after 1 complete value(s)", canValue: true,
		finish: []op{opInt(0)}, finished: "1\n0"},
	{name: "root after two values", setup: []op{opInt(1), opStartArray(), opEndArray()}, out: "1\n[]", valueSep: "\n", ctx: "at root, after 2 complete value(s)", canValue: true,
		finish: []op{opInt(0)}, finished: "1\n[]\n0"},
	{name: "object expecting first name", setup: []op{opStartObject()}, out: `{`, ctx: "in object at depth 1, where a name is expected", canName: true, endObj: `{}`,
		finish: []op{opName("z"), opInt(0), opEndObject()}, finished: `{"z":0}`},
	{name: "object expecting next name", setup: []op{opStartObject(), opName("a"), opInt(1)}, out: `{"a":1`, ctx: "in object at depth 1, where a name is expected", canName: true, endObj: `{"a":1}`,
		finish: []op{opName("z"), opInt(0), opEndObject()}, finished: `{"a":1,"z":0}`},
	{name: "object after name", setup: []op{opStartObject(), opName("a")}, out: `{"a"`, valueSep: ":", ctx: "in object at depth 1, after a name (a value is expected)", canValue: true,
		finish: []op{opInt(0), opEndObject()}, finished: `{"a":0}`},
	{name: "array empty", setup: []op{opStartArray()}, out: `[`, ctx: "in array at depth 1", canValue: true, endArr: `[]`,
		finish: []op{opInt(0), opEndArray()}, finished: `[0]`},
	{name: "array after element", setup: []op{opStartArray(), opInt(1)}, out: `[1`, valueSep: ",", ctx: "in array at depth 1", canValue: true, endArr: `[1]`,
		finish: []op{opInt(0), opEndArray()}, finished: `[1,0]`},
	{name: "array in object", setup: []op{opStartObject(), opName("a"), opStartArray()}, out: `{"a":[`, ctx: "in array at depth 2", canValue: true, endArr: `{"a":[]`,
		finish: []op{opEndArray(), opEndObject()}, finished: `{"a":[]}`},
	{name: "object in array", setup: []op{opStartArray(), opStartObject()}, out: `[{`, ctx: "in object at depth 2, where a name is expected", canName: true, endObj: `[{}`,
		finish: []op{opEndObject(), opEndArray()}, finished: `[{}]`},
}

// grammarToken is one token kind with the bytes it writes as a value.
type grammarToken struct {
	name  string // SyntaxError.Token
	do    func(g *jgen.Generator) error
	text  string // written as a value (after the separator)
	kind  string // "value", "name", "endObject", "endArray"
	label string
}

func grammarTokens() []grammarToken {
	encName := mustNameNoT("n")
	return []grammarToken{
		{label: "StartObject", name: "start of object", kind: "value", text: `{`, do: (*jgen.Generator).WriteStartObject},
		{label: "StartArray", name: "start of array", kind: "value", text: `[`, do: (*jgen.Generator).WriteStartArray},
		{label: "EndObject", name: "end of object", kind: "endObject", do: (*jgen.Generator).WriteEndObject},
		{label: "EndArray", name: "end of array", kind: "endArray", do: (*jgen.Generator).WriteEndArray},
		{label: "Name", name: "name", kind: "name", text: `"n"`, do: func(g *jgen.Generator) error { return g.WriteName("n") }},
		{label: "NameBytes", name: "name", kind: "name", text: `"n"`, do: func(g *jgen.Generator) error { return g.WriteNameBytes([]byte("n")) }},
		{label: "EncodedName", name: "name", kind: "name", text: `"n"`, do: func(g *jgen.Generator) error { return g.WriteEncodedName(encName) }},
		{label: "String", name: "string value", kind: "value", text: `"s"`, do: func(g *jgen.Generator) error { return g.WriteString("s") }},
		{label: "StringBytes", name: "string value", kind: "value", text: `"s"`, do: func(g *jgen.Generator) error { return g.WriteStringBytes([]byte("s")) }},
		{label: "StringFrom", name: "string value", kind: "value", text: `"s"`, do: func(g *jgen.Generator) error {
			_, err := g.WriteStringFrom(strings.NewReader("s"))
			return err
		}},
		{label: "Int", name: "number", kind: "value", text: `-7`, do: func(g *jgen.Generator) error { return g.WriteInt(-7) }},
		{label: "Uint", name: "number", kind: "value", text: `7`, do: func(g *jgen.Generator) error { return g.WriteUint(7) }},
		{label: "Float", name: "number", kind: "value", text: `0.5`, do: func(g *jgen.Generator) error { return g.WriteFloat(0.5) }},
		{label: "Float32", name: "number", kind: "value", text: `0.1`, do: func(g *jgen.Generator) error { return g.WriteFloat32(0.1) }},
		{label: "FloatNaN", name: "number", kind: "value", text: `"NaN"`, do: func(g *jgen.Generator) error { return g.WriteFloat(math.NaN()) }},
		{label: "Number", name: "number", kind: "value", text: `1e3`, do: func(g *jgen.Generator) error { return g.WriteNumber("1e3") }},
		{label: "True", name: "true", kind: "value", text: `true`, do: func(g *jgen.Generator) error { return g.WriteBool(true) }},
		{label: "False", name: "false", kind: "value", text: `false`, do: func(g *jgen.Generator) error { return g.WriteBool(false) }},
		{label: "Null", name: "null", kind: "value", text: `null`, do: (*jgen.Generator).WriteNull},
		{label: "RawValue", name: "raw value", kind: "value", text: `[1]`, do: func(g *jgen.Generator) error { return g.WriteRawValue([]byte(`[1]`)) }},
		{label: "RawValueUnchecked", name: "raw value", kind: "value", text: `{}`, do: func(g *jgen.Generator) error { return g.WriteRawValueUnchecked([]byte(`{}`)) }},
		{label: "Binary", name: "binary value", kind: "value", text: `"AQI="`, do: func(g *jgen.Generator) error { return g.WriteBinary(base64.StdEncoding, []byte{1, 2}) }},
	}
}

// grammarOpts is used for every grammar case: NaN is written as a string
// so that the non-finite path goes through the grammar too.
// grammarOpts write "\n" between root values and nothing after the last,
// so that each expected output is the tokens' bytes alone (the root
// terminator has its own tests in root_terminator_test.go).
var grammarOpts = jgen.Options{NonFinite: jgen.NonFiniteString, RootSeparator: "\n"}

// TestGrammarMatrix tries every token in every context, in both modes.
// Accepted tokens write exactly their bytes; refused ones return a
// *SyntaxError naming the token and the context, write nothing, and leave
// the generator able to finish the document as if they had not been tried.
func TestGrammarMatrix(t *testing.T) {
	for _, c := range grammarContexts {
		for _, tok := range grammarTokens() {
			var want string
			switch tok.kind {
			case "value":
				if c.canValue {
					want = c.out + c.valueSep + tok.text
				}
			case "name":
				if c.canName {
					sep := ""
					if c.out[len(c.out)-1] != '{' {
						sep = ","
					}
					want = c.out + sep + tok.text
				}
			case "endObject":
				want = c.endObj
			case "endArray":
				want = c.endArr
			}
			t.Run(c.name+"/"+tok.label, func(t *testing.T) {
				for _, mode := range []string{"append", "writer"} {
					var w bytes.Buffer
					var g *jgen.Generator
					var err error
					if mode == "append" {
						g, err = jgen.NewAppendGenerator(nil, &grammarOpts)
					} else {
						g, err = jgen.NewGenerator(&w, &grammarOpts)
					}
					chk(t, err)
					out := func() string {
						if mode == "append" {
							return string(g.Bytes())
						}
						chk(t, g.Flush())
						return w.String()
					}
					for _, o := range c.setup {
						chk(t, o.do(g))
					}
					depth := g.Depth()
					err = tok.do(g)
					if want != "" {
						if err != nil {
							t.Fatalf("%s: accepted token returned %v", mode, err)
						}
						if got := out(); got != want {
							t.Fatalf("%s: got %q, want %q", mode, got, want)
						}
						continue
					}
					var se *jgen.SyntaxError
					if !errors.As(err, &se) {
						t.Fatalf("%s: refused token returned %v (%T), want *SyntaxError", mode, err, err)
					}
					if !errors.Is(err, jgen.ErrSyntax) || errors.Is(err, jgen.ErrMaxDepth) {
						t.Errorf("%s: errors.Is(ErrSyntax) false or ErrMaxDepth true: %v", mode, err)
					}
					if se.Token != tok.name || se.Context != c.ctx {
						t.Errorf("%s: Token %q Context %q, want %q %q", mode, se.Token, se.Context, tok.name, c.ctx)
					}
					if msg := err.Error(); !strings.Contains(msg, tok.name) || !strings.Contains(msg, c.ctx) {
						t.Errorf("%s: message %q does not name token %q and context %q", mode, msg, tok.name, c.ctx)
					}
					if se.Offset != int64(len(c.out)) {
						t.Errorf("%s: Offset = %d, want %d", mode, se.Offset, len(c.out))
					}
					if g.Depth() != depth {
						t.Errorf("%s: Depth changed %d -> %d", mode, depth, g.Depth())
					}
					if got := out(); got != c.out {
						t.Fatalf("%s: output after refused token %q, want %q", mode, got, c.out)
					}
					for _, o := range c.finish {
						if err := o.do(g); err != nil {
							t.Fatalf("%s: finishing after refused token: %s: %v", mode, o.name, err)
						}
					}
					// Close reports the refusal, the first error.
					if cerr := g.Close(); cerr != err {
						t.Fatalf("%s: Close = %v, want the refusal %v", mode, cerr, err)
					}
					var final string
					if mode == "append" {
						final = string(g.Bytes())
					} else {
						final = w.String()
					}
					if final != c.finished {
						t.Errorf("%s: finished document %q, want %q", mode, final, c.finished)
					}
				}
			})
		}
	}
}

// TestGrammarAfterClose: every call after Close returns ErrClosed and
// writes nothing; Close again returns nil.
func TestGrammarAfterClose(t *testing.T) {
	for _, tok := range grammarTokens() {
		t.Run(tok.label, func(t *testing.T) {
			var w bytes.Buffer
			g, err := jgen.NewGenerator(&w, &grammarOpts)
			chk(t, err)
			chk(t, g.WriteInt(1))
			chk(t, g.Close())
			if err := tok.do(g); err != jgen.ErrClosed {
				t.Errorf("after Close: %v, want ErrClosed", err)
			}
			if err := g.Close(); err != nil {
				t.Errorf("second Close = %v, want nil", err)
			}
			if w.String() != "1" {
				t.Errorf("output %q, want %q", w.String(), "1")
			}
		})
	}
	t.Run("StringFrom count", func(t *testing.T) {
		g := appendGen(t, nil)
		chk(t, g.Close())
		n, err := g.WriteStringFrom(strings.NewReader("abc"))
		if n != 0 || err != jgen.ErrClosed {
			t.Errorf("WriteStringFrom after Close = %d, %v", n, err)
		}
	})
	t.Run("append mode", func(t *testing.T) {
		g := appendGen(t, nil)
		chk(t, g.WriteNull())
		chk(t, g.Close())
		if err := g.WriteNull(); err != jgen.ErrClosed {
			t.Errorf("WriteNull after Close = %v", err)
		}
		if got := string(g.Bytes()); got != "null\n" {
			t.Errorf("Bytes = %q", got)
		}
	})
	t.Run("Flush", func(t *testing.T) {
		// The Generator documentation: "After Close every call returns
		// ErrClosed"; Close's: "Calls after Close return ErrClosed; Close
		// itself may be called again and then returns nil".
		g := appendGen(t, nil)
		chk(t, g.Close())
		if err := g.Flush(); err != jgen.ErrClosed {
			t.Errorf("Flush after Close = %v, want ErrClosed", err)
		}
	})
}

// TestCloseUnbalanced: Close with open containers or a dangling name
// flushes what was written and returns a *SyntaxError.
func TestCloseUnbalanced(t *testing.T) {
	tests := []struct {
		name string
		ops  []op
		out  string
		ctx  string
	}{
		{"open object", []op{opStartObject()}, `{`, "in object at depth 1, where a name is expected"},
		{"open array", []op{opStartArray(), opInt(1)}, `[1`, "in array at depth 1"},
		{"dangling name", []op{opStartObject(), opName("a")}, `{"a"`, "in object at depth 1, after a name (a value is expected)"},
		{"nested", []op{opStartArray(), opStartObject(), opName("a"), opStartArray()}, `[{"a":[`, "in array at depth 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			g, err := jgen.NewGenerator(&w, nil)
			chk(t, err)
			for _, o := range tc.ops {
				chk(t, o.do(g))
			}
			err = g.Close()
			var se *jgen.SyntaxError
			if !errors.As(err, &se) || !errors.Is(err, jgen.ErrSyntax) {
				t.Fatalf("Close = %v, want *SyntaxError", err)
			}
			if se.Token != "end of output" || se.Context != tc.ctx || se.Offset != int64(len(tc.out)) {
				t.Errorf("SyntaxError %+v, want token end of output, context %q, offset %d", *se, tc.ctx, len(tc.out))
			}
			if w.String() != tc.out {
				t.Errorf("flushed %q, want %q", w.String(), tc.out)
			}
			if err := g.WriteNull(); err != jgen.ErrClosed {
				t.Errorf("after Close: %v", err)
			}
		})
	}
}

// TestDanglingNameAtEndObject: a name without a value cannot be closed.
func TestDanglingNameAtEndObject(t *testing.T) {
	g := appendGen(t, nil)
	chk(t, g.WriteStartObject())
	chk(t, g.WriteName("a"))
	err := g.WriteEndObject()
	var se *jgen.SyntaxError
	if !errors.As(err, &se) || se.Token != "end of object" || !strings.Contains(se.Context, "after a name") {
		t.Fatalf("EndObject after name = %v", err)
	}
	chk(t, g.WriteNull())
	chk(t, g.WriteEndObject())
	if got := string(g.Bytes()); got != "{\"a\":null}\n" {
		t.Errorf("got %s", got)
	}
}

// TestRootSeparator checks the default "\n" and custom separators, and
// that none is written after the last value or before the first.
func TestRootSeparator(t *testing.T) {
	values := []op{opInt(1), opStartObject(), opName("a"), opStartArray(), opEndArray(), opEndObject(), opString("x"), opRaw(`2`)}
	tests := []struct {
		name string
		opts jgen.Options
		want string
	}{
		{"default", jgen.Options{}, "1\n{\"a\":[]}\n\"x\"\n2"},
		{"space", jgen.Options{RootSeparator: " "}, `1 {"a":[]} "x" 2`},
		{"crlf", jgen.Options{RootSeparator: "\r\n"}, "1\r\n{\"a\":[]}\r\n\"x\"\r\n2"},
		{"tabs", jgen.Options{RootSeparator: "\t\t"}, "1\t\t{\"a\":[]}\t\t\"x\"\t\t2"},
		{"indented", jgen.Options{Layout: jgen.Indented}, "1\n{\n  \"a\": []\n}\n\"x\"\n2"},
		{"jackson", jgen.Options{Layout: jgen.JacksonPretty, RootSeparator: " "}, "1 {\n  \"a\" : [ ]\n} \"x\" 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := runOps(t, &tc.opts, values...); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if got := runOpsWriter(t, &tc.opts, values...); got != tc.want {
				t.Errorf("writer: got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestInvalidOptions: each invalid field is refused by NewGenerator and
// NewAppendGenerator (and escaping fields by SetEscaping and Validate) with
// an *OptionsError naming the field.
func TestInvalidOptions(t *testing.T) {
	rawApos, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'\'': jgen.EscapeNone()}})
	chk(t, err)
	seqApos, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{Runes: map[rune]string{'é': "e'"}})
	chk(t, err)
	tests := []struct {
		name   string
		opts   jgen.Options
		option string
	}{
		{"QuoteChar x", jgen.Options{Escaping: jgen.Escaping{QuoteChar: 'x'}}, "Escaping.QuoteChar"},
		{"QuoteChar backtick", jgen.Options{Escaping: jgen.Escaping{QuoteChar: '`'}}, "Escaping.QuoteChar"},
		{"MaxUnescaped 0x20", jgen.Options{Escaping: jgen.Escaping{MaxUnescaped: 0x20}}, "Escaping.MaxUnescaped"},
		{"MaxUnescaped 0x7E", jgen.Options{Escaping: jgen.Escaping{MaxUnescaped: 0x7E}}, "Escaping.MaxUnescaped"},
		{"MaxUnescaped 1", jgen.Options{Escaping: jgen.Escaping{MaxUnescaped: 1}}, "Escaping.MaxUnescaped"},
		{"MaxUnescaped -1", jgen.Options{Escaping: jgen.Escaping{MaxUnescaped: -1}}, "Escaping.MaxUnescaped"},
		{"MaxUnescaped 0x110000", jgen.Options{Escaping: jgen.Escaping{MaxUnescaped: 0x110000}}, "Escaping.MaxUnescaped"},
		{"InvalidUTF8 3", jgen.Options{Escaping: jgen.Escaping{InvalidUTF8: 3}}, "Escaping.InvalidUTF8"},
		{"apostrophe EscapeNone", jgen.Options{Escaping: jgen.Escaping{QuoteChar: '\'', CharacterEscapes: rawApos}}, "Escaping.CharacterEscapes"},
		{"apostrophe in sequence", jgen.Options{Escaping: jgen.Escaping{QuoteChar: '\'', CharacterEscapes: seqApos}}, "Escaping.CharacterEscapes"},
		{"Indent x", jgen.Options{Indent: "x"}, "Options.Indent"},
		{"Indent newline", jgen.Options{Indent: " \n"}, "Options.Indent"},
		{"RootSeparator x", jgen.Options{RootSeparator: "x"}, "Options.RootSeparator"},
		{"RootSeparator comma", jgen.Options{RootSeparator: ","}, "Options.RootSeparator"},
		{"MaxDepth -1", jgen.Options{MaxDepth: -1}, "Options.MaxDepth"},
		{"BufferSize -1", jgen.Options{BufferSize: -1}, "Options.BufferSize"},
		{"Layout 3", jgen.Options{Layout: 3}, "Options.Layout"},
		{"NonFinite 3", jgen.Options{NonFinite: 3}, "Options.NonFinite"},
	}
	check := func(t *testing.T, what string, err error, option string) {
		t.Helper()
		var oe *jgen.OptionsError
		if !errors.As(err, &oe) || !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Fatalf("%s = %v (%T), want *OptionsError", what, err, err)
		}
		if oe.Option != option || oe.Reason == "" || !strings.Contains(err.Error(), option) {
			t.Errorf("%s: Option %q Reason %q (%v), want option %q", what, oe.Option, oe.Reason, err, option)
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := jgen.NewGenerator(io.Discard, &tc.opts)
			if g != nil {
				t.Errorf("NewGenerator returned a generator")
			}
			check(t, "NewGenerator", err, tc.option)
			g, err = jgen.NewAppendGenerator(nil, &tc.opts)
			if g != nil {
				t.Errorf("NewAppendGenerator returned a generator")
			}
			check(t, "NewAppendGenerator", err, tc.option)
			if strings.HasPrefix(tc.option, "Escaping.") {
				check(t, "Validate", tc.opts.Escaping.Validate(), tc.option)
				g := appendGen(t, nil)
				check(t, "SetEscaping", g.SetEscaping(tc.opts.Escaping), tc.option)
				b, err := tc.opts.Escaping.AppendQuote([]byte("k"), "v")
				check(t, "AppendQuote", err, tc.option)
				if string(b) != "k" {
					t.Errorf("AppendQuote changed dst to %q", b)
				}
			}
		})
	}
	// The same CharacterEscapes are fine with quote '"'.
	for _, ce := range []*jgen.CharacterEscapes{rawApos, seqApos} {
		if err := (jgen.Escaping{CharacterEscapes: ce}).Validate(); err != nil {
			t.Errorf("CharacterEscapes with quote '\"': %v", err)
		}
	}
}

// TestValidOptionsBoundaries: the limits of the valid ranges are accepted.
func TestValidOptionsBoundaries(t *testing.T) {
	for _, o := range []jgen.Options{
		{Escaping: jgen.Escaping{MaxUnescaped: 0x7F}},
		{Escaping: jgen.Escaping{MaxUnescaped: 0x10FFFF}},
		{Escaping: jgen.Escaping{QuoteChar: '"'}},
		{Escaping: jgen.Escaping{QuoteChar: '\''}},
		{Escaping: jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}},
		{Indent: "\t \t"}, {RootSeparator: " \t\r\n"}, {MaxDepth: 1}, {BufferSize: 1}, {Layout: jgen.JacksonPretty}, {NonFinite: jgen.NonFiniteNull},
	} {
		if _, err := jgen.NewGenerator(io.Discard, &o); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

// TestInvalidCharacterEscapes: every way NewCharacterEscapes refuses a spec.
func TestInvalidCharacterEscapes(t *testing.T) {
	tests := []struct {
		name   string
		spec   jgen.EscapeSpec
		option string
	}{
		{"EscapeNone quote", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'"': jgen.EscapeNone()}}, `EscapeSpec.ASCII['"']`},
		{"EscapeNone backslash", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'\\': jgen.EscapeNone()}}, `EscapeSpec.ASCII['\\']`},
		{"EscapeNone control", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'\n': jgen.EscapeNone()}}, `EscapeSpec.ASCII['\n']`},
		{"EscapeNone NUL", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{0: jgen.EscapeNone()}}, `EscapeSpec.ASCII['\x00']`},
		{"ASCII key 0x80", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{0x80: jgen.EscapeUnicode()}}, `EscapeSpec.ASCII['\u0080']`},
		{"EscapeBackslash x", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeBackslash('x')}}, `EscapeSpec.ASCII['a']`},
		{"EscapeBackslash u", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeBackslash('u')}}, `EscapeSpec.ASCII['a']`},
		{"EscapeBackslash apostrophe", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'\'': jgen.EscapeBackslash('\'')}}, `EscapeSpec.ASCII['\'']`},
		{"sequence raw quote", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence(`"`)}}, `EscapeSpec.ASCII['a']`},
		{"sequence raw control", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence("\x01")}}, `EscapeSpec.ASCII['a']`},
		{"sequence lone backslash", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence(`x\`)}}, `EscapeSpec.ASCII['a']`},
		{"sequence bad escape", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence(`\q`)}}, `EscapeSpec.ASCII['a']`},
		{"sequence short \\u", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence(`\u12`)}}, `EscapeSpec.ASCII['a']`},
		{"sequence \\u non-hex", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence(`\u12g4`)}}, `EscapeSpec.ASCII['a']`},
		{"sequence invalid utf8", jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'a': jgen.EscapeSequence("\xff")}}, `EscapeSpec.ASCII['a']`},
		{"Runes key ASCII", jgen.EscapeSpec{Runes: map[rune]string{'a': `\u0061`}}, `EscapeSpec.Runes[U+0061]`},
		{"Runes key 0x7F", jgen.EscapeSpec{Runes: map[rune]string{0x7F: `x`}}, `EscapeSpec.Runes[U+007F]`},
		{"Runes key surrogate", jgen.EscapeSpec{Runes: map[rune]string{0xD800: `x`}}, `EscapeSpec.Runes[U+D800]`},
		{"Runes key negative", jgen.EscapeSpec{Runes: map[rune]string{-1: `x`}}, `EscapeSpec.Runes[-1]`},
		{"Runes key too big", jgen.EscapeSpec{Runes: map[rune]string{0x110000: `x`}}, `EscapeSpec.Runes[U+110000]`},
		{"Runes sequence raw quote", jgen.EscapeSpec{Runes: map[rune]string{'é': `"`}}, `EscapeSpec.Runes[U+00E9]`},
		{"Runes sequence bad escape", jgen.EscapeSpec{Runes: map[rune]string{'é': `\x`}}, `EscapeSpec.Runes[U+00E9]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ce, err := jgen.NewCharacterEscapes(tc.spec)
			if ce != nil {
				t.Errorf("returned a value")
			}
			var oe *jgen.OptionsError
			if !errors.As(err, &oe) || !errors.Is(err, jgen.ErrInvalidOptions) {
				t.Fatalf("got %v (%T), want *OptionsError", err, err)
			}
			if oe.Option != tc.option || oe.Reason == "" {
				t.Errorf("Option %q Reason %q, want option %q", oe.Option, oe.Reason, tc.option)
			}
		})
	}
}
