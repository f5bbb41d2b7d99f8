package jgen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// quoterEscapings covers every preset, a CharacterEscapes without a scan
// hook (HTMLEscapes), scan hooks with and without a table of the ASCII
// forms (one form longer than 8 bytes leaves it out), the apostrophe as
// the quote char, upper-case hex, and MaxUnescaped at U+00FF and U+07FF
// (no table path for the code points between).
func quoterEscapings(t *testing.T) map[string]jgen.Escaping {
	findZ := func(s []byte) int { return bytes.IndexByte(s, 'Z') }
	runes := map[rune]string{'\u2028': `\u2028`, 'é': `\u00e9`}
	hooked, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'Z': jgen.EscapeSequence(`\u005A`)}, Runes: runes, IndexEscape: findZ})
	chk(t, err)
	noTable, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{'Z': jgen.EscapeSequence(`\u005A\u200B`), 'a': jgen.EscapeUnicode()}, IndexEscape: findZ})
	chk(t, err)
	return map[string]jgen.Escaping{
		"Minimal": jgen.Minimal, "Stdlib": jgen.Stdlib, "Jackson": jgen.Jackson, "ASCII": jgen.ASCII,
		"PrintableASCII": jgen.PrintableASCII, "Slog": jgen.Slog, "StdlibNoHTML": jgen.StdlibNoHTML,
		"StdlibNoHTMLMarshaler": jgen.StdlibNoHTMLMarshaler,
		"HTMLEscapes":           {CharacterEscapes: jgen.HTMLEscapes, QuoteChar: '\'', InvalidUTF8: jgen.InvalidUTF8Replace},
		"surrogates":            {SurrogateEscapes: true, EscapeSlash: true, InvalidUTF8: jgen.InvalidUTF8ReplaceRaw},
		"hooked":                {CharacterEscapes: hooked, UpperHex: true},
		"hookedASCII":           {CharacterEscapes: hooked, MaxUnescaped: 0x7F, HTMLSafe: true},
		"hookedNoTable":         {CharacterEscapes: noTable, QuoteChar: '\''},
		"apostrophe":            {QuoteChar: '\'', UpperHex: true, JSLineTerminators: true},
		"latin1":                {MaxUnescaped: 0xFF, EscapeSlash: true},
		"twoByte":               {MaxUnescaped: 0x7FF, HTMLSafe: true},
	}
}

// quoterInputs puts each kind of character at every position of strings
// of every length from 0 to 40 (both sides of the short kernel's
// scan.ShortEscape, of shortTail and of vectorTail), ASCII and non-ASCII
// around it, plus long text of each kind.
func quoterInputs() []string {
	specials := []string{"\"", "\\", "\x00", "\b", "\f", "\n", "\x1f", "\x7f", "/", "<", "&", "'", "Z", "é", "ÿ", "日", "😀", "\u2028", "\xff", "\xe2\x80", "\xed\xa0\x80", "\"\n"}
	var in []string
	for n := 0; n <= 40; n++ {
		for _, base := range []string{strings.Repeat("abcdefghij", 5)[:n], strings.Repeat("日本語", 5)[:n]} {
			in = append(in, base)
			for _, sp := range specials {
				for i := 0; i <= n; i++ {
					in = append(in, base[:i]+sp+base[i:])
				}
			}
		}
		in = append(in, strings.Repeat("日", n), strings.Repeat("\"", n), strings.Repeat("a\"", n))
	}
	return append(in, strings.Repeat("日本語のログ。", 30), strings.Repeat("日本語のログ。", 30)[:200],
		strings.Repeat("text with \"quotes\" and é ", 20), strings.Repeat("é", 100)+"\u2029",
		strings.Repeat("x", 300)+"\n"+strings.Repeat("Z", 30)+"日"+strings.Repeat("\"", 40),
		strings.Repeat("\x01", 200), strings.Repeat("ab\xffc", 50))
}

