package jgen_test

// Fuzz targets: the quote functions and string entry points against the
// reference, the generator against a model, and random custom escapes.
// Seed corpora are in testdata/fuzz/<FuzzName>.

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/reference"
)

var fuzzCEs = []*ceSpec{nil, ceHTML, ceJSONP, ceSeq, ceHook, ceMissHook, ceHTMLJSONP}

// specFromBits decodes an option set from fuzz bits.
func specFromBits(bits uint32) escSpec {
	s := escSpec{
		slash: bits&2 != 0, html: bits&4 != 0, jslt: bits&8 != 0, upper: bits&16 != 0, surr: bits&32 != 0,
		maxU:   []rune{0, 0x7F, 0xFF, 0x7FF, 0xFFFC, 0xFFFF, 0x10FFFF}[(bits>>6)%7],
		policy: jgen.InvalidUTF8Policy((bits >> 9) % 3),
		ce:     fuzzCEs[(bits>>11)%uint32(len(fuzzCEs))],
	}
	if bits&1 != 0 {
		s.quote = '\''
	}
	return s
}

// FuzzAppendQuote compares the quote functions and the generator's string
// paths with the reference on random bytes under random options.
func FuzzAppendQuote(f *testing.F) {
	for i, s := range []string{"", "hello", "\x00\n\"\\/'<>&\x7f", "é€😀\u2028\ufffd", "\xff\xe2\x80", "\xed\xa0\x80ab", strings.Repeat("ab\n", 200)} {
		f.Add([]byte(s), uint32(i)*2654435761)
	}
	f.Fuzz(func(t *testing.T, s []byte, bits uint32) {
		spec := specFromBits(bits)
		e := mustEscaping(t, spec)
		o := spec.ref()
		pad := int(bits>>16) % 530
		entries := []entry{
			eAppendQuote, eAppendQuoteBytes, eQuote, eWriteString, eWriteName,
			genEntry(kEncodedOther, false, 0, readerMaker{}),
			genEntry(kReader, false, 0, allReaders[(bits>>14)%uint32(len(allReaders))]),
			genEntry(kValueBytes, true, pad, readerMaker{}),
			genEntry(kNameBytes, true, pad, readerMaker{}),
			genEntry(kReader, true, pad, chunks(1+int(bits>>25)%16)),
		}
		fl := newFailures(t)
		fl.check(spec, e, o, s, entries)
	})
}

// ---------------------------------------------------------------------------
// FuzzGenerator: a random token program against a model.

// genModel is the grammar and output a compact generator must produce.
type genModel struct {
	frames     []frame
	afterName  bool
	rootValues int
	out        []byte
}

type frame struct {
	obj   bool
	first bool
}

func (m *genModel) top() *frame {
	if len(m.frames) == 0 {
		return nil
	}
	return &m.frames[len(m.frames)-1]
}

func (m *genModel) canValue() bool {
	f := m.top()
	return f == nil || !f.obj || m.afterName
}

func (m *genModel) canName() bool {
	f := m.top()
	return f != nil && f.obj && !m.afterName
}

func (m *genModel) prefix(isName bool) {
	f := m.top()
	switch {
	case f == nil:
		if m.rootValues > 0 {
			m.out = append(m.out, '\n')
		}
	case f.obj && !isName:
		m.out = append(m.out, ':')
	default:
		if !f.first {
			m.out = append(m.out, ',')
		}
	}
}

func (m *genModel) valueDone() {
	f := m.top()
	switch {
	case f == nil:
		m.rootValues++
	case f.obj:
		m.afterName = false
	default:
		f.first = false
	}
}

// genSpecs are the escapings a program may switch to (all with quote '"',
// so every complete output is JSON).
var genSpecs = []escSpec{
	specMinimal, specStdlib, specJackson, specJacksonSurr, specASCII,
	{ce: ceHTML, upper: true}, {ce: ceHook, slash: true}, {policy: jgen.InvalidUTF8ReplaceRaw, maxU: 0xFF},
}

