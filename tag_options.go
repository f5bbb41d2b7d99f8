package jgen

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// v2TagOptions are the options of a json tag as encoding/json/v2 reads
// them (parseFieldOptions in its fields.go), which the v1-on-v2
// encoding/json follows, its errors dropped.
type v2TagOptions struct {
	names  []string // the options read, case and format excepted
	format string   // the format option's value, "" if none
}

// parseV2TagOptions reads opts, the text of a json tag after the comma
// that ends the name, option by option as encoding/json/v2 does: each
// option is the leading Go identifier of what follows a comma (so
// "omitempty " and "omitempty:x" are omitempty, the rest of the text an
// unknown option), or a single-quoted string (on Go 1.26's experiment
// only; Go 1.27 reads quotes only in a format value), or, when neither
// parses, the text up to the next comma; case and format take a value
// after a colon.
func parseV2TagOptions(opts string) v2TagOptions {
	var out v2TagOptions
	quotedNames := !jsonV2Go127
	tag := opts
	for first := true; len(tag) > 0; first = false {
		if !first {
			// A missing comma is an error v1 drops; the text is read
			// on as the next option.
			if tag[0] == ',' {
				if tag = tag[1:]; tag == "" {
					break
				}
			}
		}
		opt, n, _ := consumeV2TagOption(tag, quotedNames)
		tag = tag[n:]
		switch opt {
		case "case":
			if v, ok := strings.CutPrefix(tag, ":"); ok {
				tag = v
				if _, n, ok := consumeV2TagOption(tag, quotedNames); ok {
					tag = tag[n:]
				}
			}
		case "format":
			if v, ok := strings.CutPrefix(tag, ":"); ok {
				tag = v
				if f, n, ok := consumeV2TagOption(tag, true); ok && f != "" {
					tag = tag[n:]
					out.format = f
				}
			}
		default:
			out.names = append(out.names, opt)
		}
	}
	return out
}

// consumeV2TagOption reads the option at the start of in as
// encoding/json/v2's consumeTagOption does: a Go identifier, or with
// quoted a single-quoted string (a Go string literal between single
// quotes, unquoteSingle); otherwise, and for a quoted string that does
// not parse, all of in up to the next comma with ok false. It returns the
// option and the length read.
func consumeV2TagOption(in string, quoted bool) (opt string, n int, ok bool) {
	i := strings.IndexByte(in, ',')
	if i < 0 {
		i = len(in)
	}
	switch r, _ := utf8.DecodeRuneInString(in); {
	case r == '_' || unicode.IsLetter(r):
		n := len(in) - len(strings.TrimLeftFunc(in, isLetterOrDigit))
		return in[:n], n, true
	case r == '\'' && quoted:
		if s, n, ok := unquoteSingle(in); ok {
			return s, n, true
		}
	}
	return in[:i], i, false
}

// isLetterOrDigit is encoding/json/v2's class of the characters of an
// identifier in a tag.
func isLetterOrDigit(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// tagOption reports whether opts, the options of a json tag (tagName),
// hold the option want: by the classic encoding/json's rule, an exact
// match of one of the comma-separated options; on v2 (jsonOnV2), as
// parseV2TagOptions reads them.
func tagOption(opts, want string) bool {
	if jsonOnV2 {
		for _, o := range parseV2TagOptions(opts).names {
			if o == want {
				return true
			}
		}
		return false
	}
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == want {
			return true
		}
	}
	return false
}