// TestQuoterEqualsAppendQuote checks that Quoter.AppendQuote, its Bytes
// form and the generator's fast path write the bytes Escaping.AppendQuote
// writes, and refuse what it refuses with the same error, under every
// escaping and InvalidUTF8 policy: into a slice that must grow and into
// one with room whose spare capacity holds garbage (which must not show).
func TestQuoterEqualsAppendQuote(t *testing.T) {
	inputs := quoterInputs()
	policies := []jgen.InvalidUTF8Policy{jgen.InvalidUTF8Error, jgen.InvalidUTF8Replace, jgen.InvalidUTF8ReplaceRaw}
	roomy := make([]byte, 6, 4096)
	for name, e := range quoterEscapings(t) {
		for _, policy := range policies {
			e.InvalidUTF8 = policy
			q, err := jgen.NewQuoter(e)
			if err != nil {
				t.Fatal(err)
			}
			if q.Escaping() != e {
				t.Fatalf("%s: Escaping() is not the escaping given", name)
			}
			gbuf := make([]byte, 0, 4096)
			g, err := jgen.NewAppendGenerator(gbuf, &jgen.Options{Escaping: e})
			chk(t, err)
			dst := []byte("prefix")
			arena := make([]byte, 0, 256)
			for _, s := range inputs {
				want, werr := e.AppendQuote(dst[:6:6], s)
				got, gerr := q.AppendQuote(dst[:6], s)
				if string(got) != string(want) || (gerr == nil) != (werr == nil) {
					t.Fatalf("%s/%v: %q:\n got %q, %v\nwant %q, %v", name, policy, s, got, gerr, want, werr)
				}
				if werr != nil && gerr.Error() != werr.Error() {
					t.Fatalf("%s/%v: %q: error %v, want %v", name, policy, s, gerr, werr)
				}
				// s inside an array of other bytes, into garbage.
				full := roomy[:min(cap(roomy), len(want)+64)]
				for i := range full {
					full[i] = '~'
				}
				copy(full, "prefix")
				src := append(append(append(arena[:0], '"'), s...), '\\')[1 : 1+len(s)]
				gotB, berr := q.AppendQuoteBytes(roomy, src)
				if string(gotB) != string(want) || (berr == nil) != (werr == nil) {
					t.Fatalf("%s/%v: %q: AppendQuoteBytes with room:\n got %q, %v\nwant %q, %v", name, policy, s, gotB, berr, want, werr)
				}
				if werr == nil && len(gotB) > 6 && &gotB[0] != &roomy[0] {
					t.Fatalf("%s/%v: %q: AppendQuoteBytes grew a slice with room", name, policy, s)
				}
				// The generator's fast path: a value in a compact array.
				g.ResetAppend(gbuf[:0])
				chk(t, g.WriteStartArray())
				gerr = g.WriteString(s)
				if (gerr == nil) != (werr == nil) || gerr == nil && string(g.Bytes()) != "["+string(want[6:]) {
					t.Fatalf("%s/%v: %q: WriteString wrote %q, %v; want [%q, %v", name, policy, s, g.Bytes(), gerr, want[6:], werr)
				}
				dst = got
			}
		}
	}
}

func TestNewQuoterInvalid(t *testing.T) {
	if _, err := jgen.NewQuoter(jgen.Escaping{QuoteChar: 'x'}); !errors.Is(err, jgen.ErrInvalidOptions) {
		t.Fatalf("got %v, want an error matching ErrInvalidOptions", err)
	}
}

func TestQuoterAllocs(t *testing.T) {
	if jgen.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	q, _ := jgen.NewQuoter(jgen.Slog)
	buf := make([]byte, 0, 4096)
	s := strings.Repeat("日本語 \"quoted\"\u2028\b", 20)
	if n := testing.AllocsPerRun(100, func() { buf, _ = q.AppendQuote(buf[:0], s) }); n != 0 {
		t.Fatalf("%v allocations per AppendQuote with room, want 0", n)
	}
}

func TestAppendFloat(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1.5, 0.1, 1e20, 1e21, 1e-6, 1e-7, 123456789.125, math.MaxFloat64, math.SmallestNonzeroFloat64, float64(float32(0.1))} {
		for _, bits := range []int{64, 32, 0} {
			v := f
			if bits == 32 {
				v = float64(float32(f))
			}
			var want []byte
			var err error
			if bits == 32 {
				want, err = json.Marshal(float32(v))
			} else {
				want, err = json.Marshal(v)
			}
			if err != nil {
				continue // beyond float32
			}
			got, err := jgen.AppendFloat([]byte("x"), v, bits)
			if err != nil || string(got) != "x"+string(want) {
				t.Errorf("AppendFloat(%v, %d) = %s, %v; want x%s", v, bits, got, err, want)
			}
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got, err := jgen.AppendFloat([]byte("x"), f, 64); err != jgen.ErrNonFinite || string(got) != "x" {
			t.Errorf("AppendFloat(%v) = %q, %v; want x, ErrNonFinite", f, got, err)
		}
	}
}
