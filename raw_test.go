package jgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/reference"
)

// TestWriteRawValueRule pins the rule for checked raw values by hand: the
// escaping applies to raw characters, escape sequences stay verbatim, the
// invalid-UTF-8 policy applies to invalid bytes and lone surrogate escapes,
// numbers stay verbatim and whitespace follows the layout.
func TestWriteRawValueRule(t *testing.T) {
	apos := jgen.Escaping{QuoteChar: '\''}
	replace := jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8Replace}
	replaceUpper := jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8Replace, UpperHex: true}
	replaceRaw := jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8ReplaceRaw}
	replaceRawASCII := jgen.Escaping{InvalidUTF8: jgen.InvalidUTF8ReplaceRaw, MaxUnescaped: 0x7F}
	html := jgen.Escaping{HTMLSafe: true, EscapeSlash: true, JSLineTerminators: true}
	ce, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{
		ASCII: map[byte]jgen.Escape{'#': jgen.EscapeSequence(`\u0023`)},
		Runes: map[rune]string{'€': `\u20ac`},
	})
	chk(t, err)
	custom := jgen.Escaping{CharacterEscapes: ce}
	for _, tc := range []struct {
		name string
		esc  jgen.Escaping
		raw  string
		want string // "" when refused
		at   int64  // Index of the refusal
	}{
		{"invalid byte refused", jgen.Minimal, "\"\xff\"", "", 1},
		{"lone high surrogate refused", jgen.Minimal, `"\ud800"`, "", 1},
		{"lone low surrogate refused", jgen.Minimal, `"ab\udc00"`, "", 3},
		{"high then non-surrogate refused", jgen.Minimal, `"\uD800\u0041"`, "", 1},
		{"two highs refused", jgen.Minimal, `["x","\ud800\ud800\udc00"]`, "", 6},
		{"invalid in a name refused", jgen.Minimal, "{\"a\xc0\xaf\":1}", "", 3},
		{"raw surrogate bytes refused", jgen.Minimal, "\"\xed\xa0\x80\"", "", 1},
		{"pair kept", jgen.Minimal, `"\ud83d\ude00\uD83D\uDE00"`, `"\ud83d\ude00\uD83D\uDE00"`, 0},
		{"escapes kept verbatim", jgen.ASCII, `"\/\u00E9\n\"\\\u0000\b\f\r\t"`, `"\/\u00E9\n\"\\\u0000\b\f\r\t"`, 0},
		{"raw é under ASCII", jgen.ASCII, `"é"`, `"\u00e9"`, 0},
		{"raw in names and values under ASCII", jgen.ASCII, `{"é":"😀"}`, `{"\u00e9":"\ud83d\ude00"}`, 0},
		{"raw é under Minimal", jgen.Minimal, `"é"`, `"é"`, 0},
		{"quote char", apos, `{"it's":"say \"hi\" it's"}`, `{'it\u0027s':'say \"hi\" it\u0027s'}`, 0},
		{"html, slash, line terminators", html, "\"</a>&\u2028\u2029\"", `"\u003c\/a\u003e\u0026\u2028\u2029"`, 0},
		{"custom escapes", custom, `"#€"`, `"\u0023\u20ac"`, 0},
		{"replace", replace, "\"\xff\\ud800a\\udc00\xe2\x80\"", `"\ufffd\ufffda\ufffd\ufffd\ufffd"`, 0},
		{"replace keeps what follows a lone high", replace, `"\ud800\u0041"`, `"\ufffd\u0041"`, 0},
		{"replace, upper hex", replaceUpper, "\"\xff\\ud800\"", `"\uFFFD\uFFFD"`, 0},
		{"replace-raw", replaceRaw, "\"\xff\\udbff\"", "\"\uFFFD\uFFFD\"", 0},
		{"replace-raw then escaped", replaceRawASCII, "\"\xff\\udbff\"", `"\ufffd\ufffd"`, 0},
		{"numbers verbatim", jgen.Minimal, `[-0.0, 1E+9 ,12.50e-3,0,-1e-0]`, `[-0.0,1E+9,12.50e-3,0,-1e-0]`, 0},
		{"literals", jgen.Minimal, "\t[ true,false ,null ]\n", `[true,false,null]`, 0},
		{"whitespace dropped", jgen.Minimal, " {\r\n\"a\" :\t[ ] , \"b\" : { } } ", `{"a":[],"b":{}}`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := appendGen(t, &jgen.Options{Escaping: tc.esc})
			chk(t, g.WriteStartArray())
			chk(t, g.WriteInt(1))
			err := g.WriteRawValue([]byte(tc.raw))
			if tc.want == "" {
				var ve *jgen.ValueError
				if !errors.Is(err, jgen.ErrInvalidValue) || !errors.Is(err, jgen.ErrInvalidUTF8) || !errors.As(err, &ve) {
					t.Fatalf("got %v, want a *ValueError matching ErrInvalidValue and ErrInvalidUTF8", err)
				}
				if ve.Index != tc.at || ve.Offset != 2 || ve.Token != "raw value" {
					t.Errorf("got %+v, want Index %d, Offset 2", ve, tc.at)
				}
				if got := string(g.Bytes()); got != "[1" {
					t.Fatalf("output %q after refusal", got)
				}
				chk(t, g.WriteEndArray())
				if got := string(g.Bytes()); got != "[1]\n" {
					t.Fatalf("output %q, want [1] and the root terminator", got)
				}
				return
			}
			chk(t, err)
			chk(t, g.WriteEndArray())
			if got, want := string(g.Bytes()), "[1,"+tc.want+"]\n"; got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// TestWriteRawValueLayout: raw containers follow the layout, at the root
// and nested, exactly as the Write methods lay them out.
func TestWriteRawValueLayout(t *testing.T) {
	raw := ` { "a" : [ 1 , { "b" : null } , [ ] ] , "c" : { } , "d" : [ { } ] } `
	for _, tc := range []struct {
		layout jgen.Layout
		want   string
	}{
		{jgen.Compact, `[{"a":[1,{"b":null},[]],"c":{},"d":[{}]}]`},
		{jgen.Indented, "[\n  {\n    \"a\": [\n      1,\n      {\n        \"b\": null\n      },\n      []\n    ],\n    \"c\": {},\n    \"d\": [\n      {}\n    ]\n  }\n]"},
		{jgen.JacksonPretty, "[ {\n  \"a\" : [ 1, {\n    \"b\" : null\n  }, [ ] ],\n  \"c\" : { },\n  \"d\" : [ { } ]\n} ]"},
	} {
		opts := &jgen.Options{Layout: tc.layout}
		if got := runOps(t, opts, opStartArray(), opRaw(raw), opEndArray()); got != tc.want {
			t.Errorf("%v:\n got %q\nwant %q", tc.layout, got, tc.want)
		}
		if got := runOpsWriter(t, opts, opStartArray(), opRaw(raw), opEndArray()); got != tc.want {
			t.Errorf("%v writer:\n got %q\nwant %q", tc.layout, got, tc.want)
		}
	}
}

// TestWriteRawValueRefusedWhole: a refusal found at the end of a value far
// larger than the buffer leaves the output, what reached the writer and the
// state as they were, and the generator goes on.
func TestWriteRawValueRefusedWhole(t *testing.T) {
	big := "[" + strings.Repeat(`{"k":"é\n"},`, 20000)
	for _, tc := range []struct {
		name  string
		raw   string
		cause error
	}{
		{"invalid UTF-8 at the end", big + "\"\xff\"]", jgen.ErrInvalidUTF8},
		{"lone surrogate at the end", big + `"\udfff"]`, jgen.ErrInvalidUTF8},
		{"grammar at the end", big + `1,]`, nil},
		{"too deep at the end", big + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + "]", jgen.ErrMaxDepth},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			g, err := jgen.NewGenerator(&w, &jgen.Options{BufferSize: 512})
			chk(t, err)
			chk(t, g.WriteStartObject())
			chk(t, g.WriteName("x"))
			err = g.WriteRawValue([]byte(tc.raw))
			var ve *jgen.ValueError
			if !errors.As(err, &ve) || !errors.Is(err, jgen.ErrInvalidValue) {
				t.Fatalf("got %v, want a *ValueError", err)
			}
			if tc.cause != nil && !errors.Is(err, tc.cause) || tc.cause == nil && ve.Cause != nil {
				t.Errorf("cause %v, want %v", ve.Cause, tc.cause)
			}
			if w.Len() != 0 || g.Offset() != 4 || ve.Offset != 4 || g.Depth() != 1 {
				t.Fatalf("after refusal: %d bytes flushed, offset %d, depth %d", w.Len(), g.Offset(), g.Depth())
			}
			chk(t, g.WriteRawValue([]byte(`[ "ok" ]`)))
			chk(t, g.WriteEndObject())
			// Close reports the refusal, the first error of any call.
			if cerr := g.Close(); cerr != err {
				t.Errorf("Close: %v, want the refusal %v", cerr, err)
			}
			if got := w.String(); got != "{\"x\":[\"ok\"]}\n" {
				t.Errorf("got %q", got)
			}
		})
	}
}

