package jgen

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// shortEscapings are the escapings the short-path tests run: every option
// key, each with the non-ASCII options that change the scan set's lead
// bytes (MaxUnescaped, JSLineTerminators, SurrogateEscapes) and every
// invalid-UTF-8 policy, and CharacterEscapes without a scan hook (whose
// escaper has no table).
func shortEscapings(t testing.TB) map[string]Escaping {
	ce, err := NewCharacterEscapes(EscapeSpec{
		Runes: map[rune]string{'\u00e9': `\u00e9`, '\U0001F600': `[smile]`},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Escaping{}
	for k := range optionKey(tableKeys) {
		base := k.escaping()
		for _, p := range []InvalidUTF8Policy{InvalidUTF8Error, InvalidUTF8Replace, InvalidUTF8ReplaceRaw} {
			e := base
			e.InvalidUTF8 = p
			out[fmt.Sprintf("key%#x/%v", k, p)] = e
		}
		for _, m := range []rune{0x7F, 0x7FF, 0xFFFF} {
			e := base
			e.MaxUnescaped = m
			out[fmt.Sprintf("key%#x/max%#x", k, m)] = e
		}
		e := base
		e.JSLineTerminators, e.SurrogateEscapes = true, true
		out[fmt.Sprintf("key%#x/lines+surrogates", k)] = e
	}
	out["Stdlib"] = Stdlib
	out["custom"] = Escaping{CharacterEscapes: ce, InvalidUTF8: InvalidUTF8Replace}
	return out
}

// shortInputs returns every string of length 0..shortMax+1 made of a clean
// ASCII text with one change: every byte value at every position, and
// every sequence of shortSeqs (valid, invalid or cut by the end) at every
// position.
func shortInputs() []string {
	const text = "The quick brown fox jumps."
	var out []string
	for n := 0; n <= shortMax+1; n++ {
		base := []byte(text[:n])
		out = append(out, string(base))
		for p := range n {
			for c := range 256 {
				s := bytes.Clone(base)
				s[p] = byte(c)
				out = append(out, string(s))
			}
			for _, seq := range shortSeqs {
				s := append(bytes.Clone(base[:p]), seq...)
				if len(s) < n {
					s = append(s, base[len(s):]...)
				}
				out = append(out, string(s))
			}
		}
	}
	// Two escapes and two sequences, which the inline cases leave to the
	// loop.
	out = append(out, `ab"cd"ef`, `"abcdefgh"`, "abcdefg\"\n", "é\"é\"", "x\u2028y\"", "abcdefghijklmn\"\x00")
	return out
}

// shortSeqs are multi-byte sequences for shortInputs: valid ones of every
// length and lead class, the line terminators, overlongs, surrogates, a
// code point above U+10FFFF, continuation bytes alone and cut sequences.
var shortSeqs = []string{
	"\u00e9", "\u07ff", "\u0800", "\u20ac", "\u2028", "\u2029", "\ud7ff", "\ue000", "\uffff",
	"\U00010000", "\U0001F600", "\U0010FFFF",
	"\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xf0\x80\x80\x80", // overlong
	"\xed\xa0\x80", "\xed\xbf\xbf", // surrogates
	"\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", // above U+10FFFF, never valid
	"\x80", "\xbf\xbf", "\xc3", "\xe2\x82", "\xf0\x9f\x98", // lone continuations, cut
}

// refQuote is the string loop without the short path: the reference the
// short path must match byte for byte.
func refQuote(e Escaping, s string) (string, error) {
	var x escaper
	if err := x.compile(e); err != nil {
		return "", err
	}
	x.short = false
	b, err := x.appendQuoted(nil, []byte(s))
	return string(b), err
}

// TestShortPathAgrees checks that the short path (appendShort and the
// inline cases of writeStringValue and appendQuote) writes what the
// string loop writes, and fails where it fails, for every escaping of
// shortEscapings and every input of shortInputs: through AppendQuote, an
// append-mode Generator (first and later values), a Quoter, and
// escaper.appendSome from the start of the string.
func TestShortPathAgrees(t *testing.T) {
	all := shortInputs()
	every := func(step int) []string {
		var some []string
		for i := 0; i < len(all); i += step {
			some = append(some, all[i])
		}
		return some
	}
	sparse := every(5) // the variants of a key: their sets share its ASCII bytes
	for name, e := range shortEscapings(t) {
		inputs := all
		switch {
		case testing.Short():
			inputs = every(7)
		case !strings.HasSuffix(name, "/error") && name != "Stdlib" && name != "custom":
			inputs = sparse
		}
		g, err := NewAppendGenerator(nil, &Options{Escaping: e})
		if err != nil {
			t.Fatal(err)
		}
		qu, err := NewQuoter(e)
		if err != nil {
			t.Fatal(err)
		}
		var x escaper
		x.init(e)
		fails := 0
		for _, s := range inputs {
			want, wantErr := refQuote(e, s)
			check := func(how, got string, err error) {
				if (err != nil) != (wantErr != nil) || err == nil && got != want {
					t.Errorf("%s, %s, %q:\n got %q, %v\nwant %q, %v", name, how, s, got, err, want, wantErr)
					fails++
				}
			}
			got, err := e.AppendQuote(nil, s)
			check("AppendQuote", string(got), err)
			got, err = qu.AppendQuote(make([]byte, 0, 1), s)
			check("Quoter", string(got), err)
			for _, first := range []bool{true, false} {
				g.ResetAppend(nil)
				_ = g.WriteStartArray()
				if !first {
					_ = g.WriteString("x")
				}
				mark := len(g.Bytes())
				err := g.WriteString(s)
				out := string(g.Bytes()[mark:])
				if !first {
					out = strings.TrimPrefix(out, ",")
				}
				check(fmt.Sprintf("Generator (first %v)", first), out, err)
			}
			if x.short && len(s) <= shortMax {
				// appendShort alone, finished by the loop without it.
				src := []byte(s)
				b := make([]byte, 256)
				b[0] = x.quote
				l, i := appendShort(b, 1, src, x.set, x.table)
				y := x
				y.short = false
				b, i, bad := y.appendSome(b[:l], src, i)
				if !bad && i == len(s) {
					check("appendShort", string(append(b, x.quote)), nil)
				} else {
					check("appendShort", "", &UTF8Error{Offset: int64(i)})
				}
			}
			b, i, bad := x.appendSome(make([]byte, 1, 256), []byte(s), 0)
			if bad || i < len(s) {
				got, err = b, &UTF8Error{Offset: int64(i)}
			} else {
				got, err = append(b, x.quote), nil
			}
			got[0] = x.quote
			if !bad && i < len(s) {
				t.Errorf("%s, appendSome, %q: stopped at %d with room", name, s, i)
			}
			check("appendSome", string(got), err)
			if fails > 10 {
				t.Fatalf("%s: too many failures", name)
			}
		}
	}
}

// TestAppendShortTakes checks that appendShort writes, without leaving
// anything to the loop, the strings its cases are for under Minimal: clean
// ASCII of every length, one escape, two escapes and valid non-ASCII text
// (so TestShortPathAgrees tests the short path, not only the loop).
func TestAppendShortTakes(t *testing.T) {
	var x escaper
	x.init(Minimal)
	if !x.short {
		t.Fatal("Minimal: no short path")
	}
	cases := []struct{ s, want string }{
		{"", ``},
		{"a", `a`},
		{"abcdefg", `abcdefg`},
		{"abcdefgh", `abcdefgh`},
		{"abcdefghijklmnop", `abcdefghijklmnop`},
		{"abcdefghij\"k", `abcdefghij\"k`},
		{"say \"hi\"\n", `say \"hi\"\n`},
		{"ab\x01", `ab\u0001`},
		{"caf\u00e9 \U0001F600 \u20ac!", "caf\u00e9 \U0001F600 \u20ac!"},
		{"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9", "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"},
	}
	for _, c := range cases {
		b := make([]byte, 64)
		l, i := appendShort(b, 0, []byte(c.s), x.set, x.table)
		if i != len(c.s) || string(b[:l]) != c.want {
			t.Errorf("%q: wrote %q up to %d, want %q up to %d", c.s, b[:l], i, c.want, len(c.s))
		}
	}
}

// FuzzShortPath checks AppendQuote, an append-mode Generator and
// appendShort against the string loop without the short path (refQuote)
// for a string of at most shortMax+1 bytes under the escaping that the
// key byte picks from shortEscapings.
func FuzzShortPath(f *testing.F) {
	es := shortEscapings(f)
	names := make([]string, 0, len(es))
	for name := range es {
		names = append(names, name)
	}
	slices.Sort(names)
	for i, s := range []string{"", "abc", "abcdefghij\"k", "caf\u00e9 \U0001F600", "a\xed\xa0\x80b", "x\u2028\"y\x01", "\xf0\x9f\x98"} {
		f.Add(byte(i*37), s)
	}
	f.Fuzz(func(t *testing.T, key byte, s string) {
		if len(s) > shortMax+1 {
			s = s[:shortMax+1]
		}
		e := es[names[int(key)%len(names)]]
		want, wantErr := refQuote(e, s)
		got, err := e.AppendQuote(nil, s)
		if (err != nil) != (wantErr != nil) || err == nil && string(got) != want {
			t.Fatalf("AppendQuote %+v %q: got %q, %v; want %q, %v", e, s, got, err, want, wantErr)
		}
		g, err := NewAppendGenerator(nil, &Options{Escaping: e})
		if err != nil {
			t.Fatal(err)
		}
		_ = g.WriteStartArray()
		_ = g.WriteString("x")
		mark := len(g.Bytes())
		err = g.WriteString(s)
		if out := strings.TrimPrefix(string(g.Bytes()[mark:]), ","); (err != nil) != (wantErr != nil) || err == nil && out != want {
			t.Fatalf("Generator %+v %q: got %q, %v; want %q, %v", e, s, out, err, want, wantErr)
		}
		var x escaper
		x.init(e)
		if x.short && len(s) <= shortMax {
			b := make([]byte, 2*len(s)+32)
			l, i := appendShort(b, 0, []byte(s), x.set, x.table)
			if !strings.HasPrefix(want, string(x.quote)+string(b[:l])) && wantErr == nil {
				t.Fatalf("appendShort %+v %q: wrote %q up to %d, not a prefix of %q", e, s, b[:l], i, want)
			}
		}
	})
}
