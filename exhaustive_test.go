package jgen_test

// The exhaustive sweeps of docs/DESIGN.md §5. The default run stays within a few
// seconds; -full (or JGEN_FULL=1) runs every entry point over the option
// cross product.

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/reference"
)

// fastChecker compares AppendQuoteBytes and a reused append-mode
// Generator's WriteStringBytes with the reference, without the per-call
// set-up of the conformance entries; for the big sweeps.
type fastChecker struct {
	f              *failures
	spec           escSpec
	e              jgen.Escaping
	o              reference.Options
	g              *jgen.Generator
	ref, got, gbuf []byte
}

func newFastChecker(t *testing.T, f *failures, spec escSpec) *fastChecker {
	e := mustEscaping(t, spec)
	// One string per ResetAppend, compared with the quoted string alone:
	// a root separator and no root terminator.
	g, err := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: e, RootSeparator: "\n"})
	if err != nil {
		t.Fatal(err)
	}
	return &fastChecker{f: f, spec: spec, e: e, o: spec.ref(), g: g}
}

// reference returns the reference output for s (nil and the offset under
// the error policy).
func (c *fastChecker) reference(s []byte) ([]byte, int) {
	var err error
	c.ref, err = reference.AppendQuote(c.ref[:0], s, c.o)
	if err != nil {
		if ue, ok := err.(*reference.UTF8Error); ok {
			return nil, ue.Offset
		}
		panic(err)
	}
	return c.ref, -1
}

// check compares both paths with want (the quoted string, or nil and the
// error offset off).
func (c *fastChecker) check(s, want []byte, off int) {
	var err error
	c.got, err = c.e.AppendQuoteBytes(c.got[:0], s)
	if msg := checkUTF8Err(err, off); msg != "" {
		c.f.add("%v / AppendQuoteBytes / %q (%x): %s", c.spec, s, s, msg)
	} else if off < 0 && !bytes.Equal(c.got, want) {
		c.f.add("%v / AppendQuoteBytes / %q (%x):%s", c.spec, s, s, diffMsg(c.got, want))
	}
	c.g.ResetAppend(c.gbuf[:0])
	err = c.g.WriteStringBytes(s)
	c.gbuf = c.g.Bytes()
	if msg := checkUTF8Err(err, off); msg != "" {
		c.f.add("%v / Generator.WriteStringBytes / %q (%x): %s", c.spec, s, s, msg)
	} else if off < 0 && !bytes.Equal(c.gbuf, want) {
		c.f.add("%v / Generator.WriteStringBytes / %q (%x):%s", c.spec, s, s, diffMsg(c.gbuf, want))
	} else if off >= 0 && len(c.gbuf) != 0 {
		c.f.add("%v / Generator.WriteStringBytes / %q (%x): wrote %q for a refused string", c.spec, s, s, c.gbuf)
	}
}

// TestEveryCodePoint writes every code point U+0000..U+10FFFF except the
// surrogates, alone and inside text, under every preset, with
// AppendQuoteBytes and with a Generator's WriteStringBytes, and compares
// with the reference. The reference is per code point, so the expected
// output inside text is built from its output for the code point alone
// (checked against the reference itself on a sample).
func TestEveryCodePoint(t *testing.T) {
	const before, after = "abc", "defghijkl"
	for _, spec := range presetSpecs {
		t.Run(spec.String(), func(t *testing.T) {
			t.Parallel()
			f := newFailures(t)
			c := newFastChecker(t, f, spec)
			q := quoteOf(c.e)
			var s, inText []byte
			for cp := rune(0); cp <= utf8.MaxRune; cp++ {
				if 0xD800 <= cp && cp <= 0xDFFF {
					continue
				}
				s = utf8.AppendRune(s[:0], cp)
				want, off := c.reference(s)
				if off >= 0 {
					f.add("reference refused %U", cp)
					continue
				}
				c.check(s, want, -1)
				inner := want[1 : len(want)-1]
				inText = append(append(append(append(append(inText[:0], q...), before...), inner...), after...), q...)
				s = append(utf8.AppendRune(append(s[:0], before...), cp), after...)
				if cp%4099 == 0 {
					if w, _ := c.reference(s); !bytes.Equal(w, inText) {
						f.add("test bug: reference in text %q, built %q", w, inText)
					}
				}
				c.check(s, inText, -1)
			}
			f.done()
		})
	}
}

