package reference

import (
	"fmt"
	"unicode/utf8"
)

// ValidSequence reports whether seq may be used as a custom escape sequence
// with the given quote char (0 means '"'), by the rule of docs/DESIGN.md §2: a
// sequence must itself be valid JSON string content, so it must be valid
// UTF-8, hold no raw quote char, no raw '"' (whatever the quote char) and no
// raw control below 0x20, and every '\' must start one of the escapes of
// RFC 8259 §7: \" \\ \/ \b \f \n \r \t \uXXXX (hex digits in either case).
// The empty sequence is valid content; Validate adds the rules a custom
// sequence obeys beyond content (see customSequence).
func ValidSequence(seq string, quote byte) error {
	if quote == 0 {
		quote = '"'
	}
	if !utf8.ValidString(seq) {
		return fmt.Errorf("reference: custom sequence %q is not valid UTF-8", seq)
	}
	for i := 0; i < len(seq); i++ {
		c := seq[i]
		switch {
		case c == quote || c == '"':
			return fmt.Errorf("reference: custom sequence %q has a raw %q at offset %d", seq, c, i)
		case c < 0x20:
			return fmt.Errorf("reference: custom sequence %q has a raw control 0x%02X at offset %d", seq, c, i)
		case c == '\\':
			n := escapeLen(seq[i:])
			if n == 0 {
				return fmt.Errorf("reference: custom sequence %q has an invalid escape at offset %d", seq, i)
			}
			i += n - 1
		}
	}
	return nil
}

// escapeLen returns the length of the RFC 8259 escape at the start of s
// (which starts with '\'), or 0 if there is none.
func escapeLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if len(s) < 6 {
			return 0
		}
		for _, h := range []byte(s[2:6]) {
			if !isHex(h) {
				return 0
			}
		}
		return 6
	}
	return 0
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Validate reports whether o is a set of options the library accepts
// (docs/DESIGN.md §2). AppendQuote itself applies any options literally; Validate
// is the separate statement of which ones are allowed:
//   - the quote char is 0, '"' or the apostrophe; the policy and kinds exist;
//   - MaxUnescaped is 0 or at least 0x7F;
//   - a custom ASCII escape may change how, never whether, the quote char,
//     '"', '\' and the controls 0x00..0x1F are escaped: KindNone is rejected
//     for them;
//   - every custom sequence (KindSequence, "\"+Char of KindBackslash, and
//     every Runes value) passes ValidSequence, and KindSequence and Runes
//     values customSequence.
func (o Options) Validate() error {
	if err := o.checkEnums(); err != nil {
		return err
	}
	if o.MaxUnescaped < 0 || (o.MaxUnescaped != 0 && o.MaxUnescaped < 0x7F) || o.MaxUnescaped > utf8.MaxRune {
		return fmt.Errorf("reference: max unescaped code point %U is neither 0 nor in U+007F..U+10FFFF", o.MaxUnescaped)
	}
	q := o.quote()
	for c, e := range o.ASCII {
		var seq string
		switch e.Kind {
		case KindNone:
			if c == q || c == '"' || c == '\\' || c < 0x20 {
				return fmt.Errorf("reference: custom escape would leave byte 0x%02X raw", c)
			}
			continue
		case KindBackslash:
			seq = string([]byte{'\\', e.Char})
		case KindSequence:
			seq = e.Seq
		default:
			continue
		}
		if err := ValidSequence(seq, q); err != nil {
			return fmt.Errorf("reference: custom escape for byte 0x%02X: %w", c, err)
		}
		if e.Kind != KindSequence {
			continue
		}
		if err := o.customSequence(seq); err != nil {
			return fmt.Errorf("reference: custom escape for byte 0x%02X: %w", c, err)
		}
	}
	for cp, seq := range o.Runes {
		if err := ValidSequence(seq, q); err != nil {
			return fmt.Errorf("reference: custom sequence for %U: %w", cp, err)
		}
		if err := o.customSequence(seq); err != nil {
			return fmt.Errorf("reference: custom sequence for %U: %w", cp, err)
		}
	}
	return nil
}

// customSequence checks the rules a custom sequence (KindSequence or a
// Runes value) obeys beyond ValidSequence, so that it cannot undo what the
// options guarantee: it is not empty; its \u escapes name no lone
// surrogate (a high one followed by a low one is a pair); every raw byte
// is printable ASCII (0x20..0x7E); and no raw byte is one the flags
// escape ('<' '>' '&' under HTMLSafe, '/' under EscapeSlash) unless the
// table writes it raw with KindNone. How the table itself writes a byte
// is not checked: "~~" for '~' is valid. The caller has checked
// ValidSequence.
func (o Options) customSequence(seq string) error {
	if seq == "" {
		return fmt.Errorf("reference: custom sequence is empty")
	}
	for i := 0; i < len(seq); i++ {
		c := seq[i]
		if c == '\\' {
			n := escapeLen(seq[i:])
			if n == 0 {
				return fmt.Errorf("reference: custom sequence %q has an invalid escape at offset %d", seq, i)
			}
			if n == 6 && seq[i+1] == 'u' {
				u := hexValue(seq[i+2 : i+6])
				if u >= 0xD800 && u <= 0xDBFF && i+12 <= len(seq) && escapeLen(seq[i+6:]) == 6 && seq[i+7] == 'u' {
					if lo := hexValue(seq[i+8 : i+12]); lo >= 0xDC00 && lo <= 0xDFFF {
						i += 11
						continue
					}
				}
				if u >= 0xD800 && u <= 0xDFFF {
					return fmt.Errorf("reference: custom sequence %q has a lone surrogate escape at offset %d", seq, i)
				}
			}
			i += n - 1
			continue
		}
		if c < 0x20 || c > 0x7E {
			return fmt.Errorf("reference: custom sequence %q has raw byte 0x%02X, not printable ASCII, at offset %d", seq, c, i)
		}
		if o.escapesRaw(c) {
			return fmt.Errorf("reference: custom sequence %q holds raw %q, which the options escape", seq, c)
		}
	}
	return nil
}

// escapesRaw reports whether the flags escape the printable ASCII byte c
// and the custom table does not write it raw.
func (o Options) escapesRaw(c byte) bool {
	if e, ok := o.ASCII[c]; ok && e.Kind == KindNone {
		return false
	}
	switch c {
	case '<', '>', '&':
		return o.HTMLSafe
	case '/':
		return o.EscapeSlash
	}
	return false
}

func hexValue(h string) rune {
	var u rune
	for _, c := range []byte(h) {
		switch {
		case c <= '9':
			c -= '0'
		case c >= 'a':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		u = u<<4 | rune(c)
	}
	return u
}
