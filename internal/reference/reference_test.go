package reference

import (
	"bytes"
	"errors"
	"testing"
)

// Every expected output below was written by hand from the rules, not
// produced by running the code.
func TestAppendQuote(t *testing.T) {
	upper := Options{UpperHex: true}
	apos := Options{Quote: '\''}
	tests := []struct {
		name string
		in   string
		o    Options
		want string
	}{
		// Plain text and quotes.
		{"empty", "", Options{}, `""`},
		{"plain", "hello", Options{}, `"hello"`},
		{"quote_zero_is_double", "a", Options{Quote: 0}, `"a"`},
		{"quote_double", "a", Options{Quote: '"'}, `"a"`},
		{"quote_apos", "a", apos, `'a'`},

		// Step 2(b): the standard ASCII rules.
		{"dquote", `a"b`, Options{}, `"a\"b"`},
		{"backslash", `a\b`, Options{}, `"a\\b"`},
		{"apos_raw_in_double", "a'b", Options{}, `"a'b"`},
		{"apos_escaped_in_apos", "a'b", apos, `'a\u0027b'`},
		{"apos_escaped_in_apos_upper", "'", Options{Quote: '\'', UpperHex: true}, `'\u0027'`},
		{"dquote_in_apos", `"`, apos, `'\"'`},
		{"backspace", "\b", Options{}, `"\b"`},
		{"tab", "\t", Options{}, `"\t"`},
		{"newline", "\n", Options{}, `"\n"`},
		{"formfeed", "\f", Options{}, `"\f"`},
		{"return", "\r", Options{}, `"\r"`},
		{"nul", "\x00", Options{}, `"\u0000"`},
		{"ctl_01", "\x01", Options{}, `"\u0001"`},
		{"ctl_0b_vt", "\x0b", Options{}, `"\u000b"`},
		{"ctl_0b_vt_upper", "\x0b", upper, `"\u000B"`},
		{"ctl_1f", "\x1f", Options{}, `"\u001f"`},
		{"ctl_1f_upper", "\x1f", upper, `"\u001F"`},
		{"ctl_1a_upper", "\x1a", upper, `"\u001A"`},
		{"space", " ", Options{}, `" "`},
		{"del_raw", "\x7f", Options{}, "\"\x7f\""},
		{"del_raw_ascii_only", "\x7f", Options{MaxUnescaped: 0x7F}, "\"\x7f\""},
		{"slash_raw", "a/b", Options{}, `"a/b"`},
		{"slash_escaped", "a/b", Options{EscapeSlash: true}, `"a\/b"`},
		{"html_raw", "<a>&", Options{}, `"<a>&"`},
		{"html_safe", "<a>&", Options{HTMLSafe: true}, `"\u003ca\u003e\u0026"`},
		{"html_safe_upper", "<a>&", Options{HTMLSafe: true, UpperHex: true}, `"\u003Ca\u003E\u0026"`},
		{"html_safe_leaves_apos", "'", Options{HTMLSafe: true}, `"'"`},
		{"mixed", "a\"\\\n\x00z", Options{}, `"a\"\\\n\u0000z"`},

		// Step 2(a): custom ASCII escapes win over the standard rules.
		{"custom_none", "a<b", Options{HTMLSafe: true, ASCII: map[byte]Escape{'<': {Kind: KindNone}}}, `"a<b"`},
		{"custom_default_falls_through", "<", Options{HTMLSafe: true, ASCII: map[byte]Escape{'<': {Kind: KindDefault}}}, `"\u003c"`},
		{"custom_unicode", "a'b", Options{ASCII: map[byte]Escape{'\'': {Kind: KindUnicode}}}, `"a\u0027b"`},
		{"custom_unicode_upper", "<", Options{UpperHex: true, ASCII: map[byte]Escape{'<': {Kind: KindUnicode}}}, `"\u003C"`},
		{"custom_unicode_del", "\x7f", Options{ASCII: map[byte]Escape{0x7F: {Kind: KindUnicode}}}, `"\u007f"`},
		{"custom_unicode_newline", "\n", Options{ASCII: map[byte]Escape{'\n': {Kind: KindUnicode}}}, `"\u000a"`},
		{"custom_unicode_dquote", `"`, Options{ASCII: map[byte]Escape{'"': {Kind: KindUnicode}}}, `"\u0022"`},
		{"custom_backslash", "a/b", Options{ASCII: map[byte]Escape{'/': {Kind: KindBackslash, Char: '/'}}}, `"a\/b"`},
		{"custom_backslash_tab", "\t", Options{ASCII: map[byte]Escape{'\t': {Kind: KindBackslash, Char: 't'}}}, `"\t"`},
		{"custom_sequence", "a*b", Options{ASCII: map[byte]Escape{'*': {Kind: KindSequence, Seq: `\u002A`}}}, `"a\u002Ab"`},
		{"custom_sequence_verbatim_case", "*", Options{UpperHex: false, ASCII: map[byte]Escape{'*': {Kind: KindSequence, Seq: `\u002A`}}}, `"\u002A"`},
		{"custom_sequence_empty", "a*b", Options{ASCII: map[byte]Escape{'*': {Kind: KindSequence, Seq: ""}}}, `"ab"`},
		{"custom_overrides_slash", "/", Options{EscapeSlash: true, ASCII: map[byte]Escape{'/': {Kind: KindUnicode}}}, `"\u002f"`},
		{"custom_apos_in_apos", "'", Options{Quote: '\'', ASCII: map[byte]Escape{'\'': {Kind: KindSequence, Seq: `\u0027`}}}, `'\u0027'`},

		// Step 3(e): raw UTF-8.
		{"two_byte", "é", Options{}, "\"é\""},
		{"three_byte", "€", Options{}, "\"€\""},
		{"four_byte", "😀", Options{}, "\"😀\""},
		{"u2028_raw", "\u2028", Options{}, "\"\u2028\""},
		{"ufffd_raw", "\uFFFD", Options{}, "\"\uFFFD\""},
		{"uffff_raw", "\uFFFF", Options{}, "\"\uFFFF\""},
		{"u10ffff_raw", "\U0010FFFF", Options{}, "\"\U0010FFFF\""},

		// Step 3(a): the max-unescaped limit.
		{"ascii_only_2byte", "é", Options{MaxUnescaped: 0x7F}, `"\u00e9"`},
		{"ascii_only_2byte_upper", "é", Options{MaxUnescaped: 0x7F, UpperHex: true}, `"\u00E9"`},
		{"ascii_only_u0080", "\u0080", Options{MaxUnescaped: 0x7F}, `"\u0080"`},
		{"ascii_only_3byte", "€", Options{MaxUnescaped: 0x7F}, `"\u20ac"`},
		{"ascii_only_4byte", "😀", Options{MaxUnescaped: 0x7F}, `"\ud83d\ude00"`},
		{"ascii_only_4byte_upper", "😀", Options{MaxUnescaped: 0x7F, UpperHex: true}, `"\uD83D\uDE00"`},
		{"ascii_only_u10ffff", "\U0010FFFF", Options{MaxUnescaped: 0x7F}, `"\udbff\udfff"`},
		{"ascii_only_u10000", "\U00010000", Options{MaxUnescaped: 0x7F}, `"\ud800\udc00"`},
		{"hi_255_at_limit", "\u00ff", Options{MaxUnescaped: 0xFF}, "\"\u00ff\""},
		{"hi_255_above", "\u0100", Options{MaxUnescaped: 0xFF}, `"\u0100"`},
		{"hi_ffff_supplementary", "😀", Options{MaxUnescaped: 0xFFFF}, `"\ud83d\ude00"`},
		{"hi_ffff_bmp_raw", "\uFFFF", Options{MaxUnescaped: 0xFFFF}, "\"\uFFFF\""},
		{"limit_wins_over_runes", "\u2028", Options{MaxUnescaped: 0x7F, Runes: map[rune]string{'\u2028': "X"}}, `"\u2028"`},
		{"limit_wins_over_runes_upper", "é", Options{MaxUnescaped: 0x7F, UpperHex: true, Runes: map[rune]string{'é': "e"}}, `"\u00E9"`},

		// Step 3(b): custom sequences for code points.
		{"runes_sequence", "aéb", Options{Runes: map[rune]string{'é': `\u00E9`}}, `"a\u00E9b"`},
		{"runes_sequence_plain", "é", Options{Runes: map[rune]string{'é': "e"}}, `"e"`},
		{"runes_beat_js", "\u2028", Options{JSLineTerminators: true, Runes: map[rune]string{'\u2028': `\n`}}, `"\n"`},
		{"runes_beat_surrogates", "😀", Options{SurrogateEscapes: true, Runes: map[rune]string{'😀': ":)"}}, `":)"`},
		{"runes_below_limit", "é", Options{MaxUnescaped: 0xFF, Runes: map[rune]string{'é': "E"}}, `"E"`},
		{"runes_other_rune_raw", "ü", Options{Runes: map[rune]string{'é': "E"}}, "\"ü\""},

		// Step 3(c): JS line terminators.
		{"js_2028", "\u2028", Options{JSLineTerminators: true}, `"\u2028"`},
		{"js_2029", "a\u2029b", Options{JSLineTerminators: true}, `"a\u2029b"`},
		{"js_neighbours_raw", "\u2027\u202a", Options{JSLineTerminators: true}, "\"\u2027\u202a\""},

		// Step 3(d): supplementary code points as surrogate escapes.
		{"surrogates_emoji", "😀", Options{SurrogateEscapes: true}, `"\ud83d\ude00"`},
		{"surrogates_emoji_upper", "a😀b", Options{SurrogateEscapes: true, UpperHex: true}, `"a\uD83D\uDE00b"`},
		{"surrogates_bmp_raw", "€\uFFFF", Options{SurrogateEscapes: true}, "\"€\uFFFF\""},

		// Step 1: invalid UTF-8, replace policies.
		{"replace_lone_cont", "a\x80b", Options{InvalidUTF8: PolicyReplace}, `"a\ufffdb"`},
		{"replace_upper", "\x80", Options{InvalidUTF8: PolicyReplace, UpperHex: true}, `"\uFFFD"`},
		{"replace_truncated_two", "ab\xe2\x80", Options{InvalidUTF8: PolicyReplace}, `"ab\ufffd\ufffd"`},
		{"replace_truncated_before_ascii", "\xe2\x82A", Options{InvalidUTF8: PolicyReplace}, `"\ufffd\ufffdA"`},
		{"replace_surrogate_3", "\xed\xa0\x80", Options{InvalidUTF8: PolicyReplace}, `"\ufffd\ufffd\ufffd"`},
		{"replace_overlong", "\xc0\xaf", Options{InvalidUTF8: PolicyReplace}, `"\ufffd\ufffd"`},
		{"replace_f5", "\xf5", Options{InvalidUTF8: PolicyReplace}, `"\ufffd"`},
		{"replace_above_10ffff", "\xf4\x90\x80\x80", Options{InvalidUTF8: PolicyReplace}, `"\ufffd\ufffd\ufffd\ufffd"`},
		{"replace_ignores_runes", "\xff", Options{InvalidUTF8: PolicyReplace, Runes: map[rune]string{0xFFFD: "?"}}, `"\ufffd"`},
		{"replace_valid_fffd_raw", "\uFFFD\xff", Options{InvalidUTF8: PolicyReplace}, "\"\uFFFD\\ufffd\""},
		{"replace_raw", "a\x80b", Options{InvalidUTF8: PolicyReplaceRaw}, "\"a\uFFFDb\""},
		{"replace_raw_two", "\xe2\x80", Options{InvalidUTF8: PolicyReplaceRaw}, "\"\uFFFD\uFFFD\""},
		{"replace_raw_ascii_only", "\x80", Options{InvalidUTF8: PolicyReplaceRaw, MaxUnescaped: 0x7F}, `"\ufffd"`},
		{"replace_raw_ascii_only_upper", "\x80", Options{InvalidUTF8: PolicyReplaceRaw, MaxUnescaped: 0x7F, UpperHex: true}, `"\uFFFD"`},
		{"replace_raw_hi_fffc", "\x80", Options{InvalidUTF8: PolicyReplaceRaw, MaxUnescaped: 0xFFFC}, `"\ufffd"`},
		{"replace_raw_hi_fffd", "\x80", Options{InvalidUTF8: PolicyReplaceRaw, MaxUnescaped: 0xFFFD}, "\"\uFFFD\""},
		{"replace_raw_runes", "\x80", Options{InvalidUTF8: PolicyReplaceRaw, Runes: map[rune]string{0xFFFD: "?"}}, `"?"`},
		{"replace_raw_surrogates_off", "\x80", Options{InvalidUTF8: PolicyReplaceRaw, SurrogateEscapes: true}, "\"\uFFFD\""},

		// Everything at once.
		{"all_options", "</'\"\u2028😀\x01é", Options{
			Quote: '\'', EscapeSlash: true, HTMLSafe: true, JSLineTerminators: true,
			UpperHex: true, SurrogateEscapes: true,
		}, `'\u003C\/\u0027\"\u2028\uD83D\uDE00\u0001é'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := []byte("[")
			got, err := AppendQuote(prefix, []byte(tt.in), tt.o)
			if err != nil {
				t.Fatalf("AppendQuote(%q) error: %v", tt.in, err)
			}
			if want := "[" + tt.want; string(got) != want {
				t.Errorf("AppendQuote(%q)\n got %q\nwant %q", tt.in, got, want)
			}
		})
	}
}

func TestAppendQuoteInvalidUTF8Error(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		offset int
	}{
		{"lone_cont_first", "\x80", 0},
		{"lone_cont_mid", "ab\xbfcd", 2},
		{"truncated_2_at_end", "abc\xc3", 3},
		{"truncated_3", "a\xe2\x82", 1},
		{"truncated_4", "\xf0\x9f\x98", 0},
		{"overlong_2", "x\xc0\xaf", 1},
		{"overlong_3", "\xe0\x80\xaf", 0},
		{"surrogate", "é\xed\xa0\x80", 2},
		{"above_10ffff", "\xf4\x90\x80\x80", 0},
		{"f5", "\xf5", 0},
		{"ff", "ok\xff", 2},
		{"after_valid_4byte", "😀\x80", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := make([]byte, 1, 64)
			dst[0] = '#'
			got, err := AppendQuote(dst, []byte(tt.in), Options{})
			var ue *UTF8Error
			if !errors.As(err, &ue) {
				t.Fatalf("err = %v, want *UTF8Error", err)
			}
			if ue.Offset != tt.offset {
				t.Errorf("offset = %d, want %d", ue.Offset, tt.offset)
			}
			if string(got) != "#" || &got[0] != &dst[0] {
				t.Errorf("dst changed: %q", got)
			}
			if spare := dst[1:2]; spare[0] != 0 {
				t.Errorf("wrote past len(dst): %q", dst[:cap(dst)])
			}
		})
	}
}

func TestAppendQuoteBadOptions(t *testing.T) {
	tests := []struct {
		name string
		o    Options
	}{
		{"quote_backtick", Options{Quote: '`'}},
		{"policy_unknown", Options{InvalidUTF8: 7}},
		{"kind_unknown", Options{ASCII: map[byte]Escape{'a': {Kind: 9}}}},
		{"ascii_key_non_ascii", Options{ASCII: map[byte]Escape{0x80: {Kind: KindUnicode}}}},
		{"runes_key_ascii", Options{Runes: map[rune]string{'a': "b"}}},
		{"runes_key_surrogate", Options{Runes: map[rune]string{0xD800: "b"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := AppendQuote([]byte("x"), []byte("a"), tt.o)
			if err == nil {
				t.Fatalf("no error, output %q", got)
			}
			if string(got) != "x" {
				t.Errorf("dst changed: %q", got)
			}
		})
	}
}

func TestValidSequence(t *testing.T) {
	tests := []struct {
		name  string
		seq   string
		quote byte
		ok    bool
	}{
		{"empty", "", 0, true},
		{"plain", "abc", 0, true},
		{"non_ascii", "é😀", 0, true},
		{"all_short_escapes", `\"\\\/\b\f\n\r\t`, 0, true},
		{"u_lower", `\u00e9`, 0, true},
		{"u_upper", `\u00E9`, 0, true},
		{"u_surrogate_pair", `\uD83D\uDE00`, 0, true},
		{"apos_raw_in_double", "'", '"', true},
		{"apos_raw_in_apos", "'", '\'', false},
		{"dquote_raw", `"`, '"', false},
		{"dquote_raw_in_apos", `"`, '\'', false},
		{"dquote_raw_zero_quote", `"`, 0, false},
		{"control_raw", "a\nb", 0, false},
		{"nul_raw", "\x00", 0, false},
		{"del_raw", "\x7f", 0, true},
		{"invalid_utf8", "\xff", 0, false},
		{"surrogate_utf8", "\xed\xa0\x80", 0, false},
		{"lone_backslash", `\`, 0, false},
		{"trailing_backslash", `ab\`, 0, false},
		{"escape_apos", `\'`, 0, false},
		{"escape_x", `\x41`, 0, false},
		{"escape_U", `\U0041`, 0, false},
		{"u_short", `\u00e`, 0, false},
		{"u_non_hex", `\u00g0`, 0, false},
		{"escaped_backslash_then_u", `\\u`, 0, true},
		{"backslash_escaped_then_bad", `\\\q`, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidSequence(tt.seq, tt.quote)
			if (err == nil) != tt.ok {
				t.Errorf("ValidSequence(%q, %q) = %v, want ok=%v", tt.seq, tt.quote, err, tt.ok)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		ok   bool
	}{
		{"zero", Options{}, true},
		{"ascii_only", Options{MaxUnescaped: 0x7F}, true},
		{"hi_below_7f", Options{MaxUnescaped: 0x7E}, false},
		{"hi_negative", Options{MaxUnescaped: -1}, false},
		{"hi_above_max", Options{MaxUnescaped: 0x110000}, false},
		{"apos", Options{Quote: '\''}, true},
		{"bad_quote", Options{Quote: 'x'}, false},
		{"none_for_slash", Options{ASCII: map[byte]Escape{'/': {Kind: KindNone}}}, true},
		{"none_for_dquote", Options{ASCII: map[byte]Escape{'"': {Kind: KindNone}}}, false},
		{"none_for_backslash", Options{ASCII: map[byte]Escape{'\\': {Kind: KindNone}}}, false},
		{"none_for_control", Options{ASCII: map[byte]Escape{0x1F: {Kind: KindNone}}}, false},
		{"none_for_apos_in_apos", Options{Quote: '\'', ASCII: map[byte]Escape{'\'': {Kind: KindNone}}}, false},
		{"none_for_apos_in_double", Options{ASCII: map[byte]Escape{'\'': {Kind: KindNone}}}, true},
		{"unicode_for_dquote", Options{ASCII: map[byte]Escape{'"': {Kind: KindUnicode}}}, true},
		{"backslash_valid", Options{ASCII: map[byte]Escape{'/': {Kind: KindBackslash, Char: '/'}}}, true},
		{"backslash_apos", Options{ASCII: map[byte]Escape{'\'': {Kind: KindBackslash, Char: '\''}}}, false},
		{"sequence_valid", Options{ASCII: map[byte]Escape{'<': {Kind: KindSequence, Seq: `\u003C`}}}, true},
		{"sequence_raw_control", Options{ASCII: map[byte]Escape{'<': {Kind: KindSequence, Seq: "\n"}}}, false},
		{"runes_valid", Options{Runes: map[rune]string{'\u2028': `\u2028`}}, true},
		{"runes_raw_quote", Options{Runes: map[rune]string{'é': `"`}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.o.Validate()
			if (err == nil) != tt.ok {
				t.Errorf("Validate() = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestAppendQuoteDoesNotAliasInput(t *testing.T) {
	in := []byte("a\"b")
	got, err := AppendQuote(in[:0:0], in, Options{})
	if err != nil || !bytes.Equal(got, []byte(`"a\"b"`)) || string(in) != "a\"b" {
		t.Fatalf("got %q, %v; input now %q", got, err, in)
	}
}