// classInputs holds one or more code points of each escape class, plus the
// bytes of the custom tables and invalid bytes (for the policies).
var classInputs = []struct{ class, s string }{
	{"control_00", "\x00"},
	{"control_short_n", "\n"},
	{"control_1f", "\x1f"},
	{"quote", `"`},
	{"backslash", `\`},
	{"slash", "/"},
	{"apostrophe", "'"},
	{"lt", "<"},
	{"amp", "&"},
	{"del", "\x7f"},
	{"custom_hash", "#"},
	{"custom_tilde", "~"},
	{"custom_q", "q"},
	{"two_byte_80", "\u0080"},
	{"two_byte_e9", "é"},
	{"two_byte_ff", "\u00ff"},
	{"two_byte_7ff", "\u07ff"},
	{"three_byte_800", "\u0800"},
	{"three_byte_euro", "€"},
	{"u2028", "\u2028"},
	{"u2029", "\u2029"},
	{"fffd", "\ufffd"},
	{"ffff", "\uffff"},
	{"four_byte_10000", "\U00010000"},
	{"four_byte_emoji", "😀"},
	{"four_byte_max", "\U0010ffff"},
	{"invalid_ff", "\xff"},
	{"invalid_truncated", "\xe2\x80"},
}

// comboSpecs returns every combination of the options.
func comboSpecs() []escSpec {
	var specs []escSpec
	ces := []*ceSpec{nil, ceHTML, ceJSONP, ceSeq, ceHook}
	for _, quote := range []byte{'"', '\''} {
		for bits := 0; bits < 1<<5; bits++ {
			for _, maxU := range []rune{0, 0x7F, 0xFF, 0x7FF, 0xFFFF} {
				for _, pol := range []jgen.InvalidUTF8Policy{jgen.InvalidUTF8Error, jgen.InvalidUTF8Replace, jgen.InvalidUTF8ReplaceRaw} {
					for _, ce := range ces {
						specs = append(specs, escSpec{
							quote: quote,
							slash: bits&1 != 0, html: bits&2 != 0, jslt: bits&4 != 0, upper: bits&8 != 0, surr: bits&16 != 0,
							maxU: maxU, policy: pol, ce: ce,
						})
					}
				}
			}
		}
	}
	return specs
}

// TestOptionCombinations writes one code point of each escape class, alone
// and inside text, under every combination of the options, through the
// quote functions and the generator's value and name paths (every entry
// point with -full).
func TestOptionCombinations(t *testing.T) {
	entries := []entry{eAppendQuote, eWriteString, eWriteName}
	if full() {
		entries = allEntries(0, 509)
	}
	f := newFailures(t)
	specs := comboSpecs()
	for _, spec := range specs {
		e, err := spec.escaping()
		if err == nil {
			err = e.Validate()
		}
		o := spec.ref()
		if refErr := o.Validate(); (err == nil) != (refErr == nil) {
			f.add("%v: jgen validation %v, reference %v", spec, err, refErr)
			continue
		}
		if err != nil {
			continue
		}
		for _, c := range classInputs {
			f.check(spec, e, o, []byte(c.s), entries)
			f.check(spec, e, o, []byte("ab"+c.s+"cdefghij"+c.s), entries)
		}
	}
	f.done()
	t.Logf("%d option sets × %d class inputs × 2 × %d entry points", len(specs), len(classInputs), len(entries))
}

// invalidClasses holds every class of invalid UTF-8.
var invalidClasses = []struct{ class, s string }{
	{"lone_continuation_80", "\x80"},
	{"lone_continuation_bf", "\xbf"},
	{"continuation_run", "\x80\x81\x82"},
	{"truncated_2", "\xc3"},
	{"truncated_3_of_1", "\xe2"},
	{"truncated_3_of_2", "\xe2\x82"},
	{"truncated_4_of_1", "\xf0"},
	{"truncated_4_of_2", "\xf0\x9f"},
	{"truncated_4_of_3", "\xf0\x9f\x98"},
	{"overlong_2_c0", "\xc0\x80"},
	{"overlong_2_c1", "\xc1\xbf"},
	{"overlong_3", "\xe0\x80\xaf"},
	{"overlong_3_max", "\xe0\x9f\xbf"},
	{"overlong_4", "\xf0\x80\x80\xaf"},
	{"overlong_4_max", "\xf0\x8f\xbf\xbf"},
	{"surrogate_d800", "\xed\xa0\x80"},
	{"surrogate_dbff", "\xed\xaf\xbf"},
	{"surrogate_dc00", "\xed\xb0\x80"},
	{"surrogate_dfff", "\xed\xbf\xbf"},
	{"above_10ffff", "\xf4\x90\x80\x80"},
	{"f5", "\xf5\x80\x80\x80"},
	{"f7", "\xf7\xbf\xbf\xbf"},
	{"f8_five_byte", "\xf8\x88\x80\x80\x80"},
	{"fc_six_byte", "\xfc\x84\x80\x80\x80\x80"},
	{"fe", "\xfe"},
	{"ff", "\xff"},
}

// TestInvalidUTF8Classes writes every class of invalid UTF-8, in several
// positions, under the three policies and a few option sets, through every
// entry point.
func TestInvalidUTF8Classes(t *testing.T) {
	base := []escSpec{specMinimal, specJacksonSurr, specASCII, {maxU: 0xFFFC}, {ce: ceSeq}, {ce: ceHook, quote: '\''}}
	entries := allEntries(509)
	if full() {
		base = append(base, specJackson, specStdlib, escSpec{maxU: 0xFFFD, upper: true})
		entries = allEntries(0, 1, 509)
	}
	long := strings.Repeat("0123456789abcdef", 40)
	f := newFailures(t)
	for _, b := range base {
		for _, pol := range []jgen.InvalidUTF8Policy{jgen.InvalidUTF8Error, jgen.InvalidUTF8Replace, jgen.InvalidUTF8ReplaceRaw} {
			spec := b
			spec.policy = pol
			if spec.label != "" {
				spec.label += "+" + pol.String()
			}
			e := mustEscaping(t, spec)
			o := spec.ref()
			for _, c := range invalidClasses {
				for _, s := range []string{
					c.s,
					"ab" + c.s + "cd",
					c.s + c.s,
					"<" + c.s + "\u2028",
					"\ufffd" + c.s + "é",
					"abcdefg" + c.s,         // at the end of a word
					"abcdefghijklmno" + c.s, // at the end of 16 bytes
					long + c.s,
					c.s + long,
					long[:300] + c.s + long,
				} {
					f.check(spec, e, o, []byte(s), entries)
				}
			}
		}
	}
	f.done()
}

// specials holds one special input of each class for the length sweep.
var specials = []struct{ class, s string }{
	{"nul", "\x00"}, {"control_1f", "\x1f"}, {"newline", "\n"}, {"quote", `"`}, {"backslash", `\`},
	{"slash", "/"}, {"apostrophe", "'"}, {"lt", "<"}, {"amp", "&"}, {"del", "\x7f"}, {"custom_hash", "#"},
	{"two_byte", "é"}, {"three_byte", "€"}, {"four_byte", "😀"}, {"u2028", "\u2028"}, {"fffd", "\ufffd"},
	{"invalid_ff", "\xff"}, {"invalid_truncated", "\xe2\x80"},
}

const filler = "abcdefghijklmnoprstuvwxyz0123456789 .,:;-_ABCDEFGHIJKLMNOPRSTUVWXY"

// TestLengthsAndPositions writes every string of length 0..130 made of
// clean bytes with one special input at each position, to reach every tail
// and word edge of the scanning kernels.
func TestLengthsAndPositions(t *testing.T) {
	specs := []escSpec{
		specMinimal,
		specStdlib,
		{label: "apos+slash+html+upper+surr", quote: '\'', slash: true, html: true, upper: true, surr: true},
		{ce: ceSeq, policy: jgen.InvalidUTF8Replace},
		{ce: ceHook, jslt: true},
	}
	if full() {
		specs = append(specs, escSpec{maxU: 0x7F, policy: jgen.InvalidUTF8ReplaceRaw}, escSpec{ce: ceHTML, slash: true, policy: jgen.InvalidUTF8ReplaceRaw})
	}
	var clean []byte
	for len(clean) < 140 {
		clean = append(clean, filler...)
	}
	for _, spec := range specs {
		t.Run(spec.String(), func(t *testing.T) {
			t.Parallel()
			f := newFailures(t)
			c := newFastChecker(t, f, spec)
			var entries []entry
			if full() {
				entries = allEntries(0, 509)
			}
			var s []byte
			try := func(s []byte) {
				want, off := c.reference(s)
				c.check(s, want, off)
				if entries != nil {
					f.check(spec, c.e, c.o, s, entries)
				}
			}
			for n := 0; n <= 130; n++ {
				try(clean[:n])
				for _, sp := range specials {
					for p := 0; p+len(sp.s) <= n; p++ {
						s = append(append(append(s[:0], clean[:p]...), sp.s...), clean[p+len(sp.s):n]...)
						try(s)
					}
				}
			}
			f.done()
		})
	}
}

// TestBufferBoundaries writes long strings into a generator with a 512-byte
// buffer after fillers of every length, so that each string crosses the
// buffer boundary (a flush) at every offset.
func TestBufferBoundaries(t *testing.T) {
	specs := []escSpec{
		specMinimal, specJacksonSurr,
		{ce: ceSeq, policy: jgen.InvalidUTF8ReplaceRaw, maxU: 0xFF},
		{ce: ceHook, upper: true},
	}
	if full() {
		specs = append(specs, specStdlib, specASCII, escSpec{policy: jgen.InvalidUTF8ReplaceRaw})
	}
	long := strings.Repeat("abcdefghij", 110)
	strs := []struct{ name, s string }{
		{"ascii_1100", long},
		{"controls_dense", strings.Repeat("\x00\x01\n", 120)},
		{"supplementary_dense", strings.Repeat("😀", 150)},
		{"mixed", strings.Repeat("a😀\n€é\"#~\u2028<", 40)},
		{"invalid_at_end", long[:700] + "\xff"},
		{"invalid_in_middle", long[:520] + "\xe2\x80" + long[:400]},
	}
	// Every offset for the main paths; every fifth for the others
	// (every offset with -full).
	var kinds []entry
	for p := 0; p <= 530; p++ {
		kinds = append(kinds,
			genEntry(kValue, true, p, readerMaker{}),
			genEntry(kName, true, p, readerMaker{}),
			genEntry(kReader, true, p, chunks(7)),
		)
		if p%5 == 0 || full() {
			kinds = append(kinds,
				genEntry(kValueBytes, true, p, readerMaker{}),
				genEntry(kEncodedSame, true, p, readerMaker{}),
				genEntry(kReader, true, p, rWhole),
			)
		}
	}
	for _, spec := range specs {
		t.Run(spec.String(), func(t *testing.T) {
			e := mustEscaping(t, spec)
			o := spec.ref()
			f := newFailures(t)
			for _, s := range strs {
				f.check(spec, e, o, []byte(s.s), kinds)
			}
			f.done()
		})
	}
}

// TestWriterSeesNoPartialInvalidString checks in writer mode that a string
// value refused for invalid UTF-8 reaches the io.Writer in no part, even
// when it is much longer than the buffer.
func TestWriterSeesNoPartialInvalidString(t *testing.T) {
	for _, n := range []int{0, 100, 511, 512, 513, 1000, 5000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var w bytes.Buffer
			g, err := jgen.NewGenerator(&w, &jgen.Options{BufferSize: 512})
			if err != nil {
				t.Fatal(err)
			}
			_ = g.WriteStartArray()
			s := strings.Repeat("\n", n) + "\xff"
			if err := g.WriteString(s); err == nil {
				t.Fatal("no error for invalid UTF-8")
			}
			if strings.Contains(w.String(), `\n`) {
				t.Fatalf("part of the refused string reached the writer: %q", w.String())
			}
			_ = g.WriteEndArray()
			if err := g.Close(); !errors.Is(err, jgen.ErrInvalidUTF8) || w.String() != "[]\n" {
				t.Fatalf("got %q, %v; want \"[]\\n\" and the refusal", w.String(), err)
			}
		})
	}
}
