package jgen

// The v2 rules' rewriting of raw JSON (MarshalJSON output, jsontext.Value)
// whose strings encoding/json/v2 rewrites: the slow path of
// appendPlainJSON, taken only for output it would otherwise decline.

import (
	"unicode/utf16"
	"unicode/utf8"
)

// v2Reformat is the state of one rewriting of raw JSON by appendReformat.
type v2Reformat struct {
	s *v2State
	v []byte
	i int
	// room is how many more arrays and objects may be opened.
	room int
	// deep is -1, or the index in v of the '{' or '[' past room.
	deep int
	// allowInvalid is set under InvalidUTF8ReplaceRaw (v2's
	// AllowInvalidUTF8): invalid UTF-8 and unpaired surrogate escapes
	// become U+FFFD; under the other policies they are refused.
	allowInvalid bool
	// unq is scratch for the unquoted form of a string.
	unq []byte
	// top, where set, is called with the unquoted name of each member of
	// the outermost object, and refuses the value where it reports false.
	top func(name []byte) bool
}

// appendReformat appends val, a valid JSON value (json.Valid) written by
// a method or held in a jsontext.Value, as jsontext's Encoder.WriteValue
// writes it under v2's options (reformatValue, jsonwire.ReformatString):
// compact, each number and literal as it is, each string as
// encoding/json/v2 quotes its unquoted text under the escaping (escapes
// such as \u0041 and \/ written as the characters they stand for,
// HTMLSafe's and JSLineTerminators' characters escaped; a string already
// in that form is unchanged, as v2 copies a canonical string), and
// without AllowDuplicateNames no object with two members of one unquoted
// name. It reports false, with b unchanged, where v2 refuses val: invalid
// UTF-8 or an unpaired surrogate escape (\ud800) unless the InvalidUTF8
// policy is ReplaceRaw (v2's AllowInvalidUTF8, under which each becomes a
// raw U+FFFD), a duplicate name, or a refusal of top. deep is as
// appendPlainJSON's, counted from room. The escaping is Minimal's with
// HTMLSafe, JSLineTerminators and any InvalidUTF8 policy (s.rawEscaping
// > 0).
func (s *v2State) appendReformat(b, val []byte, room int, top func([]byte) bool) (out []byte, ok bool, deep int) {
	r := v2Reformat{s: s, v: val, room: room, deep: -1, top: top,
		allowInvalid: s.esc.escaping.InvalidUTF8 == InvalidUTF8ReplaceRaw}
	out, ok = r.value(b, true)
	if ok {
		r.ws()
		ok = r.i == len(val)
	}
	if !ok {
		return b, false, r.deep
	}
	return out, true, -1
}

