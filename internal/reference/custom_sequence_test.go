package reference

import "testing"

// TestValidateCustomSequence: the rules of custom sequences beyond
// ValidSequence, one case each way.
func TestValidateCustomSequence(t *testing.T) {
	seq := func(s string) map[byte]Escape { return map[byte]Escape{'x': {Kind: KindSequence, Seq: s}} }
	tests := []struct {
		name string
		o    Options
		ok   bool
	}{
		{"empty", Options{ASCII: seq("")}, false},
		{"runes_empty", Options{Runes: map[rune]string{'é': ""}}, false},
		{"lone_high", Options{ASCII: seq(`\ud800`)}, false},
		{"lone_low", Options{ASCII: seq(`a\uDFFF`)}, false},
		{"high_then_not_low", Options{ASCII: seq(`\ud83d\u0041`)}, false},
		{"pair", Options{ASCII: seq(`\ud83d\ude00`)}, true},
		{"escaped_backslash_then_text", Options{ASCII: seq(`\\ud800`)}, true},
		{"raw_non_ascii", Options{Runes: map[rune]string{'€': "é"}}, false},
		{"raw_del", Options{ASCII: seq("\x7f")}, false},
		{"raw_lt_html", Options{HTMLSafe: true, ASCII: seq("<")}, false},
		{"raw_lt_html_none", Options{HTMLSafe: true, ASCII: map[byte]Escape{'x': {Kind: KindSequence, Seq: "<"}, '<': {Kind: KindNone}}}, true},
		{"raw_lt_plain", Options{ASCII: seq("<")}, true},
		{"raw_slash_escape_slash", Options{EscapeSlash: true, Runes: map[rune]string{'é': "a/b"}}, false},
		{"escaped_slash_escape_slash", Options{EscapeSlash: true, Runes: map[rune]string{'é': `a\/b`}}, true},
		{"self_doubling", Options{ASCII: map[byte]Escape{'~': {Kind: KindSequence, Seq: "~~"}}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.o.Validate(); (err == nil) != tt.ok {
				t.Errorf("Validate() = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}