// TestWriteRawValueMaxDepth: the nesting of a raw value counts from the
// current depth.
func TestWriteRawValueMaxDepth(t *testing.T) {
	g := appendGen(t, &jgen.Options{MaxDepth: 4})
	chk(t, g.WriteStartArray())
	chk(t, g.WriteStartObject())
	chk(t, g.WriteName("a"))
	err := g.WriteRawValue([]byte(`[[[1]]]`))
	var ve *jgen.ValueError
	if !errors.Is(err, jgen.ErrMaxDepth) || !errors.Is(err, jgen.ErrInvalidValue) || !errors.As(err, &ve) || ve.Index != 2 {
		t.Fatalf("got %v, want ErrMaxDepth at index 2", err)
	}
	chk(t, g.WriteRawValue([]byte(`[[1],{"b":1}]`)))
	chk(t, g.WriteEndObject())
	chk(t, g.WriteEndArray())
	if got := string(g.Bytes()); got != "[{\"a\":[[1],{\"b\":1}]}]\n" {
		t.Errorf("got %q", got)
	}
	// A raw value where a name is expected is a *SyntaxError.
	g = appendGen(t, nil)
	chk(t, g.WriteStartObject())
	var se *jgen.SyntaxError
	if err := g.WriteRawValue([]byte(`1`)); !errors.As(err, &se) {
		t.Errorf("got %v, want a *SyntaxError", err)
	}
}