// ws skips whitespace.
func (r *v2Reformat) ws() {
	for r.i < len(r.v) {
		switch r.v[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// value appends the value at r.i; outer is set for the value at the root
// of val (whose object's names go to r.top).
func (r *v2Reformat) value(b []byte, outer bool) ([]byte, bool) {
	r.ws()
	if r.i >= len(r.v) {
		return b, false
	}
	switch c := r.v[r.i]; c {
	case '"':
		b, _, ok := r.str(b)
		return b, ok
	case '{', '[':
		if r.room--; r.room < 0 {
			r.deep = r.i
			return b, false
		}
		r.i++
		b = append(b, c)
		var ok bool
		if c == '{' {
			b, ok = r.object(b, outer)
		} else {
			b, ok = r.array(b)
		}
		r.room++
		return b, ok
	}
	// A number or literal (val is valid JSON): up to the next delimiter
	// or whitespace, as it is.
	j := r.i
	for j < len(r.v) {
		switch r.v[j] {
		case ',', ']', '}', ' ', '\t', '\n', '\r':
			goto end
		}
		j++
	}
end:
	if j == r.i {
		return b, false
	}
	b = append(b, r.v[r.i:j]...)
	r.i = j
	return b, true
}

// array appends the elements and ']' of the array after its '['.
func (r *v2Reformat) array(b []byte) ([]byte, bool) {
	r.ws()
	if r.i < len(r.v) && r.v[r.i] == ']' {
		r.i++
		return append(b, ']'), true
	}
	for {
		var ok bool
		if b, ok = r.value(b, false); !ok {
			return b, false
		}
		r.ws()
		if r.i >= len(r.v) {
			return b, false
		}
		c := r.v[r.i]
		r.i++
		b = append(b, c)
		switch c {
		case ']':
			return b, true
		case ',':
		default:
			return b, false
		}
	}
}

// object appends the members and '}' of the object after its '{'.
func (r *v2Reformat) object(b []byte, outer bool) ([]byte, bool) {
	r.ws()
	if r.i < len(r.v) && r.v[r.i] == '}' {
		r.i++
		return append(b, '}'), true
	}
	check := !r.s.dupNames
	var names []string
	var set map[string]struct{}
	for {
		r.ws()
		if r.i >= len(r.v) || r.v[r.i] != '"' {
			return b, false
		}
		var (
			name []byte
			ok   bool
		)
		if b, name, ok = r.str(b); !ok {
			return b, false
		}
		if outer && r.top != nil && !r.top(name) {
			return b, false
		}
		if check {
			// v2's namespace of the object: linear, a map past 64.
			if set != nil {
				if _, dup := set[string(name)]; dup {
					return b, false
				}
				set[string(name)] = struct{}{}
			} else {
				for _, n := range names {
					if n == string(name) {
						return b, false
					}
				}
				names = append(names, string(name))
				if len(names) > 64 {
					set = make(map[string]struct{}, 2*len(names))
					for _, n := range names {
						set[n] = struct{}{}
					}
				}
			}
		}
		r.ws()
		if r.i >= len(r.v) || r.v[r.i] != ':' {
			return b, false
		}
		r.i++
		b = append(b, ':')
		if b, ok = r.value(b, false); !ok {
			return b, false
		}
		r.ws()
		if r.i >= len(r.v) {
			return b, false
		}
		c := r.v[r.i]
		r.i++
		b = append(b, c)
		switch c {
		case '}':
			return b, true
		case ',':
		default:
			return b, false
		}
	}
}

// str appends the string at r.i quoted under the escaping, and returns
// its unquoted text (valid only until the next call).
func (r *v2Reformat) str(b []byte) ([]byte, []byte, bool) {
	v := r.v
	start := r.i + 1
	j := start
	for j < len(v) && v[j] >= ' ' && v[j] < utf8.RuneSelf && v[j] != '"' && v[j] != '\\' {
		j++
	}
	var text []byte
	if j < len(v) && v[j] == '"' {
		text = v[start:j] // no escape: the text is the bytes
	} else {
		u, end, ok := r.unquote(j)
		if !ok {
			return b, nil, false
		}
		text, j = u, end
	}
	r.i = j + 1
	out, err := r.s.appendString(b, text)
	if err != nil {
		return b, nil, false
	}
	return out, text, true
}

// unquote returns the unquoted text of the string whose content starts at
// r.i+1, read as far as j already (plain ASCII up to j), and the index of
// its closing quote; false where v2 refuses the string.
func (r *v2Reformat) unquote(j int) ([]byte, int, bool) {
	v := r.v
	u := append(r.unq[:0], v[r.i+1:j]...)
	defer func() { r.unq = u[:0] }()
	for j < len(v) {
		c := v[j]
		switch {
		case c == '"':
			return u, j, true
		case c < ' ':
			return nil, 0, false
		case c < utf8.RuneSelf && c != '\\':
			u = append(u, c)
			j++
		case c >= utf8.RuneSelf:
			rn, n := utf8.DecodeRune(v[j:])
			if rn == utf8.RuneError && n == 1 {
				if !r.allowInvalid {
					return nil, 0, false
				}
				u = append(u, "\uFFFD"...)
				j++
				continue
			}
			u = append(u, v[j:j+n]...)
			j += n
		default: // a backslash
			if j+1 >= len(v) {
				return nil, 0, false
			}
			switch e := v[j+1]; e {
			case '"', '\\', '/':
				u = append(u, e)
			case 'b':
				u = append(u, '\b')
			case 'f':
				u = append(u, '\f')
			case 'n':
				u = append(u, '\n')
			case 'r':
				u = append(u, '\r')
			case 't':
				u = append(u, '\t')
			case 'u':
				h, ok := hex4(v[j+2:])
				if !ok {
					return nil, 0, false
				}
				j += 6
				rn := h
				if utf16.IsSurrogate(rn) {
					// A pair, else U+FFFD (v2 refuses it without
					// AllowInvalidUTF8); the escape after a bad pair is
					// read on its own.
					rn = utf8.RuneError
					if j+1 < len(v) && v[j] == '\\' && v[j+1] == 'u' {
						if l, ok := hex4(v[j+2:]); ok {
							if d := utf16.DecodeRune(h, l); d != utf8.RuneError {
								rn = d
								j += 6
							}
						}
					}
					if rn == utf8.RuneError && !r.allowInvalid {
						return nil, 0, false
					}
				}
				u = utf8.AppendRune(u, rn)
				continue
			default:
				return nil, 0, false
			}
			j += 2
		}
	}
	return nil, 0, false
}
