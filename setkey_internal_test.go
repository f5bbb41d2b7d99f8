package jgen

import (
	"bytes"
	"encoding/binary"
	"testing"
	"unicode/utf8"
)

// TestOptionKeyRoundTrip checks that optionKeyOf and optionKey.escaping
// are inverse on every key, that each bit stands for its own option, and
// that the set part drops exactly keyUpperHex.
func TestOptionKeyRoundTrip(t *testing.T) {
	for k := range optionKey(tableKeys) {
		e := k.escaping()
		if got := optionKeyOf(&e); got != k {
			t.Errorf("optionKeyOf(%#v) = %#x, want %#x", e, got, k)
		}
		if want := int(k) % setKeys; k.set() != want || int(setKeyOf(&e)) != want {
			t.Errorf("optionKey(%#x).set() = %d, setKeyOf = %d, want %d", k, k.set(), setKeyOf(&e), want)
		}
	}
	for _, c := range []struct {
		e    Escaping
		want optionKey
	}{
		{Escaping{EscapeSlash: true}, keySlash},
		{Escaping{HTMLSafe: true}, keyHTML},
		{Escaping{QuoteChar: '\''}, keyApostrophe},
		{Escaping{QuoteChar: '"'}, 0},
		{Escaping{UpperHex: true}, keyUpperHex},
		{Stdlib, keyHTML},
		{Jackson, keyUpperHex},
	} {
		if got := optionKeyOf(&c.e); got != c.want {
			t.Errorf("optionKeyOf(%#v) = %#x, want %#x", c.e, got, c.want)
		}
	}
}

// TestStdTablesFollowKey checks that the set and the table a key chooses
// escape exactly the bytes its options escape.
func TestStdTablesFollowKey(t *testing.T) {
	for k := range optionKey(tableKeys) {
		e := k.escaping()
		set := &stdSets[k.set()]
		tab := &stdTabs[k]
		for c := range byte(0x80) {
			want, err := e.AppendQuote(nil, string(rune(c)))
			if err != nil {
				t.Fatal(err)
			}
			want = want[1 : len(want)-1]
			code := tab[c]
			got := make([]byte, 8)
			for i := range got {
				got[i] = byte(code.W >> (8 * i))
			}
			if !bytes.Equal(got[:code.N], want) {
				t.Errorf("key %#x: table has %q for %q, want %q", k, got[:code.N], c, want)
			}
			if escaped := len(want) != 1; set.Contains(c) != escaped {
				t.Errorf("key %#x: set contains %q = %v, want %v", k, c, set.Contains(c), escaped)
			}
		}
	}
}

// TestLeadClassDigits checks the mixed-radix lead class: every
// combination of the non-ASCII options has its own class below
// leadClasses, whose digits read back as the options.
func TestLeadClassDigits(t *testing.T) {
	seen := map[leadClass]bool{}
	limits := []struct {
		max  rune
		want leadClass
	}{{0, leadNoLimit}, {0x10FFFF, leadNoLimit}, {0xFFFF, leadAbove4Byte}, {0x7FF, leadAbove2Byte}}
	for _, lim := range limits {
		for _, lt := range []bool{false, true} {
			for _, sur := range []bool{false, true} {
				e := Escaping{MaxUnescaped: lim.max, JSLineTerminators: lt, SurrogateEscapes: sur}
				c, pass := leadClassOf(&e)
				if !pass || c >= leadClasses {
					t.Fatalf("leadClassOf(%#v) = %d, %v", e, c, pass)
				}
				if c.limit() != lim.want || c.lineTerms() != lt || c.surrogates() != sur {
					t.Errorf("leadClassOf(%#v) = %d: limit %d lineTerms %v surrogates %v", e, c, c.limit(), c.lineTerms(), c.surrogates())
				}
				if lim.max != 0 {
					seen[c] = true
				}
			}
		}
	}
	if len(seen) != int(leadClasses) {
		t.Errorf("%d distinct classes, want %d", len(seen), leadClasses)
	}
	if _, pass := leadClassOf(&Escaping{MaxUnescaped: 0x7FE}); pass {
		t.Error("MaxUnescaped below U+07FF passes UTF-8 through")
	}
}

// TestQuickSetOnlyValid checks what appendQuote relies on when it skips
// validation: quickSet returns a set only for an Escaping that Validate
// accepts.
func TestQuickSetOnlyValid(t *testing.T) {
	quick := 0
	for _, q := range []byte{0, '"', '\'', 'x'} {
		for _, m := range []rune{-1, 0, 1, 0x7E, 0x7F, 0x7FE, 0x7FF, 0xFFFF, 0x10FFFF, 0x110000} {
			for _, p := range []InvalidUTF8Policy{InvalidUTF8Error, InvalidUTF8Replace, InvalidUTF8ReplaceRaw, 3, 0xFF} {
				for _, ce := range []*CharacterEscapes{nil, HTMLEscapes} {
					e := Escaping{QuoteChar: q, MaxUnescaped: m, InvalidUTF8: p, CharacterEscapes: ce, HTMLSafe: true}
					if e.quickSet() == nil {
						continue
					}
					quick++
					if err := e.Validate(); err != nil {
						t.Errorf("quickSet(%#v) is not nil, but Validate: %v", e, err)
					}
				}
			}
		}
	}
	if quick == 0 {
		t.Error("quickSet returned nil for every Escaping")
	}
}