// FuzzGenerator decodes the input into a sequence of Generator calls and
// checks each result and the whole output against a model; when Close
// succeeds the output is a sequence of valid JSON values.
func FuzzGenerator(f *testing.F) {
	for _, p := range []string{
		"\x00\x00\x04\x01a\x07\x05\x01b\x01",
		"\x01\x02\x05\x03x\xffy\x03\x09\x04\x08\x03",
		"\x00\x00\x04\x02\"\\\x0a\x03k\xe2\x80\x05\x00\x01\x01",
		"\x01\x09\x01\x02\x0b\x0f0123456789abcdef\x06\x01\n\x03\x03\x01",
		"\x00\x05\x02hi\x07\x07\x08\x08\x02\x03\x00\x01\x03",
	} {
		f.Add([]byte(p))
	}
	f.Fuzz(func(t *testing.T, prog []byte) {
		if len(prog) == 0 {
			return
		}
		writer := prog[0]&1 != 0
		prog = prog[1:]
		var wbuf bytes.Buffer
		var g *jgen.Generator
		var err error
		// The model writes "\n" between root values, nothing after the last.
		opts := &jgen.Options{BufferSize: 512, RootSeparator: "\n"}
		if writer {
			g, err = jgen.NewGenerator(&wbuf, opts)
		} else {
			g, err = jgen.NewAppendGenerator(nil, opts)
		}
		if err != nil {
			t.Fatal(err)
		}
		m := &genModel{}
		spec := specMinimal // the generator's default escaping
		o := spec.ref()
		next := func() (byte, bool) {
			if len(prog) == 0 {
				return 0, false
			}
			b := prog[0]
			prog = prog[1:]
			return b, true
		}
		str := func() []byte {
			n, _ := next()
			n %= 24
			if int(n) > len(prog) {
				n = byte(len(prog))
			}
			s := prog[:n]
			prog = prog[n:]
			// Stretch some strings past the buffer.
			if n > 20 {
				s = bytes.Repeat(s, 40)
			}
			return s
		}
		refused := false // a token was refused: Close reports it
		expectSyntax := func(op string, err error) {
			t.Helper()
			refused = true
			if !errors.Is(err, jgen.ErrSyntax) {
				t.Fatalf("%s: error %v, want a syntax error; model output %q", op, err, m.out)
			}
		}
		expectOK := func(op string, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s: %v; model output %q", op, err, m.out)
			}
		}
		sticky := false
		for len(prog) > 0 && !sticky {
			op, _ := next()
			switch op % 12 {
			case 0, 2: // start object / array
				obj := op%12 == 0
				if obj {
					err = g.WriteStartObject()
				} else {
					err = g.WriteStartArray()
				}
				if !m.canValue() {
					expectSyntax("start", err)
					continue
				}
				expectOK("start", err)
				m.prefix(false)
				if obj {
					m.out = append(m.out, '{')
				} else {
					m.out = append(m.out, '[')
				}
				m.frames = append(m.frames, frame{obj: obj, first: true})
				m.afterName = false
			case 1, 3: // end object / array
				obj := op%12 == 1
				if obj {
					err = g.WriteEndObject()
				} else {
					err = g.WriteEndArray()
				}
				if f := m.top(); f == nil || f.obj != obj || m.afterName {
					expectSyntax("end", err)
					continue
				}
				expectOK("end", err)
				if obj {
					m.out = append(m.out, '}')
				} else {
					m.out = append(m.out, ']')
				}
				m.frames = m.frames[:len(m.frames)-1]
				m.valueDone()
			case 4, 10: // name, encoded name
				s := str()
				if op%12 == 4 {
					err = g.WriteNameBytes(s)
				} else {
					espec := genSpecs[int(op/12)%len(genSpecs)]
					ee := mustEscaping(t, espec)
					if ee.InvalidUTF8 == jgen.InvalidUTF8Error {
						ee.InvalidUTF8 = jgen.InvalidUTF8Replace
					}
					n, nerr := jgen.NewEncodedName(string(s), ee)
					if nerr != nil {
						t.Fatalf("NewEncodedName: %v", nerr)
					}
					err = g.WriteEncodedName(n)
				}
				if !m.canName() {
					expectSyntax("name", err)
					continue
				}
				want, off := refQuote(s, o)
				if off >= 0 {
					if msg := checkUTF8Err(err, off); msg != "" {
						t.Fatalf("name %q: %s", s, msg)
					}
					refused = true
					continue
				}
				expectOK("name", err)
				m.prefix(true)
				m.out = append(m.out, want...)
				m.afterName = true
				m.top().first = false
			case 5, 6, 11: // string value: string, []byte, reader
				s := str()
				var n int64
				switch op % 12 {
				case 5:
					err = g.WriteString(string(s))
				case 6:
					err = g.WriteStringBytes(s)
				default:
					n, err = g.WriteStringFrom(&chunkReader{s, 1 + int(op/12)%9})
				}
				if !m.canValue() {
					expectSyntax("string", err)
					continue
				}
				want, off := refQuote(s, o)
				if off >= 0 {
					if msg := checkUTF8Err(err, off); msg != "" {
						t.Fatalf("string %q: %s", s, msg)
					}
					if op%12 == 11 {
						sticky = true
					}
					refused = true
					continue
				}
				expectOK("string", err)
				if op%12 == 11 && n != int64(len(s)) {
					t.Fatalf("WriteStringFrom n=%d, want %d", n, len(s))
				}
				m.prefix(false)
				m.out = append(m.out, want...)
				m.valueDone()
			case 7, 8: // int, literal
				b, _ := next()
				var lit string
				if op%12 == 7 {
					v := int64(int8(b)) * 1000003
					err = g.WriteInt(v)
					lit = string(mustAppendInt(v))
				} else {
					switch b % 3 {
					case 0:
						err, lit = g.WriteNull(), "null"
					case 1:
						err, lit = g.WriteBool(true), "true"
					default:
						err, lit = g.WriteBool(false), "false"
					}
				}
				if !m.canValue() {
					expectSyntax("scalar", err)
					continue
				}
				expectOK("scalar", err)
				m.prefix(false)
				m.out = append(m.out, lit...)
				m.valueDone()
			case 9: // change escaping
				b, _ := next()
				spec = genSpecs[int(b)%len(genSpecs)]
				e := mustEscaping(t, spec)
				o = spec.ref()
				expectOK("SetEscaping", g.SetEscaping(e))
				if g.Escaping() != e {
					t.Fatal("Escaping() differs from what was set")
				}
			}
		}
		cerr := g.Close()
		if sticky {
			if cerr == nil {
				t.Fatal("Close after a streamed UTF-8 error returned nil")
			}
			return
		}
		out := g.Bytes()
		if writer {
			out = wbuf.Bytes()
		}
		if !bytes.Equal(out, m.out) {
			t.Fatalf("output differs from model:%s", diffMsg(out, m.out))
		}
		incomplete := len(m.frames) > 0 || m.afterName
		if (incomplete || refused) != (cerr != nil) {
			t.Fatalf("Close: %v, model incomplete %v", cerr, incomplete)
		}
		if incomplete {
			if !errors.Is(cerr, jgen.ErrSyntax) {
				t.Fatalf("Close: %v, want a syntax error", cerr)
			}
			return
		}
		if len(out) > 0 {
			for i, line := range bytes.Split(out, []byte("\n")) {
				if !json.Valid(line) {
					t.Fatalf("root value %d is not valid JSON: %q", i, line)
				}
			}
		}
		if err := g.WriteNull(); !errors.Is(err, jgen.ErrClosed) {
			t.Fatalf("after Close: %v, want ErrClosed", err)
		}
	})
}