// TestWriteRawValueGrammar: what encoding/json.Valid refuses, WriteRawValue
// refuses, and what it accepts in valid UTF-8 without lone surrogate
// escapes, WriteRawValue accepts.
func TestWriteRawValueGrammar(t *testing.T) {
	cases := []string{
		``, ` `, `1 2`, `{}{}`, `{"a":1`, `nul`, `"abc`, `[1,]`, "\"a\x01\"", `01`, `'a'`,
		`-`, `1.`, `1e`, `1e+`, `.5`, `+1`, `-01`, `1.5e3x`, `truex`, `[1 2]`, `{"a" 1}`, `{1:2}`,
		`{"a":1,}`, `{,}`, `[,]`, `"\x"`, `"\u12"`, `"\u12g4"`, `"\`, `"\"`, `]`, `}`, `[}`, `{]`,
		`{"a":}`, `[1]]`, `[[1]`, "\"\x7f\"", `"\u0000"`, `0.0e-0`, `-0`, `[]`, `{}`, ` "x" `,
		`{"a":{"b":[1,{"c":"d"}]}}`, `1E400`, `true`, `false`, `null`, "[\u00a0]", "[1,\v2]",
	}
	for _, raw := range cases {
		g := appendGen(t, nil)
		err := g.WriteRawValue([]byte(raw))
		if valid := json.Valid([]byte(raw)); valid != (err == nil) {
			t.Errorf("%q: json.Valid %v, WriteRawValue %v", raw, valid, err)
		} else if err != nil && (!errors.Is(err, jgen.ErrInvalidValue) || len(g.Bytes()) != 0) {
			t.Errorf("%q: %v, output %q", raw, err, g.Bytes())
		}
	}
}

