package jgen_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/jgen-go/jgen"
)

// TestHookCallsPerRun follows an IndexEscape hook that finds nothing. On
// the generator's fast path (a compact array, room in the buffer) and
// Quoter's, which is the same (room in dst), it is called once per clean
// run the kernel copies, non-ASCII text passed through in the run and not
// cut into ASCII pieces; on every string path it is given every ASCII
// byte the scan does not stop at, in order, and the output is that of the
// same table without the hook. Before the hook was given UTF-8 runs,
// "aé😀b" cost two calls ("a", "b"), a stop at every non-ASCII byte and
// the slow path.
func TestHookCallsPerRun(t *testing.T) {
	long := strings.Repeat("x", 100)
	cases := []struct {
		s    string
		runs []string // the runs the hook is given on the fast path, in order
	}{
		{"", nil},
		{"hello", []string{"hello"}},
		{"日本語のテキスト", []string{"日本語のテキスト"}},
		{"aé😀b", []string{"aé😀b"}},
		{long + "é" + long, []string{long + "é" + long}},
		{`ab"cd`, []string{"ab", "cd"}},
		{`"`, nil},
		{`ab"`, []string{"ab"}},
		{`"ab`, []string{"ab"}},
		{`a"b"c"d`, []string{"a", "b", "c", "d"}},
		{"\u2028x", []string{"x"}},
		{"é\nü and more text after it", []string{"é", "ü and more text after it"}},
		{long + `"` + long + "\n" + "ü" + long, []string{long, long, "ü" + long}},
		{"a\xffb", []string{"a", "b"}},
		// Several escapes in a short string and in a long one: a run
		// between each, none where two escapes touch.
		{"x\"yy\nzzz\"", []string{"x", "yy", "zzz"}},
		{"\"\n\"", nil},
		{"a\\\\b\tc", []string{"a", "b", "c"}},
		{long + `"ab` + "\n" + long, []string{long, "ab", long}},
		{`"` + long + `"ab"`, []string{long, "ab"}},
	}
	var runs []string
	hook := func(s []byte) int {
		runs = append(runs, string(s))
		return -1
	}
	runes := map[rune]string{'\u2028': `\u2028`, '\u2029': `\u2029`}
	hooked, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{Runes: runes, IndexEscape: hook})
	chk(t, err)
	plain, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{Runes: runes})
	chk(t, err)
	for _, base := range []jgen.Escaping{{}, jgen.Stdlib, {EscapeSlash: true, UpperHex: true}} {
		eh, ep := base, base
		eh.CharacterEscapes, ep.CharacterEscapes = hooked, plain
		eh.InvalidUTF8, ep.InvalidUTF8 = jgen.InvalidUTF8Replace, jgen.InvalidUTF8Replace
		q, err := jgen.NewQuoter(eh)
		chk(t, err)
		paths := map[string]func(e jgen.Escaping, s string) []byte{
			"WriteString/compact": func(e jgen.Escaping, s string) []byte {
				g, err := jgen.NewAppendGenerator(make([]byte, 0, 4096), &jgen.Options{Escaping: e})
				chk(t, err)
				chk(t, g.WriteStartArray())
				chk(t, g.WriteString(s))
				chk(t, g.WriteEndArray())
				return g.Bytes()
			},
			"WriteString/indented": func(e jgen.Escaping, s string) []byte {
				g, err := jgen.NewAppendGenerator(nil, &jgen.Options{Escaping: e, Layout: jgen.Indented})
				chk(t, err)
				chk(t, g.WriteString(s))
				return g.Bytes()
			},
			"AppendQuote": func(e jgen.Escaping, s string) []byte {
				b, err := e.AppendQuote(nil, s)
				chk(t, err)
				return b
			},
			"Quoter": func(e jgen.Escaping, s string) []byte {
				if e.CharacterEscapes != hooked {
					b, err := e.AppendQuote(nil, s)
					chk(t, err)
					return b
				}
				b, err := q.AppendQuote(make([]byte, 0, 4096), s)
				chk(t, err)
				return b
			},
		}
		for name, write := range paths {
			for _, c := range cases {
				want := write(ep, c.s)
				runs = nil
				got := write(eh, c.s)
				if !bytes.Equal(got, want) {
					t.Errorf("%s %+v %q: %q, without the hook %q", name, base, c.s, got, want)
				}
				if (name == "WriteString/compact" || name == "Quoter") && !slices.Equal(runs, c.runs) {
					t.Errorf("%s %+v %q: the hook was given %q, want %q", name, base, c.s, runs, c.runs)
				}
				if got, want := cleanASCII(strings.Join(runs, "")), cleanASCII(c.s); got != want {
					t.Errorf("%s %+v %q: the hook was given %q: ASCII %q, want %q", name, base, c.s, runs, got, want)
				}
			}
		}
	}
}

