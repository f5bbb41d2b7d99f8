package jgen

// The v2 rules' checks of MarshalJSON output: the raw values written
// as they are, and the duplicate names refused in them.

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// appendPlainJSON appends val without its whitespace, where
// v2MarshalJSONEncoder accepts it. deep is -1, or the index in val of the
// '{' or '[' that nests past Options.MaxDepth counting the containers
// open around val (s.room), as encoding/json/v2 counts the nesting of
// MarshalJSON output from the root (b is then returned unchanged, ok
// false).
func (s *v2State) appendPlainJSON(b, val []byte) (out []byte, ok bool, deep int) {
	e := s.esc.escaping
	html, js := e.HTMLSafe, e.JSLineTerminators
	e.InvalidUTF8, e.HTMLSafe, e.JSLineTerminators = InvalidUTF8Error, false, false
	if e != Minimal {
		return b, false, -1
	}
	if out, ok := s.appendCompactJSON(b, val); ok && !v2CompactJSONOff {
		return out, true, -1
	}
	if !json.Valid(val) || !utf8.Valid(val) {
		// json.Valid refuses nesting past its own limit of 10000 levels;
		// a refusal of Options.MaxDepth is reported as such.
		return b, false, nestsPast(val, s.room)
	}
	mark := len(b)
	inStr, objects := false, false
	// Without backslashes (refused below) a '"' always opens or closes a
	// string, so the brackets outside strings are the containers.
	room := s.room
	for i, c := range val {
		switch {
		case c == '\\':
			return b[:mark], false, -1
		case c == '"':
			inStr = !inStr
		case inStr:
			if html && (c == '<' || c == '>' || c == '&') ||
				js && c == 0xE2 && i+2 < len(val) && val[i+1] == 0x80 && (val[i+2] == 0xA8 || val[i+2] == 0xA9) {
				return b[:mark], false, -1
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '{' || c == '[':
			if room--; room < 0 {
				return b[:mark], false, i
			}
			objects = objects || c == '{'
		case c == '}' || c == ']':
			room++
		}
		b = append(b, c)
	}
	if objects && !s.dupNames && hasDuplicateNames(b[mark:]) {
		return b[:mark], false, -1
	}
	return b, true, -1
}

// appendCompactJSON appends val as it is where one read shows that
// appendPlainJSON's slow path would write it unchanged: val is the
// compact form plainRaw takes under the escaping's scan set (which holds
// '"', '\\', the control bytes, the bytes of 0x80 or more and the ASCII
// bytes HTMLSafe rewrites, and passes only the valid UTF-8 sequences the
// escaping leaves, U+2028 and U+2029 not under JSLineTerminators), with
// no backslash, nesting within s.room (and 64), and under
// !AllowDuplicateNames no object with two members of one name. It reports
// false, with b unchanged, for the rest, which the slow path decides.
func (s *v2State) appendCompactJSON(b, val []byte) ([]byte, bool) {
	x := s.esc
	if x.set == nil || x.hook != nil || x.quote != '"' || bytes.IndexByte(val, '\\') >= 0 ||
		!plainRaw(val, x.set, min(s.room, 64)) {
		return b, false
	}
	if !s.dupNames && bytes.IndexByte(val, '{') >= 0 && hasDuplicateNames(val) {
		return b, false
	}
	return append(b, val...), true
}

// v2CompactJSONOff turns appendCompactJSON off in appendPlainJSON, for the
// test that compares the two.
var v2CompactJSONOff bool

// hasDuplicateNames reports whether an object in v, a valid JSON value
// without whitespace or backslash escapes (appendPlainJSON's output),
// has two members of one name: without escapes a name's bytes are the
// name.
func hasDuplicateNames(v []byte) bool {
	_, dup := scanDup(v, 0)
	return dup
}

// scanDup scans the value at v[i:] for hasDuplicateNames; it returns the
// index after the value.
func scanDup(v []byte, i int) (int, bool) {
	switch v[i] {
	case '"':
		return i + 1 + bytes.IndexByte(v[i+1:], '"') + 1, false
	case '[':
		i++
		if v[i] == ']' {
			return i + 1, false
		}
		for {
			var dup bool
			if i, dup = scanDup(v, i); dup {
				return i, true
			}
			if v[i] == ']' {
				return i + 1, false
			}
			i++ // ','
		}
	case '{':
		i++
		if v[i] == '}' {
			return i + 1, false
		}
		var buf [16][]byte // most objects' names, with no allocation
		names := buf[:0]
		for {
			end := i + 1 + bytes.IndexByte(v[i+1:], '"')
			name := v[i+1 : end]
			for _, n := range names {
				if bytes.Equal(n, name) {
					return end, true
				}
			}
			names = append(names, name)
			var dup bool
			if i, dup = scanDup(v, end+2); dup { // after '"' and ':'
				return i, true
			}
			if v[i] == '}' {
				return i + 1, false
			}
			i++ // ','
		}
	}
	// A number or literal: up to the next delimiter.
	for i < len(v) && v[i] != ',' && v[i] != ']' && v[i] != '}' {
		i++
	}
	return i, false
}