// TestWriteRawValueAllocs: a small raw value costs no allocation once the
// buffer is warm.
func TestWriteRawValueAllocs(t *testing.T) {
	raw := []byte(`{"name":"Gödel \"K\"","tags":["a","b\u00e9"],"n":-1.5e3,"ok":true,"x":null}`)
	var w bytes.Buffer
	g, err := jgen.NewGenerator(&w, &jgen.Options{Escaping: jgen.ASCII, Layout: jgen.Indented})
	chk(t, err)
	n := testing.AllocsPerRun(100, func() {
		w.Reset()
		g.Reset(&w)
		if err := g.WriteRawValue(raw); err != nil {
			t.Fatal(err)
		}
		_ = g.Flush()
	})
	if n != 0 {
		t.Errorf("%v allocations per WriteRawValue", n)
	}
}

// rawNode is a random JSON value together with the raw text written for
// it.
type rawNode struct {
	kind     byte // '{', '[', '"' (string), '0' (number), 'l' (literal)
	text     string
	names    []string // object member names, raw content between quotes
	children []*rawNode
}

// rawPieces are the parts random string contents are made of.
var rawPieces = []string{
	"a", "Zz", "hello world", "'", "/", "<", ">", "&", "\x7f", "é", "€", "\u2028", "\u2029",
	"😀", "\uFFFD", "\U0010FFFF", "\u0080", "ÿ", "#", "q",
	`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00e9`, `\u00E9`, `\u0027`, `\u0000`,
	`\u001f`, `\u2028`, `\ud83d\ude00`, `\uD83D\uDE00`, `\ufffd`,
	`\ud800`, `\udc00`, `\uDBFF\u0041`, `\ud800\ud800\udc00`, `\udfff\ud800`,
	"\xff", "\xe2\x80", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80",
}

// plainPieces hold neither escape sequences, nor characters that must be
// escaped in JSON, nor invalid UTF-8.
var plainPieces = []string{"a", "Zz", "k", "'", "/", "<", "&", "\x7f", "é", "€", "\u2028", "😀", "\uFFFD", "#", "q", " "}

func randomContent(r *rand.Rand, pieces []string) string {
	var sb strings.Builder
	n := r.IntN(6)
	if r.IntN(10) == 0 {
		n = 40 + r.IntN(200) // long enough to cross a 512-byte buffer
	}
	for range n {
		sb.WriteString(pieces[r.IntN(len(pieces))])
	}
	return sb.String()
}

var rawNumbers = []string{"0", "-0", "1", "-12", "3.25", "-0.0", "1e9", "1E+9", "2.5e-3", "12.50E-03", "123456789012345678901234567890"}

func randomRawNode(r *rand.Rand, depth int, plainNames bool) *rawNode {
	k := r.IntN(10)
	if depth >= 4 {
		k = 3 + r.IntN(7)
	}
	switch {
	case k < 2:
		n := &rawNode{kind: '{'}
		for range r.IntN(4) {
			name := randomContent(r, plainPieces)
			if !plainNames {
				name = randomContent(r, rawPieces)
			}
			n.names = append(n.names, name)
			n.children = append(n.children, randomRawNode(r, depth+1, plainNames))
		}
		return n
	case k < 4:
		n := &rawNode{kind: '['}
		for range r.IntN(4) {
			n.children = append(n.children, randomRawNode(r, depth+1, plainNames))
		}
		return n
	case k < 7:
		return &rawNode{kind: '"', text: randomContent(r, rawPieces)}
	case k < 9:
		return &rawNode{kind: '0', text: rawNumbers[r.IntN(len(rawNumbers))]}
	}
	return &rawNode{kind: 'l', text: []string{"true", "false", "null"}[r.IntN(3)]}
}

var rawSpaces = []string{"", "", "", " ", "\t", "\n", "\r\n  ", "  \n\t "}

