package jgen_test

// The conformance table: every string entry point of jgen, under every
// option set, compared byte for byte with internal/reference. The
// machinery it shares with the other proof files is in harness_test.go.

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jgen-go/jgen"
	"github.com/jgen-go/jgen/internal/reference"
)

// ---------------------------------------------------------------------------
// The conformance table.

type strCase struct {
	name string
	s    string
}

func conformanceStrings() []strCase {
	var all128 []byte
	for c := 0; c < 0x80; c++ {
		all128 = append(all128, byte(c))
	}
	long := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789", 60) // 2160 bytes
	cs := []strCase{
		{"empty", ""},
		{"ascii_word", "hello"},
		{"nul", "\x00"},
		{"controls_short_forms", "\b\t\n\f\r"},
		{"control_1f", "\x1f"},
		{"control_01_in_text", "a\x01b"},
		{"quote", `"`},
		{"backslash", `\`},
		{"slash", "/"},
		{"apostrophe", "'"},
		{"html_lt_gt_amp", "<>&"},
		{"script_tag", "</script><!--&amp;-->"},
		{"del", "\x7f"},
		{"all_ascii", string(all128)},
		{"two_byte_min", "\u0080"},
		{"two_byte_e9", "é"},
		{"two_byte_ff", "\u00ff"},
		{"two_byte_max", "\u07ff"},
		{"three_byte_min", "\u0800"},
		{"euro", "€"},
		{"d7ff_e000", "\ud7ff\ue000"},
		{"u2028_u2029", "\u2028\u2029"},
		{"line_sep_in_text", "a\u2028b\u2029c"},
		{"fffd", "\ufffd"},
		{"fffe_ffff", "\ufffe\uffff"},
		{"four_byte_min", "\U00010000"},
		{"emoji", "😀"},
		{"max_code_point", "\U0010ffff"},
		{"mixed_scripts", "Grüße, 世界! 😀 <a href='x'>\"/\\</a>\u2028"},
		{"custom_table_bytes", "#~%+Zq\x7fü#"},
		{"custom_hook_run", "abc#def%ghi/jkl+mno\x7fpqrZ"},
		{"long_ascii", long},
		{"long_escape_at_end", long + `"`},
		{"long_escape_at_start", "\n" + long},
		{"long_escapes_dense", strings.Repeat("\"\\\n/<'\x7f", 200)},
		{"long_multibyte", strings.Repeat("é€😀\u2028", 150)},
		{"long_fffd", strings.Repeat("\ufffd", 300)},
		// Invalid UTF-8.
		{"invalid_lone_continuation", "\x80"},
		{"invalid_ff", "\xff"},
		{"invalid_fe_in_text", "ab\xfecd"},
		{"invalid_truncated_2", "\xc3"},
		{"invalid_truncated_3_of_2", "ab\xe2\x80"},
		{"invalid_truncated_4_of_3", "\xf0\x9f\x98x"},
		{"invalid_overlong_slash", "\xc0\xaf"},
		{"invalid_overlong_3", "\xe0\x80\xaf"},
		{"invalid_surrogate_d800", "\xed\xa0\x80"},
		{"invalid_cesu8_pair", "\xed\xa0\xbd\xed\xb8\x80"},
		{"invalid_above_10ffff", "\xf4\x90\x80\x80"},
		{"invalid_f5", "\xf5\x80\x80\x80"},
		{"invalid_then_valid", "\xff\u2028\U0001F600<"},
		{"fffd_then_invalid", "\ufffd\xff"},
		{"invalid_after_long", long + "\xff"},
		{"invalid_in_middle_of_long", long[:700] + "\xe2\x80" + long[:900]},
		{"invalid_at_start_of_long", "\x80" + long},
	}
	return cs
}

func conformanceSpecs() []escSpec {
	specs := append([]escSpec{}, presetSpecs...)
	specs = append(specs,
		escSpec{policy: jgen.InvalidUTF8Replace},
		escSpec{policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{maxU: 0x7F, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{maxU: 0xFF, policy: jgen.InvalidUTF8ReplaceRaw, upper: true},
		escSpec{maxU: 0xFFFC, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{maxU: 0xFFFD, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{maxU: 0x7FF},
		escSpec{maxU: 0xFFFF, surr: true},
		escSpec{maxU: 0x10FFFF},
		escSpec{quote: '\''},
		escSpec{quote: '\'', maxU: 0x7F, upper: true},
		escSpec{slash: true},
		escSpec{html: true},
		escSpec{jslt: true, upper: true},
		escSpec{quote: '\'', slash: true, html: true, jslt: true, upper: true, surr: true, maxU: 0xFF, policy: jgen.InvalidUTF8Replace},
		escSpec{ce: ceHTML},
		escSpec{ce: ceHTML, quote: '\'', upper: true},
		escSpec{ce: ceHTML, html: true, slash: true, policy: jgen.InvalidUTF8Replace},
		escSpec{ce: ceJSONP},
		escSpec{ce: ceJSONP, jslt: true, maxU: 0x2028},
		escSpec{ce: ceHTMLJSONP, slash: true, upper: true},
		escSpec{ce: ceSeq},
		escSpec{ce: ceSeq, quote: '\'', slash: true, html: true, jslt: true, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{ce: ceSeq, maxU: 0x7F, upper: true, policy: jgen.InvalidUTF8Replace},
		escSpec{ce: ceSeq, maxU: 0xFFFF, surr: true, policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{ce: ceHook},
		escSpec{ce: ceHook, slash: true, html: true, quote: '\'', policy: jgen.InvalidUTF8ReplaceRaw},
		escSpec{ce: ceHook, maxU: 0x7F, upper: true},
		escSpec{ce: ceMissHook},
		escSpec{ce: ceMissHook, html: true, slash: true, policy: jgen.InvalidUTF8Replace},
	)
	return specs
}

// TestConformance runs the table of strings through every entry point
// under every option set.
func TestConformance(t *testing.T) {
	entries := allEntries(0, 1, 200, 480, 509, 511)
	for _, spec := range conformanceSpecs() {
		t.Run(spec.String(), func(t *testing.T) {
			e := mustEscaping(t, spec)
			o := spec.ref()
			if err := o.Validate(); err != nil {
				t.Fatalf("reference rejects options jgen accepts: %v", err)
			}
			f := newFailures(t)
			for _, c := range conformanceStrings() {
				f.check(spec, e, o, []byte(c.s), entries)
			}
			f.done()
		})
	}
}

// TestConformanceLiterals pins a few outputs by hand, so that a bug shared
// by jgen and the reference cannot pass unseen.
func TestConformanceLiterals(t *testing.T) {
	for _, tt := range []struct {
		name string
		spec escSpec
		in   string
		want string
	}{
		{"minimal_controls", specMinimal, "\x00\b\t\n\f\r\x1f\"\\/\x7f", `"\u0000\b\t\n\f\r\u001f\"\\/` + "\x7f\""},
		{"jackson_upper", specJackson, "\x1f😀", `"\u001F😀"`},
		{"jackson_surrogates", specJacksonSurr, "😀", `"\uD83D\uDE00"`},
		{"stdlib_html_js", escSpec{html: true, jslt: true, policy: jgen.InvalidUTF8Replace}, "<&>\u2028'\xff", `"\u003c\u0026\u003e\u2028'\ufffd"`},
		{"stdlib_jsonv2_html_js", escSpec{html: true, jslt: true, policy: jgen.InvalidUTF8ReplaceRaw}, "<&>\u2028'\xff", `"\u003c\u0026\u003e\u2028'` + "\ufffd\""},
		{"ascii", specASCII, "é€😀", `"\u00e9\u20ac\ud83d\ude00"`},
		{"apos", escSpec{quote: '\''}, `'"`, `'\u0027\"'`},
		{"slash", escSpec{slash: true}, "a/b", `"a\/b"`},
		{"replace_each_byte", escSpec{policy: jgen.InvalidUTF8Replace}, "ab\xe2\x80", `"ab\ufffd\ufffd"`},
		{"replace_raw", escSpec{policy: jgen.InvalidUTF8ReplaceRaw}, "a\xffb", "\"a\ufffdb\""},
		{"replace_raw_ascii_upper", escSpec{policy: jgen.InvalidUTF8ReplaceRaw, maxU: 0x7F, upper: true}, "a\xffb", `"a\uFFFDb"`},
		{"replace_upper", escSpec{policy: jgen.InvalidUTF8Replace, upper: true}, "\xff", `"\uFFFD"`},
		{"html_escapes_jackson", escSpec{ce: ceHTML, upper: true}, "<'>&", `"\u003C\u0027\u003E\u0026"`},
		{"jsonp_escapes", escSpec{ce: ceJSONP}, "\u2028\u2029", `"\u2028\u2029"`},
		{"max_beats_custom", escSpec{ce: ceSeq, maxU: 0x7F}, "€", `"\u20ac"`},
		{"custom_beats_jslt", escSpec{ce: ceSeq, jslt: true}, "\u2028", `"LS"`},
		{"custom_none_beats_slash", escSpec{ce: ceSeq, slash: true}, "/", `"/"`},
		{"missing_hook_leaves_raw", escSpec{ce: ceMissHook}, "a#b", `"a#b"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := mustEscaping(t, tt.spec)
			got, err := e.Quote(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("Quote(%q) under %v = %q, %v; want %q", tt.in, tt.spec, got, err, tt.want)
			}
			ref, rerr := reference.AppendQuote(nil, []byte(tt.in), tt.spec.ref())
			if rerr != nil || string(ref) != tt.want {
				t.Errorf("reference gives %q, %v; want %q", ref, rerr, tt.want)
			}
		})
	}
}

// TestCustomEscapesValidation checks that jgen and the reference agree on
// which tables and option sets are refused.
func TestCustomEscapesValidation(t *testing.T) {
	for _, tt := range []struct {
		name  string
		ascii map[byte]tEscape
		runes map[rune]string
		quote byte
	}{
		{"none_for_quote", map[byte]tEscape{'"': eNone}, nil, 0},
		{"none_for_backslash", map[byte]tEscape{'\\': eNone}, nil, 0},
		{"none_for_control", map[byte]tEscape{'\n': eNone}, nil, 0},
		{"none_for_nul", map[byte]tEscape{0: eNone}, nil, 0},
		{"none_for_apostrophe_apos", map[byte]tEscape{'\'': eNone}, nil, '\''},
		{"none_for_apostrophe_dquote", map[byte]tEscape{'\'': eNone}, nil, '"'},
		{"backslash_x", map[byte]tEscape{'x': eBackslash('x')}, nil, 0},
		{"backslash_u", map[byte]tEscape{'x': eBackslash('u')}, nil, 0},
		{"backslash_n", map[byte]tEscape{'x': eBackslash('n')}, nil, 0},
		{"seq_raw_quote", map[byte]tEscape{'x': eSeq(`a"b`)}, nil, 0},
		{"seq_raw_apos_apos", map[byte]tEscape{'x': eSeq(`a'b`)}, nil, '\''},
		{"seq_raw_apos_dquote", map[byte]tEscape{'x': eSeq(`a'b`)}, nil, 0},
		{"seq_control", map[byte]tEscape{'x': eSeq("a\nb")}, nil, 0},
		{"seq_lone_backslash", map[byte]tEscape{'x': eSeq(`a\`)}, nil, 0},
		{"seq_bad_escape", map[byte]tEscape{'x': eSeq(`\x`)}, nil, 0},
		{"seq_short_u", map[byte]tEscape{'x': eSeq(`\u12`)}, nil, 0},
		{"seq_bad_hex", map[byte]tEscape{'x': eSeq(`\u12g4`)}, nil, 0},
		{"seq_good_u", map[byte]tEscape{'x': eSeq(`\u12aF`)}, nil, 0},
		{"seq_invalid_utf8", map[byte]tEscape{'x': eSeq("\xff")}, nil, 0},
		{"seq_empty", map[byte]tEscape{'x': eSeq("")}, nil, 0},
		{"seq_raw_non_ascii", map[byte]tEscape{'x': eSeq("é")}, nil, 0},
		{"seq_lone_high_surrogate", map[byte]tEscape{'x': eSeq(`\ud800`)}, nil, 0},
		{"seq_lone_low_surrogate", map[byte]tEscape{'x': eSeq(`\uDC00x`)}, nil, 0},
		{"seq_surrogate_pair", map[byte]tEscape{'x': eSeq(`\ud83d\ude00`)}, nil, 0},
		{"seq_raw_custom_escaped", map[byte]tEscape{'x': eSeq("y"), 'y': eUnicode}, nil, 0},
		{"seq_raw_custom_none", map[byte]tEscape{'x': eSeq("y"), 'y': eNone}, nil, 0},
		{"rune_seq_empty", nil, map[rune]string{'é': ""}, 0},
		{"rune_seq_u2028", nil, map[rune]string{'é': "\u2028"}, 0},
		{"rune_seq_quote", nil, map[rune]string{'é': `"`}, 0},
		{"rune_seq_apos_apos", nil, map[rune]string{'é': `'`}, '\''},
		{"rune_seq_ok", nil, map[rune]string{'é': `\u00e9`}, '\''},
		{"rune_seq_del", nil, map[rune]string{'é': "\x7f"}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := &ceSpec{name: tt.name, ascii: tt.ascii, runes: tt.runes}
			refA, refR := c.refTables()
			o := reference.Options{Quote: tt.quote, ASCII: refA, Runes: refR}
			refErr := o.Validate()
			ce, err := c.compiled()
			if err == nil {
				err = jgen.Escaping{QuoteChar: tt.quote, CharacterEscapes: ce}.Validate()
			}
			if (err == nil) != (refErr == nil) {
				t.Errorf("jgen: %v; reference: %v", err, refErr)
			}
			if err != nil && !errors.Is(err, jgen.ErrInvalidOptions) {
				t.Errorf("error %v does not match ErrInvalidOptions", err)
			}
		})
	}
	// Keys out of range are rejected.
	if _, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{ASCII: map[byte]jgen.Escape{0x80: jgen.EscapeUnicode()}}); !errors.Is(err, jgen.ErrInvalidOptions) {
		t.Errorf("ASCII key 0x80: %v", err)
	}
	for _, r := range []rune{0x7F, 0xD800, 0xDFFF, 0x110000, -1} {
		if _, err := jgen.NewCharacterEscapes(jgen.EscapeSpec{Runes: map[rune]string{r: "x"}}); !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Errorf("Runes key %U: %v", r, err)
		}
	}
	for _, m := range []rune{-1, 1, 0x7E, 0x110000} {
		if err := (jgen.Escaping{MaxUnescaped: m}).Validate(); !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Errorf("MaxUnescaped %#x: %v", m, err)
		}
	}
	for _, q := range []byte{'`', 'x', 1} {
		e := jgen.Escaping{QuoteChar: q}
		if err := e.Validate(); !errors.Is(err, jgen.ErrInvalidOptions) {
			t.Errorf("QuoteChar %q: %v", q, err)
		}
		if out, err := e.AppendQuote([]byte("pre"), "x"); err == nil || string(out) != "pre" {
			t.Errorf("AppendQuote with QuoteChar %q: %q, %v", q, out, err)
		}
	}
}

// TestUTF8ValidAgreement checks the reference's notion of invalid UTF-8
// is utf8.DecodeRune's for the conformance strings (a guard on the test
// itself).
func TestUTF8ValidAgreement(t *testing.T) {
	for _, c := range conformanceStrings() {
		_, off := refQuote([]byte(c.s), reference.Options{})
		if (off < 0) != utf8.ValidString(c.s) {
			t.Errorf("%s: reference offset %d, utf8.ValidString %v", c.name, off, utf8.ValidString(c.s))
		}
	}
}