func mustAppendInt(v int64) []byte {
	b, _ := json.Marshal(v)
	return b
}

// ---------------------------------------------------------------------------
// FuzzCustomEscapes: random tables, sequences and hook results.

// decodeSpec builds a custom escapes spec from fuzz bytes: groups of
// (key, action, arg, seq bytes...).
func decodeSpec(table []byte) *ceSpec {
	c := &ceSpec{name: "fuzz", ascii: map[byte]tEscape{}, runes: map[rune]string{}}
	for len(table) >= 3 {
		k, act, arg := table[0], table[1], table[2]
		table = table[3:]
		n := int(arg % 8)
		n = min(n, len(table))
		seq := string(table[:n])
		if k&0x80 == 0 {
			var e tEscape
			switch act % 5 {
			case 0:
				e = eDefault
			case 1:
				e = eNone
			case 2:
				e = eUnicode
			case 3:
				e = eBackslash(arg)
				n = 0
			default:
				e = eSeq(seq)
			}
			c.ascii[k] = e
		} else {
			r := 0x80 + rune((int(k&0x7F)<<16|int(act)<<8|int(arg))*7)%(0x110000-0x80)
			c.runes[r] = seq
		}
		table = table[n:]
	}
	return c
}

// FuzzCustomEscapes builds random custom escapes and hooks: jgen and the
// reference must agree on whether they are valid; with an honest or no
// hook the output must equal the reference; whatever the hook returns, the
// output with quote '"' is exactly one valid JSON string (with the apostrophe it is
// one once the quotes are swapped).
func FuzzCustomEscapes(f *testing.F) {
	f.Add([]byte("#\x04\x06\\u0023<\x02\x00\x80\x00\x10\x03abc"), []byte("a#b<c\u00e9\x80"), []byte{0, 1, 255}, byte(0))
	f.Add([]byte("\"\x02\x00\n\x04\x02~~/\x01\x00"), []byte("x\"y\nz/w"), []byte{3, 200, 7}, byte(1))
	f.Add([]byte("'\x01\x00"), []byte("it's"), []byte{}, byte(4))
	f.Add([]byte("a\x03n\x7f\x02\x00"), []byte(strings.Repeat("abc\x7f", 100)), []byte{128, 5}, byte(3))
	f.Fuzz(func(t *testing.T, table, s, hookRes []byte, flags byte) {
		c := decodeSpec(table)
		switch {
		case flags&3 == 1: // a hook returning arbitrary results
			i := 0
			c.hook = func(run []byte) int {
				if len(hookRes) == 0 {
					return -1
				}
				r := int(int8(hookRes[i%len(hookRes)]))
				i++
				return r
			}
		case flags&3 == 2: // an honest hook
			c.hook = hookFor(c.ascii)
		}
		honest := flags&3 != 1
		spec := escSpec{
			upper: flags&8 != 0, slash: flags&16 != 0, html: flags&32 != 0,
			policy: jgen.InvalidUTF8Policy(flags>>6) % 3,
			ce:     c,
		}
		if flags&4 != 0 {
			spec.quote = '\''
		}
		refA, refR := c.refTables()
		o := reference.Options{Quote: spec.quote, EscapeSlash: spec.slash, HTMLSafe: spec.html, UpperHex: spec.upper, ASCII: refA, Runes: refR}
		o.InvalidUTF8 = reference.Policy(spec.policy)
		refErr := o.Validate()
		_, cerr := c.compiled()
		var e jgen.Escaping
		err := cerr
		if err == nil {
			e, err = spec.escaping()
			if err == nil {
				err = e.Validate()
			}
		}
		if (err == nil) != (refErr == nil) {
			t.Fatalf("validation: jgen %v, reference %v", err, refErr)
		}
		if err != nil {
			if !errors.Is(err, jgen.ErrInvalidOptions) {
				t.Fatalf("validation error %v does not match ErrInvalidOptions", err)
			}
			return
		}
		want, off := refQuote(s, o)
		outs := map[string][]byte{}
		got, qerr := e.AppendQuoteBytes(nil, s)
		if msg := checkUTF8Err(qerr, off); msg != "" {
			t.Fatalf("AppendQuoteBytes: %s", msg)
		}
		if off >= 0 {
			return
		}
		outs["AppendQuoteBytes"] = got
		for _, pad := range []int{0, 300, 509} {
			var w bytes.Buffer
			g, gerr := jgen.NewGenerator(&w, &jgen.Options{Escaping: e, BufferSize: 512})
			if gerr != nil {
				t.Fatal(gerr)
			}
			_ = g.WriteStartArray()
			if pad > 0 {
				_ = g.WriteNumber(strings.Repeat("7", pad))
			}
			if gerr := g.WriteStringBytes(s); gerr != nil {
				t.Fatalf("WriteStringBytes: %v", gerr)
			}
			_ = g.WriteEndArray()
			if gerr := g.Close(); gerr != nil {
				t.Fatalf("Close: %v", gerr)
			}
			doc := w.Bytes()
			head := 1
			if pad > 0 {
				head += pad + 1
			}
			outs["WriteStringBytes/pad="+string(rune('0'+pad%10))] = doc[head : len(doc)-2] // "]\n"
		}
		for how, out := range outs {
			if honest && !bytes.Equal(out, want) {
				t.Fatalf("%s differs from the reference:%s", how, diffMsg(out, want))
			}
			checkOneString(t, how, out, spec.quote)
		}
	})
}

// checkOneString checks that out is exactly one JSON string (quote '"'),
// or one after swapping the quote chars (quote char apostrophe).
func checkOneString(t *testing.T, how string, out []byte, quote byte) {
	t.Helper()
	if quote == '\'' {
		if len(out) < 2 || out[0] != '\'' || out[len(out)-1] != '\'' {
			t.Fatalf("%s: %q is not quoted with '", how, out)
		}
		inner := out[1 : len(out)-1]
		if bytes.IndexByte(inner, '\'') >= 0 {
			t.Fatalf("%s: raw ' inside %q", how, out)
		}
		out = append(append([]byte{'"'}, inner...), '"')
	}
	if !json.Valid(out) || !utf8.Valid(out) {
		t.Fatalf("%s: %q is not valid JSON", how, out)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s: %q: %v", how, out, err)
	}
	if _, ok := v.(string); !ok {
		t.Fatalf("%s: %q is not one string", how, out)
	}
}
