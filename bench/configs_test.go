package bench

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// BenchmarkEscaping runs the configuration cells: jgen's append generator
// under every EscapingConfig on every matrix cell and corpus (not
// twitterescaped), the configurations of a cell back to back. Names:
// BenchmarkEscaping/writer=jgen-append/config=<c>/input=string/content=<c>/len=<n>
// and …/corpus=<name> (writer= second, as callgrind.sh groups by it).
func BenchmarkEscaping(b *testing.B) {
	for _, c := range Contents {
		for _, n := range Lengths {
			for _, cfg := range EscapingConfigs {
				w := ConfigWriter(cfg)
				name := fmt.Sprintf("writer=%s/config=%s/input=%s/content=%s/len=%d", w.Name, cfg.Name, w.Input, c, n)
				b.Run(name, func(b *testing.B) { runWriter(b, w, matrixInput(c, n)) })
			}
		}
	}
	for _, c := range ConfigCorpora() {
		for _, cfg := range EscapingConfigs {
			w := ConfigWriter(cfg)
			name := fmt.Sprintf("writer=%s/config=%s/input=%s/corpus=%s", w.Name, cfg.Name, w.Input, c.Name)
			b.Run(name, func(b *testing.B) { runWriter(b, w, corpusInput(b, c)) })
		}
	}
}

// refConfig is the test's own escaper for a configuration: the minimal
// reference with the configuration's changes, from docs/DESIGN.md §2.
func refConfig(s, config string) []byte {
	q := byte('"')
	if config == "apostrophe" {
		q = '\''
	}
	b := []byte{q}
	for _, r := range s {
		switch {
		case config == "slash" && r == '/':
			b = append(b, '\\', '/')
		case config == "apostrophe" && r == '\'':
			b = append(b, `\u0027`...)
		case strings.HasPrefix(config, "html") && strings.ContainsRune("<>&'", r):
			b = fmt.Appendf(b, `\u%04x`, r)
		case strings.HasPrefix(config, "runes") && AbsentRunes[r] != "":
			b = append(b, AbsentRunes[r]...)
		default:
			// The rune as the minimal reference writes it, without its quotes.
			m := refQuote(nil, string(r), "minimal")
			b = append(b, m[1:len(m)-1]...)
		}
	}
	return append(b, q)
}

func refConfigArray(ss []string, config string) []byte {
	b := []byte{'['}
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, refConfig(s, config)...)
	}
	return append(b, ']')
}

// TestEscapingConfigs checks every configuration's output on every matrix
// cell (and, without -short, every corpus) against refConfig, and that each
// hooked configuration writes the bytes of its hookless twin.
func TestEscapingConfigs(t *testing.T) {
	type cell struct {
		name string
		in   *Input
	}
	var cells []cell
	for _, c := range Contents {
		for _, n := range Lengths {
			cells = append(cells, cell{fmt.Sprintf("content=%s/len=%d", c, n), NewInput(Matrix(c, n))})
		}
	}
	if !testing.Short() {
		for _, c := range ConfigCorpora() {
			cells = append(cells, cell{"corpus=" + c.Name, corpusInput(t, c)})
		}
	}
	for _, c := range cells {
		outs := map[string][]byte{}
		for _, cfg := range EscapingConfigs {
			op := ConfigWriter(cfg).Prepare(c.in)
			out, err := op()
			if err != nil {
				t.Fatalf("%s/%s: %v", cfg.Name, c.name, err)
			}
			if want := refConfigArray(c.in.Strings, cfg.Name); !bytes.Equal(out, want) {
				i := firstDiff(out, want)
				t.Errorf("%s/%s: differs from the reference at byte %d:\n got …%s…\nwant …%s…",
					cfg.Name, c.name, i, window(out, i), window(want, i))
			}
			outs[cfg.Name] = slices.Clone(out)
		}
		for _, cfg := range EscapingConfigs {
			if cfg.NoHook != "" && !bytes.Equal(outs[cfg.Name], outs[cfg.NoHook]) {
				t.Errorf("%s/%s: output differs from %s's", cfg.Name, c.name, cfg.NoHook)
			}
		}
		if !bytes.Equal(outs["html"], outs["html-nohook"]) {
			t.Errorf("html/%s: HTMLEscapes writes other bytes than its table built with NewCharacterEscapes", c.name)
		}
		// The per-rune configurations must never match: their runes are
		// absent from the input.
		for _, s := range c.in.Strings {
			for r := range AbsentRunes {
				if strings.ContainsRune(s, r) {
					t.Fatalf("%s holds %U, which the per-rune configurations assume absent", c.name, r)
				}
			}
		}
	}
}

// TestRefConfig checks refConfig against encoding/json where they agree and
// on hand-written cases.
func TestRefConfig(t *testing.T) {
	for _, s := range []string{"", "plain", "a\"b\\c\x00\x1f\t\né😀"} {
		want, _ := stdjson.Marshal(s)
		if got := refConfig(s, "minimal"); !bytes.Equal(got, want) {
			t.Errorf("minimal %q: got %s want %s", s, got, want)
		}
	}
	for _, tc := range []struct{ s, config, want string }{
		{"a/b", "slash", `"a\/b"`},
		{`it's "x"`, "apostrophe", `'it\u0027s \"x\"'`},
		{"<a href='x'>&</a>", "html", `"\u003ca href=\u0027x\u0027\u003e\u0026\u003c/a\u003e"`},
		{"a\u2028b\u2029é", "runes-hook", `"a\u2028b\u2029é"`},
		{"x\n", "runes", `"x\n"`},
	} {
		if got := string(refConfig(tc.s, tc.config)); got != tc.want {
			t.Errorf("%s %q: got %s want %s", tc.config, tc.s, got, tc.want)
		}
		if !utf8.ValidString(tc.want) {
			t.Fatal("bad case")
		}
	}
}