// appendRawText appends the raw text of n with random whitespace.
func appendRawText(b []byte, n *rawNode, r *rand.Rand) []byte {
	ws := func() { b = append(b, rawSpaces[r.IntN(len(rawSpaces))]...) }
	switch n.kind {
	case '{', '[':
		b = append(b, n.kind)
		for i, c := range n.children {
			if i > 0 {
				b = append(b, ',')
			}
			ws()
			if n.kind == '{' {
				b = append(b, '"')
				b = append(b, n.names[i]...)
				b = append(b, '"')
				ws()
				b = append(b, ':')
				ws()
			}
			b = appendRawText(b, c, r)
			ws()
		}
		if n.kind == '{' {
			return append(b, '}')
		}
		return append(b, ']')
	case '"':
		return append(append(append(b, '"'), n.text...), '"')
	}
	return append(b, n.text...)
}

// modelString is the rule for the content of a raw string, stated apart
// from jgen: runs of raw characters are quoted by the reference escaper,
// escape sequences are kept except lone surrogate escapes, which follow
// the policy. ok is false when the policy refuses the string.
func modelString(s string, o reference.Options) (out []byte, ok bool) {
	q := o.Quote
	if q == 0 {
		q = '"'
	}
	out = append(out, q)
	run := func(b []byte) bool {
		enc, err := reference.AppendQuote(nil, b, o)
		if err != nil {
			return false
		}
		out = append(out, enc[1:len(enc)-1]...)
		return true
	}
	hexAt := func(i int) (int, bool) {
		if i+6 > len(s) || s[i] != '\\' || s[i+1] != 'u' {
			return 0, false
		}
		v := 0
		for _, c := range []byte(s[i+2 : i+6]) {
			d := strings.IndexByte("0123456789abcdef", c|0x20)
			if d < 0 {
				return 0, false
			}
			v = v<<4 | d
		}
		return v, true
	}
	start := 0
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			i++
			continue
		}
		if !run([]byte(s[start:i])) {
			return nil, false
		}
		n := 2
		if u, isU := hexAt(i); isU {
			n = 6
			lone := u >= 0xDC00 && u <= 0xDFFF
			if u >= 0xD800 && u < 0xDC00 {
				if v, ok := hexAt(i + 6); ok && v >= 0xDC00 && v <= 0xDFFF {
					n = 12
				} else {
					lone = true
				}
			}
			if lone {
				switch o.InvalidUTF8 {
				case reference.PolicyError:
					return nil, false
				case reference.PolicyReplace:
					if o.UpperHex {
						out = append(out, `\uFFFD`...)
					} else {
						out = append(out, `\ufffd`...)
					}
				default:
					if !run([]byte("\uFFFD")) {
						return nil, false
					}
				}
				i += n
				start = i
				continue
			}
		}
		out = append(out, s[i:i+n]...)
		i += n
		start = i
	}
	if !run([]byte(s[start:])) {
		return nil, false
	}
	return append(out, q), true
}

// tokenOps returns the token-by-token program that writes n under o with
// the generator's own methods: strings from modelString (as verbatim
// values), names with WriteName (they must be plain). ok is false when
// the policy refuses some string.
func tokenOps(n *rawNode, o reference.Options, ops []op) ([]op, bool) {
	switch n.kind {
	case '{', '[':
		if n.kind == '{' {
			ops = append(ops, opStartObject())
		} else {
			ops = append(ops, opStartArray())
		}
		for i, c := range n.children {
			if n.kind == '{' {
				ops = append(ops, opName(n.names[i]))
			}
			var ok bool
			if ops, ok = tokenOps(c, o, ops); !ok {
				return nil, false
			}
		}
		if n.kind == '{' {
			return append(ops, opEndObject()), true
		}
		return append(ops, opEndArray()), true
	case '"':
		s, ok := modelString(n.text, o)
		if !ok {
			return nil, false
		}
		return append(ops, op{"model string", func(g *jgen.Generator) error { return g.WriteRawValueUnchecked(s) }}), true
	case '0':
		return append(ops, opNumber(n.text)), true
	}
	switch n.text {
	case "true":
		return append(ops, opBool(true)), true
	case "false":
		return append(ops, opBool(false)), true
	}
	return append(ops, opNull()), true
}

