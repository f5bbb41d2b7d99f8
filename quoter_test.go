package jgen_test

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// quoterEscapings covers the presets, a CharacterEscapes with a scan hook
// (HTMLEscapes), one without, and the InvalidUTF8Error policy.
func quoterEscapings() map[string]jgen.Escaping {
	return map[string]jgen.Escaping{
		"Minimal": jgen.Minimal, "Stdlib": jgen.Stdlib, "Jackson": jgen.Jackson, "ASCII": jgen.ASCII,
		"PrintableASCII": jgen.PrintableASCII, "Slog": jgen.Slog, "StdlibNoHTML": jgen.StdlibNoHTML,
		"StdlibNoHTMLMarshaler": jgen.StdlibNoHTMLMarshaler,
		"HTMLEscapes":           {CharacterEscapes: jgen.HTMLEscapes, QuoteChar: '\'', InvalidUTF8: jgen.InvalidUTF8Replace},
		"surrogates":            {SurrogateEscapes: true, EscapeSlash: true, InvalidUTF8: jgen.InvalidUTF8ReplaceRaw},
	}
}

// quoterInputs puts each kind of character at each position of strings of
// every length from 0 to 40 (the byte loop, the kernel and their edge),
// plus long text of each kind.
func quoterInputs() []string {
	specials := []string{"\"", "\\", "\x00", "\b", "\f", "\x1f", "\x7f", "/", "<", "'", "é", "日", "😀", "\u2028", "\xff", "\xe2\x80", "\xed\xa0\x80"}
	var in []string
	for n := 0; n <= 40; n++ {
		base := strings.Repeat("abcdefghij", 5)[:n]
		in = append(in, base, strings.Repeat("日", n))
		for _, sp := range specials {
			for i := 0; i <= n; i += max(1, n/5) {
				in = append(in, base[:i]+sp+base[i:])
			}
		}
	}
	return append(in, strings.Repeat("日本語のログ。", 30), strings.Repeat("日本語のログ。", 30)[:200],
		strings.Repeat("text with \"quotes\" and é ", 20), strings.Repeat("é", 100)+"\u2029")
}

func TestQuoterEqualsAppendQuote(t *testing.T) {
	inputs := quoterInputs()
	for name, e := range quoterEscapings() {
		for _, policy := range []jgen.InvalidUTF8Policy{e.InvalidUTF8, jgen.InvalidUTF8Error} {
			e.InvalidUTF8 = policy
			q, err := jgen.NewQuoter(e)
			if err != nil {
				t.Fatal(err)
			}
			if q.Escaping() != e {
				t.Fatalf("%s: Escaping() is not the escaping given", name)
			}
			dst := []byte("prefix")
			for _, s := range inputs {
				want, werr := e.AppendQuote(dst[:6:6], s)
				got, gerr := q.AppendQuote(dst[:6], s)
				gotB, _ := q.AppendQuoteBytes(nil, []byte(s))
				if string(got) != string(want) || (gerr == nil) != (werr == nil) || (werr == nil && "prefix"+string(gotB) != string(want)) {
					t.Fatalf("%s/%v: %q:\n got %q, %v\nwant %q, %v", name, policy, s, got, gerr, want, werr)
				}
				if werr != nil && gerr.Error() != werr.Error() {
					t.Fatalf("%s/%v: %q: error %v, want %v", name, policy, s, gerr, werr)
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