// TestQuickSetPlain checks that quickSet serves an Escaping whose
// MaxUnescaped is below U+07FF (the ASCII preset) with the plain set of
// its options, so that AppendQuote under it takes the one-kernel-call path
// rather than compiling an escaper per call.
func TestQuickSetPlain(t *testing.T) {
	for _, e := range []Escaping{ASCII, {MaxUnescaped: 0x7FE, EscapeSlash: true}, {MaxUnescaped: 0xFF, QuoteChar: '\'', HTMLSafe: true}} {
		if got, want := e.quickSet(), &stdSets[setKeyOf(&e)]; got != want {
			t.Errorf("quickSet(%+v) = %p, want the plain set %p", e, got, want)
		}
	}
	for _, e := range []Escaping{{MaxUnescaped: 0x7E}, {MaxUnescaped: -1}} {
		if s := e.quickSet(); s != nil {
			t.Errorf("quickSet(%+v) is not nil for an invalid MaxUnescaped", e)
		}
	}
}

// TestCharacterEscapesTables checks the escape tables derived for a
// CharacterEscapes: for every option key, each ASCII byte's entry is what
// appendASCII writes for it (the custom action where the table has one,
// else the options'), the escaper takes the table, and a table with an
// ASCII sequence longer than 8 bytes has none, so its bytes still come
// from appendASCII.
func TestCharacterEscapesTables(t *testing.T) {
	short := mustCharacterEscapes(EscapeSpec{ASCII: map[byte]Escape{
		'a': EscapeSequence(`\u0061ab`), '/': EscapeNone(), '<': EscapeBackslash('/'),
		'~': EscapeSequence("12345678"), '\n': EscapeUnicode(),
	}, Runes: map[rune]string{'é': `\u00e9`}})
	long := mustCharacterEscapes(EscapeSpec{ASCII: map[byte]Escape{'~': EscapeSequence("123456789")}})
	for _, ce := range []*CharacterEscapes{HTMLEscapes, JSONPEscapes, PrintableASCII.CharacterEscapes, short, long} {
		for k := range optionKey(tableKeys) {
			e := k.escaping()
			e.CharacterEscapes = ce
			if c, _, _, bad := ce.rawEscaped(&e); bad {
				t.Logf("key %#x: %q raw in a sequence, invalid: skipped", k, c)
				continue
			}
			var x escaper
			if err := x.compile(e); err != nil {
				t.Fatal(err)
			}
			if ce == long {
				if x.table != nil {
					t.Errorf("key %#x: a 9-byte sequence has a table", k)
				}
				continue
			}
			if x.table == nil {
				t.Fatalf("key %#x: no table for %p", k, ce)
			}
			for c := range byte(0x80) {
				want := x.appendASCII(nil, c)
				code := x.table[c]
				got := binary.LittleEndian.AppendUint64(nil, code.W)[:code.N]
				if !bytes.Equal(got, want) {
					t.Errorf("key %#x: table has %q for %q, want %q", k, got, c, want)
				}
			}
		}
	}
}

// TestUTF8SetsPassRawRunesOfListedLeads: the UTF-8 scan sets of
// JSLineTerminators (Stdlib) and of a custom table's runes stop at the lead
// byte of an escaped code point only for that code point, not for the raw
// ones that share its lead byte (U+2026, U+2605 under E2), and the strings
// that mix both come out with exactly the escaped ones escaped.
func TestUTF8SetsPassRawRunesOfListedLeads(t *testing.T) {
	runes := mustCharacterEscapes(EscapeSpec{Runes: map[rune]string{'\u2028': `\u2028`, 'é': `\u00e9`}})
	for _, c := range []struct {
		e        Escaping
		in       string
		clean    int // the scan's first stop
		want     string
		wantStop byte
	}{
		{Stdlib, "a…b★c\u2028d", len("a…b★c"), `"a…b★c\u2028d"`, 0xE2},
		{Stdlib, "…\u2029", len("…"), `"…\u2029"`, 0xE2},
		{Escaping{JSLineTerminators: true, SurrogateEscapes: true}, "…😀", len("…"), `"…\ud83d\ude00"`, 0xF0},
		{Escaping{CharacterEscapes: runes}, "…ü★é\u2028", len("…ü★"), `"…ü★\u00e9\u2028"`, 0xC3},
	} {
		var x escaper
		if err := x.compile(c.e); err != nil {
			t.Fatal(err)
		}
		if !x.set.UTF8() {
			t.Fatalf("%+v: not a UTF-8 set", c.e)
		}
		if got := x.set.Index([]byte(c.in)); got != c.clean || c.in[got] != c.wantStop {
			t.Errorf("%+v: Index(%q) = %d, want %d", c.e, c.in, got, c.clean)
		}
		got, err := c.e.AppendQuote(nil, c.in)
		if err != nil || string(got) != c.want {
			t.Errorf("%+v: AppendQuote(%q) = %s, %v; want %s", c.e, c.in, got, err, c.want)
		}
	}
}

// TestRuneTestIsEscapes: the rune test of every lead class that has one
// agrees with leadClass.escapes on the code points of its listed lead
// bytes, and a class without one lists only lead bytes all of whose code
// points it escapes.
func TestRuneTestIsEscapes(t *testing.T) {
	for c := range leadClasses {
		test, stops := c.runeTest(), stopLeads(c)
		for r := rune(0x80); r <= 0x10FFFF; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			var buf [4]byte
			utf8.EncodeRune(buf[:], r)
			if !stops[buf[0]] {
				continue
			}
			if test == nil && !c.escapes(r) || test != nil && test(r) != c.escapes(r) {
				t.Fatalf("class %d: %U: test %v, escapes %v", c, r, test != nil && test(r), c.escapes(r))
			}
		}
	}
}