// refusedByPolicy reports whether any string of n (names included) holds
// something the error policy refuses.
func refusedByPolicy(n *rawNode) bool {
	o := reference.Options{}
	if n.kind == '"' {
		_, ok := modelString(n.text, o)
		return !ok
	}
	for _, name := range n.names {
		if _, ok := modelString(name, o); !ok {
			return true
		}
	}
	for _, c := range n.children {
		if refusedByPolicy(c) {
			return true
		}
	}
	return false
}

// outputRuns returns the raw runs of the strings in out, quoted with q,
// split into raw runs and escape sequences; it fails on a malformed
// string.
func outputRuns(out []byte, q byte) (runs [][]byte, err error) {
	for i := 0; i < len(out); i++ {
		if out[i] != q {
			continue
		}
		start := i + 1
		for i++; ; i++ {
			if i >= len(out) {
				return nil, errors.New("unterminated string")
			}
			c := out[i]
			if c == q {
				runs = append(runs, out[start:i])
				break
			}
			if c == '\\' {
				runs = append(runs, out[start:i])
				if i+1 < len(out) && out[i+1] == 'u' {
					i += 5
				} else {
					i++
				}
				start = i + 1
			}
		}
	}
	return runs, nil
}

// TestWriteRawValueProperty writes random raw values (random token trees
// with random whitespace, escape sequences, raw runes and invalid bytes)
// under random escapings, policies, layouts and places, and checks that
// the output equals the token-by-token write of the same tree, that every
// raw run in its strings is written raw by the reference escaper (so the
// escaping is obeyed), that it is valid JSON with '"', and that it decodes
// to the input's value when the input is valid UTF-8; under the error
// policy a value the policy refuses is refused whole.
func TestWriteRawValueProperty(t *testing.T) {
	specs := conformanceSpecs()
	r := rand.New(rand.NewPCG(10, 6))
	iters := 4000
	if testing.Short() {
		iters = 1000
	}
	var compared, refused, decoded int
	for it := range iters {
		spec := specs[r.IntN(len(specs))]
		esc := mustEscaping(t, spec)
		o := spec.ref()
		layout := jgen.Layout(r.IntN(3))
		plainNames := r.IntN(3) != 0
		tree := randomRawNode(r, 0, plainNames)
		raw := appendRawText([]byte(rawSpaces[r.IntN(len(rawSpaces))]), tree, r)
		raw = append(raw, rawSpaces[r.IntN(len(rawSpaces))]...)
		opts := &jgen.Options{Escaping: esc, Layout: layout, BufferSize: 512}
		// Where the value goes: the root, after a root value, an array
		// element, or a member value.
		var pre, post []op
		place := r.IntN(4)
		switch place {
		case 1:
			pre = []op{opInt(7)}
		case 2:
			pre, post = []op{opStartArray(), opString("x")}, []op{opInt(2), opEndArray()}
		case 3:
			pre, post = []op{opStartObject(), opName("k")}, []op{opName("z"), opNull(), opEndObject()}
		}
		writer := r.IntN(2) == 0
		run := func(ops []op) (string, error) {
			var w bytes.Buffer
			var g *jgen.Generator
			var err error
			if writer {
				g, err = jgen.NewGenerator(&w, opts)
			} else {
				g, err = jgen.NewAppendGenerator(nil, opts)
			}
			chk(t, err)
			for _, op := range ops {
				if err := op.do(g); err != nil {
					return "", err
				}
			}
			if err := g.Close(); err != nil {
				return "", err
			}
			if writer {
				return w.String(), nil
			}
			return string(g.Bytes()), nil
		}
		rawOp := op{"raw", func(g *jgen.Generator) error { return g.WriteRawValue(raw) }}
		got, err := run(append(append(append([]op{}, pre...), rawOp), post...))
		if o.InvalidUTF8 == reference.PolicyError && refusedByPolicy(tree) {
			refused++
			if !errors.Is(err, jgen.ErrInvalidValue) || !errors.Is(err, jgen.ErrInvalidUTF8) {
				t.Fatalf("%d %v: %q: got %v, want refused", it, spec, raw, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%d %v %v: %q: %v", it, spec, layout, raw, err)
		}
		if plainNames {
			ops, ok := tokenOps(tree, o, append([]op{}, pre...))
			if !ok {
				t.Fatalf("%d: model refuses what jgen accepts", it)
			}
			want, err := run(append(ops, post...))
			chk(t, err)
			if got != want {
				t.Fatalf("%d %v %v: raw %q\n got %q\nwant %q", it, spec, layout, raw, got, want)
			}
			compared++
		}
		lossy := spec.ce != nil && spec.ce.lossy
		q := esc.QuoteChar
		if q == 0 {
			q = '"'
		}
		runs, err := outputRuns([]byte(got), q)
		if err != nil {
			t.Fatalf("%d %v: %q: %v", it, spec, got, err)
		}
		strict := o
		strict.InvalidUTF8 = reference.PolicyError
		for _, run := range runs {
			if lossy {
				break
			}
			enc, err := reference.AppendQuote(nil, run, strict)
			if err != nil || !bytes.Equal(enc[1:len(enc)-1], run) {
				t.Fatalf("%d %v: run %q of %q is not written raw by the escaping (%q, %v)", it, spec, run, got, enc, err)
			}
		}
		if q != '"' {
			continue
		}
		one := []byte(got)
		if place == 1 {
			one = one[1:] // after the root value 7
		}
		if !json.Valid(one) {
			t.Fatalf("%d %v: invalid JSON %q", it, spec, got)
		}
		if lossy || !utf8.Valid(raw) {
			continue
		}
		vals := decodeAll(t, []byte(got))
		var v any
		switch place {
		case 0:
			v = vals[0]
		case 1:
			v = vals[1]
		case 2:
			v = vals[0].([]any)[1]
		case 3:
			v = vals[0].(map[string]any)["k"]
		}
		if want := decodeAll(t, raw)[0]; !reflect.DeepEqual(v, want) {
			t.Fatalf("%d %v: %q decodes to %v, input %q to %v", it, spec, got, v, raw, want)
		}
		decoded++
	}
	t.Logf("%d values: %d compared token by token, %d refused by the error policy, %d decoded", iters, compared, refused, decoded)
	if compared < iters/4 || refused < iters/20 || decoded < iters/10 {
		t.Errorf("too few checks: %d compared, %d refused, %d decoded", compared, refused, decoded)
	}
}

// decodeAll decodes the values of b, numbers as json.Number.
func decodeAll(t *testing.T, b []byte) []any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var vals []any
	for d.More() {
		var v any
		if err := d.Decode(&v); err != nil {
			t.Fatalf("decode %q: %v", b, err)
		}
		vals = append(vals, v)
	}
	return vals
}

// BenchmarkWriteRawValue compares WriteRawValue with what it did before the
// rule for checked raw values: encoding/json.Valid, then a verbatim copy.
func BenchmarkWriteRawValue(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("[")
	for i := range 2000 {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`{"id":12345,"name":"Kurt Gödel","text":"a sentence with \"quotes\" and a\nnewline","ok":true,"score":-1.5e3,"tags":["x","y"]}`)
	}
	sb.WriteString("]")
	inputs := []struct{ name, raw string }{
		{"small", `{"id":1,"name":"Gödel","tags":["a","b"],"ok":true}`},
		{"objects", sb.String()},
		{"string", `"` + strings.Repeat("plain ASCII text, and some é ü ö; ", 3000) + `"`},
	}
	for _, in := range inputs {
		raw := []byte(in.raw)
		for _, mode := range []string{"checked", "valid+verbatim"} {
			b.Run(in.name+"/"+mode, func(b *testing.B) {
				g, err := jgen.NewGenerator(io.Discard, nil)
				chk(b, err)
				b.SetBytes(int64(len(raw)))
				for b.Loop() {
					g.Reset(io.Discard)
					if mode == "checked" {
						err = g.WriteRawValue(raw)
					} else if json.Valid(raw) {
						err = g.WriteRawValueUnchecked(raw)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// FuzzWriteRawValue writes arbitrary bytes as a raw value under an
// escaping chosen by the fuzzer. Under the replace policies it accepts
// exactly what encoding/json.Valid accepts (which checks neither UTF-8
// nor surrogate escapes); under the error policy, that less the values
// with invalid UTF-8 or lone surrogate escapes. What it accepts is valid
// JSON whose strings obey the escaping; what it refuses leaves the output
// as it was.
func FuzzWriteRawValue(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,"é\n",{"b":null}],"c":"\u00e9"}`, "\"\xff\"", `"\ud800"`, `"\ud83d\ude00"`,
		" [ 1 , 2 ] ", `"it's"`, "\"\u2028</\"", `-0.5e-3`, `[[[[]]]]`, `{"a":}`, `"\u12"`,
	} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(0x5b))
	}
	specs := conformanceSpecs()
	f.Fuzz(func(t *testing.T, raw []byte, pick uint8) {
		spec := specs[int(pick)%len(specs)]
		esc := mustEscaping(t, spec)
		o := spec.ref()
		g := appendGen(t, &jgen.Options{Escaping: esc, Layout: jgen.Layout(pick / 64 % 3)})
		chk(t, g.WriteStartArray())
		err := g.WriteRawValue(raw)
		valid := json.Valid(raw) && g.Depth() == 1 // json.Valid's depth limit is 10000 too
		if o.InvalidUTF8 == reference.PolicyError && valid {
			valid = !refusedByPolicy(&rawNode{kind: '"', text: string(raw)}) && utf8.Valid(raw)
		}
		if !valid {
			if !errors.Is(err, jgen.ErrInvalidValue) || string(g.Bytes()) != "[" {
				t.Fatalf("%v: %q: got %v, output %q; want refused", spec, raw, err, g.Bytes())
			}
			return
		}
		if err != nil {
			t.Fatalf("%v: %q: %v", spec, raw, err)
		}
		chk(t, g.WriteEndArray())
		out := g.Bytes()
		q := esc.QuoteChar
		if q == 0 {
			q = '"'
		}
		if q == '"' && !json.Valid(out) {
			t.Fatalf("%v: %q: invalid JSON %q", spec, raw, out)
		}
		if spec.ce != nil && spec.ce.lossy {
			return
		}
		runs, err := outputRuns(out, q)
		if err != nil {
			t.Fatalf("%v: %q: %v", spec, out, err)
		}
		strict := o
		strict.InvalidUTF8 = reference.PolicyError
		for _, run := range runs {
			enc, err := reference.AppendQuote(nil, run, strict)
			if err != nil || !bytes.Equal(enc[1:len(enc)-1], run) {
				t.Fatalf("%v: run %q of %q is not written raw by the escaping", spec, run, out)
			}
		}
	})
}

// WriteRawValue re-encodes a raw value: the layout and the escaping apply,
// escape sequences and numbers are kept, and invalid UTF-8 follows the
// policy (here the default, which refuses it).
func ExampleGenerator_WriteRawValue() {
	g, err := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: jgen.ASCII, Layout: jgen.Indented})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := g.WriteRawValue([]byte(`{"name":"Gödel", "kept":"\u00E9\n", "n":1.50, "list":[ ]}`)); err != nil {
		fmt.Println(err)
		return
	}
	if err := g.Close(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(g.Bytes())) // ends with the root terminator, a newline

	g, err = jgen.NewAppendGenerator(nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	err = g.WriteRawValue([]byte("[\"ok\", \"\xff\"]"))
	fmt.Println(errors.Is(err, jgen.ErrInvalidValue), errors.Is(err, jgen.ErrInvalidUTF8), len(g.Bytes()))
	fmt.Println(err)
	// Output:
	// {
	//   "name": "G\u00f6del",
	//   "kept": "\u00E9\n",
	//   "n": 1.50,
	//   "list": []
	// }
	// true true 0
	// jgen: cannot write raw value: invalid UTF-8 in a string at byte 8 of the value (output offset 0)
}