// cleanASCII returns the ASCII bytes of s that TestHookCallsPerRun's
// escapings do not escape, in order.
func cleanASCII(s string) string {
	var b []byte
	for _, c := range []byte(s) {
		if c >= 0x20 && c < 0x80 && c != '"' && c != '\\' {
			b = append(b, c)
		}
	}
	return string(b)
}

// TestHookStops: a hook that finds 'Z' and a table that escapes it write
// the bytes of the same table without the hook, on every string path, for
// stops in the first run, in runs after an escape (short ones copied a
// byte at a time, long ones by the kernel), next to non-ASCII text, and
// at a byte >= 0x80 (hookAt80), which stops nothing.
func TestHookStops(t *testing.T) {
	ascii := map[byte]jgen.Escape{'Z': jgen.EscapeSequence(`\u005A`)}
	findZ := func(s []byte) int { return bytes.IndexByte(s, 'Z') }
	at80 := func(s []byte) int { // the first Z, or a byte >= 0x80 before it
		for i, c := range s {
			switch {
			case c == 'Z':
				return i
			case c >= 0x80 && i%2 == 0:
				return i // a lead byte
			case c >= 0x80:
				return i + 1 // a continuation byte, or the byte after
			}
		}
		return -1
	}
	plain, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: ascii})
	chk(t, err)
	long := strings.Repeat("y", 40)
	inputs := []string{
		"Z", "ZZZ", "aZb", "é Z ü", `x"yZz`, `x"yZ`, `"Z`, `x"` + long + "Z" + long,
		long + "Z" + long + "\n" + long + "Z", "日本Z語", "aé😀Zb😀", long + "😀Z", "é\nüZ and more text after it",
		// Stops at the ends of runs and between several escapes, in short
		// strings (the byte loop after an escape) and long ones.
		`Z"Z"Z`, `ZZ"ZZ` + "\nZZ\\ZZ", `a"Z`, `a"bZ`, "a\"Z\n", `x"Z` + long, `x"` + long + `Z"Z`,
		`a"bé Z`, `a"Zé`, "\nZé" + long + "Z", `"` + long + `"Z"` + long + `Z`,
	}
	for hname, hook := range map[string]func([]byte) int{"findZ": findZ, "hookAt80": at80} {
		hooked, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: ascii, IndexEscape: hook})
		chk(t, err)
		for _, base := range []jgen.Escaping{{}, jgen.Stdlib, {MaxUnescaped: 0x7F}} {
			eh, ep := base, base
			eh.CharacterEscapes, ep.CharacterEscapes = hooked, plain
			q, err := jgen.NewQuoter(eh)
			chk(t, err)
			for _, s := range inputs {
				want, err := ep.AppendQuote(nil, s)
				chk(t, err)
				g, err := jgen.NewAppendGenerator(make([]byte, 0, 4096), &jgen.Options{Escaping: eh})
				chk(t, err)
				chk(t, g.WriteStartArray())
				chk(t, g.WriteString(s))
				chk(t, g.WriteEndArray())
				fromQ, err := q.AppendQuote(nil, s)
				chk(t, err)
				fromQRoom, err := q.AppendQuote(make([]byte, 0, 4096), s)
				chk(t, err)
				fromE, err := eh.AppendQuote(nil, s)
				chk(t, err)
				for name, got := range map[string][]byte{
					"WriteString": bytes.TrimSuffix(bytes.TrimPrefix(g.Bytes(), []byte("[")), []byte("]\n")),
					"Quoter":      fromQ, "Quoter/room": fromQRoom, "AppendQuote": fromE,
				} {
					if !bytes.Equal(got, want) {
						t.Errorf("%s %s %+v %q: %q, want %q", hname, name, base, s, got, want)
					}
				}
			}
		}
	}
}
